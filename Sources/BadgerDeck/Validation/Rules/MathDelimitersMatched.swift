/// Every `\left` in math has its `\right`.
struct MathDelimitersMatched: DeckRule {
    static let description = RuleDescription(
        id: "MathDelimitersMatched", severity: .error, summary: "Every \\left in math has a matching \\right.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for math in context.mathProblems {
            for problem in math.problems {
                switch problem {
                case .leftWithoutRight: report.add(description, leftAlone, at: math.location)
                case .rightWithoutLeft: report.add(description, rightAlone, at: math.location)
                default: continue
                }
            }
        }
    }

    static let leftAlone = "`\\left` has no matching `\\right`; use `\\right.` for an invisible one"
    static let rightAlone = "`\\right` has no `\\left` before it; use `\\left.` for an invisible one"
}

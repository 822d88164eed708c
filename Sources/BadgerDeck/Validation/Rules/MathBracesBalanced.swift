/// Braces in math are balanced.
struct MathBracesBalanced: DeckRule {
    static let description = RuleDescription(
        id: "MathBracesBalanced", severity: .error, summary: "Every { in math has a matching }.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for math in context.mathProblems {
            for problem in math.problems {
                switch problem {
                case .unclosedBrace: report.add(description, unclosed, at: math.location)
                case .unexpectedClosingBrace: report.add(description, unexpected, at: math.location)
                default: continue
                }
            }
        }
    }

    static let unclosed = "math has a `{` that is never closed; add the missing `}`"
    static let unexpected = "math has a `}` with no `{` before it; remove it or add the missing `{`"
}

/// Every `\begin{…}` in math has its `\end{…}`.
struct MathEnvironmentsMatched: DeckRule {
    static let description = RuleDescription(
        id: "MathEnvironmentsMatched", severity: .error, summary: "Every \\begin{name} in math has a matching \\end{name}.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for math in context.mathProblems {
            for problem in math.problems {
                switch problem {
                case .unclosedEnvironment(let name): report.add(description, unclosed(name), at: math.location)
                case .mismatchedEnd(let expected, let found): report.add(description, mismatched(expected, found), at: math.location)
                default: continue
                }
            }
        }
    }

    static func unclosed(_ name: String) -> String { "`\\begin{\(name)}` has no `\\end{\(name)}`" }
    static func mismatched(_ expected: String?, _ found: String) -> String {
        guard let expected else { return "`\\end{\(found)}` has no `\\begin{\(found)}` before it" }
        return "`\\end{\(found)}` closes `\\begin{\(expected)}`; expected `\\end{\(expected)}`"
    }
}

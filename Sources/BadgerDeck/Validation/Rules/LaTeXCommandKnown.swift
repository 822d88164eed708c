/// Math uses commands that KaTeX renders in math mode, or the collection's own macros.
struct LaTeXCommandKnown: DeckRule {
    static let description = RuleDescription(
        id: "LaTeXCommandKnown", severity: .warning,
        summary: "Math uses only LaTeX commands and environments that KaTeX knows in math mode, or the collection's macros.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for math in context.mathProblems {
            for problem in math.problems {
                switch problem {
                case .unknownCommand(let name):
                    let known = context.macroNames.isEmpty ? LaTeXCommands.known : LaTeXCommands.known.union(context.macroNames)
                    report.add(description, unknownCommand(name, DidYouMean.suggestion(for: name, among: known)), at: math.location)
                case .unknownEnvironment(let name):
                    report.add(
                        description, unknownEnvironment(name, DidYouMean.suggestion(for: name, among: LaTeXCommands.environments)),
                        at: math.location)
                default: continue
                }
            }
        }
    }

    static func unknownCommand(_ name: String, _ suggestion: String?) -> String {
        "unknown LaTeX command `\\\(name)`" + (suggestion.map { "; did you mean `\\\($0)`?" } ?? "")
    }

    /// A finding in the expansion of a user macro (`macros:` or `macros.tex`).
    static func inMacro(_ name: String, _ message: String) -> String {
        "in the macro `\(name)`: " + message
    }

    static func unknownEnvironment(_ name: String, _ suggestion: String?) -> String {
        "unknown LaTeX environment `\(name)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? "")
    }
}

/// A `$` that opens inline math closes it.
struct InlineMathClosed: DeckRule {
    static let description = RuleDescription(
        id: "InlineMathClosed", severity: .warning, summary: "A $ that opens inline math has a closing $.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for math in deck.unclosedMath where !math.display {
            report.add(description, message, at: math.location)
        }
    }

    static let message = "`$` opens math that never closes; close it with `$`, or write `\\$` for a dollar sign"
}

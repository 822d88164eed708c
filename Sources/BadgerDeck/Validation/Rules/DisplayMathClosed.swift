/// A `$$` that opens display math closes it within the paragraph.
struct DisplayMathClosed: DeckRule {
    static let description = RuleDescription(
        id: "DisplayMathClosed", severity: .error, summary: "A $$ that opens display math has a closing $$ before the next blank line.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for math in deck.unclosedMath where math.display {
            report.add(description, message, at: math.location, length: 2)
        }
    }

    static let message = "`$$` opens display math that never closes; add `$$` after it (display math cannot contain a blank line)"
}

/// A deck has at least one card.
struct DeckHasCards: DeckRule {
    static let description = RuleDescription(id: "DeckHasCards", severity: .warning, summary: "A deck has at least one card.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        guard deck.frontMatter?.isClosed == true, deck.cards.isEmpty, deck.strayFields.isEmpty, deck.takenCardCount == 0 else { return }
        report.add(description, message, at: SourceLocation(line: 1, column: 1))
    }

    static let message = "deck has no cards; add one with `Q: …` and `A: …` lines"
}

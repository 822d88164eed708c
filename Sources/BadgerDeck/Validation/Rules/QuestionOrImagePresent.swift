/// Every card asks something: a question, an image, or both.
struct QuestionOrImagePresent: DeckRule {
    static let description = RuleDescription(
        id: "QuestionOrImagePresent", severity: .error, summary: "Every card has a question or an image after Q:.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for card in deck.cards where card.fields[0].isEmpty && !card.isCloze {
            report.add(description, message, at: card.fields[0].labelRange)
        }
    }

    static let message = "card has no question; write the question (or an image) after `Q:`"
}

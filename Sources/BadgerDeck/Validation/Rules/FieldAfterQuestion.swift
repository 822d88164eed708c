/// Answers, explanations, hints and `R:` belong to a card, so they come after its `Q:`.
struct FieldAfterQuestion: DeckRule {
    static let description = RuleDescription(
        id: "FieldAfterQuestion", severity: .error, summary: "A:, E:, H: and R: come after a Q: in the same section.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for field in deck.strayFields {
            report.add(description, message(field.label), at: field.labelRange)
        }
    }

    static func message(_ label: CardLabel) -> String {
        "`\(label.shortName):` (\(label.rawValue)) has no question before it; start the card with `Q:` (a heading or --- ends the card before it)"
    }
}

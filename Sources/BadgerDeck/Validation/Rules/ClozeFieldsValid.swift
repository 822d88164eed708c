/// A cloze card's answers are its deletions: it has no `A:` and no `R:`.
struct ClozeFieldsValid: DeckRule {
    static let description = RuleDescription(
        id: "ClozeFieldsValid", severity: .error, summary: "A cloze card (C:) has no A: or R:; extra text goes in E:.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for card in deck.cards where card.isCloze {
            for field in card.fields.dropFirst() where field.label == .answer || field.label == .reversed {
                report.add(description, message(field.label), at: field.labelRange)
            }
        }
    }

    static func message(_ label: CardLabel) -> String {
        label == .answer
            ? "a cloze card has no `A:`: its deletions are the answers; put extra text in `E:`, or start a new card with `Q:`"
            : "a cloze card cannot be reversed; remove `R:` (each deletion number is already a card)"
    }
}

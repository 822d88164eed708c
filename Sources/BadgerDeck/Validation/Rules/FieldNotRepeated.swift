/// A card has each field at most once.
struct FieldNotRepeated: DeckRule {
    static let description = RuleDescription(
        id: "FieldNotRepeated", severity: .error, summary: "A card has each of A:, E:, H: and R: at most once.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for card in deck.cards {
            var seen: [CardLabel: CardField] = [:]
            for field in card.fields {
                if let first = seen[field.label] {
                    report.add(
                        description, message(field.label), at: field.labelRange,
                        notes: [
                            .init(message: "first \(field.label.rawValue) is here", file: report.file.displayPath, range: first.labelRange)
                        ])
                } else {
                    seen[field.label] = field
                }
            }
        }
    }

    static func message(_ label: CardLabel) -> String {
        "card has a second \(label.rawValue); merge them, or start a new card with `Q:`"
    }
}

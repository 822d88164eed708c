/// A card as written in a deck, before reversal: its fields in source order.
public struct ParsedCard: Sendable {
    /// Every field, in source order, including repeated ones.
    public var fields: [CardField]
    /// The text of the heading the card stands under, if any.
    public var section: String?
    /// Rules switched off for this card by a comment before it.
    public var suppression: Suppression

    /// Where the card's `Q:` (or, for a cloze card, `C:`) label stands.
    public var location: SourceLocation { fields[0].labelRange.start }

    /// The lines the card spans.
    public var lines: ClosedRange<Int> {
        location.line...max(location.line, fields.map(\.lastLine).max() ?? location.line)
    }

    /// Whether the card is a cloze card: it starts with `C:`.
    public var isCloze: Bool { fields[0].label == .cloze }

    /// The first field with `label`, if any.
    public func field(_ label: CardLabel) -> CardField? { fields.first { $0.label == label } }
}

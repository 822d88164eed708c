/// A deck is UTF-8 text.
struct ValidUTF8: DeckRule {
    static let description = RuleDescription(id: "ValidUTF8", severity: .error, summary: "A deck file is valid UTF-8.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        guard let invalid = deck.invalidUTF8 else { return }
        report.add(description, message(offset: invalid.offset), at: invalid.location)
    }

    static func message(offset: Int) -> String {
        "the file is not valid UTF-8 (first bad byte at offset \(offset)); re-save it as UTF-8"
    }
}

/// `R:` says yes or no.
struct ReversedValueValid: DeckRule {
    static let description = RuleDescription(
        id: "ReversedValueValid", severity: .error, summary: "R: is yes, no, true or false.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for card in deck.cards {
            for field in card.fields where field.label == .reversed && ReversedValue(field.markdown) == nil {
                report.add(description, message(field.markdown), at: field.labelRange)
            }
        }
    }

    static func message(_ value: String) -> String {
        let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
        return "`R:` must be yes, no, true or false, not \"\(shown)\""
    }
}

/// `R:` says yes or no, and nothing else.
struct ReversedValueValid: DeckRule {
    static let description = RuleDescription(
        id: "ReversedValueValid", severity: .error, summary: "R: is yes, no, true or false, with nothing after it in the card.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for card in deck.cards {
            for field in card.fields where field.label == .reversed && CardExpander.reversedValue(field.markdown) == nil {
                let lines = field.markdown.split(separator: "\n", omittingEmptySubsequences: false)
                let first = String(lines.first ?? "")
                if lines.count > 1, CardExpander.reversedValue(first) != nil {
                    report.add(description, trailingContent(first), at: field.labelRange)
                } else {
                    // The value after the label, through the end of the line.
                    let value = SourceRange(
                        start: field.labelRange.end, end: SourceLocation(line: field.labelRange.end.line, column: .max))
                    let fixes = ["yes", "no"].map {
                        Diagnostic.Fix(title: "Change to `R: \($0)`", edits: [.init(range: value, newText: " " + $0)])
                    }
                    report.add(description, badValue(first), at: field.labelRange, fixes: fixes)
                }
            }
        }
    }

    static func badValue(_ value: String) -> String {
        let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
        return "`R:` must be yes, no, true or false, not \"\(shown)\""
    }

    static func trailingContent(_ value: String) -> String {
        "`R: \(value)` is followed by more text, which belongs to the R: field; move `R:` above the answer, or start the next card with `Q:`"
    }
}

/// A label line is not glued under a table, where Markdown makes it a table row.
struct CardNotSwallowedByTable: DeckRule {
    static let description = RuleDescription(
        id: "CardNotSwallowedByTable", severity: .warning, summary: "No card label is swallowed by the table above it.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for swallowed in deck.swallowedLabels where swallowed.container == .table {
            let lineStart = SourceRange(line: swallowed.location.line, column: 1, length: 0)
            let fix = Diagnostic.Fix(title: "Add a blank line after the table", edits: [.init(range: lineStart, newText: "\n")])
            report.add(description, message(swallowed.label), at: swallowed.location, length: 2, fixes: [fix])
        }
    }

    static func message(_ label: CardLabel) -> String {
        "this \(label.shortName): line became a row of the table above it; add a blank line after the table"
    }
}

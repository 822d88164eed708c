/// A Markdown file in a collection is a deck, or is excluded on purpose: never skipped silently.
struct FileIsDeck: DeckRule {
    static let description = RuleDescription(
        id: "FileIsDeck", severity: .warning, summary: "A Markdown file in a collection is a deck or is excluded in badger.yml.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        guard !deck.isDeck else { return }
        report.add(description, message, at: SourceLocation(line: 1, column: 1), notes: [.init(message: hint)])
    }

    static let message = "not a deck (no front matter and no cards); skipped"
    static let hint = "start the file with front matter naming its topic (---, topic: …, ---), or list it under `exclude:` in badger.yml"
}

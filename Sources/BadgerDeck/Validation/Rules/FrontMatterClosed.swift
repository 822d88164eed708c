/// The front matter's opening `---` has a closing `---`.
struct FrontMatterClosed: DeckRule {
    static let description = RuleDescription(
        id: "FrontMatterClosed", severity: .error, summary: "Front matter that opens with --- is closed with ---.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        guard let frontMatter = deck.frontMatter, !frontMatter.isClosed else { return }
        report.add(description, message, at: SourceLocation(line: 1, column: 1), length: 3)
    }

    static let message = "front matter is never closed; add a line `---` after the last key (the whole file was read as YAML)"
}

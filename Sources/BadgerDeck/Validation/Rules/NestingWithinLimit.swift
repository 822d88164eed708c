/// Markdown containers nest no deeper than `MarkdownTree.maximumDepth`.
struct NestingWithinLimit: DeckRule {
    static let description = RuleDescription(
        id: "NestingWithinLimit", severity: .error,
        summary: "Lists, block quotes, emphasis and links nest at most \(MarkdownTree.maximumDepth) levels deep.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for location in deck.flattenedNesting {
            report.add(description, message, at: location)
        }
    }

    static let message =
        "Markdown nested more than \(MarkdownTree.maximumDepth) levels deep (lists, block quotes, emphasis or links); "
        + "what is deeper is kept as plain text: flatten the nesting"
}

/// Every front matter key is one the format knows.
struct FrontMatterKeyKnown: DeckRule {
    static let description = RuleDescription(
        id: "FrontMatterKeyKnown", severity: .warning, summary: "Front matter has only the keys topic, reversed and color.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for entry in deck.frontMatter?.entries ?? [] where FrontMatterKeys.known[entry.key] == nil {
            let suggestion = DidYouMean.suggestion(for: entry.key, among: FrontMatterKeys.known.keys)
            let range = SourceRange(line: entry.keyLocation.line, column: entry.keyLocation.column, length: entry.key.utf8.count)
            let fixes = suggestion.map {
                [Diagnostic.Fix(title: "Change `\(entry.key)` to `\($0)`", edits: [.init(range: range, newText: $0)])]
            }
            report.add(description, message(entry.key, suggestion: suggestion), at: range, fixes: fixes ?? [])
        }
    }

    static func message(_ key: String, suggestion: String?) -> String {
        let known = FrontMatterKeys.known.keys.sorted().joined(separator: ", ")
        if let suggestion { return "unknown front matter key `\(key)`; did you mean `\(suggestion)`?" }
        return "unknown front matter key `\(key)` is ignored; known keys: \(known)"
    }
}

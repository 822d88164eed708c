/// A deck names its topic in its front matter.
struct TopicPresent: DeckRule {
    static let description = RuleDescription(
        id: "TopicPresent", severity: .error, summary: "A deck's front matter has a non-empty `topic:`.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        guard deck.invalidUTF8 == nil else { return }
        guard let frontMatter = deck.frontMatter else {
            if deck.containsLabels { report.add(description, noFrontMatter, at: SourceLocation(line: 1, column: 1)) }
            return
        }
        guard frontMatter.isClosed, frontMatter.syntaxError == nil, frontMatter.notAMapping == nil,
            frontMatter.anchorsAndAliases.isEmpty
        else { return }
        guard let entry = frontMatter.entry("topic") else {
            return report.add(description, missing, at: SourceLocation(line: 1, column: 1), length: 3)
        }
        if case .string(let topic) = entry.value, topic.trimmingWhitespace().isEmpty {
            report.add(description, empty, at: entry.valueLocation)
        } else if case .null = entry.value {
            report.add(description, empty, at: entry.keyLocation, length: 5)
        }
    }

    static let noFrontMatter = "deck has cards but no front matter; start the file with ---, topic: NAME, ---"
    static let missing = "front matter has no `topic:`; every deck names the topic its cards belong to"
    static let empty = "`topic:` is empty; name the topic, e.g. `topic: French`"
}

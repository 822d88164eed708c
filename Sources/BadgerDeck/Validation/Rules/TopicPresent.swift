/// A deck names its topic in its front matter.
struct TopicPresent: DeckRule {
    static let description = RuleDescription(
        id: "TopicPresent", severity: .error, summary: "A deck's front matter has a non-empty `topic:`.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        guard deck.invalidUTF8 == nil, deck.conflictMarkers == nil else { return }
        guard let frontMatter = deck.frontMatter else {
            if deck.containsLabels {
                let fix = addTopic(deck, at: SourceLocation(line: 1, column: 1), frontMatter: false)
                report.add(description, noFrontMatter, at: SourceLocation(line: 1, column: 1), fixes: [fix])
            }
            return
        }
        guard frontMatter.isClosed, frontMatter.syntaxError == nil, frontMatter.notAMapping == nil,
            frontMatter.anchorsAndAliases.isEmpty
        else { return }
        guard let entry = frontMatter.entry("topic") else {
            let fix = addTopic(deck, at: SourceLocation(line: frontMatter.lines.lowerBound + 1, column: 1), frontMatter: true)
            return report.add(description, missing, at: SourceLocation(line: 1, column: 1), length: 3, fixes: [fix])
        }
        if case .string(let topic) = entry.value, topic.trimmingWhitespace().isEmpty {
            report.add(description, empty, at: entry.valueLocation)
        } else if case .null = entry.value {
            report.add(description, empty, at: entry.keyLocation, length: 5)
        }
    }

    /// Inserts `topic:` named after the file (`french-verbs.md` gives `French verbs`), with the
    /// front matter around it when there is none.
    static func addTopic(_ deck: ParsedDeck, at location: SourceLocation, frontMatter: Bool) -> Diagnostic.Fix {
        let name = deck.file.absolutePath.split(separator: "/").last.map(String.init) ?? "Topic"
        var stem = name.lowercased().hasSuffix(".md") ? String(name.dropLast(3)) : name
        stem = String(stem.map { $0 == "-" || $0 == "_" ? " " : $0 }).trimmingWhitespace()
        let topic = stem.isEmpty ? "Topic" : stem.prefix(1).uppercased() + stem.dropFirst()
        // Quoted unless plainly a string in YAML (`:`, `#`, `[` … change its meaning, `Yes` is a boolean).
        let plain =
            topic.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "." } && topic.first?.isLetter == true
            && !["y", "n", "yes", "no", "true", "false", "on", "off", "null"].contains(topic.lowercased())
        let escaped = topic.map { $0 == "\"" || $0 == "\\" ? "\\" + String($0) : String($0) }.joined()
        let line = "topic: " + (plain ? topic : "\"" + escaped + "\"") + "\n"
        return Diagnostic.Fix(
            title: "Add `" + line.dropLast() + "`",
            edits: [.init(range: SourceRange(start: location, end: location), newText: frontMatter ? line : "---\n" + line + "---\n\n")])
    }

    static let noFrontMatter = "deck has cards but no front matter; start the file with ---, topic: NAME, ---"
    static let missing = "front matter has no `topic:`; every deck names the topic its cards belong to"
    static let empty = "`topic:` is empty; name the topic, e.g. `topic: French`"
}

/// The front matter is a YAML mapping.
struct FrontMatterValidYAML: DeckRule {
    static let description = RuleDescription(
        id: "FrontMatterValidYAML", severity: .error, summary: "Front matter is valid YAML holding a mapping of keys to values.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        guard let frontMatter = deck.frontMatter else { return }
        if let error = frontMatter.syntaxError {
            report.add(description, invalid(error.message), at: error.location)
        }
        if let location = frontMatter.notAMapping {
            report.add(description, notAMapping, at: location)
        }
    }

    static func invalid(_ problem: String) -> String { "front matter is not valid YAML: \(problem)" }
    static let notAMapping = "front matter must be a mapping of keys to values, such as `topic: French`"
}

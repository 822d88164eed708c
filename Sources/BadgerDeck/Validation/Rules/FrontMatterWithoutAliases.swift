/// The front matter uses no YAML anchors or aliases, which can make a tiny file expand enormously.
struct FrontMatterWithoutAliases: DeckRule {
    static let description = RuleDescription(
        id: "FrontMatterWithoutAliases", severity: .error, summary: "Front matter uses no YAML anchors (&name) or aliases (*name).")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for location in deck.frontMatter?.anchorsAndAliases ?? [] {
            report.add(description, message, at: location)
        }
    }

    static let message = "YAML anchors and aliases are not allowed in front matter; write the value out (quote it if it starts with & or *)"
}

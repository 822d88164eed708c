/// Every known front matter key has a value of the right type.
struct FrontMatterValueTypes: DeckRule {
    static let description = RuleDescription(
        id: "FrontMatterValueTypes", severity: .error,
        summary: "topic is a string, reversed a boolean, color a hex color string.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for entry in deck.frontMatter?.entries ?? [] {
            switch (entry.key, entry.value) {
            case ("topic", .string), ("topic", .null), ("reversed", .bool):
                continue
            case ("color", .string(let color)):
                if !FrontMatterKeys.isHexColor(color) { report.add(description, badColor(color), at: entry.valueLocation) }
            case ("color", .null):
                report.add(description, emptyColor, at: entry.keyLocation, length: 5)
            case ("topic", _), ("reversed", _), ("color", _):
                report.add(description, wrongType(entry.key, got: entry.value), at: entry.valueLocation)
            default:
                continue
            }
        }
    }

    static func wrongType(_ key: String, got value: FrontMatter.Value) -> String {
        let got: String
        switch value {
        case .string(let text): got = "the text \"\(text)\""
        case .bool(let flag): got = "the boolean \(flag)"
        case .number(let number): got = "the number \(number)"
        case .null: got = "nothing"
        case .sequence: got = "a list"
        case .mapping: got = "a mapping"
        }
        var message = "`\(key)` must be \(FrontMatterKeys.known[key] ?? "something else"), not \(got)"
        if key == "topic" { message += "; quote it: topic: \"…\"" }
        if key == "reversed", case .string = value { message += "; write true or false" }
        return message
    }

    static func badColor(_ color: String) -> String { "`color` \"\(color)\" is not a hex color; write it like \"#059669\"" }
    static let emptyColor = "`color` is empty; in YAML `#` starts a comment, so quote the color: color: \"#059669\""
}

/// Every image a card shows exists.
struct ImageExists: DeckRule {
    static let description = RuleDescription(id: "ImageExists", severity: .error, summary: "Every image file a card names exists.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for image in context.images where !image.isRemote && image.isInsideCollection && !image.exists {
            report.add(description, message(image.source), at: image.location)
        }
    }

    static func message(_ source: String) -> String {
        "image \"\(source)\" does not exist (paths are relative to the deck's directory)"
    }
}

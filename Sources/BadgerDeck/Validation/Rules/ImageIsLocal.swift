/// Images are files in the collection, not URLs, so decks work offline and stay whole.
struct ImageIsLocal: DeckRule {
    static let description = RuleDescription(
        id: "ImageIsLocal", severity: .error, summary: "Images are files in the collection, not remote URLs.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for image in context.images where image.isRemote {
            report.add(description, message(image.source), at: image.location)
        }
    }

    static func message(_ source: String) -> String {
        "image \"\(source)\" is not a local file; download it next to the deck and link it by a relative path"
    }
}

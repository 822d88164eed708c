/// Image paths stay inside the collection directory, even through `..` or symbolic links.
struct ImageInsideCollection: DeckRule {
    static let description = RuleDescription(
        id: "ImageInsideCollection", severity: .error, summary: "Image paths stay inside the collection directory.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for image in context.images where !image.isRemote && !image.isInsideCollection {
            report.add(description, message(image.source), at: image.location)
        }
    }

    static func message(_ source: String) -> String {
        "image \"\(source)\" points outside the collection directory; copy the image into the collection"
    }
}

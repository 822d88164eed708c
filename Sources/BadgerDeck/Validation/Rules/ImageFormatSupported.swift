/// Images are PNG, JPEG or GIF, judged by their bytes rather than their names.
struct ImageFormatSupported: DeckRule {
    static let description = RuleDescription(
        id: "ImageFormatSupported", severity: .error, summary: "Images are PNG, JPEG or GIF files by their content.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for image in context.images where image.exists && image.isInsideCollection && image.format == nil {
            report.add(description, message(image.source), at: image.location)
        }
    }

    static func message(_ source: String) -> String {
        "image \"\(source)\" is not a PNG, JPEG or GIF file (judged by its content, not its name)"
    }
}

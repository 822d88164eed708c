/// Images are small: at most 1 MiB.
struct ImageSizeReasonable: DeckRule {
    static let description = RuleDescription(
        id: "ImageSizeReasonable", severity: .warning, summary: "Images are at most 1 MiB.")

    static let limit = 1 << 20

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for image in context.images where image.format != nil {
            guard let size = image.size, size > limit else { continue }
            report.add(description, message(image.source, size: size), at: image.location)
        }
    }

    static func message(_ source: String, size: Int) -> String {
        let mebibytes = Double(size) / Double(1 << 20)
        let shown = (mebibytes * 10).rounded() / 10
        return "image \"\(source)\" is \(shown) MiB; shrink it below 1 MiB so decks stay small"
    }
}

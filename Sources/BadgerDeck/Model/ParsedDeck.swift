/// A deck file as read: front matter, cards, and the structural facts rules check.
public struct ParsedDeck: Sendable {
    /// A label that Markdown swallowed into a table row or a setext heading.
    public struct SwallowedLabel: Sendable {
        public enum Container: Sendable { case table, heading }
        public var label: CardLabel
        public var location: SourceLocation
        public var container: Container
    }

    /// A heading, which starts a section of cards.
    public struct Heading: Sendable {
        public var title: String
        public var level: Int
        public var range: SourceRange
    }

    public var file: DeckFile
    /// Where the first byte that is not UTF-8 is, with its byte offset in the file.
    public var invalidUTF8: (offset: Int, location: SourceLocation)?
    /// The lines from the first merge conflict marker (`<<<<<<<`) to the `>>>>>>>` that closes
    /// it: such a file is read for no cards (`ConflictMarkers`).
    public var conflictMarkers: ClosedRange<Int>?
    public var frontMatter: FrontMatter?
    public var cards: [ParsedCard] = []
    /// Fields with no `Q:` before them (in their section).
    public var strayFields: [CardField] = []
    public var swallowedLabels: [SwallowedLabel] = []
    /// Every heading outside cards' fields, in source order.
    public var headings: [Heading] = []
    public var unclosedMath: [CommonMarkConverter.UnclosedMath] = []
    /// Where Markdown nested deeper than `MarkdownTree.maximumDepth` starts (kept as plain text).
    public var flattenedNesting: [SourceLocation] = []
    /// Rules switched off for the whole file.
    public var fileSuppression = Suppression()
    /// Whether any line looks like a card label (so the file is meant to be a deck).
    public var containsLabels = false
    /// Cards and stray fields already checked and let go while a large deck was read part by
    /// part (see `DeckParser`); `cards` holds the rest.
    public var takenCardCount = 0

    public init(file: DeckFile) {
        self.file = file
    }

    /// The deck's topic, if the front matter names one properly.
    public var topic: String? {
        guard case .string(let topic)? = frontMatter?.entry("topic")?.value else { return nil }
        let trimmed = topic.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether cards are reversed unless they say otherwise.
    public var reversedByDefault: Bool {
        if case .bool(let value)? = frontMatter?.entry("reversed")?.value { return value }
        return false
    }

    /// The topic color, if the front matter gives a valid one.
    public var color: String? {
        guard case .string(let color)? = frontMatter?.entry("color")?.value, FrontMatterKeys.isHexColor(color) else { return nil }
        return color
    }

    /// Lets go of the cards as written, and with them the Markdown trees, keeping the facts
    /// about the file (front matter, whether it is a deck) and counting them in `takenCardCount`.
    mutating func takeWrittenCards() {
        takenCardCount += cards.count + strayFields.count
        cards = []
        strayFields = []
    }

    /// Whether cards are read from the file now: it names its topic, is UTF-8 and holds no merge
    /// conflict. A deck that is not keeps its cards and histories as they were until mended.
    public var isReadForCards: Bool { topic != nil && invalidUTF8 == nil && conflictMarkers == nil }

    /// Whether the file is a deck at all: it has front matter or card labels.
    public var isDeck: Bool { frontMatter != nil || containsLabels || invalidUTF8 != nil }
}

extension StringProtocol {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

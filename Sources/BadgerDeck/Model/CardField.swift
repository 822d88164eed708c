/// One labelled part of a card as written: `Q:`, `A:`, `E:`, `H:` or `R:` and what follows it.
///
/// Immutable, and a class so the many lists that hold a field share one copy.
public final class CardField: Sendable {
    public let label: CardLabel
    /// Where the label itself (`Q:`, `Question:` …) stands.
    public let labelRange: SourceRange
    /// The field's Markdown exactly as written after the label, trimmed, with LF line endings.
    public let markdown: String
    /// The field's blocks: the rest of the label's paragraph, then every following block.
    public let blocks: [MarkdownNode]
    /// The last line the field covers.
    public let lastLine: Int
    /// Whether the field has no content at all.
    public let isEmpty: Bool
    /// Whether the field contains LaTeX math.
    public let containsMath: Bool
    /// The source of the field's first image, if it has one.
    public let firstImageSource: String?
    /// Where the first byte of `markdown` stands in the file.
    public let contentStart: SourceLocation

    init(
        label: CardLabel, labelRange: SourceRange, markdown: String, blocks: [MarkdownNode], lastLine: Int,
        contentStart: SourceLocation? = nil
    ) {
        self.contentStart = contentStart ?? labelRange.end
        self.label = label
        self.labelRange = labelRange
        self.markdown = markdown
        self.blocks = blocks
        self.lastLine = lastLine
        isEmpty = blocks.isEmpty
        var image: String?
        var math = false
        for block in blocks {
            block.tree.visit(from: block.index) { index in
                switch block.tree.nodes[Int(index)].type {
                case .image: if image == nil { image = block.tree.literal(index) }
                case .math: math = true
                default: break
                }
            }
        }
        firstImageSource = image
        containsMath = math
    }

    /// Where byte `offset` of `markdown` stands in the file (lines of a field are joined with LF,
    /// columns of later lines count from the line's start).
    public func location(ofOffset offset: Int) -> SourceLocation {
        var line = contentStart.line
        var column = contentStart.column
        for byte in markdown.utf8.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }

    /// Calls `body` for every node in the field, depth first.
    public func forEachNode(_ body: (MarkdownNode) -> Void) {
        for block in blocks { block.forEach(body) }
    }
}

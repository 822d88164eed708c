/// One labelled part of a card as written: `Q:`, `A:`, `E:`, `H:` or `R:` and what follows it.
public struct CardField: Sendable {
    public var label: CardLabel
    /// Where the label itself (`Q:`, `Question:` …) stands.
    public var labelRange: SourceRange
    /// The field's Markdown exactly as written after the label, trimmed, with LF line endings.
    public var markdown: String
    /// The field's blocks: the rest of the label's paragraph, then every following block.
    /// Empty once a collection has been loaded without keeping trees.
    public var blocks: [MarkdownNode]
    /// The last line the field covers.
    public var lastLine: Int

    /// Whether the field has no content at all.
    public private(set) var isEmpty = true
    /// The field as HTML, when the collection was loaded with HTML rendering.
    public private(set) var html: String?

    /// Calls `body` for every node in the field, depth first.
    public func forEachNode(_ body: (MarkdownNode) -> Void) {
        for block in blocks { block.forEach(body) }
    }

    /// The source of the field's first image, if it has one.
    public private(set) var firstImageSource: String?
    /// Whether the field contains LaTeX math.
    public private(set) var containsMath = false

    /// Records the facts about the field's content that cards and rules ask for often.
    mutating func summarizeContent() {
        var image: String?
        var math = false
        forEachNode { node in
            switch node.kind {
            case .image(let source, _): if image == nil { image = source }
            case .math: math = true
            default: break
            }
        }
        firstImageSource = image
        containsMath = math
        isEmpty = blocks.isEmpty
    }

    /// Renders the field's HTML and, unless `keepingTree`, lets go of its Markdown tree.
    mutating func finish(renderingHTML: Bool, keepingTree: Bool) {
        if renderingHTML { html = HTMLRenderer.render(blocks) }
        if !keepingTree { blocks = [] }
    }
}

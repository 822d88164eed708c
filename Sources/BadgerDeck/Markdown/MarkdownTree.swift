/// The nodes of one parsed Markdown document, stored flat: a few arrays per document instead of
/// several allocations per node. `MarkdownNode` is a view of one node.
///
/// Built by `CommonMarkConverter`, reshaped once by the card assembler (which cuts paragraphs at
/// card labels), and read-only after that, which is why it may be shared across threads.
public final class MarkdownTree: @unchecked Sendable {
    /// How deep containers (lists, quotes, emphasis, links) may nest. Deeper content is kept as
    /// plain text, so code that walks a tree recursively needs a bounded stack: the depth of a
    /// node is at most this plus three (a flattened block sits in an item and a paragraph).
    public static let maximumDepth = 64

    /// What kind of node, without payload.
    enum NodeType: UInt8 {
        case document, paragraph, heading, blockQuote, list, item, codeBlock, htmlBlock, thematicBreak
        case table, tableRow, tableCell
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, strikethrough, link, image, math
    }

    /// One node. Text payloads are byte ranges into `bytes`.
    struct Node {
        var type: NodeType
        /// list: ordered; item: is a task; tableRow: is the header; math: display; code block: fenced.
        var flag = false
        /// item: task checked; list: tight.
        var flag2 = false
        /// heading: level; list: start; table: index into `tableAlignments`.
        var number: Int32 = 0
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var startLine: Int32
        var startColumn: Int32
        var endLine: Int32
        var endColumn: Int32
        /// text, code, HTML, math: the literal; link, image: the destination; code block: the info.
        var literalStart: Int32 = 0
        var literalCount: Int32 = 0
        /// link, image: the title; code block: the code.
        var extraStart: Int32 = 0
        var extraCount: Int32 = 0
    }

    var nodes: [Node] = []
    var bytes: [UInt8] = []
    var tableAlignments: [[MarkdownNode.Alignment]] = []

    init() {}

    /// The root, the first node made.
    public var root: MarkdownNode { MarkdownNode(tree: self, index: 0) }

    func literal(_ index: Int32) -> String {
        let node = nodes[Int(index)]
        return string(start: node.literalStart, count: node.literalCount)
    }

    func extra(_ index: Int32) -> String {
        let node = nodes[Int(index)]
        return string(start: node.extraStart, count: node.extraCount)
    }

    /// The literal's bytes, without copying them into a string.
    func literalBytes(_ index: Int32) -> ArraySlice<UInt8> {
        let node = nodes[Int(index)]
        return bytes[Int(node.literalStart)..<Int(node.literalStart + node.literalCount)]
    }

    private func string(start: Int32, count: Int32) -> String {
        String(decoding: bytes[Int(start)..<Int(start + count)], as: UTF8.self)
    }

    /// Appends `text` to the byte store and returns where it is.
    func store(_ text: UnsafeRawBufferPointer) -> (Int32, Int32) {
        let start = Int32(bytes.count)
        bytes.append(contentsOf: text)
        return (start, Int32(text.count))
    }

    /// Adds `node` as the last child of `parent` (or as a root if `parent` is -1) and returns it.
    @discardableResult
    func append(_ node: Node, to parent: Int32) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(node)
        if parent >= 0 {
            let last = nodes[Int(parent)].lastChild
            if last >= 0 { nodes[Int(last)].nextSibling = index } else { nodes[Int(parent)].firstChild = index }
            nodes[Int(parent)].lastChild = index
        }
        return index
    }

    /// The children of a node, by index.
    func childIndices(_ index: Int32) -> [Int32] {
        var result: [Int32] = []
        var child = nodes[Int(index)].firstChild
        while child >= 0 {
            result.append(child)
            child = nodes[Int(child)].nextSibling
        }
        return result
    }

    /// Makes a new paragraph holding exactly `inlines` (taken from wherever they were), spanning
    /// `start` to `end`, and returns it.
    func makeParagraph(of inlines: [Int32], start: SourceLocation, end: SourceLocation) -> MarkdownNode {
        for (position, index) in inlines.enumerated() {
            nodes[Int(index)].nextSibling = position + 1 < inlines.count ? inlines[position + 1] : -1
        }
        let paragraph = Node(
            type: .paragraph, firstChild: inlines.first ?? -1, lastChild: inlines.last ?? -1, startLine: Int32(start.line),
            startColumn: Int32(start.column), endLine: Int32(end.line), endColumn: Int32(end.column))
        return MarkdownNode(tree: self, index: append(paragraph, to: -1))
    }

    /// Drops the first `count` bytes of a text node's literal.
    func dropLiteralPrefix(of index: Int32, count: Int32) {
        nodes[Int(index)].literalStart += count
        nodes[Int(index)].literalCount -= count
    }

    /// Calls `body` with the index of `index` and of every node below it, in document order,
    /// without recursion (a deeply nested document cannot overflow the stack).
    func visit(from index: Int32, _ body: (Int32) -> Void) {
        body(index)
        var child = nodes[Int(index)].firstChild
        guard child >= 0 else { return }
        var stack: [Int32] = []
        while child >= 0 {
            body(child)
            let node = nodes[Int(child)]
            if node.firstChild >= 0 {
                if node.nextSibling >= 0 { stack.append(node.nextSibling) }
                child = node.firstChild
            } else if node.nextSibling >= 0 {
                child = node.nextSibling
            } else {
                child = stack.popLast() ?? -1
            }
        }
    }
}

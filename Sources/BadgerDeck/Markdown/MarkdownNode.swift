/// A node of a parsed Markdown document: a view into its `MarkdownTree`, with math as its own
/// kind of node.
///
/// Only `CommonMarkConverter` builds trees from C; everything else reads them through this view.
public struct MarkdownNode: Sendable {
    /// Column alignment of a GFM table.
    public enum Alignment: Sendable, Equatable {
        case none, left, center, right
    }

    public enum Kind: Sendable, Equatable {
        case document
        case paragraph
        case heading(level: Int)
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        /// A list item; `task` is nil for an ordinary item, else whether the box is checked.
        case item(task: Bool?)
        case codeBlock(info: String, literal: String)
        case htmlBlock(String)
        case thematicBreak
        case table(alignments: [Alignment])
        case tableRow(isHeader: Bool)
        case tableCell
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case strikethrough
        case link(destination: String, title: String)
        case image(source: String, title: String)
        /// LaTeX math, verbatim, without its `$` delimiters.
        case math(String, display: Bool)
    }

    let tree: MarkdownTree
    let index: Int32

    init(tree: MarkdownTree, index: Int32) {
        self.tree = tree
        self.index = index
    }

    var type: MarkdownTree.NodeType { tree.nodes[Int(index)].type }

    public var kind: Kind {
        let node = tree.nodes[Int(index)]
        switch node.type {
        case .document: return .document
        case .paragraph: return .paragraph
        case .heading: return .heading(level: Int(node.number))
        case .blockQuote: return .blockQuote
        case .list: return .list(ordered: node.flag, start: Int(node.number), tight: node.flag2)
        case .item: return .item(task: node.flag ? node.flag2 : nil)
        case .codeBlock: return .codeBlock(info: tree.literal(index), literal: tree.extra(index))
        case .htmlBlock: return .htmlBlock(tree.literal(index))
        case .thematicBreak: return .thematicBreak
        case .table: return .table(alignments: tree.tableAlignments[Int(node.number)])
        case .tableRow: return .tableRow(isHeader: node.flag)
        case .tableCell: return .tableCell
        case .text: return .text(tree.literal(index))
        case .softBreak: return .softBreak
        case .lineBreak: return .lineBreak
        case .code: return .code(tree.literal(index))
        case .htmlInline: return .htmlInline(tree.literal(index))
        case .emphasis: return .emphasis
        case .strong: return .strong
        case .strikethrough: return .strikethrough
        case .link: return .link(destination: tree.literal(index), title: tree.extra(index))
        case .image: return .image(source: tree.literal(index), title: tree.extra(index))
        case .math: return .math(tree.literal(index), display: node.flag)
        }
    }

    /// The node's children, in order.
    public var children: [MarkdownNode] {
        tree.childIndices(index).map { MarkdownNode(tree: tree, index: $0) }
    }

    /// Where the node starts and ends. Exact for blocks; for inlines, the start is exact on a
    /// paragraph's first line and may drift on continuation lines that are indented.
    public var range: SourceRange {
        let node = tree.nodes[Int(index)]
        return SourceRange(
            start: SourceLocation(line: Int(node.startLine), column: Int(node.startColumn)),
            end: SourceLocation(line: Int(node.endLine), column: Int(node.endColumn)))
    }

    /// Whether this is a block-level node (as opposed to an inline).
    public var isBlock: Bool { type.rawValue <= MarkdownTree.NodeType.tableCell.rawValue }

    /// Calls `body` for this node and every descendant, depth first, in document order.
    public func forEach(_ body: (MarkdownNode) -> Void) {
        tree.visit(from: index) { body(MarkdownNode(tree: tree, index: $0)) }
    }

    /// The node's text with formatting removed: text, code and math literals, breaks as spaces.
    public var plainText: String {
        var bytes: [UInt8] = []
        tree.visit(from: index) { child in
            switch tree.nodes[Int(child)].type {
            case .text, .code, .math: bytes.append(contentsOf: tree.literalBytes(child))
            case .softBreak, .lineBreak: bytes.append(0x20)
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A node of a parsed Markdown document: the Swift-side copy of cmark-gfm's tree, with math.
///
/// Only `CommonMarkConverter` builds these from C; everything else reads them.
public struct MarkdownNode: Sendable, Equatable {
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

    public var kind: Kind
    public var children: [MarkdownNode]
    /// Where the node starts and ends. Exact for blocks; for inlines, the start is exact on a
    /// paragraph's first line and may drift on continuation lines that are indented.
    public var range: SourceRange

    public init(_ kind: Kind, children: [MarkdownNode] = [], range: SourceRange) {
        self.kind = kind
        self.children = children
        self.range = range
    }

    /// Whether this is a block-level node (as opposed to an inline).
    public var isBlock: Bool {
        switch kind {
        case .document, .paragraph, .heading, .blockQuote, .list, .item, .codeBlock, .htmlBlock,
            .thematicBreak, .table, .tableRow, .tableCell:
            return true
        default:
            return false
        }
    }

    /// Calls `body` for this node and every descendant, depth first, in document order.
    public func forEach(_ body: (MarkdownNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
    }

    /// The node's text with formatting removed: text, code and math literals, breaks as spaces.
    public var plainText: String {
        var result = ""
        forEach { node in
            switch node.kind {
            case .text(let text), .code(let text): result += text
            case .math(let tex, _): result += tex
            case .softBreak, .lineBreak: result += " "
            default: break
            }
        }
        return result
    }
}

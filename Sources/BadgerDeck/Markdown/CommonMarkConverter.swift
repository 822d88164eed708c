import CCmarkGFM
import Foundation

/// Parses Markdown with cmark-gfm into a `MarkdownNode` tree, with `$` math as its own node.
///
/// This is the only file that touches the C API. Only the GFM extensions the deck format needs
/// are attached (tables, strikethrough, task lists). Math is an inline syntax extension written
/// here, so the inline parser itself decides what is math: code spans that start first stay
/// code, and emphasis never reaches inside math.
///
/// cmark-gfm keeps its inline "special characters" in a process-wide table that every parse
/// switches on and off (in `process_inlines`, and in the table extension's row parsing), so two
/// parses at once can make each other miss `$` or `~`. Parsing is therefore serialized with a
/// lock; converting the tree to Swift, and everything after, runs in parallel.
public enum CommonMarkConverter {
    /// A `$` or `$$` that opened math and never closed.
    public struct UnclosedMath: Hashable, Sendable {
        public var location: SourceLocation
        public var display: Bool
    }

    /// A parsed document and what the math extension noticed on the way.
    public struct Result: Sendable {
        public var document: MarkdownNode
        public var unclosedMath: [UnclosedMath]
    }

    /// Parses `markdown` whose first line is line `firstLine` of the file.
    public static func parse(_ markdown: String, firstLine: Int = 1) -> Result {
        Registry.shared.ensureReady()
        parseLock.lock()
        var locked = true
        defer { if locked { parseLock.unlock() } }
        let parser = cmark_parser_new(CMARK_OPT_DEFAULT)!
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "tasklist"] {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        let context = MathContext()
        let math = makeMathExtension(context: context)
        defer { cmark_syntax_extension_free(cmark_get_default_mem_allocator(), math) }
        cmark_parser_attach_syntax_extension(parser, math)

        var text = markdown
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        let root = cmark_parser_finish(parser)!
        parseLock.unlock()
        locked = false
        defer { cmark_node_free(root) }
        let lineOffset = firstLine - 1
        let unclosed = context.unclosed.map {
            UnclosedMath(location: SourceLocation(line: $0.location.line + lineOffset, column: $0.location.column), display: $0.display)
        }
        return Result(document: convert(root, lineOffset: lineOffset), unclosedMath: unclosed)
    }

    /// cmark-gfm's own HTML for `markdown` (same extensions, no math, safe mode), used to check
    /// `HTMLRenderer` against the reference.
    static func referenceHTML(_ markdown: String) -> String {
        Registry.shared.ensureReady()
        parseLock.lock()
        defer { parseLock.unlock() }
        let parser = cmark_parser_new(CMARK_OPT_DEFAULT)!
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "tasklist"] {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        var text = markdown
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        let root = cmark_parser_finish(parser)!
        defer { cmark_node_free(root) }
        let html = cmark_render_html(root, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser))!
        defer { free(html) }
        return String(cString: html)
    }
}

/// Serializes cmark-gfm parses; see `CommonMarkConverter`.
private let parseLock = NSLock()

// MARK: - One-time registration

/// Registers the GFM core extensions once per process.
private final class Registry: Sendable {
    static let shared = Registry()

    private init() {
        cmark_gfm_core_extensions_ensure_registered()
    }

    func ensureReady() {}
}

/// How a math node is told apart from a code span: math is made as a `CODE` node (the only kind
/// of literal node a GFM table cell accepts besides text) whose user data holds a tag bit and
/// the packed position of its opening dollar. Only this file sets user data.
private enum MathTag {
    static let inline = 1 << 62
    static let display = 1 << 61
    static let position = (1 << 61) - 1

    static func pack(_ location: SourceLocation, display: Bool) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: (display ? Self.display : Self.inline) | location.line << 32 | location.column)
    }
}

// MARK: - The math extension

/// Per-parse state of the math extension: its scanner and the unclosed dollars it saw.
private final class MathContext {
    var scanner = MathScanner()
    var unclosed: [(location: SourceLocation, display: Bool)] = []
}

private func makeMathExtension(context: MathContext) -> OpaquePointer {
    let ext = cmark_syntax_extension_new("badger_math")!
    let dollar = UnsafeMutableRawPointer(bitPattern: Int(UInt8(ascii: "$")))
    let chars = cmark_llist_append(cmark_get_default_mem_allocator(), nil, dollar)
    cmark_syntax_extension_set_special_inline_chars(ext, chars)
    cmark_syntax_extension_set_private(ext, Unmanaged.passRetained(context).toOpaque()) { _, pointer in
        if let pointer { Unmanaged<MathContext>.fromOpaque(pointer).release() }
    }
    cmark_syntax_extension_set_match_inline_func(ext, matchMath)
    return ext
}

/// Called by cmark-gfm's inline parser at every unescaped `$`.
private func matchMath(
    _ ext: OpaquePointer?, _ parser: OpaquePointer?, _ parent: OpaquePointer?, _ character: UInt8,
    _ inlines: OpaquePointer?
) -> OpaquePointer? {
    guard character == UInt8(ascii: "$"), let ext, let inlines, let pointer = cmark_syntax_extension_get_private(ext)
    else { return nil }
    let context = Unmanaged<MathContext>.fromOpaque(pointer).takeUnretainedValue()
    let offset = Int(cmark_inline_parser_get_offset(inlines))
    let byte: (Int) -> UInt8 = { index in index < 0 ? 0 : cmark_inline_parser_peek_at(inlines, Int32(index)) }
    let location = SourceLocation(
        line: Int(cmark_inline_parser_get_line(inlines)), column: Int(cmark_inline_parser_get_column(inlines)))
    let owner = UInt(bitPattern: parent.map { Int(bitPattern: $0) } ?? 0)
    let mem = cmark_get_default_mem_allocator()

    switch context.scanner.scan(owner: owner, at: offset, byte: byte) {
    case .literal:
        return nil
    case .unclosedInline:
        context.unclosed.append((location, false))
        return nil
    case .unclosedDisplay:
        context.unclosed.append((location, true))
        let text = cmark_node_new_with_mem(CMARK_NODE_TEXT, mem)
        cmark_node_set_literal(text, "$$")
        cmark_inline_parser_set_offset(inlines, Int32(offset + 2))
        return text
    case .math(let content, let end, let display):
        var bytes = [UInt8]()
        bytes.reserveCapacity(content.count)
        for index in content { bytes.append(byte(index)) }
        let node = cmark_node_new_with_mem(CMARK_NODE_CODE, mem)
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = cmark_node_set_literal(node, $0.baseAddress) }
        }
        cmark_node_set_user_data(node, MathTag.pack(location, display: display))
        cmark_inline_parser_set_offset(inlines, Int32(end))
        return node
    }
}

// MARK: - Conversion to Swift

private func convert(_ root: OpaquePointer, lineOffset: Int) -> MarkdownNode {
    let iterator = cmark_iter_new(root)!
    defer { cmark_iter_free(iterator) }
    var stack: [MarkdownNode] = []
    var finished: MarkdownNode?
    while true {
        let event = cmark_iter_next(iterator)
        if event == CMARK_EVENT_DONE { break }
        let node = cmark_iter_get_node(iterator)!
        if event == CMARK_EVENT_ENTER {
            let converted = makeNode(node, lineOffset: lineOffset)
            if isLeaf(node) {
                if stack.isEmpty { finished = converted } else { stack[stack.count - 1].children.append(converted) }
            } else {
                stack.append(converted)
            }
        } else if event == CMARK_EVENT_EXIT {
            let done = stack.removeLast()
            if stack.isEmpty { finished = done } else { stack[stack.count - 1].children.append(done) }
        }
    }
    return finished ?? MarkdownNode(.document, range: SourceRange(line: 1, column: 1, length: 0))
}

private func isLeaf(_ node: OpaquePointer) -> Bool {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT,
        CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
        return true
    default:
        return false
    }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

private func makeNode(_ node: OpaquePointer, lineOffset: Int) -> MarkdownNode {
    let type = cmark_node_get_type(node)
    var range = SourceRange(
        start: SourceLocation(line: Int(cmark_node_get_start_line(node)) + lineOffset, column: Int(cmark_node_get_start_column(node))),
        end: SourceLocation(line: Int(cmark_node_get_end_line(node)) + lineOffset, column: Int(cmark_node_get_end_column(node)) + 1))
    let kind: MarkdownNode.Kind
    switch type {
    case CMARK_NODE_DOCUMENT: kind = .document
    case CMARK_NODE_PARAGRAPH: kind = .paragraph
    case CMARK_NODE_HEADING: kind = .heading(level: Int(cmark_node_get_heading_level(node)))
    case CMARK_NODE_BLOCK_QUOTE: kind = .blockQuote
    case CMARK_NODE_LIST:
        kind = .list(
            ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0)
    case CMARK_NODE_ITEM:
        let isTask = cmark_node_get_syntax_extension(node) != nil
        kind = .item(task: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
    case CMARK_NODE_CODE_BLOCK:
        kind = .codeBlock(info: string(cmark_node_get_fence_info(node)), literal: string(cmark_node_get_literal(node)))
    case CMARK_NODE_HTML_BLOCK: kind = .htmlBlock(string(cmark_node_get_literal(node)))
    case CMARK_NODE_THEMATIC_BREAK: kind = .thematicBreak
    case CMARK_NODE_TEXT: kind = .text(string(cmark_node_get_literal(node)))
    case CMARK_NODE_SOFTBREAK: kind = .softBreak
    case CMARK_NODE_LINEBREAK: kind = .lineBreak
    case CMARK_NODE_CODE:
        let tag = Int(bitPattern: cmark_node_get_user_data(node))
        if tag == 0 {
            kind = .code(string(cmark_node_get_literal(node)))
        } else {
            kind = .math(string(cmark_node_get_literal(node)), display: tag & MathTag.display != 0)
            let packed = tag & MathTag.position
            let start = SourceLocation(line: (packed >> 32) + lineOffset, column: packed & 0xFFFF_FFFF)
            range = SourceRange(start: start, end: start)
        }
    case CMARK_NODE_HTML_INLINE: kind = .htmlInline(string(cmark_node_get_literal(node)))
    case CMARK_NODE_EMPH: kind = .emphasis
    case CMARK_NODE_STRONG: kind = .strong
    case CMARK_NODE_LINK: kind = .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
    case CMARK_NODE_IMAGE: kind = .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
    case badger_node_type_table():
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        let raw = cmark_gfm_extensions_get_table_alignments(node)
        kind = .table(alignments: (0..<columns).map { index in
            switch raw?[index] {
            case UInt8(ascii: "l"): return .left
            case UInt8(ascii: "c"): return .center
            case UInt8(ascii: "r"): return .right
            default: return .none
            }
        })
    case badger_node_type_table_row(): kind = .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
    case badger_node_type_table_cell(): kind = .tableCell
    case badger_node_type_strikethrough(): kind = .strikethrough
    default:
        kind = .text("")
    }
    return MarkdownNode(kind, range: range)
}

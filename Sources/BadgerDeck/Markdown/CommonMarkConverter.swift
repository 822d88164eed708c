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
        /// Where content nested deeper than `MarkdownTree.maximumDepth` starts; it is kept as
        /// plain text.
        public var flattened: [SourceLocation] = []
    }

    /// Parses `markdown` whose first line is line `firstLine` of the file.
    public static func parse(_ markdown: String, firstLine: Int = 1) -> Result {
        var text = markdown
        return text.withUTF8 { buffer in
            parse(UnsafeRawBufferPointer(buffer), firstLine: firstLine) { _ in ContinuationColumns(markdown) }
        }
    }

    /// Parses UTF-8 `bytes` (LF or CRLF line endings) whose first line is line `firstLine`.
    ///
    /// `prefix`, whole lines ending with a blank one, is parsed before the bytes only for what it
    /// defines for them (link reference definitions): the blocks it makes are dropped, and so is
    /// what the math extension notes in it.
    ///
    /// For a line of the file, `contentStart` gives the column where its content starts (after
    /// blanks and `>` markers) and `lineLength` its length in bytes, to correct the columns
    /// cmark-gfm gives some inlines.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, firstLine: Int, prefix: [UInt8] = [], contentStart: @escaping (Int) -> Int,
        lineLength: @escaping (Int) -> Int
    ) -> Result {
        parse(bytes, firstLine: firstLine, prefix: prefix) { lineOffset in
            ContinuationColumns(contentStart: { contentStart($0 + lineOffset) }, lineLength: { lineLength($0 + lineOffset) })
        }
    }

    private static func parse(
        _ bytes: UnsafeRawBufferPointer, firstLine: Int, prefix: [UInt8] = [], columnsFor: (Int) -> ContinuationColumns
    ) -> Result {
        Registry.shared.ensureReady()
        // A small text (a field, a short deck) uses the default allocator: the arena zeroes a
        // fresh 4 MiB block for every parse, which costs more than the parse of a field.
        let small = bytes.count + prefix.count < 16_384
        let memory = small ? cmark_get_default_mem_allocator()! : cmark_get_arena_mem_allocator()!
        let context = MathContext(memory: memory)
        let math = makeMathExtension(context: context)
        defer { cmark_syntax_extension_free(cmark_get_default_mem_allocator(), math) }
        let prefixLines = prefix.count { $0 == 0x0A }
        let lineOffset = firstLine - 1 - prefixLines
        let columns = columnsFor(lineOffset)

        // cmark-gfm's arena allocator, like its special-character table, is process-wide; both
        // are used only while holding the lock. The arena makes thousands of node allocations
        // one bump each, and releases them all at once.
        parseLock.lock()
        defer { parseLock.unlock() }
        let parser = makeParser(memory: memory)
        cmark_parser_attach_syntax_extension(parser, math)
        prefix.withUnsafeBytes { feed(parser, $0) }
        feed(parser, bytes)
        let root = cmark_parser_finish(parser)!
        if prefixLines > 0 { dropBlocks(of: root, through: Int32(prefixLines)) }
        let (document, flattened, fixes) = convert(root, lineOffset: lineOffset, columns: columns, sizeHint: bytes.count)
        // Freeing with the arena only runs the extensions' own free functions; the reset
        // returns the memory.
        cmark_node_free(root)
        cmark_parser_free(parser)
        if !small { cmark_arena_reset() }
        let unclosed = context.unclosed.map { found in
            let (location, block) = fixes.fix(found.location, block: found.block, owner: found.owner)
            return (location: location, display: found.display, block: block, owner: found.owner)
        }
        .filter { $0.location.line > prefixLines }.map { found in
            let column = columns.corrected(found.location.column, line: found.location.line, blockStart: found.block)
            return UnclosedMath(location: SourceLocation(line: found.location.line + lineOffset, column: column), display: found.display)
        }
        return Result(document: document, unclosedMath: unclosed, flattened: flattened)
    }

    /// cmark-gfm's own HTML for `markdown` (same extensions, no math, safe mode), used to check
    /// `HTMLRenderer` against the reference.
    static func referenceHTML(_ markdown: String) -> String {
        Registry.shared.ensureReady()
        parseLock.lock()
        defer { parseLock.unlock() }
        let parser = makeParser(memory: cmark_get_default_mem_allocator())
        defer { cmark_parser_free(parser) }
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

private func feed(_ parser: OpaquePointer, _ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    cmark_parser_feed(parser, base.assumingMemoryBound(to: CChar.self), bytes.count)
}

/// Unlinks the top-level blocks of `document` that start on or before `line`.
private func dropBlocks(of document: OpaquePointer, through line: Int32) {
    while let first = cmark_node_first_child(document), cmark_node_get_start_line(first) <= line {
        cmark_node_unlink(first)
        cmark_node_free(first)
    }
}

/// Serializes cmark-gfm parses; see `CommonMarkConverter`.
private let parseLock = NSLock()

/// A parser with the GFM extensions the deck format uses: tables, strikethrough, task lists.
private func makeParser(memory: UnsafeMutablePointer<cmark_mem>) -> OpaquePointer {
    let parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, memory)!
    for name in ["table", "strikethrough", "tasklist"] {
        if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
    }
    return parser
}

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
    /// The allocator of the parser this extension is attached to; cmark only links nodes made
    /// with the same allocator as their parent.
    let memory: UnsafeMutablePointer<cmark_mem>

    init(memory: UnsafeMutablePointer<cmark_mem>) {
        self.memory = memory
    }

    var scanner = MathScanner()
    /// Where each unclosed dollar is (as cmark counts columns), where its block starts, and
    /// the block.
    var unclosed: [(location: SourceLocation, display: Bool, block: SourceLocation, owner: UInt)] = []
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
    // 0 outside the text (`peek_at` reads any position it is given: past the end, other memory).
    let length = Int(badger_inline_parser_length(inlines))
    let byte: (Int) -> UInt8 = { index in index < 0 || index >= length ? 0 : cmark_inline_parser_peek_at(inlines, Int32(index)) }
    let location = SourceLocation(
        line: Int(cmark_inline_parser_get_line(inlines)), column: Int(cmark_inline_parser_get_column(inlines)))
    let owner = UInt(bitPattern: parent.map { Int(bitPattern: $0) } ?? 0)
    let block =
        parent.map { SourceLocation(line: Int(cmark_node_get_start_line($0)), column: Int(cmark_node_get_start_column($0))) }
        ?? location
    let mem = context.memory

    switch context.scanner.scan(owner: owner, at: offset, byte: byte) {
    case .literal:
        return nil
    case .unclosedInline:
        context.unclosed.append((location, false, block, owner))
        return nil
    case .unclosedDisplay:
        context.unclosed.append((location, true, block, owner))
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

/// A subtree nested too deep to keep as structure, being collected as plain text.
private struct FlattenedSubtree {
    var root: MarkdownTree.Node
    var isBlock: Bool
    /// How many of its containers are open.
    var depth = 1
    var text: [UInt8] = []
}

/// Converts cmark-gfm's tree to a `MarkdownTree`, without recursion. Containers that would sit
/// deeper than `MarkdownTree.maximumDepth` become plain text (and are reported), so that
/// everything that walks the tree recursively afterwards has a bounded depth.
///
/// cmark-gfm's table extension gives the lines it splits off above a table's header row (a
/// paragraph the table interrupts) no position, counts their inlines' lines from 0, and places
/// the header row at that paragraph's start, its columns counted through the paragraph. Both
/// are put where they are; the third result says how, for the math extension's notes.
private func convert(
    _ root: OpaquePointer, lineOffset: Int, columns: ContinuationColumns, sizeHint: Int
) -> (MarkdownNode, [SourceLocation], PositionFixes) {
    let tree = MarkdownTree()
    // Typical decks have a node per dozen bytes, and literals copy most of the text once.
    tree.nodes.reserveCapacity(sizeHint / 12 + 16)
    tree.bytes.reserveCapacity(sizeHint + 16)
    let iterator = cmark_iter_new(root)!
    defer { cmark_iter_free(iterator) }
    var stack: [Int32] = []
    // The start of the paragraph, heading or cell whose inlines are being converted.
    var blockStarts: [SourceLocation] = []
    var flattening: FlattenedSubtree?
    var flattened: [SourceLocation] = []
    // Inside a paragraph split off above a table: where it really starts (cmark's lines).
    var detachedStart: SourceLocation?
    var detached: [UInt: SourceLocation] = [:]
    // The line of the header row of the table after such a paragraph, while it is converted,
    // and how far right of the header line cmark-gfm places the header's columns.
    var headerLine: Int32?
    var insideHeader = false
    var headerShift: Int32 = 0
    var headerCells: [UInt: (line: Int32, shift: Int32)] = [:]
    while true {
        let event = cmark_iter_next(iterator)
        if event == CMARK_EVENT_DONE { break }
        let node = cmark_iter_get_node(iterator)!
        if var subtree = flattening {
            if event == CMARK_EVENT_ENTER {
                if isLeaf(node) { subtree.text.append(contentsOf: plainText(of: node)) } else { subtree.depth += 1 }
            } else if event == CMARK_EVENT_EXIT {
                subtree.depth -= 1
            }
            flattening = subtree.depth > 0 ? subtree : nil
            if subtree.depth == 0 { appendFlattened(subtree, to: stack.last ?? -1, in: tree) }
            continue
        }
        if event == CMARK_EVENT_ENTER {
            var made = makeNode(node, in: tree, lineOffset: Int32(lineOffset))
            let offset = Int32(lineOffset)
            if made.type == .paragraph, cmark_node_get_start_line(node) == 0, let table = cmark_node_next(node),
                cmark_node_get_type(table) == badger_node_type_table()
            {
                let start = SourceLocation(line: Int(cmark_node_get_start_line(table)), column: Int(cmark_node_get_start_column(table)))
                let header = tableHeaderLine(table)
                detachedStart = start
                detached[UInt(bitPattern: Int(bitPattern: node))] = start
                headerLine = header
                (made.startLine, made.startColumn) = (Int32(start.line) + offset, Int32(start.column))
                (made.endLine, made.endColumn) = (max(Int32(start.line), header - 1) + offset, 1)
            } else if let start = detachedStart {
                made.startLine += Int32(start.line)
                made.endLine += Int32(start.line)
                made.startColumn += Int32(start.column)
                made.endColumn += Int32(start.column)
            } else if let header = headerLine {
                if made.type == .table {
                    made.startLine = header + offset
                } else if made.type == .tableRow, made.flag {
                    insideHeader = true
                    headerShift = max(0, cmark_node_get_end_column(node) - Int32(columns.lineLength(Int(header))))
                }
                if insideHeader {
                    (made.startLine, made.endLine) = (header + offset, header + offset)
                    made.startColumn = max(1, made.startColumn - headerShift)
                    made.endColumn = max(1, made.endColumn - headerShift)
                    if made.type == .tableCell { headerCells[UInt(bitPattern: Int(bitPattern: node))] = (header, headerShift) }
                }
            }
            if made.type.rawValue > MarkdownTree.NodeType.tableCell.rawValue, let block = blockStarts.last {
                let line = Int(made.startLine) - lineOffset
                made.startColumn = Int32(columns.corrected(Int(made.startColumn), line: line, blockStart: block))
                if made.type == .math { made.endColumn = made.startColumn }
            }
            if stack.count >= MarkdownTree.maximumDepth, let isBlock = nestingKind(made.type) {
                flattening = FlattenedSubtree(root: made, isBlock: isBlock)
                flattened.append(SourceLocation(line: Int(made.startLine), column: Int(made.startColumn)))
                continue
            }
            let index = tree.append(made, to: stack.last ?? -1)
            if !isLeaf(node) {
                stack.append(index)
                if containsInlines(node) {
                    if let detachedStart {
                        blockStarts.append(detachedStart)
                    } else if insideHeader {
                        blockStarts.append(SourceLocation(line: Int(made.startLine) - lineOffset, column: Int(made.startColumn)))
                    } else {
                        blockStarts.append(
                            SourceLocation(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))))
                    }
                }
            }
        } else if event == CMARK_EVENT_EXIT {
            stack.removeLast()
            if containsInlines(node) { blockStarts.removeLast() }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH: detachedStart = nil
            case badger_node_type_table(): headerLine = nil
            case badger_node_type_table_row(): insideHeader = false
            default: break
            }
        }
    }
    if tree.nodes.isEmpty {
        tree.append(.init(type: .document, startLine: 1, startColumn: 1, endLine: 1, endColumn: 1), to: -1)
    }
    return (tree.root, flattened, PositionFixes(detached: detached, headerCells: headerCells))
}

/// Where math that the extension noted in a paragraph split off above a table, or in that
/// table's header, really is (see `convert`).
private struct PositionFixes {
    /// Each split-off paragraph's real start; its inlines count lines from 0.
    var detached: [UInt: SourceLocation]
    /// Each header cell's real line, and how far right of it cmark-gfm counts columns.
    var headerCells: [UInt: (line: Int32, shift: Int32)]

    /// The real location of `location` in block `owner` (starting at `block`), and the block's start.
    func fix(_ location: SourceLocation, block: SourceLocation, owner: UInt) -> (SourceLocation, SourceLocation) {
        if let start = detached[owner] {
            return (SourceLocation(line: location.line + start.line, column: location.column + start.column), start)
        }
        if let cell = headerCells[owner] {
            let line = Int(cell.line)
            let shift = Int(cell.shift)
            return (
                SourceLocation(line: line, column: max(1, location.column - shift)),
                SourceLocation(line: line, column: max(1, block.column - shift))
            )
        }
        return (location, block)
    }
}

/// The line of a table's header row: two above its first body row, or above its last line
/// (the delimiter row) when it has none.
private func tableHeaderLine(_ table: OpaquePointer) -> Int32 {
    var row = cmark_node_first_child(table)
    while let current = row {
        if cmark_gfm_extensions_get_table_row_is_header(current) == 0 { return cmark_node_get_start_line(current) - 2 }
        row = cmark_node_next(current)
    }
    return cmark_node_get_end_line(table) - 1
}

/// For a node type that can nest inside itself, whether it is a block (`nil` for the others).
private func nestingKind(_ type: MarkdownTree.NodeType) -> Bool? {
    switch type {
    case .blockQuote, .list, .item: true
    case .emphasis, .strong, .strikethrough, .link, .image: false
    default: nil
    }
}

/// The text a leaf contributes to a flattened subtree.
private func plainText(of node: OpaquePointer) -> [UInt8] {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_THEMATIC_BREAK: return [0x20]
    default:
        guard let literal = cmark_node_get_literal(node) else { return [] }
        return Array(UnsafeRawBufferPointer(start: literal, count: strlen(literal))) + [0x20]
    }
}

/// Adds a flattened subtree to `parent` as one text node: in a paragraph if it was a block (in
/// an item, too, if its parent is a list).
private func appendFlattened(_ subtree: FlattenedSubtree, to parent: Int32, in tree: MarkdownTree) {
    var text = subtree.root
    text.type = .text
    text.flag = false
    text.flag2 = false
    text.number = 0
    text.extraCount = 0
    let trimmed = subtree.text.last == 0x20 ? subtree.text.dropLast() : subtree.text[...]
    trimmed.withUnsafeBytes { (text.literalStart, text.literalCount) = tree.store($0) }
    var container = parent
    if subtree.isBlock {
        var wrapper = text
        wrapper.literalCount = 0
        if parent >= 0, tree.nodes[Int(parent)].type == .list {
            wrapper.type = .item
            container = tree.append(wrapper, to: container)
        }
        wrapper.type = .paragraph
        container = tree.append(wrapper, to: container)
    }
    tree.append(text, to: container)
}

private func containsInlines(_ node: OpaquePointer) -> Bool {
    let type = cmark_node_get_type(node)
    return type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == badger_node_type_table_cell()
}

/// Corrects the columns cmark-gfm gives inlines on a block's continuation lines, which count
/// from where the block starts rather than from where the line's content starts (so an
/// indented continuation line loses its indentation).
private struct ContinuationColumns {
    /// For a line of the parsed text, the 1-based column where its content starts: after blanks
    /// and block quote markers.
    private let contentStart: (Int) -> Int
    /// For a line of the parsed text, its length in bytes (without the line break).
    let lineLength: (Int) -> Int

    init(contentStart: @escaping (Int) -> Int, lineLength: @escaping (Int) -> Int) {
        self.contentStart = contentStart
        self.lineLength = lineLength
    }

    init(_ text: String) {
        var starts: [Int32] = []
        var lengths: [Int32] = []
        var column: Int32 = 1
        var length: Int32 = 0
        var inPrefix = true
        for byte in text.utf8 {
            if byte == 0x0A {
                starts.append(column)
                lengths.append(length)
                column = 1
                length = 0
                inPrefix = true
                continue
            }
            if byte != 0x0D { length += 1 }
            if inPrefix {
                if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") { column += 1 } else { inPrefix = false }
            }
        }
        starts.append(column)
        lengths.append(length)
        contentStart = { line in line >= 1 && line <= starts.count ? Int(starts[line - 1]) : 1 }
        lineLength = { line in line >= 1 && line <= lengths.count ? Int(lengths[line - 1]) : 0 }
    }

    /// The real column of an inline that cmark places at `column` on `line` (lines counted
    /// from the text's start) inside a block starting at `blockStart`.
    func corrected(_ column: Int, line: Int, blockStart: SourceLocation) -> Int {
        guard line > blockStart.line else { return column }
        return column - blockStart.column + contentStart(line)
    }
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

/// Copies a C string into the tree's byte store.
private func store(_ pointer: UnsafePointer<CChar>?, in tree: MarkdownTree) -> (Int32, Int32) {
    guard let pointer else { return (0, 0) }
    return tree.store(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
}

private func makeNode(_ node: OpaquePointer, in tree: MarkdownTree, lineOffset: Int32) -> MarkdownTree.Node {
    let type = cmark_node_get_type(node)
    var result = MarkdownTree.Node(
        type: .text, startLine: cmark_node_get_start_line(node) + lineOffset, startColumn: cmark_node_get_start_column(node),
        endLine: cmark_node_get_end_line(node) + lineOffset, endColumn: cmark_node_get_end_column(node) + 1)
    func literal(_ pointer: UnsafePointer<CChar>?) {
        (result.literalStart, result.literalCount) = store(pointer, in: tree)
    }
    func extra(_ pointer: UnsafePointer<CChar>?) {
        (result.extraStart, result.extraCount) = store(pointer, in: tree)
    }
    switch type {
    case CMARK_NODE_DOCUMENT: result.type = .document
    case CMARK_NODE_PARAGRAPH: result.type = .paragraph
    case CMARK_NODE_HEADING:
        result.type = .heading
        result.number = cmark_node_get_heading_level(node)
    case CMARK_NODE_BLOCK_QUOTE: result.type = .blockQuote
    case CMARK_NODE_LIST:
        result.type = .list
        result.flag = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        result.flag2 = cmark_node_get_list_tight(node) != 0
        result.number = cmark_node_get_list_start(node)
    case CMARK_NODE_ITEM:
        result.type = .item
        result.flag = cmark_node_get_syntax_extension(node) != nil
        result.flag2 = result.flag && cmark_gfm_extensions_get_tasklist_item_checked(node)
    case CMARK_NODE_CODE_BLOCK:
        result.type = .codeBlock
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        result.flag = cmark_node_get_fenced(node, &length, &offset, &character) != 0
        literal(cmark_node_get_fence_info(node))
        extra(cmark_node_get_literal(node))
    case CMARK_NODE_HTML_BLOCK:
        result.type = .htmlBlock
        literal(cmark_node_get_literal(node))
    case CMARK_NODE_THEMATIC_BREAK: result.type = .thematicBreak
    case CMARK_NODE_TEXT:
        result.type = .text
        literal(cmark_node_get_literal(node))
    case CMARK_NODE_SOFTBREAK: result.type = .softBreak
    case CMARK_NODE_LINEBREAK: result.type = .lineBreak
    case CMARK_NODE_CODE:
        literal(cmark_node_get_literal(node))
        let tag = Int(bitPattern: cmark_node_get_user_data(node))
        if tag == 0 {
            result.type = .code
        } else {
            result.type = .math
            result.flag = tag & MathTag.display != 0
            let packed = tag & MathTag.position
            result.startLine = Int32(packed >> 32) + lineOffset
            result.startColumn = Int32(packed & 0xFFFF_FFFF)
            result.endLine = result.startLine
            result.endColumn = result.startColumn
        }
    case CMARK_NODE_HTML_INLINE:
        result.type = .htmlInline
        literal(cmark_node_get_literal(node))
    case CMARK_NODE_EMPH: result.type = .emphasis
    case CMARK_NODE_STRONG: result.type = .strong
    case CMARK_NODE_LINK:
        result.type = .link
        literal(cmark_node_get_url(node))
        extra(cmark_node_get_title(node))
    case CMARK_NODE_IMAGE:
        result.type = .image
        literal(cmark_node_get_url(node))
        extra(cmark_node_get_title(node))
    case badger_node_type_table():
        result.type = .table
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        let raw = cmark_gfm_extensions_get_table_alignments(node)
        result.number = Int32(tree.tableAlignments.count)
        tree.tableAlignments.append(
            (0..<columns).map { column in
                switch raw?[column] {
                case UInt8(ascii: "l"): return .left
                case UInt8(ascii: "c"): return .center
                case UInt8(ascii: "r"): return .right
                default: return .none
                }
            })
    case badger_node_type_table_row():
        result.type = .tableRow
        result.flag = cmark_gfm_extensions_get_table_row_is_header(node) != 0
    case badger_node_type_table_cell(): result.type = .tableCell
    case badger_node_type_strikethrough(): result.type = .strikethrough
    default:
        result.type = .text
    }
    return result
}

import BadgerDeck

/// Renders Markdown for the terminal: styled (bold, italic, strikethrough, reverse-video code,
/// underlined links, headings and bullets in the topic color) when color is on, plain text when
/// it is off, and always laid out to `style.width` columns by display width.
///
/// - Paragraphs and headings are word-wrapped; a word longer than the width is broken.
/// - List items get a hanging indent (`• `, `1. `, `[x] `); nested lists indent further.
/// - Block quotes get a `│ ` bar on every line, their content wrapped inside it.
/// - Code blocks are indented by 2 and never wrapped: a line too long is truncated with `…`, so
///   code keeps its shape and the reader sees that something was cut.
/// - Math goes through `MathRenderer` (shown raw between `$` when it falls back). One-line inline
///   math flows with the text; display or multi-line math is indented by 2 like code.
/// - Tables get columns as wide as their content, aligned per GFM, separated by `│` with a
///   `─┼─` header rule. A table too wide gives columns back widest first and wraps their cells;
///   one that cannot fit even so is shown as `header: value` records.
///
/// Images are `[image: alt]` unless an `ImageRendering` given to `render` shows them otherwise:
/// as other text, or as lines of their own (half-block art or a terminal graphics sequence).
///
/// Every piece of deck text goes through `UntrustedText.sanitized` before it is styled, so the
/// only escape sequences in the output are this renderer's own SGR sequences (`ESC[…m`) and
/// those of image lines the caller made, and with color on every line that sets a style resets
/// it before it ends.
///
/// The result is a list of lines without line breaks; render again when the terminal resizes.
public enum MarkdownRenderer {
    /// The lines for `blocks` (for example a card side's blocks, or a document's children).
    public static func render(
        _ blocks: [MarkdownNode], style: TerminalStyle, accent: RGBColor? = nil, images: ImageRendering? = nil
    ) -> [String] {
        let context = Context(
            width: style.width, depth: 0, usesColor: style.usesColor, accent: accent, showsRawMath: style.showsRawMath,
            images: images, macros: style.macros)
        return renderBlocks(blocks, context: context, loose: true).map {
            Layout.string(Layout.truncate($0, width: style.width), usesColor: style.usesColor)
        }
    }

    /// The lines for a Markdown document.
    public static func render(
        markdown: String, style: TerminalStyle, accent: RGBColor? = nil, images: ImageRendering? = nil
    ) -> [String] {
        render(CommonMarkConverter.parse(markdown).document.children, style: style, accent: accent, images: images)
    }

    // MARK: - Math

    /// Math laid out as lines by `MathRenderer`, or nil to show the LaTeX as written between `$`
    /// (when `MathRenderer` falls back to the raw TeX).
    static func renderedMath(_ tex: String, display: Bool, width: Int, macros: [String: String] = [:]) -> [String]? {
        let rendering = MathRenderer.render(tex, display: display, width: width, macros: macros)
        return rendering.isFallback || rendering.lines.isEmpty ? nil : rendering.lines
    }

    // MARK: - Blocks

    struct Context {
        var width: Int
        var depth: Int
        var usesColor: Bool
        var accent: RGBColor?
        /// Math as written (`$…$`) instead of laid out.
        var showsRawMath = false
        /// How images are shown, when not as `[image: alt]`.
        var images: ImageRendering?
        /// The collection's LaTeX macros, expanded before math is laid out.
        var macros: [String: String] = [:]

        func narrower(by columns: Int) -> Context {
            var copy = self
            copy.width = max(2, width - columns)
            return copy
        }

        /// Style for bullets, numbers and quote bars.
        var markerStyle: TextStyle {
            var style = TextStyle.plain
            if let accent { style.color = accent } else { style.dim = true }
            return style
        }
    }

    static func renderBlocks(_ blocks: [MarkdownNode], context: Context, loose: Bool) -> [Line] {
        var lines: [Line] = []
        for block in blocks {
            let rendered = renderBlock(block, context: context)
            if rendered.isEmpty { continue }
            if loose, !lines.isEmpty { lines.append([]) }
            lines += rendered
        }
        return lines
    }

    static func renderBlock(_ node: MarkdownNode, context: Context) -> [Line] {
        switch node.kind {
        case .document:
            return renderBlocks(node.children, context: context, loose: true)
        case .paragraph:
            return layout(inlinePieces(node.children, base: .plain, context: context), context: context)
        case .heading:
            var base = TextStyle.plain
            base.bold = true
            base.color = context.accent
            return layout(inlinePieces(node.children, base: base, context: context), context: context)
        case .blockQuote:
            let inner = renderBlocks(node.children, context: context.narrower(by: 2), loose: true)
            let bar = Cell(text: "│", width: 1, style: context.markerStyle)
            let space = Cell(text: " ", width: 1, style: .plain)
            return inner.map { [bar, space] + $0 }
        case .list(let ordered, let start, let tight):
            return renderList(node, ordered: ordered, start: start, tight: tight, context: context)
        case .item:
            return renderBlocks(node.children, context: context, loose: true)
        case .codeBlock(_, let literal):
            var code = literal
            if code.hasSuffix("\n") { code.removeLast() }
            return preformatted(code.components(separatedBy: "\n"), context: context)
        case .htmlBlock:
            return []
        case .thematicBreak:
            return [Cell.cells(String(repeating: "─", count: context.width), style: context.markerStyle)]
        case .table(let alignments):
            return renderTable(node, alignments: alignments, context: context)
        case .tableRow, .tableCell:
            return layout(inlinePieces(node.children, base: .plain, context: context), context: context)
        default:
            return layout(inlinePieces([node], base: .plain, context: context), context: context)
        }
    }

    /// Lines shown as they are (tabs expanded), indented by 2 and truncated with `…`.
    static func preformatted(_ rawLines: [String], context: Context) -> [Line] {
        let indent = Cell.cells("  ", style: .plain)
        return rawLines.map { raw in
            let line = Cell.cells(expandTabs(UntrustedText.sanitized(raw)), style: .plain)
            return indent + Layout.truncate(line, width: max(1, context.width - 2))
        }
    }

    static func expandTabs(_ text: String) -> String {
        guard text.contains("\t") else { return text }
        var result = ""
        var column = 0
        for character in text {
            if character == "\t" {
                let spaces = 4 - column % 4
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }

    static func renderList(_ node: MarkdownNode, ordered: Bool, start: Int, tight: Bool, context: Context) -> [Line] {
        let items = node.children
        let numberWidth = String(start + max(0, items.count - 1)).count
        let bullets = ["•", "◦", "▪"]
        var lines: [Line] = []
        for (index, item) in items.enumerated() {
            var marker: String
            if ordered {
                let number = String(start + index)
                marker = String(repeating: " ", count: numberWidth - number.count) + number + ". "
            } else {
                marker = bullets[context.depth % bullets.count] + " "
            }
            if case .item(let task?) = item.kind {
                let box = task ? "[x] " : "[ ] "
                marker = ordered ? marker + box : box
            }
            let markerWidth = DisplayWidth.of(marker)
            var inner = context.narrower(by: markerWidth)
            inner.depth += 1
            let content = renderBlocks(item.children, context: inner, loose: !tight)
            let markerCells =
                Cell.cells(marker.trimmingTrailingSpaces(), style: context.markerStyle)
                + Cell.cells(" ", style: .plain)
            let indent = Cell.cells(String(repeating: " ", count: markerWidth), style: .plain)
            if !tight, index > 0 { lines.append([]) }
            if content.isEmpty {
                lines.append(markerCells)
            } else {
                for (number, line) in content.enumerated() {
                    lines.append((number == 0 ? markerCells : indent) + line)
                }
            }
        }
        return lines
    }

    // MARK: - Tables

    static func renderTable(_ node: MarkdownNode, alignments: [MarkdownNode.Alignment], context: Context) -> [Line] {
        // Cells are too narrow for image lines: images in a table stay `[image: alt]`.
        var context = context
        context.images = nil
        var bold = TextStyle.plain
        bold.bold = true
        let rows: [(isHeader: Bool, cells: [[Piece]])] = node.children.map { row in
            let isHeader: Bool
            if case .tableRow(let header) = row.kind { isHeader = header } else { isHeader = false }
            return (isHeader, row.children.map { inlinePieces($0.children, base: isHeader ? bold : .plain, context: context) })
        }
        let columns = max(alignments.count, rows.map(\.cells.count).max() ?? 0)
        guard columns > 0 else { return [] }
        var wide = context
        wide.width = 10_000
        let natural = (0..<columns).map { column in
            max(
                1,
                rows.map { column < $0.cells.count ? layout($0.cells[column], context: wide).map(DisplayWidth.of).max() ?? 0 : 0 }.max()
                    ?? 0)
        }
        let separatorWidth = 3
        var widths = natural
        while widths.reduce(0, +) + separatorWidth * (columns - 1) > context.width {
            let widest = widths.max() ?? 0
            guard widest > 2, let column = widths.firstIndex(of: widest) else {
                return renderTableAsRecords(rows.map(\.cells), context: context)
            }
            widths[column] -= 1
        }
        let separator = Cell.cells(" │ ", style: .plain)
        var lines: [Line] = []
        for row in rows {
            var cellLines: [[Line]] = []
            for column in 0..<columns {
                var narrow = context
                narrow.width = widths[column]
                let pieces = column < row.cells.count ? row.cells[column] : []
                cellLines.append(pieces.isEmpty ? [[]] : layout(pieces, context: narrow))
            }
            let height = cellLines.map(\.count).max() ?? 1
            for lineIndex in 0..<height {
                var line: Line = []
                for column in 0..<columns {
                    if column > 0 { line += separator }
                    let content = lineIndex < cellLines[column].count ? cellLines[column][lineIndex] : []
                    let alignment: Layout.AlignmentKind
                    switch column < alignments.count ? alignments[column] : .none {
                    case .center: alignment = .center
                    case .right: alignment = .right
                    case .left, .none: alignment = .left
                    }
                    line += Layout.pad(Layout.truncate(content, width: widths[column]), width: widths[column], alignment: alignment)
                }
                lines.append(line)
            }
            if row.isHeader {
                let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
                lines.append(Cell.cells(rule, style: context.markerStyle))
            }
        }
        return lines
    }

    /// A table too wide for any column layout: each body row as `header: value` lines.
    static func renderTableAsRecords(_ rows: [[[Piece]]], context: Context) -> [Line] {
        guard let header = rows.first else { return [] }
        var lines: [Line] = []
        for row in rows.dropFirst() {
            if !lines.isEmpty { lines.append([]) }
            for (column, cell) in row.enumerated() {
                var label = column < header.count ? flatten(header[column]) : []
                label += Cell.cells(": ", style: .plain)
                lines += layout([.flow(label + flatten(cell))], context: context)
            }
        }
        return lines
    }

    static func flatten(_ pieces: [Piece]) -> [Cell] {
        var cells: [Cell] = []
        for piece in pieces {
            if !cells.isEmpty { cells += Cell.cells(" ", style: .plain) }
            switch piece {
            case .flow(let flow): cells += flow
            case .preformatted(let lines): cells += Cell.cells(lines.joined(separator: " "), style: .plain)
            case .image: cells += Cell.cells("[image]", style: .plain)
            }
        }
        return cells
    }

    // MARK: - Inlines

    /// Inline content cut at hard line breaks and block-like math.
    enum Piece {
        case flow([Cell])
        case preformatted([String])
        /// Image lines made by the caller, shown as they are.
        case image([String], columns: Int)
    }

    static func layout(_ pieces: [Piece], context: Context) -> [Line] {
        var lines: [Line] = []
        for piece in pieces {
            switch piece {
            case .flow(let cells): lines += Layout.wrap(cells, width: context.width)
            case .preformatted(let raw): lines += preformatted(raw, context: context)
            case .image(let raw, let columns):
                lines += raw.map { [Cell(text: $0, width: min(columns, context.width), style: .plain, breakable: false)] }
            }
        }
        return lines
    }

    static func inlinePieces(_ nodes: [MarkdownNode], base: TextStyle, context: Context) -> [Piece] {
        var builder = InlineBuilder(context: context)
        builder.add(nodes, style: base)
        return builder.finish()
    }

    struct InlineBuilder {
        let context: Context
        var pieces: [Piece] = []
        var current: [Cell] = []

        init(context: Context) {
            self.context = context
        }

        mutating func text(_ raw: String, style: TextStyle) {
            current += Cell.cells(UntrustedText.sanitized(raw), style: style)
        }

        mutating func breakLine() {
            pieces.append(.flow(current))
            current = []
        }

        mutating func finish() -> [Piece] {
            if !current.isEmpty || pieces.isEmpty { pieces.append(.flow(current)) }
            current = []
            return pieces
        }

        mutating func add(_ nodes: [MarkdownNode], style: TextStyle) {
            for node in nodes { add(node, style: style) }
        }

        mutating func add(_ node: MarkdownNode, style: TextStyle) {
            var inner = style
            switch node.kind {
            case .text(let literal):
                text(literal, style: style)
            case .softBreak:
                text(" ", style: style)
            case .lineBreak:
                breakLine()
            case .code(let literal):
                inner.reverse = true
                text(literal, style: inner)
            case .htmlInline:
                break
            case .emphasis:
                inner.italic = true
                add(node.children, style: inner)
            case .strong:
                inner.bold = true
                add(node.children, style: inner)
            case .strikethrough:
                inner.strikethrough = true
                add(node.children, style: inner)
            case .link(let destination, _):
                inner.underline = true
                add(node.children, style: inner)
                let label = node.plainText
                if !destination.isEmpty, destination != label, destination != "mailto:" + label {
                    var dim = style
                    dim.dim = true
                    text(" ", style: style)
                    text("<" + destination + ">", style: dim)
                }
            case .image(let source, _):
                let alt = node.plainText
                inner.dim = true
                switch context.images?(MarkdownImage(source: source, alt: alt, columns: context.width)) {
                case .text(let shown)?:
                    text(shown, style: inner)
                case .block(let lines, let columns)?:
                    if !current.isEmpty { breakLine() }
                    pieces.append(.image(lines, columns: columns))
                case nil:
                    text("[image: " + (alt.isEmpty ? source : alt) + "]", style: inner)
                }
            case .math(let tex, let display):
                let width = display ? max(1, context.width - 2) : context.width
                if !context.showsRawMath,
                    let lines = MarkdownRenderer.renderedMath(tex, display: display, width: width, macros: context.macros)
                {
                    if !display, lines.count == 1 {
                        // Kept on one line when it fits.
                        let math = UntrustedText.sanitized(lines[0])
                        current += Cell.cells(math, style: style, breakable: DisplayWidth.of(math) > context.width)
                    } else {
                        if !current.isEmpty { breakLine() }
                        pieces.append(.preformatted(lines))
                    }
                } else {
                    let collapsed = tex.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    if display {
                        if !current.isEmpty { breakLine() }
                        text("$$" + collapsed + "$$", style: style)
                        breakLine()
                    } else {
                        text("$" + collapsed + "$", style: style)
                    }
                }
            default:
                add(node.children, style: style)
            }
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}

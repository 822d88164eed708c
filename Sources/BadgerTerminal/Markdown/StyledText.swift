import BadgerDeck

/// How a run of terminal text is decorated. Emitted only as SGR sequences (`ESC[…m`), and only
/// when color is on.
struct TextStyle: Equatable, Sendable {
    var bold = false
    var dim = false
    var italic = false
    var underline = false
    var reverse = false
    var strikethrough = false
    var color: RGBColor?

    static let plain = TextStyle()

    /// The SGR parameters that turn this style on from a reset terminal.
    var parameters: [String] {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if italic { codes.append("3") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        if strikethrough { codes.append("9") }
        if let color { codes.append("38;2;\(color.r);\(color.g);\(color.b)") }
        return codes
    }
}

/// One grapheme cluster of sanitized text with its display width and style.
struct Cell: Equatable, Sendable {
    var text: String
    var width: Int
    var style: TextStyle
    /// False for a space that must not break a line (inside inline math).
    var breakable = true

    var isSpace: Bool { text == " " && breakable }

    static func cells(_ text: String, style: TextStyle, breakable: Bool = true) -> [Cell] {
        text.map { character in
            let text = character == "\t" ? " " : String(character)
            return Cell(text: text, width: DisplayWidth.of(character), style: style, breakable: breakable)
        }
    }
}

/// A laid-out line: cells whose widths add up to at most the width it was laid out for.
typealias Line = [Cell]

/// Terminal display width, in cells: 2 for East Asian wide characters and emoji, 0 for combining
/// marks and zero-width characters, else 1 (the same table as `TextDiagnosticFormatter`).
extension DisplayWidth {
    static func of(_ line: Line) -> Int {
        line.reduce(0) { $0 + $1.width }
    }
}

enum Layout {
    /// Word-wraps `cells` to `width`: breaks at spaces (runs of spaces collapse to one, and
    /// none is kept at a line's start or end) and around wide characters, and breaks words
    /// longer than `width`.
    static func wrap(_ cells: [Cell], width: Int) -> [Line] {
        let width = max(1, width)
        var lines: [Line] = []
        var line: Line = []
        var lineWidth = 0
        var pendingSpace: Cell?
        var index = 0
        while index < cells.count {
            if cells[index].isSpace {
                if pendingSpace == nil { pendingSpace = cells[index] }
                index += 1
                continue
            }
            // A word runs to the next space; a wide (CJK) character is a word of its own, since
            // such text may break between any two characters.
            var end = index
            var wordWidth = 0
            while end < cells.count, !cells[end].isSpace, end == index || (cells[end].width < 2 && cells[end - 1].width < 2) {
                wordWidth += cells[end].width
                end += 1
            }
            // Zero-width cells stay with what they follow.
            while end < cells.count, cells[end].width == 0, !cells[end].isSpace { end += 1 }
            let word = cells[index..<end]
            index = end
            let space = line.isEmpty ? nil : pendingSpace
            pendingSpace = nil
            if lineWidth + (space == nil ? 0 : 1) + wordWidth <= width || (space == nil && !line.isEmpty && wordWidth == 0) {
                if let space {
                    line.append(space)
                    lineWidth += 1
                }
                line += word
                lineWidth += wordWidth
            } else if wordWidth <= width {
                lines.append(line)
                line = Array(word)
                lineWidth = wordWidth
            } else {
                if !line.isEmpty {
                    lines.append(line)
                    line = []
                    lineWidth = 0
                }
                for cell in word {
                    if lineWidth + cell.width > width, !line.isEmpty {
                        lines.append(line)
                        line = []
                        lineWidth = 0
                    }
                    line.append(cell)
                    lineWidth += cell.width
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `line` cut to `width`, ending in `…` when something was cut.
    static func truncate(_ line: Line, width: Int) -> Line {
        guard DisplayWidth.of(line) > width else { return line }
        var result: Line = []
        var used = 0
        for cell in line {
            if used + cell.width > width - 1 { break }
            result.append(cell)
            used += cell.width
        }
        let style = result.last?.style ?? .plain
        result.append(Cell(text: "…", width: 1, style: style))
        return result
    }

    /// `line` padded with plain spaces to `width`, placed by `alignment`.
    static func pad(_ line: Line, width: Int, alignment: AlignmentKind) -> Line {
        let missing = max(0, width - DisplayWidth.of(line))
        let space = Cell(text: " ", width: 1, style: .plain)
        let left: Int
        switch alignment {
        case .left: left = 0
        case .center: left = missing / 2
        case .right: left = missing
        }
        return Array(repeating: space, count: left) + line + Array(repeating: space, count: missing - left)
    }

    enum AlignmentKind { case left, center, right }

    /// The text of `line` for the terminal. With color, each change of style resets and sets the
    /// new one, and a line never ends with a style still on, so nothing leaks into the next line
    /// (or into whatever is printed after). Trailing plain spaces are dropped.
    static func string(_ line: Line, usesColor: Bool) -> String {
        var cells = line[...]
        while let last = cells.last, last.isSpace, last.style == .plain { cells.removeLast() }
        guard usesColor else { return cells.map(\.text).joined() }
        var result = ""
        var current = TextStyle.plain
        for cell in cells {
            if cell.style != current {
                if current != .plain { result += "\u{1B}[0m" }
                if cell.style != .plain { result += "\u{1B}[" + cell.style.parameters.joined(separator: ";") + "m" }
                current = cell.style
            }
            result += cell.text
        }
        if current != .plain { result += "\u{1B}[0m" }
        return result
    }
}

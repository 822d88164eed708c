/// Finds LaTeX math spans by pandoc's `tex_math_dollars` rules.
///
/// Inline math `$…$`: the opening `$` is followed by a non-space character, the closing `$` is
/// preceded by a non-space character and not followed by a digit (so `$5 and $10` is not math).
/// Display math `$$…$$` closes at the next `$$`. A backslash escapes the next character, so `\$`
/// never closes, and math never runs across a line that starts with a card label. The scanner remembers its last search, so a paragraph full of unclosed dollars
/// is scanned once, not once per dollar.
struct MathScanner {
    /// What starts at a dollar sign.
    enum Match: Equatable {
        /// Math whose content is bytes `content`, ending just before byte `end`.
        case math(content: Range<Int>, end: Int, display: Bool)
        /// `$$` with no closing `$$` in the paragraph.
        case unclosedDisplay
        /// A `$` that opens inline math (not before a digit) but never closes.
        case unclosedInline
        /// A literal dollar.
        case literal
    }

    /// A finished search: from `from`, it found a closer at `found`, or none before `stop`
    /// (the end of the text, or a line starting with a card label).
    private struct Search {
        var owner: UInt
        var from: Int
        var found: Int?
        var stop: Int
    }

    private var lastInline: Search?
    private var lastDisplay: Search?

    /// Scans the dollar at `offset` of a paragraph identified by `owner`.
    ///
    /// - Parameters:
    ///   - owner: identifies the text being scanned; a new owner invalidates remembered searches.
    ///   - offset: the byte offset of a `$`.
    ///   - byte: the byte at an offset, or 0 past the end.
    mutating func scan(owner: UInt, at offset: Int, byte: (Int) -> UInt8) -> Match {
        let next = byte(offset + 1)
        if next == UInt8(ascii: "$") {
            guard let closer = search(&lastDisplay, owner: owner, from: offset + 2, byte: byte, display: true)
            else { return .unclosedDisplay }
            return .math(content: (offset + 2)..<closer, end: closer + 2, display: true)
        }
        if next == 0 || Self.isSpace(next) { return .literal }
        guard let closer = search(&lastInline, owner: owner, from: offset + 2, byte: byte, display: false)
        else { return Self.isDigit(next) ? .literal : .unclosedInline }
        return .math(content: (offset + 1)..<closer, end: closer + 1, display: false)
    }

    private func search(
        _ memo: inout Search?, owner: UInt, from start: Int, byte: (Int) -> UInt8,
        display: Bool
    ) -> Int? {
        // A later search within the span already scanned has the same answer.
        if let last = memo, last.owner == owner, start >= last.from, start <= (last.found ?? last.stop) {
            return last.found
        }
        var index = start
        var found: Int?
        while true {
            let current = byte(index)
            if current == 0 { break }
            if current == 0x0A, Self.labelStarts(after: index, byte: byte) { break }
            if current == UInt8(ascii: "\\") {
                index += byte(index + 1) == 0 ? 1 : 2
                continue
            }
            if current == UInt8(ascii: "$"),
                display ? byte(index + 1) == UInt8(ascii: "$") : (!Self.isSpace(byte(index - 1)) && !Self.isDigit(byte(index + 1)))
            {
                found = index
                break
            }
            index += 1
        }
        memo = Search(owner: owner, from: start, found: found, stop: index)
        return found
    }

    /// Whether the line after the newline at `index` starts with a card label: math never runs
    /// across one, so a stray `$` cannot swallow the next field.
    private static func labelStarts(after index: Int, byte: (Int) -> UInt8) -> Bool {
        var start = index + 1
        while byte(start) == 0x20 || byte(start) == 0x09 { start += 1 }
        var window: [UInt8] = []
        for offset in start..<start + 13 { window.append(byte(offset)) }
        return CardLabel.match(window, at: 0) != nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

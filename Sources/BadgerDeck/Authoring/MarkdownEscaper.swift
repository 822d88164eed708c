/// Turns plain text (a CSV cell, a field typed at a prompt) into a field's Markdown that says
/// exactly that text, and back.
///
/// **What "exactly" means.** The text is plain text except for LaTeX math, which stays math:
/// `$…$` and `$$…$$` spans, found by the same rules the deck parser uses (`Grammar/Spec.md` §9),
/// are written verbatim. Everything else that Markdown or the deck format would read as structure
/// is escaped. At the start of a line, `#`, `>`, `-`, `+`, `=` and `1.` get a backslash (headings,
/// quotes, lists, thematic breaks, setext underlines), and a card label (`A: …`) gets an invisible
/// `&#8203;` (U+200B ZERO WIDTH SPACE) in front: the parser finds labels in the parsed text,
/// where `A\:` or `A&#58;` would read `A:` again. Anywhere, a backslash goes before `\`, `*`,
/// `_`, `` ` ``, `|`, `~`, `[`, `<`, `&` and every `$` that is not math. So:
///
/// - the field's compiled Markdown, given to `unescape(_:)`, is the text again, byte for byte;
/// - the field parses to paragraphs only (no headings, lists, tables, code, HTML, links,
///   emphasis), whose text nodes, line breaks and math spans spell the text (with a zero-width
///   space before a line that starts like a label). That is what "exactly" means here: the HTML
///   shows the text's characters, and nothing of it turns into markup or another field.
///
/// The text is first `normalized(_:)`: line breaks become LF and every line loses its leading
/// and trailing spaces and tabs (Markdown would drop or misread them: four leading spaces make
/// code, two trailing spaces a hard break), and leading and trailing blank lines go. Blank lines
/// inside the text stay (the field runs on through them). A math span that would not survive as
/// math (a continuation line that would start a block, or a blank line inside it) is written as
/// plain text with escaped dollars instead.
public enum MarkdownEscaper {
    /// The text as a field can hold it: LF line breaks, no blanks at the ends of lines, no blank
    /// lines at the start or end.
    public static func normalized(_ text: String) -> String {
        var utf8 = text.utf8
        if let fast = utf8.withContiguousStorageIfAvailable({ normalizedBytes($0) }) { return fast }
        var copy = text
        copy.makeContiguousUTF8()
        utf8 = copy.utf8
        return utf8.withContiguousStorageIfAvailable { normalizedBytes($0) } ?? ""
    }

    private static func normalizedBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingNewlines = 0
        var index = 0
        while index <= bytes.count {
            // One line: [index, end).
            var end = index
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            var first = index
            var last = end
            while first < last, isBlank(bytes[first]) { first += 1 }
            while last > first, isBlank(bytes[last - 1]) { last -= 1 }
            if first < last {
                if !output.isEmpty { output.append(contentsOf: repeatElement(0x0A, count: pendingNewlines)) }
                output.append(contentsOf: bytes[first..<last])
                pendingNewlines = 0
            }
            pendingNewlines += 1
            if end < bytes.count, bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A { end += 1 }
            index = end + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The field Markdown that says `text` (normalized first). The first line is meant to follow
    /// a label on the same line (`Q: …`), so it gets no line-start escapes.
    public static func escape(_ text: String) -> String {
        let bytes = Array(normalized(text).utf8)
        let math = mathSpans(in: bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8 + 4)
        var spanIndex = 0
        var index = 0
        while index < bytes.count {
            if spanIndex < math.count, math[spanIndex].lowerBound == index {
                output.append(contentsOf: bytes[math[spanIndex]])
                index = math[spanIndex].upperBound
                spanIndex += 1
                continue
            }
            if index > 0, bytes[index - 1] == 0x0A {
                index = escapeLineStart(bytes, at: index, into: &output)
                if index >= bytes.count || (spanIndex < math.count && math[spanIndex].lowerBound == index) { continue }
            }
            let byte = bytes[index]
            if inlineSpecials.contains(byte) { output.append(backslash) }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The text a field's Markdown says: backslash escapes outside math removed, math verbatim.
    /// The inverse of `escape(_:)` for normalized text; for hand-written Markdown it removes the
    /// escapes and leaves other markup (`*emphasis*`, `&amp;`) as written.
    public static func unescape(_ markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var scanner = MathScanner()
        let byte: (Int) -> UInt8 = { $0 >= 0 && $0 < bytes.count ? bytes[$0] : 0 }
        var index = 0
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "&"), index == 0 || bytes[index - 1] == 0x0A,
                bytes[index...].starts(with: labelGuard), CardLabel.match(bytes, at: index + labelGuard.count) != nil
            {
                index += labelGuard.count
            } else if current == backslash, index + 1 < bytes.count, isASCIIPunctuation(bytes[index + 1]) {
                output.append(bytes[index + 1])
                index += 2
            } else if current == dollar {
                switch scanner.scan(owner: 0, at: index, byte: byte) {
                case .math(_, let end, _):
                    output.append(contentsOf: bytes[index..<end])
                    index = end
                case .unclosedDisplay:
                    output.append(contentsOf: [dollar, dollar])
                    index += 2
                case .literal, .unclosedInline:
                    output.append(dollar)
                    index += 1
                }
            } else {
                output.append(current)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: - Math

    /// The byte ranges (dollars included) of the math spans of normalized text that can be
    /// written verbatim.
    static func mathSpans(in bytes: [UInt8]) -> [Range<Int>] {
        guard bytes.contains(dollar) else { return [] }
        var spans: [Range<Int>] = []
        var scanner = MathScanner()
        let byte: (Int) -> UInt8 = { $0 >= 0 && $0 < bytes.count ? bytes[$0] : 0 }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == dollar else {
                index += 1
                continue
            }
            switch scanner.scan(owner: 0, at: index, byte: byte) {
            case .math(_, let end, _):
                if isSafeMath(bytes[index..<end]) {
                    spans.append(index..<end)
                    index = end
                } else {
                    index += 1
                }
            case .unclosedDisplay:
                index += 2
            case .literal, .unclosedInline:
                index += 1
            }
        }
        return spans
    }

    /// Whether a math span spread over several lines stays one span in a paragraph: none of its
    /// continuation lines may be blank or start a block (or a card label).
    private static func isSafeMath(_ span: ArraySlice<UInt8>) -> Bool {
        var index = span.startIndex
        while let newline = span[index...].firstIndex(of: 0x0A) {
            index = newline + 1
            guard index < span.endIndex, span[index] != 0x0A else { return false }
            if lineStartNeedsEscape(Array(span[index...].prefix(16)), at: 0) { return false }
            if "*_|<~[`".utf8.contains(span[index]) { return false }
        }
        return true
    }

    // MARK: - Escaping

    /// Written before a line that starts like a card label: U+200B ZERO WIDTH SPACE.
    static let labelGuard = Array("&#8203;".utf8)
    private static let backslash = UInt8(ascii: "\\")
    private static let dollar = UInt8(ascii: "$")
    /// Bytes escaped wherever they stand (outside math).
    private static let inlineSpecials: Set<UInt8> = Set("\\*_`|~[<&$".utf8)

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    private static func isBlankOrEnd(_ bytes: [UInt8], _ index: Int) -> Bool {
        index >= bytes.count || bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
    }

    /// Whether the line starting at `index` starts a block or a label unless escaped.
    static func lineStartNeedsEscape(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "="): return true
        case UInt8(ascii: "+"): return isBlankOrEnd(bytes, index + 1)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return orderedMarkerEnd(bytes, at: index) != nil
        default: return CardLabel.match(bytes, at: index) != nil
        }
    }

    /// For `12.` or `3)` followed by a blank or the end of the line, the index of the `.` or `)`.
    private static func orderedMarkerEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        var end = index
        while end < bytes.count, end - index < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        guard end > index, end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"),
            isBlankOrEnd(bytes, end + 1)
        else { return nil }
        return end
    }

    /// Writes the escaped start of the line at `index` and returns where ordinary escaping goes on.
    private static func escapeLineStart(_ bytes: [UInt8], at index: Int, into output: inout [UInt8]) -> Int {
        guard lineStartNeedsEscape(bytes, at: index) else { return index }
        switch bytes[index] {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "="), UInt8(ascii: "+"):
            output.append(backslash)
            output.append(bytes[index])
            return index + 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = orderedMarkerEnd(bytes, at: index)!
            output.append(contentsOf: bytes[index..<end])
            output.append(backslash)
            output.append(bytes[end])
            return end + 1
        default:
            // The parser finds labels in the parsed text, after escapes and entities are
            // resolved, so `A\:` would still be a label: an invisible zero-width space in front
            // keeps the line text.
            output.append(contentsOf: labelGuard)
            return index
        }
    }
}

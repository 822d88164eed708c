/// The bytes of a deck file, indexed by line, for slicing out exactly what the author wrote.
///
/// A UTF-8 byte-order mark is dropped (columns on line 1 count from after it). Lines end at
/// LF, CR LF or a CR alone (as cmark-gfm and editors read them); a CR before the LF is not part
/// of the line, and a CR alone is read as an LF.
public struct SourceText: Sendable {
    let bytes: [UInt8]
    /// Byte offset where each line starts; `lineStarts[0]` is line 1.
    let lineStarts: [Int]
    /// Whether the file started with a byte-order mark.
    let hadByteOrderMark: Bool

    init(_ data: [UInt8]) {
        var bytes = data
        if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = Array(data.dropFirst(3))
            hadByteOrderMark = true
        } else {
            hadByteOrderMark = false
        }
        // A CR alone ends a line: made an LF, one byte for one, so that offsets stay.
        if let first = bytes.firstIndex(of: 0x0D) {
            for index in first..<bytes.count where bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
                bytes[index] = 0x0A
            }
        }
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    /// The bytes of 1-based `line`, without its line ending.
    func line(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= lineStarts.count else { return [] }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<max(start, end)]
    }

    /// The text from `column` (1-based byte column) of `startLine` through the end of `endLine`,
    /// lines joined with LF.
    func text(fromLine startLine: Int, column: Int, throughLine endLine: Int) -> String {
        String(decoding: joinedBytes(fromLine: startLine, column: column, throughLine: endLine), as: UTF8.self)
    }

    /// Like `text(fromLine:column:throughLine:)`, without leading and trailing white space.
    func trimmedText(fromLine startLine: Int, column: Int, throughLine endLine: Int) -> String {
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // One line, the common case, is decoded straight from the file's bytes.
        let bytes =
            startLine == endLine
            ? line(startLine).dropFirst(max(column - 1, 0)) : joinedBytes(fromLine: startLine, column: column, throughLine: endLine)[...]
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// Where the first non-blank byte from `column` of `startLine` through `endLine` stands: where
    /// `trimmedText(fromLine:column:throughLine:)` starts. Nil when all of it is blank.
    func firstNonBlank(fromLine startLine: Int, column: Int, throughLine endLine: Int) -> SourceLocation? {
        guard startLine <= endLine else { return nil }
        for number in startLine...endLine {
            let slice = line(number)
            let from = number == startLine ? slice.startIndex + min(max(column - 1, 0), slice.count) : slice.startIndex
            if let index = slice[from...].firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                return SourceLocation(line: number, column: index - slice.startIndex + 1)
            }
        }
        return nil
    }

    private func joinedBytes(fromLine startLine: Int, column: Int, throughLine endLine: Int) -> [UInt8] {
        guard startLine <= endLine else { return [] }
        var result: [UInt8] = []
        for number in startLine...endLine {
            var slice = line(number)
            if number == startLine { slice = slice.dropFirst(max(column - 1, 0)) }
            if number > startLine { result.append(0x0A) }
            result.append(contentsOf: slice)
        }
        return result
    }

    /// The 1-based column where `line`'s content starts: after blanks and block quote markers.
    func contentStartColumn(_ line: Int) -> Int {
        let slice = self.line(line)
        let index = slice.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") } ?? slice.endIndex
        return index - slice.startIndex + 1
    }

    /// The byte offsets where `line`'s content starts and ends (without its line ending).
    private func bounds(_ line: Int) -> (start: Int, end: Int)? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return (start, max(start, end))
    }

    /// The 1-based column of the first byte on `line` that is not a space or tab.
    func firstNonBlankColumn(_ line: Int) -> Int {
        guard let (start, end) = bounds(line) else { return 1 }
        var index = start
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index - start + 1
    }

    /// Where byte `offset` of the file (after any BOM) is.
    func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// The label at the first non-blank byte of `line`, if any.
    func label(onLine line: Int) -> (label: CardLabel, column: Int, length: Int)? {
        guard let (start, end) = bounds(line) else { return nil }
        var index = start
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        // A label is at most 12 bytes ("explanation:"); look no further.
        guard index < end, let (label, length) = CardLabel.match(bytes[index..<min(end, index + 13)], at: index) else { return nil }
        return (label, index - start + 1, length)
    }

    /// The lines among `lines` that start inside a code span opened on an earlier line, found by
    /// CommonMark's backtick rule: a run of n backticks opens a span that the next run of
    /// exactly n backticks closes. A backslash does not escape inside a span.
    func linesStartingInsideCodeSpans(_ lines: ClosedRange<Int>) -> Set<Int> {
        var inside: Set<Int> = []
        // Lines inside the span now open; they count only once it closes, since a run of
        // backticks that never closes is text, not a span.
        var pending: [Int] = []
        var openRun = 0
        for number in lines {
            if openRun > 0 { pending.append(number) }
            let bytes = line(number)
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), openRun == 0 {
                    index += 2
                    continue
                }
                guard byte == UInt8(ascii: "`") else {
                    index += 1
                    continue
                }
                var run = 0
                while index < bytes.endIndex, bytes[index] == UInt8(ascii: "`") {
                    run += 1
                    index += 1
                }
                if openRun == 0 {
                    openRun = run
                } else if run == openRun {
                    openRun = 0
                    inside.formUnion(pending)
                    pending = []
                }
            }
        }
        return inside
    }

    /// Where the first byte that is not UTF-8 is: its offset in the file (a byte-order mark
    /// counted) and its line and column; nil for valid UTF-8.
    func firstInvalidUTF8() -> (offset: Int, location: SourceLocation)? {
        guard let offset = Self.firstInvalidUTF8Offset(bytes) else { return nil }
        return (offset + (hadByteOrderMark ? 3 : 0), location(ofOffset: offset))
    }

    /// `firstInvalidUTF8()` of the file `data`.
    public static func firstInvalidUTF8(in data: [UInt8]) -> (offset: Int, location: SourceLocation)? {
        // A valid file (nearly every one) is checked without building the line table.
        firstInvalidUTF8Offset(data) == nil ? nil : SourceText(data).firstInvalidUTF8()
    }

    /// Where byte `offset` of the file `data` (counted after a byte-order mark) is: its line (LF,
    /// CR LF and a CR alone end one) and 1-based byte column.
    public static func location(ofOffset offset: Int, in data: [UInt8]) -> SourceLocation {
        SourceText(data).location(ofOffset: offset)
    }

    /// The offset of the first byte that is not valid UTF-8, or nil if the file is valid.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        // The standard library validates quickly; find the offset only for a bad file.
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

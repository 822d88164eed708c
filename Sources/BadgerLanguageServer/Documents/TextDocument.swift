import BadgerDeck

/// The text of a deck as the editor has it, indexed by line, converting between the protocol's
/// positions and the library's locations.
///
/// Lines end at LF (a CR before it belongs to the line ending), as the library counts them. The
/// library's columns are 1-based UTF-8 bytes and on line 1 start after a byte-order mark; the
/// protocol's are 0-based in the negotiated encoding and count the mark as a character.
public struct TextDocument: Sendable {
    public let uri: String
    public private(set) var version: Int?
    public private(set) var bytes: [UInt8]
    /// Byte offset where each line starts.
    private var lineStarts: [Int] = [0]

    public init(uri: String, version: Int?, text: String) {
        self.init(uri: uri, version: version, bytes: Array(text.utf8))
    }

    public init(uri: String, version: Int?, bytes: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        indexLines()
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public var lineCount: Int { lineStarts.count }

    /// The bytes of 0-based `line` without its line ending; empty past the end.
    public func line(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 0, line < lineStarts.count else { return [] }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<end]
    }

    /// Applies the editor's changes in order.
    public mutating func apply(_ changes: [TextDocumentContentChangeEvent], version: Int?, encoding: PositionEncoding) {
        for change in changes {
            if let range = change.range {
                let start = offset(of: range.start, encoding: encoding)
                let end = max(start, offset(of: range.end, encoding: encoding))
                bytes.replaceSubrange(start..<end, with: change.text.utf8)
            } else {
                bytes = Array(change.text.utf8)
            }
            indexLines()
        }
        self.version = version
    }

    /// The byte offset in the document of a protocol position; positions past a line's end or
    /// past the last line are clamped to them.
    public func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let line = self.line(position.line)
        return line.startIndex + encoding.byteCount(covering: position.character, in: line)
    }

    /// The protocol position of a library location (1-based line, 1-based byte column).
    public func position(of location: SourceLocation, encoding: PositionEncoding) -> Position {
        let lineIndex = min(max(location.line - 1, 0), lineStarts.count - 1)
        let line = self.line(lineIndex)
        let byteColumn = min(max(location.column - 1, 0) + markLength(onLine: lineIndex), line.count)
        return Position(line: lineIndex, character: encoding.units(in: line.prefix(byteColumn)))
    }

    /// The library location of a protocol position.
    public func location(of position: Position, encoding: PositionEncoding) -> SourceLocation {
        let lineIndex = min(max(position.line, 0), lineStarts.count - 1)
        let line = self.line(lineIndex)
        let byteColumn = encoding.byteCount(covering: position.character, in: line)
        return SourceLocation(line: lineIndex + 1, column: max(byteColumn - markLength(onLine: lineIndex), 0) + 1)
    }

    /// The protocol range of a library range.
    public func range(of range: SourceRange, encoding: PositionEncoding) -> Range {
        Range(start: position(of: range.start, encoding: encoding), end: position(of: range.end, encoding: encoding))
    }

    /// The line's text before `position`, as a string.
    func linePrefix(before position: Position, encoding: PositionEncoding) -> String {
        let line = self.line(position.line)
        return String(decoding: line.prefix(encoding.byteCount(covering: position.character, in: line)), as: UTF8.self)
    }

    /// The byte-order mark's length if `line` is the first and starts with one.
    private func markLength(onLine line: Int) -> Int {
        line == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    private mutating func indexLines() {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }
}

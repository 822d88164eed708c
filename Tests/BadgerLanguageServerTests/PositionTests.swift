import BadgerDeck
import Testing

@testable import BadgerLanguageServer

@Suite struct PositionTests {
    // "a😀é" then CRLF, then "x": 😀 is 4 UTF-8 bytes and 2 UTF-16 units, é is 2 bytes and 1 unit.
    let document = TextDocument(uri: "file:///d.md", version: 1, text: "a😀é\r\nx\n")

    @Test func negotiatesUTF8OnlyWhenOffered() {
        #expect(PositionEncoding.negotiated(from: nil) == .utf16)
        #expect(PositionEncoding.negotiated(from: ["utf-16"]) == .utf16)
        #expect(PositionEncoding.negotiated(from: ["utf-32", "utf-8", "utf-16"]) == .utf8)
    }

    @Test func convertsLibraryColumnsToUTF16AndUTF8() {
        // Column 6 (1-based bytes) is after 😀; column 8 after é; column 9 is the CR, past the line.
        #expect(document.position(of: SourceLocation(line: 1, column: 6), encoding: .utf16) == Position(line: 0, character: 3))
        #expect(document.position(of: SourceLocation(line: 1, column: 6), encoding: .utf8) == Position(line: 0, character: 5))
        #expect(document.position(of: SourceLocation(line: 1, column: 8), encoding: .utf16) == Position(line: 0, character: 4))
        #expect(document.position(of: SourceLocation(line: 1, column: 9), encoding: .utf16) == Position(line: 0, character: 4))
        #expect(document.position(of: SourceLocation(line: 1, column: .max), encoding: .utf8) == Position(line: 0, character: 7))
        #expect(document.position(of: SourceLocation(line: 2, column: 2), encoding: .utf16) == Position(line: 1, character: 1))
    }

    @Test func convertsProtocolPositionsToLibraryLocations() {
        #expect(document.location(of: Position(line: 0, character: 3), encoding: .utf16) == SourceLocation(line: 1, column: 6))
        // Between the two halves of the surrogate pair: before the emoji.
        #expect(document.location(of: Position(line: 0, character: 2), encoding: .utf16) == SourceLocation(line: 1, column: 2))
        // Inside a UTF-8 sequence: back to its start.
        #expect(document.location(of: Position(line: 0, character: 3), encoding: .utf8) == SourceLocation(line: 1, column: 2))
        // Past the end of the line (the CR is not part of it) and past the last line.
        #expect(document.location(of: Position(line: 0, character: 99), encoding: .utf16) == SourceLocation(line: 1, column: 8))
        #expect(document.location(of: Position(line: 9, character: 0), encoding: .utf16) == SourceLocation(line: 3, column: 1))
    }

    @Test func countsTheByteOrderMarkAsACharacterOnTheFirstLineOnly() {
        let marked = TextDocument(uri: "file:///d.md", version: 1, text: "\u{FEFF}ab\nc")
        // The library's column 1 on line 1 is after the mark.
        #expect(marked.position(of: SourceLocation(line: 1, column: 1), encoding: .utf16) == Position(line: 0, character: 1))
        #expect(marked.position(of: SourceLocation(line: 1, column: 2), encoding: .utf8) == Position(line: 0, character: 4))
        #expect(marked.location(of: Position(line: 0, character: 2), encoding: .utf16) == SourceLocation(line: 1, column: 2))
        #expect(marked.position(of: SourceLocation(line: 2, column: 1), encoding: .utf16) == Position(line: 1, character: 0))
    }
}

@Suite struct DocumentEditTests {
    static func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> Range {
        Range(start: Position(line: startLine, character: startCharacter), end: Position(line: endLine, character: endCharacter))
    }

    @Test func appliesIncrementalChangesInOrder() {
        var document = TextDocument(uri: "file:///d.md", version: 1, text: "Q: 😀 one\nA: two\n")
        document.apply(
            [
                .init(range: Self.range(0, 6, 0, 9), text: "uno"),  // after the emoji (2 UTF-16 units)
                .init(range: Self.range(1, 3, 1, 6), text: "dos\nE: tres"),
                .init(range: Self.range(2, 0, 2, 0), text: "H: "),
            ], version: 2, encoding: .utf16)
        #expect(document.text == "Q: 😀 uno\nA: dos\nH: E: tres\n")
        #expect(document.version == 2)
        #expect(document.lineCount == 4)
    }

    @Test func appliesUTF8ColumnsAndFullReplacement() {
        var document = TextDocument(uri: "file:///d.md", version: 1, text: "é x\r\ny")
        document.apply([.init(range: Self.range(0, 3, 0, 4), text: "z")], version: 2, encoding: .utf8)
        #expect(document.text == "é z\r\ny")
        document.apply([.init(range: Self.range(0, 99, 1, 0), text: "")], version: 3, encoding: .utf8)
        // The end of line 0 is before its CR: deleting to the start of line 1 takes the CRLF.
        #expect(document.text == "é zy")
        document.apply([.init(range: nil, text: "new")], version: 4, encoding: .utf16)
        #expect(document.text == "new")
    }

    @Test func clampsARangeThatRunsBackwards() {
        var document = TextDocument(uri: "file:///d.md", version: 1, text: "abc")
        document.apply([.init(range: Self.range(0, 2, 0, 1), text: "X")], version: 2, encoding: .utf16)
        #expect(document.text == "abXc")
    }
}

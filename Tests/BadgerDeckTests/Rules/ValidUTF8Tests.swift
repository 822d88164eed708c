import Testing

@testable import BadgerDeck

@Suite struct ValidUTF8Tests {
    static let rule = "ValidUTF8"

    /// Lints `before`, one invalid byte sequence, and `after`; the marker 1️⃣ must end `before`.
    static func lintWithBadBytes(_ before: String, _ bad: [UInt8], _ after: String, bom: Bool = false) throws -> (
        [Diagnostic], Location
    ) {
        let marked = MarkedText(before)
        let bytes = (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(marked.textWithoutMarkers.utf8) + bad + Array(after.utf8)
        return (try lintBytes([("deck.md", bytes)]), marked["1️⃣"])
    }

    @Test func invalidByteIsAnErrorWithItsOffset() throws {
        // "# Title\n" is 8 bytes, "Some text\n" 10, "Q: ab" 5: the bad byte is at offset 23.
        let (all, location) = try Self.lintWithBadBytes("# Title\nSome text\nQ: ab1️⃣", [0xFF], "cd\nA: x\n")
        #expect(location == Location(line: 3, column: 6))
        #expect(all.map(Finding.init) == [Finding(file: "deck.md", location: location, rule: Self.rule)], "\(describe(all))")
        #expect(all.first?.message.contains("offset 23") == true, "\(describe(all))")
    }

    @Test func severityIsError() throws {
        let (all, _) = try Self.lintWithBadBytes("1️⃣", [0xFF], "")
        expectSeverity(all, .error, rule: Self.rule)
    }

    @Test func validUTF8HasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: Was heißt 🦡 auf Französisch?\nA: blaireau — ça va\n"))
    }

    @Test func offsetCountsTheByteOrderMarkButColumnsDoNot() throws {
        let (all, location) = try Self.lintWithBadBytes("---\ntopic: T\n---\nQ: é1️⃣", [0xC3, 0x28], "\n", bom: true)
        #expect(all.map(Finding.init) == [Finding(file: "deck.md", location: location, rule: Self.rule)], "\(describe(all))")
        // BOM 3 + "---\n" 4 + "topic: T\n" 9 + "---\n" 4 + "Q: é" 5 = 25.
        #expect(all.first?.message.contains("offset 25") == true, "\(describe(all))")
    }

    @Test func crlfLineEndingsKeepLinesRight() throws {
        let (all, location) = try Self.lintWithBadBytes("---\r\ntopic: T\r\n---\r\nQ: 1️⃣", [0x80], "\r\n")
        #expect(location == Location(line: 4, column: 4))
        #expect(all.map(Finding.init) == [Finding(file: "deck.md", location: location, rule: Self.rule)], "\(describe(all))")
        #expect(all.first?.message.contains("offset 23") == true, "\(describe(all))")
    }

    @Test(arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func overlongSurrogateOutOfRangeAndTruncatedSequencesAreInvalid(_ bad: [UInt8]) throws {
        let (all, location) = try Self.lintWithBadBytes("Q: x1️⃣", bad, "")
        #expect(all.map(Finding.init) == [Finding(file: "deck.md", location: location, rule: Self.rule)], "\(describe(all))")
        #expect(all.first?.message.contains("offset 4") == true, "\(describe(all))")
    }
}

import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerDeck

/// How a deck file becomes cards: labels, fields, sections, encodings.
@Suite struct DeckParserTests {
    func parse(_ text: String) -> ParsedDeck {
        parse(Array(text.utf8))
    }

    func parse(_ bytes: [UInt8]) -> ParsedDeck {
        DeckParser.parse(bytes, file: DeckFile(displayPath: "d.md", absolutePath: "/c/d.md", collectionRoot: "/c"))
    }

    func fields(_ deck: ParsedDeck) -> [[String]] {
        deck.cards.map { card in card.fields.map { "\($0.label.shortName)@\($0.labelRange.start): \($0.markdown)" } }
    }

    @Test func consecutiveLabelLinesNeedNoBlankLine() {
        let deck = parse("---\ntopic: T\n---\nQ: Hello\nA: Bonjour\nE: Used all day.\n")
        #expect(fields(deck) == [["Q@4:1: Hello", "A@5:1: Bonjour", "E@6:1: Used all day."]])
    }

    @Test func aFieldRunsThroughFollowingBlocksUntilTheNextLabel() {
        let deck = parse("---\ntopic: T\n---\n\nQ: q\nA: a\nE: first\n\n- item\n\n$$\nx\n$$\n\nlast\nQ: next\nA: b\n")
        #expect(deck.cards.count == 2)
        #expect(deck.cards[0].field(.explanation)?.markdown == "first\n\n- item\n\n$$\nx\n$$\n\nlast")
        #expect(deck.cards[0].field(.explanation)?.blocks.count == 4)
    }

    /// A table right under a label line used to lose the paragraph's position, so each field
    /// ran from the top of the file: wrong text, and memory growing with the square of the deck.
    @Test func aTableRightUnderALabelKeepsEveryFieldInPlace() {
        let card = "Q: Read table N\nA: 42\nE:\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        let text = "---\ntopic: T\n---\n\n" + (1...300).map { card.replacingOccurrences(of: "N", with: "\($0)") }.joined()
        let deck = parse(text)
        #expect(deck.cards.count == 300)
        let last = deck.cards[299]
        let written = last.fields.map { "\($0.label.shortName)@\($0.labelRange.start): \($0.markdown)" }
        #expect(written == ["Q@2098:1: Read table 300", "A@2099:1: 42", "E@2100:1: | a | b |\n|---|---|\n| 1 | 2 |"])
        #expect(last.lines == 2098...2103)
    }

    @Test func headingsAndThematicBreaksEndTheCard() {
        let deck = parse("---\ntopic: T\n---\n\nQ: one\nA: a\n\n# Next\n\nSome prose.\n\nE: stray\n\n---\n\nH: stray too\n")
        #expect(deck.cards.count == 1)
        #expect(deck.cards[0].field(.answer)?.markdown == "a")
        #expect(deck.strayFields.map(\.label) == [.explanation, .hint])
    }

    @Test func sectionsComeFromTheNearestHeading() {
        let deck = parse("---\ntopic: T\n---\n\nQ: none\nA: a\n\n## Greetings *and* more\n\nQ: one\nA: a\n")
        #expect(deck.cards.map(\.section) == [nil, "Greetings and more"])
    }

    @Test func labelsInsideListsQuotesCodeAndTablesAreText() {
        let deck = parse("---\ntopic: T\n---\n\nQ: q\nA: a\n\n- A: in a list\n\n> Q: in a quote\n\n```\nQ: in code\n```\n")
        #expect(deck.cards.count == 1)
        #expect(deck.cards[0].fields.count == 2)
    }

    @Test func labelsAreCaseInsensitiveAndHaveLongForms() {
        let deck = parse("---\ntopic: T\n---\n\nquestion: q\nANSWER: a\nexplanation: e\nHint: h\nreversed: yes\n")
        #expect(deck.cards.first?.fields.map(\.label) == [.question, .answer, .explanation, .hint, .reversed])
    }

    @Test func crlfAndAByteOrderMarkKeepLinesAndColumnsRight() {
        let text = "\u{FEFF}---\r\ntopic: T\r\n---\r\n\r\nQ: Hello\r\nA: Bonjour\r\nE: two\r\nlines\r\n"
        let deck = parse(text)
        #expect(fields(deck) == [["Q@5:1: Hello", "A@6:1: Bonjour", "E@7:1: two\nlines"]])
        #expect(deck.topic == "T")
    }

    /// A CR alone ends a line, as it does for cmark-gfm and editors: the deck reads as the same
    /// deck with LF (a question whose space became a CR is the same card), in every field and
    /// for every card after it.
    @Test func aCarriageReturnAloneEndsALineAsAnLFDoes() {
        let lf = "---\ntopic: T\n---\n\nQ: one\ntwo\nthree\nA: 1\n\nQ: What is the capital of France?\nA: Paris\n\nQ: What is 2+3?\nA: 5\n"
        let lone = lf.replacingOccurrences(of: "one\ntwo\nthree", with: "one\rtwo\rthree").replacingOccurrences(of: "5\n", with: "5\r")
        let (expected, deck) = (parse(lf), parse(lone))
        #expect(fields(deck) == fields(expected))
        #expect(fields(deck).count == 3)
        #expect(CardExpander.cards(of: deck).map(\.id) == CardExpander.cards(of: expected).map(\.id))
        #expect(CardExpander.cards(of: deck).map(\.line) == [5, 10, 13])
        // CR LF stays one line ending.
        #expect(fields(parse(lone.replacingOccurrences(of: "\r", with: "\r\n"))) == fields(expected))
    }

    @Test func indentedContinuationLabelsGetTheirRealColumn() {
        let deck = parse("---\ntopic: T\n---\n\nQ: q\n   A: indented\n")
        #expect(fields(deck) == [["Q@5:1: q", "A@6:4: indented"]])
    }

    @Test func columnsCountUTF8BytesAfterEmojiAndCJK() throws {
        let diagnostics = try lintText("---\ntopic: T\n---\n\nQ: 東京 🗼 $\\foo$\nA: a\n")
        let unknown = try #require(diagnostics.first { $0.ruleID == "LaTeXCommandKnown" })
        // "Q: " is 3 bytes, 東京 6, the space 1, 🗼 4, the space 1: the $ is byte 16.
        #expect(unknown.range.start == BadgerDeck.SourceLocation(line: 5, column: 16))
    }

    @Test func invalidUTF8StopsParsingAndRecordsTheOffset() {
        var bytes = Array("---\ntopic: T\n---\nQ: ".utf8)
        bytes += [0xC3, 0x28]
        let deck = parse(bytes)
        #expect(deck.invalidUTF8?.offset == 20)
        #expect(deck.invalidUTF8?.location == BadgerDeck.SourceLocation(line: 4, column: 4))
        #expect(deck.cards.isEmpty)
    }

    @Test func frontMatterDefaultsAndColor() {
        let deck = parse("---\ntopic: French\nreversed: true\ncolor: \"#059669\"\n---\nQ: a\nA: b\nR: no\n\nQ: c\nA: d\n")
        #expect(deck.topic == "French")
        #expect(deck.color == "#059669")
        #expect(CardExpander.cards(of: deck).map(\.direction) == [.forward, .forward, .reverse])
    }

    @Test func kindsAreInferredFromContent() {
        let deck = parse("---\ntopic: T\n---\nQ: text\nA: a\n\nQ: math answer\nA: $x$\n\nQ: ![i](i.png)\nA: $x$\n")
        #expect(CardExpander.cards(of: deck).map(\.kind) == [.text, .math, .image])
    }

    @Test func editingTheAnswerKeepsTheID() {
        let before = CardExpander.cards(of: parse("---\ntopic: T\n---\nQ: What is it?\nA: old\nE: old\n"))
        let after = CardExpander.cards(of: parse("---\ntopic: T\n---\n\n\nQ: What   is\nit?\nA: new\nE: new\n"))
        #expect(before.map(\.id) == after.map(\.id))
    }

    private func lintText(_ text: String) throws -> [Diagnostic] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("d.md", text)
        return try DeckCollection.load(
            [DeckFile(displayPath: "d.md", absolutePath: file.path, collectionRoot: directory.url.path)], fileAccess: LocalFileSystem()
        ).diagnostics
    }
}

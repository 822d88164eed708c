import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerDeck

/// The hand-written JSON of `badger compile` is, byte for byte, what `JSONEncoder` (through
/// `JSONOutput.text`) writes for the same `CompiledCollection`.
@Suite struct CompiledJSONWriterTests {
    /// The bundled `Decks/`, rendered; with `output`, compiled while loading instead of kept.
    static func bundledDecks(output: DeckCollection.CardOutput? = nil) throws -> DeckCollection {
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [PackagePaths.url("Decks").path])
        return try DeckCollection.load(
            files, fileAccess: fileAccess, options: .init(renderingHTML: true, keepingCards: output == nil, output: output))
    }

    @Test func bundledDecksAreWrittenAsJSONEncoderWritesThem() throws {
        let compiled = CompiledCollection(try Self.bundledDecks())
        #expect(compiled.cards.count >= 60)
        #expect(compiled.json() == (try JSONOutput.text(compiled)))
    }

    @Test func compilingWhileLoadingWritesTheSameTextInChunks() throws {
        let expected = try JSONOutput.text(CompiledCollection(try Self.bundledDecks()))
        let written = Written()
        let compiler = CollectionCompiler(write: { written.chunks.append(Array($0)) })
        let collection = try Self.bundledDecks(output: compiler.output)
        try compiler.finish(collection)
        #expect(collection.cards.isEmpty)
        #expect(collection.cardCount >= 60)
        #expect(String(decoding: written.chunks.joined(), as: UTF8.self) == expected)
    }

    @Test func largeDecksCompiledWhileLoadingAreWrittenAsJSONEncoderWritesThem() throws {
        // Parts larger than a chunk go to the output without passing through the buffer.
        var files: [String: [UInt8]] = [:]
        for deck in 0..<3 {
            var text = "---\ntopic: Topic \(deck)\nreversed: true\n---\n\n"
            for card in 0..<1500 {
                text += "Q: Question \(deck)-\(card) with \"quotes\", a \\ and $x^\(card)$?\nA: Answer \(card)\n"
                text += "E: An explanation\n\n- with\n- a list\n\n    and code\n\n"
            }
            files["/work/Decks/deck\(deck).md"] = Array(text.utf8)
        }
        let fileAccess = InMemoryFileSystem(files: files)
        let decks = (0..<3).map {
            DeckFile(displayPath: "Decks/deck\($0).md", absolutePath: "/work/Decks/deck\($0).md", collectionRoot: "/work/Decks")
        }
        let kept = try DeckCollection.load(decks, fileAccess: fileAccess, options: .init(renderingHTML: true))
        #expect(kept.cards.count == 9000)
        let expected = try JSONOutput.text(CompiledCollection(kept))
        let written = Written()
        let compiler = CollectionCompiler(write: { written.chunks.append(Array($0)) })
        let streamed = try DeckCollection.load(
            decks, fileAccess: fileAccess, options: .init(renderingHTML: true, keepingCards: false, output: compiler.output))
        try compiler.finish(streamed)
        #expect(written.chunks.count > 3)
        #expect(written.chunks.contains { $0.count > CollectionCompiler.chunkSize * 2 })
        #expect(String(decoding: written.chunks.joined(), as: UTF8.self) == expected)
    }

    @Test func trickyStringsAreEscapedAsJSONEncoderEscapesThem() throws {
        var controls = ""
        for value in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        let tricky = [
            "", "\"quoted\" and \\backslashed\\ and \\\"both\\\"", controls, "DEL \u{7F} NEL \u{85} NBSP \u{A0}",
            "line\u{2028}paragraph\u{2029}separators", "emoji 😀👩‍👩‍👧 flags 🇫🇷", "e\u{301} é ﬁ", "a/b//c </script> http://x.y/z",
            "tab\there\r\nCRLF\n", "\u{FEFF}BOM, \u{200F}bidi\u{202E}override", "$\\frac{a}{b}$ \\[x\\] `code` <b>&amp;</b>",
        ]
        var cards: [CompiledCollection.CompiledCard] = []
        for (index, text) in tricky.enumerated() {
            let field = CompiledCollection.Field(markdown: text, html: "<p>" + text + "</p>\n")
            cards.append(
                CompiledCollection.CompiledCard(
                    id: String(format: "%016x", index), topic: text, kind: CardKind.allCases[index % 3], question: field,
                    answer: index.isMultiple(of: 2) ? nil : field, explanation: CompiledCollection.Field(markdown: "", html: ""),
                    hint: nil, image: index.isMultiple(of: 3) ? text : nil, reversedFrom: index == 1 ? "0000000000000000" : nil,
                    cloze: index.isMultiple(of: 4) ? index + 1 : nil, section: index.isMultiple(of: 2) ? text : nil,
                    source: CompiledCollection.Source(file: text, line: index * 1000)))
        }
        let decks = [
            CompiledCollection.Deck(file: "a/b.md", topic: tricky[1], color: nil, cards: 0),
            CompiledCollection.Deck(file: tricky[2], topic: tricky[4], color: "#0a0B0c", cards: 123_456),
        ]
        let macros = [
            "\\R": "\\mathbb{R}", "\\abs": "\\left|#1\\right|", "\\Z": "\\mathbb{Z}", "\\norm": tricky[1],
            "\\a1": "x", "\\ä": tricky[2],
        ]
        let compiled = CompiledCollection(decks: decks, cards: cards, macros: macros)
        #expect(compiled.json() == (try JSONOutput.text(compiled)))
    }

    @Test func anEmptyCollectionIsWrittenAsJSONEncoderWritesIt() throws {
        let empty = CompiledCollection(decks: [], cards: [])
        #expect(empty.json() == (try JSONOutput.text(empty)))
        #expect(empty.json().hasPrefix("{\n  \"cards\" : [\n\n  ],\n  \"decks\" : [\n\n  ],\n"))
    }

    @Test func decksWithQuotesControlsAndEmojiCompileAsJSONEncoderWritesThem() throws {
        let deck = """
            ---
            topic: "Tricky \\"topic\\" / 😀"
            color: "#123456"
            ---

            # Section with "quotes" and a back\\\\slash

            Q: What is "\\\\n" in C?\u{2028}And a/b?
            A: A line feed: `"\\n"` 😀
            E: Tab:\there, <b>bold</b> & more.

                indented code with "quotes" and \\

            Q: Is this empty?
            A: no
            R: yes

            Q: $\\frac{1}{2}$ or `a\\b`?
            A: - one
            - two

            """
        let fileAccess = InMemoryFileSystem(files: ["/work/Decks/tricky.md": Array(deck.utf8)])
        let file = DeckFile(displayPath: "Decks/tricky.md", absolutePath: "/work/Decks/tricky.md", collectionRoot: "/work/Decks")
        let collection = try DeckCollection.load([file], fileAccess: fileAccess, options: .init(renderingHTML: true))
        #expect(collection.cards.count == 4)
        let compiled = CompiledCollection(collection)
        #expect(compiled.json() == (try JSONOutput.text(compiled)))
    }

    @Test func aFailedWriteIsRethrownAndNothingIsWrittenAfterIt() throws {
        struct Full: Error {}
        let written = Written()
        let compiler = CollectionCompiler { bytes in
            written.chunks.append(Array(bytes))
            throw Full()
        }
        let collection = try Self.bundledDecks(output: compiler.output)
        #expect(throws: Full.self) { try compiler.finish(collection) }
        #expect(written.chunks.count == 1)
    }
}

/// What a `CollectionCompiler` wrote; it calls `write` one call at a time.
private final class Written: @unchecked Sendable {
    var chunks: [[UInt8]] = []
}

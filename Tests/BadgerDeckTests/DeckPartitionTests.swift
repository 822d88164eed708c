import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerDeck

/// A large deck is read in parts; every deck must come out exactly as when read whole: the same
/// cards, fields, HTML, sections, suppressions and diagnostics. Small part sizes cut the decks
/// below at every card they can.
@Suite struct DeckPartitionTests {
    /// Everything observable about a checked deck, as text.
    static func outcome(_ bytes: [UInt8], partSize: Int) -> [String] {
        let file = DeckFile(displayPath: "d.md", absolutePath: "/c/d.md", collectionRoot: "/c")
        var options = DeckCollection.LoadOptions(renderingHTML: true)
        options.partSize = partSize
        let checked = CheckedDeck(bytes: bytes, file: file, fileAccess: InMemoryFileSystem(files: [:]), options: options)
        let cards = checked.cards.map { card in
            [
                card.id.description, card.topic, card.kind.rawValue, "\(card.direction)", card.section ?? "-", "\(card.line)",
                "\(card.questionLocation)", Self.describe(card.suppression), card.imageSource ?? "-", card.reversedFrom?.description ?? "-",
            ].joined(separator: " | ") + "\n"
                + [card.question, card.answer, card.explanation, card.hint].map { "\($0?.markdown ?? "-")\n\($0?.html ?? "-")" }
                .joined(separator: "\n")
        }
        let diagnostics = Diagnostic.sortedForOutput(checked.diagnostics).map { "\($0.range) \($0.ruleID) \($0.message)" }
        let deck = checked.deck
        let facts = [
            "topic \(deck.topic ?? "-") headings \(deck.headings.map { "\($0.title)@\($0.range)" })",
            "cards \(deck.cards.count + deck.takenCardCount) isDeck \(deck.isDeck) suppression \(Self.describe(deck.fileSuppression))",
        ]
        return facts + cards + diagnostics
    }

    static func describe(_ suppression: Suppression) -> String {
        suppression.everything ? "everything" : suppression.rules.sorted().joined(separator: ",")
    }

    /// How many parts the deck is read in.
    static func partCount(_ bytes: [UInt8], partSize: Int) -> Int {
        var parts = 0
        _ = DeckParser.parse(bytes, file: DeckFile(displayPath: "d.md", absolutePath: "/c/d.md", collectionRoot: "/c"), partSize: partSize)
        {
            _, _ in parts += 1
        }
        return parts
    }

    static func expectSameWhenCut(
        _ text: String, partSizes: [Int] = [1, 40, 200], parts: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let bytes = Array(text.utf8)
        #expect(partCount(bytes, partSize: 1) == parts, "parts when cut at every card", sourceLocation: sourceLocation)
        let whole = outcome(bytes, partSize: .max)
        for size in partSizes {
            let cut = outcome(bytes, partSize: size)
            #expect(cut == whole, "part size \(size)", sourceLocation: sourceLocation)
            if cut != whole {
                let difference = zip(cut, whole).first { $0 != $1 }
                Issue.record("first difference:\n\(difference?.0 ?? "(missing)")\n---\n\(difference?.1 ?? "(missing)")")
            }
        }
    }

    static var deckFiles: [URL] {
        let directories = ["Decks", "Tests/BadgerCLITests/Fixtures/Broken", "Tests/BadgerDeckTests/Fixtures", "Fuzz/Corpus/deck"]
        return directories.flatMap { directory -> [URL] in
            let url = PackagePaths.url(directory)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
        }
        .filter { !$0.hasDirectoryPath && (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    @Test func everyDeckInTheRepositoryComesOutTheSameCutAtEveryCard() throws {
        #expect(Self.deckFiles.count >= 20)
        for url in Self.deckFiles {
            let bytes = try [UInt8](Data(contentsOf: url))
            let whole = Self.outcome(bytes, partSize: .max)
            #expect(Self.outcome(bytes, partSize: 1) == whole, "\(url.lastPathComponent)")
        }
    }

    @Test func aCodeBlockHoldingCardsIsNotCut() {
        Self.expectSameWhenCut(
            """
            ---
            topic: T
            ---

            Q: one
            A: a
            E: an example:

            ```markdown
            Q: inside the fence

            Q: still inside
            A: x
            ```

            Q: two
            A: b

            ~~~~
            never closed

            Q: in the fence to the end
            A: c
            """, parts: 2)
    }

    @Test func rawHTMLBlocksThatSpanBlankLinesAreNotCut() {
        Self.expectSameWhenCut(
            """
            ---
            topic: T
            ---

            Q: one
            A: a

            <pre>
            text

            Q: inside pre
            </pre>

            Q: two
            A: b
            <!--

            Q: inside a comment
            -->

            Q: three
            A: c
            """, parts: 3)
    }

    @Test func linkDefinitionsAnywhereServeEveryPart() {
        Self.expectSameWhenCut(
            """
            ---
            topic: T
            ---

            Q: What is [the spec]?
            A: See [ref][] and ![diagram][pic].

            Q: two
            A: [ref] again, and [unknown].

            [ref]: https://example.com/first "Title"
            [ref]: https://example.com/second
            > [the spec]: <https://spec.commonmark.org>

            Q: three
            A: [the spec]

            - [pic]: images/p.png
            """, parts: 4)
    }

    @Test func aDeckWithDefinitionsOverSeveralLinesIsReadWhole() {
        Self.expectSameWhenCut(
            """
            ---
            topic: T
            ---

            Q: What is [multi]?
            A: a

            [multi]:
              https://example.com
              "title on its own line"

            Q: two
            A: [multi
            line]

            [multi
            line]: /x
            """, parts: 1)
    }

    @Test func suppressionsSectionsAndSwallowedLabelsCarryAcrossCuts() {
        Self.expectSameWhenCut(
            """
            ---
            topic: T
            ---

            # Section one

            <!-- badger-ignore: AnswerPresent -->

            Q: no answer, suppressed

            Q: no answer, reported

            Q: a table starts here | x
            ---|---
            a | b

            Q: heading swallowed
            ===

            Q: $unclosed math
            A: $$also

            ## Section two

            Q: duplicate
            A: a

            Q: duplicate
            A: b

            E: stray

            Q: last
            A: end

            <!-- badger-ignore-file: CardUnique -->
            """, parts: 9)
    }

    @Test func listsQuotesAndIndentedCodeBeforeACutEndWhereTheyWould() {
        Self.expectSameWhenCut(
            """
            ---
            topic: T
            reversed: true
            ---

            Q: one
            A: a
            E:
            - item

              ```
              fenced in the item

            Q: two
            A: b
            E: > quoted

              > still

            Q: three
            A: c

                indented code

            Q: four
            A: d
            """, parts: 5)
    }
}

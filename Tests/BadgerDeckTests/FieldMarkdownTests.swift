import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerDeck

/// A field's `markdown`, rendered again on its own, gives its `html`: what a compiled collection
/// holds is consistent for tools that render the Markdown themselves.
@Suite struct FieldMarkdownTests {
    /// Fields that start or end in ways a trimmed text would render differently.
    static let trickyDeck = """
        ---
        topic: Tricky
        ---

        Q: Indented code first?
        A:

            let x = 1
            print(x) \u{20}

        E: Explanation

        Q: A list first?
        A:
        - one
        - two

        Q: The label line continues into a paragraph
        lazily, and
            indented lines are still the paragraph.
        A: yes

        Q: A fenced block?
        A:
          ```swift
          indented fence
            more
          ```
        E: text first

            then indented code, ending in blanks   \t

        Q:
        > a quote first

        A: Text, then a list:

        1. one
        2. two

        Q: Code at the end of a list item?
        A:
        - item

              code in the item \u{20}

        H:     hint with blanks before it

        """

    static func fields(of collection: DeckCollection) -> [CardText] {
        collection.cards.flatMap { [$0.question, $0.answer, $0.explanation, $0.hint].compactMap { $0 } }
    }

    static func load(_ deck: String) throws -> DeckCollection {
        let fileAccess = InMemoryFileSystem(files: ["/work/deck.md": Array(deck.utf8)])
        let file = DeckFile(displayPath: "deck.md", absolutePath: "/work/deck.md", collectionRoot: "/work")
        return try DeckCollection.load([file], fileAccess: fileAccess, options: .init(renderingHTML: true))
    }

    @Test func everyBundledFieldRendersToItsHTML() throws {
        let collection = try CompiledJSONWriterTests.bundledDecks()
        let fields = Self.fields(of: collection)
        #expect(fields.count >= 150)
        for field in fields {
            #expect(HTMLRenderer.render(markdown: field.markdown) == field.html, "\(field.markdown)")
        }
    }

    @Test func trickyFieldsRenderToTheirHTML() throws {
        let collection = try Self.load(Self.trickyDeck)
        #expect(collection.cards.count == 6)
        #expect(collection.errorCount == 0)
        for field in Self.fields(of: collection) {
            #expect(HTMLRenderer.render(markdown: field.markdown) == field.html, "\(field.markdown)")
            // Without math, cmark-gfm itself gives the same HTML.
            #expect(CommonMarkConverter.referenceHTML(field.markdown) == field.html, "\(field.markdown)")
        }
    }

    @Test func aFieldStartingWithIndentedCodeKeepsItsIndentation() throws {
        let card = try #require(try Self.load(Self.trickyDeck).cards.first)
        #expect(card.answer?.markdown == "    let x = 1\n    print(x)  ")
        #expect(card.answer?.html == "<pre><code>let x = 1\nprint(x)  \n</code></pre>\n")
        #expect(card.explanation?.markdown == "Explanation")
    }

    @Test func fieldsAreStillTrimmedWhereBlanksDoNotRender() throws {
        let cards = try Self.load(Self.trickyDeck).cards
        #expect(cards[1].answer?.markdown == "- one\n- two")
        #expect(
            cards[2].question?.markdown
                == "The label line continues into a paragraph\nlazily, and\n    indented lines are still the paragraph.")
        #expect(cards[4].question?.markdown == "> a quote first")
        #expect(cards[5].hint?.markdown == "hint with blanks before it")
    }

    @Test func keepingIndentationKeepsCardIDs() throws {
        let collection = try Self.load(Self.trickyDeck)
        for card in collection.cards {
            let question = try #require(card.question?.markdown)
            let trimmed = question.trimmingWhitespace()
            #expect(card.id == CardID(topic: "Tricky", question: trimmed, direction: card.direction))
        }
        // A question whose first block is indented code, and its reverse.
        let deck = "---\ntopic: T\nreversed: true\n---\n\nQ:\n\n    code question\n\nA:\n\n    code answer\n"
        let cards = try Self.load(deck).cards
        #expect(cards.count == 2)
        #expect(cards[0].question?.markdown == "    code question")
        #expect(cards[0].id == CardID(topic: "T", question: "code question", direction: .forward))
        #expect(cards[1].id == CardID(topic: "T", question: "code answer", direction: .reverse))
    }
}

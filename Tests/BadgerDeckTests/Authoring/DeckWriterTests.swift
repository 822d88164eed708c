import Testing

@testable import BadgerDeck

@Suite("DeckWriter") struct DeckWriterTests {
    @Test func newDeckHasFrontMatterAndCardsSeparatedByBlankLines() {
        let text = DeckWriter.appending(
            [CardDraft(question: "q1", answer: "a1", explanation: "e", reversed: false), CardDraft(question: "q2", answer: "a2")],
            to: nil, topic: "French")
        #expect(text == "---\ntopic: French\n---\n\nQ: q1\nA: a1\nE: e\nR: no\n\nQ: q2\nA: a2\n")
    }

    @Test func existingTextIsKeptByteForByte() {
        let existing = "---\ntopic: T\n---\n\nQ: old\nA: old"
        let text = DeckWriter.appending([CardDraft(question: "new", answer: "n")], to: existing, topic: "T")
        #expect(text == existing + "\n\nQ: new\nA: n\n")
        #expect(DeckWriter.appending([CardDraft(question: "x", answer: "y")], to: "a\n", topic: "T") == "a\n\nQ: x\nA: y\n")
        #expect(DeckWriter.appending([CardDraft(question: "x", answer: "y")], to: "a\r\n", topic: "T") == "a\r\n\r\nQ: x\r\nA: y\r\n")
    }

    @Test func topicsThatYAMLWouldMisreadAreQuoted() {
        #expect(DeckWriter.frontMatter(topic: "Linear Algebra") == "---\ntopic: Linear Algebra\n---\n")
        #expect(DeckWriter.frontMatter(topic: "yes") == "---\ntopic: \"yes\"\n---\n")
        #expect(DeckWriter.frontMatter(topic: "C#: \"sharp\"") == "---\ntopic: \"C#: \\\"sharp\\\"\"\n---\n")
        #expect(DeckWriter.frontMatter(topic: "12") == "---\ntopic: \"12\"\n---\n")
        for topic in ["yes", "C#: \"sharp\"", "12", "- list", "Größe"] {
            let deck = DeckParser.parse(
                Array(DeckWriter.appending([], to: nil, topic: topic).utf8),
                file: DeckFile(displayPath: "t.md", absolutePath: "/t.md", collectionRoot: "/"))
            #expect(deck.topic == topic)
        }
    }

    @Test func deckPathsAreSafeFileNames() {
        #expect(DeckWriter.deckPath(forTopic: "Linear Algebra", in: "Decks") == "Decks/linear-algebra.md")
        #expect(DeckWriter.deckPath(forTopic: "Café / Über ../..", in: "/c/") == "/c/cafe-uber.md")
        #expect(DeckWriter.deckPath(forTopic: "日本語", in: "") == "deck.md")
    }

    @Test func imagesGoFirstInTheQuestion() {
        #expect(
            DeckWriter.markdown(for: CardDraft(question: "Which?", answer: "x", image: "img/a b.png"))
                == "Q: ![](<img/a b.png>) Which?\nA: x")
    }
}

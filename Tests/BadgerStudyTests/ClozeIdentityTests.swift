import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

/// Cloze cards keep their progress through the edits a writer makes to a cloze text.
@Suite struct ClozeIdentityTests {
    let start = Timestamp.parse("2026-11-02T08:00:00Z")!

    func load(_ directory: TemporaryDirectory) throws -> (DeckCollection, CollectionMemory) {
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        let collection = try DeckCollection.load(files, fileAccess: fileAccess)
        let memory = try CollectionMemory(
            collection: collection, root: files[0].collectionRoot, scheduler: try FSRS6(), fuzzing: true, fileAccess: fileAccess,
            generator: SeededGenerator(seed: 7))
        return (collection, memory)
    }

    func deck(_ cloze: String) -> String { "---\ntopic: Geography\n---\n\nC: \(cloze)\nE: Not Sydney.\n" }

    /// Reviews every card of `before` once (each with another rating), applies `after`, and
    /// returns the states by deletion number before and after.
    func states(before: String, after: String) throws -> (before: [Int: MemoryState], after: [Int: MemoryState]) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("geo.md", deck(before))
        var (collection, memory) = try load(directory)
        var reviewed: [Int: MemoryState] = [:]
        for (index, card) in collection.cards.enumerated() {
            reviewed[card.cloze!.number] = try memory.recordReview(
                cardID: card.id.description, rating: Rating(rawValue: 1 + index % 4)!, at: start.addingTimeInterval(Double(index)))
        }
        try directory.write("geo.md", deck(after))
        let (edited, loaded) = try load(directory)
        var found: [Int: MemoryState] = [:]
        for card in edited.cards { found[card.cloze!.number] = loaded.states[card.id.description] }
        return (reviewed, found)
    }

    @Test func everyNumberIsACardOfItsOwn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("geo.md", deck("{{c1::Canberra}} is the capital of {{c2::Australia}}, {{c1::not Sydney}}."))
        let (collection, _) = try load(directory)
        #expect(collection.cards.map(\.kind) == [.cloze, .cloze])
        #expect(collection.cards.map(\.direction) == [.cloze, .cloze])
        #expect(Set(collection.cards.map(\.id)).count == 2)
        #expect(collection.cards[0].question?.markdown == "[…] is the capital of Australia, […].")
        #expect(collection.cards[0].identityAnswer == "Canberra … not Sydney")
    }

    @Test func editingAnotherDeletionKeepsEveryCardsProgress() throws {
        let result = try states(
            before: "{{c1::Canberra}} is the capital of {{c2::Australia}} since {{c3::1913}}.",
            after: "{{c1::Canberra}} is the capital of {{c2::the Commonwealth of Australia}} since {{c3::1913}}.")
        #expect(result.after == result.before)
    }

    @Test func editingWhatADeletionHidesOrItsHintOrNumberKeepsTheId() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("geo.md", deck("{{c1::Canberra}} is the capital of {{c2::Australia}}."))
        let ids = try load(directory).0.cards.map(\.id)
        try directory.write("geo.md", deck("{{c2::Canberra::city}} is the capital of {{c1::Australia}}."))
        let edited = try load(directory).0.cards
        #expect(Set(edited.map(\.id)) == Set(ids))
        try directory.write("geo.md", deck("{{c1::Canberra (ACT)}} is the capital of {{c2::Australia}}."))
        #expect(try load(directory).0.cards[0].id == ids[0])
        // Marking another part of the same text adds a card and changes no other id.
        try directory.write("geo.md", deck("{{c1::Canberra}} is the {{c3::capital}} of {{c2::Australia}}."))
        let marked = try load(directory).0.cards
        #expect(marked.count == 3)
        #expect(ids.allSatisfy { id in marked.contains { $0.id == id } })
    }

    @Test func editingTheSurroundingTextAndTheExplanationKeepsProgress() throws {
        let result = try states(
            before: "{{c1::Canberra}} is the capital of {{c2::Australia}}.",
            after: "{{c1::Canberra}} is the capital city of {{c2::Australia}}!")
        #expect(result.after == result.before)
    }

    @Test func hashcardsFormAndAnkiFormAreTheSameCards() throws {
        let result = try states(
            before: "[Canberra] is the capital of [Australia].", after: "{{c1::Canberra}} is the capital of {{c2::Australia}}.")
        #expect(result.after == result.before)
    }

    @Test func twoClozeCardsHidingTheSameWordNeverSwapHistories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write(
            "geo.md", "---\ntopic: Geography\n---\n\nC: {{c1::Paris}} is the capital of France.\n\nC: {{c1::Paris}} lies on the Seine.\n")
        var (collection, memory) = try load(directory)
        let first = try memory.recordReview(cardID: collection.cards[0].id.description, rating: .again, at: start)
        // The first card is deleted and a new, unrelated one hides the same word.
        try directory.write(
            "geo.md",
            "---\ntopic: Geography\n---\n\nC: {{c1::Paris}} hosted the 1900 Olympics.\n\nC: {{c1::Paris}} lies on the Seine.\n")
        let (edited, after) = try load(directory)
        #expect(after.states[edited.cards[0].id.description] == nil)
        #expect(after.orphans.count == 1)
        _ = first
    }

    @Test func aClozeCardAndAQuestionCardNeverShareAnId() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            "geo.md",
            "---\ntopic: Geography\n---\n\nQ: {{…}} is the capital of Australia.\nA: x\n\nC: {{c1::Canberra}} is the capital of Australia.\n"
        )
        let cards = try load(directory).0.cards
        #expect(cards.count == 2)
        #expect(cards[0].id != cards[1].id)
    }
}

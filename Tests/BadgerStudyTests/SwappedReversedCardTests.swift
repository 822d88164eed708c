import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

/// Swapping the question and answer of a reversed card: each direction now asks what the other
/// asked, with the same answer, so each continues the other's history (none is lost or reset).
@Suite struct SwappedReversedCardTests {
    func load(_ directory: TemporaryDirectory) throws -> (DeckCollection, CollectionMemory) {
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        let collection = try DeckCollection.load(files, fileAccess: fileAccess)
        let memory = try CollectionMemory(
            collection: collection, root: files[0].collectionRoot, scheduler: try FSRS6(), fuzzing: true, fileAccess: fileAccess)
        return (collection, memory)
    }

    @Test func eachDirectionContinuesTheHistoryOfTheCardThatAskedTheSame() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("fr.md", "---\ntopic: French\n---\n\nQ: dog\nA: chien\nR: yes\n")
        var (collection, memory) = try load(directory)
        let start = Timestamp.parse("2026-11-02T08:00:00Z")!
        var byQuestion: [String: MemoryState] = [:]
        for (index, card) in collection.cards.enumerated() {
            byQuestion[card.question!.markdown] = try memory.recordReview(
                cardID: card.id.description, rating: index == 0 ? .good : .again, at: start.addingTimeInterval(Double(index)))
        }
        try directory.write("fr.md", "---\ntopic: French\n---\n\nQ: chien\nA: dog\nR: yes\n")
        (collection, memory) = try load(directory)
        #expect(collection.cards.map(\.direction) == [.forward, .reverse])
        for card in collection.cards {
            #expect(memory.states[card.id.description] == byQuestion[card.question!.markdown])
        }
        #expect(memory.orphans.isEmpty)
        #expect(memory.matching.ambiguous.isEmpty)
    }
}

import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

/// Suspended cards are left out of studying, keep their history, and stay suspended through the
/// edits, moves and merges a card's reviews survive.
@Suite struct SuspensionTests {
    let start = Timestamp.parse("2026-11-02T08:00:00Z")!

    func load(_ directory: TemporaryDirectory) throws -> (DeckCollection, CollectionMemory) {
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        let collection = try DeckCollection.load(files, fileAccess: fileAccess)
        let memory = try CollectionMemory(
            collection: collection, root: files[0].collectionRoot, scheduler: try FSRS6(), fuzzing: true, fileAccess: fileAccess,
            generator: SystemRandomNumberGenerator())
        return (collection, memory)
    }

    func service(_ directory: TemporaryDirectory) throws -> StudyService {
        let (collection, memory) = try load(directory)
        return try StudyService(
            collection: collection, memories: [memory], configs: [memory.root: CollectionConfig()], fileAccess: LocalFileSystem(),
            timeZone: TimeZone(identifier: "UTC")!)
    }

    static let deck = "---\ntopic: Geography\n---\n\nQ: Capital of France?\nA: Paris\n\nQ: Capital of Peru?\nA: Lima\n"

    @Test func aSuspendedCardIsNotStudiedUntilUnsuspendedAndKeepsItsHistory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("geo.md", Self.deck)
        var (collection, memory) = try load(directory)
        let france = collection.cards[0].id.description
        let reviewed = try memory.recordReview(cardID: france, rating: .good, at: start)
        #expect(try memory.setSuspended([france, collection.cards[1].id.description], true, at: start.addingTimeInterval(60)) == 2)
        #expect(try memory.setSuspended([france], true, at: start.addingTimeInterval(61)) == 0)

        let later = start.addingTimeInterval(30 * 86_400)
        let suspended = try service(directory)
        #expect(suspended.suspendedCount == 2)
        #expect(suspended.queue(topic: "Geography", count: 10, aheadDays: 0, at: later).entries.isEmpty)
        #expect(suspended.topics(at: later).isEmpty || suspended.topics(at: later).allSatisfy { $0.due == 0 && $0.new == 0 })

        (collection, memory) = try load(directory)
        #expect(memory.isSuspended(france))
        #expect(memory.states[france] == reviewed)
        try memory.setSuspended([france], false, at: start.addingTimeInterval(120))
        let back = try service(directory)
        let entries = back.queue(topic: "Geography", count: 10, aheadDays: 0, at: later).entries
        #expect(entries.map(\.cardID) == [france])
        #expect(entries[0].state == reviewed)
    }

    @Test func aSuspensionFollowsTheCardThroughAnEditAndAMoveToAnotherDeck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("geo.md", Self.deck)
        var (collection, memory) = try load(directory)
        let peru = collection.cards[1].id.description
        _ = try memory.recordReview(cardID: peru, rating: .good, at: start)
        try memory.setSuspended([peru], true, at: start.addingTimeInterval(60))
        // A typo fixed, and the card moved into a deck file of its own.
        try directory.write("geo.md", "---\ntopic: Geography\n---\n\nQ: Capital of France?\nA: Paris\n")
        try directory.write("south-america.md", "---\ntopic: Geography\n---\n\nQ: Capital of Peru ?\nA: Lima\n")
        (collection, memory) = try load(directory)
        let moved = try #require(collection.cards.first { $0.question?.markdown == "Capital of Peru ?" }).id.description
        #expect(moved != peru)
        #expect(memory.isSuspended(moved))
        #expect(memory.suspendedCards == [moved])
    }

    @Test func theLatestOfTwoMergedClonesSuspensionsCounts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("geo.md", Self.deck)
        var (collection, memory) = try load(directory)
        let france = collection.cards[0].id.description
        try memory.setSuspended([france], true, at: start)
        let log = try directory.read("geo.reviews")
        // The other clone unsuspended it later; a union merge puts its line first.
        let key = try #require(memory.key(of: france))
        let other = ReviewRecord.suspension(time: start.addingTimeInterval(3600), key: key, suspended: false, recordID: "00000000000000aa")
        let lines = log.split(separator: "\n").map(String.init)
        try directory.write("geo.reviews", ([lines[0], other.line] + lines.dropFirst()).joined(separator: "\n") + "\n")
        (collection, memory) = try load(directory)
        #expect(!memory.isSuspended(france))
    }
}

import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

@Suite struct CollectionMemoryTests {
    let start = Timestamp.parse("2026-11-02T08:00:00Z")!

    func load(_ directory: TemporaryDirectory) throws -> (DeckCollection, CollectionMemory) {
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        let collection = try DeckCollection.load(files, fileAccess: fileAccess)
        let memory = try CollectionMemory(
            collection: collection, root: files[0].collectionRoot, scheduler: try FSRS6(), fuzzing: true, fileAccess: fileAccess)
        return (collection, memory)
    }

    func makeCollection() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n\nQ: What is two?\nA: 2\n")
        try directory.write("b.md", "---\ntopic: T\n---\n\nQ: What is three?\nA: 3\n")
        return directory
    }

    @Test func recordedStateEqualsStateRebuiltFromTheLog() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let ids = collection.cards.map(\.id.description)
        var time = start
        for round in 0..<6 {
            for (index, id) in ids.enumerated() {
                _ = try memory.recordReview(cardID: id, rating: Rating(rawValue: 1 + (round + index) % 4)!, at: time)
                time.addTimeInterval(3_600 * Double(1 + index))
            }
            time.addTimeInterval(86_400 * Double(round + 1))
        }
        let written = try String(contentsOf: directory.url.appendingPathComponent("a.state"), encoding: .utf8)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("a.state"))
        var (_, rebuilt) = try load(directory)
        try rebuilt.synchronize(at: time)
        #expect(try String(contentsOf: directory.url.appendingPathComponent("a.state"), encoding: .utf8) == written)
        #expect(rebuilt.states == memory.states)
    }

    @Test func studyingNeverTouchesTheDecks() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        let deck = directory.url.appendingPathComponent("a.md")
        let before = try Data(contentsOf: deck)
        let modified = try FileManager.default.attributesOfItem(atPath: deck.path)[.modificationDate] as? Date
        var (collection, memory) = try load(directory)
        for card in collection.cards { _ = try memory.recordReview(cardID: card.id.description, rating: .good, at: start) }
        try memory.synchronize(at: start, pruning: true)
        #expect(try Data(contentsOf: deck) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: deck.path)[.modificationDate] as? Date == modified)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == ["a.md", "a.reviews", "a.state", "b.md", "b.reviews", "b.state", "badger.yml"])
    }

    @Test func aSlightlyEditedQuestionKeepsItsProgress() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let id = collection.cards[0].id.description
        let reviewed = try memory.recordReview(cardID: id, rating: .good, at: start)
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one ?\nA: 1\n\nQ: What is two?\nA: 2\n")
        var (edited, after) = try load(directory)
        #expect(after.orphans.map(\.id) == [id])
        let result = try after.synchronize(at: start.addingTimeInterval(60))
        let newID = edited.cards[0].id.description
        #expect(result.renames.map(\.to) == [newID])
        #expect(after.states[newID] == reviewed)
        #expect(after.orphans.isEmpty)
        (edited, after) = try load(directory)
        #expect(after.states[newID] == reviewed)
    }

    @Test func aCardMovedToAnotherDeckKeepsItsProgress() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let id = collection.cards[0].id.description
        let reviewed = try memory.recordReview(cardID: id, rating: .easy, at: start)
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is two?\nA: 2\n")
        try directory.write("b.md", "---\ntopic: T\n---\n\nQ: What is three?\nA: 3\n\nQ: What is one?\nA: 1\n")
        var (_, moved) = try load(directory)
        try moved.synchronize(at: start)
        let state = try SidecarState(text: String(contentsOf: directory.url.appendingPathComponent("b.state"), encoding: .utf8))
        #expect(state.entries[id]?.memory == reviewed)
    }

    @Test func pruningDropsStateOfDeletedCardsButNotTheirHistory() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        _ = try memory.recordReview(cardID: collection.cards[2].id.description, rating: .good, at: start)
        try directory.write("b.md", "---\ntopic: T\n---\n\nQ: Something else entirely\nA: 4\n")
        var (_, after) = try load(directory)
        #expect(StateMatchesCards.diagnostics(after).map(\.ruleID) == ["StateMatchesCards"])
        try after.synchronize(at: start, pruning: true)
        #expect(StateMatchesCards.diagnostics(after).isEmpty)
        #expect(try String(contentsOf: directory.url.appendingPathComponent("b.reviews"), encoding: .utf8).contains("\treview\t"))
    }
}

@Suite struct StudyDayTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    @Test func aReviewAtOneInTheMorningCountsForTheDayBefore() {
        let day = StudyDay(timeZone: paris, startHour: 4)
        let evening = Timestamp.parse("2026-11-21T21:00:00Z")!  // 22:00 in Paris
        let night = Timestamp.parse("2026-11-22T00:30:00Z")!  // 01:30 in Paris
        let morning = Timestamp.parse("2026-11-22T04:00:00Z")!  // 05:00 in Paris
        #expect(day.dayNumber(of: night, from: evening) == 0)
        #expect(day.dayNumber(of: morning, from: evening) == 1)
        #expect(Timestamp.format(day.start(of: night)) == "2026-11-21T03:00:00Z")
    }

    @Test func daysStayRightAcrossDaylightSavingChanges() {
        let day = StudyDay(timeZone: paris, startHour: 4)
        // Clocks go back on 2026-10-25: that study day is 25 hours long.
        let before = Timestamp.parse("2026-10-24T12:00:00Z")!
        #expect(Timestamp.format(day.start(of: before, offsetDays: 1)) == "2026-10-25T03:00:00Z")
        #expect(Timestamp.format(day.start(of: before, offsetDays: 2)) == "2026-10-26T03:00:00Z")
        #expect(day.dayNumber(of: Timestamp.parse("2026-10-26T02:30:00Z")!, from: before) == 1)
    }

    @Test func theMorningTheClocksGoForwardIsStillThatDay() {
        let day = StudyDay(timeZone: paris, startHour: 4)
        // 2026-03-29: clocks jump from 02:00 to 03:00. 04:30 local is 02:30Z.
        let morning = Timestamp.parse("2026-03-29T02:30:00Z")!
        #expect(Timestamp.format(day.start(of: morning)) == "2026-03-29T02:00:00Z")
        #expect(day.dayNumber(of: morning, from: Timestamp.parse("2026-03-28T20:00:00Z")!) == 1)
    }

    @Test func theDayStartHourIsTheCollections() {
        let utc = TimeZone(identifier: "UTC")!
        let time = Timestamp.parse("2026-11-22T05:00:00Z")!
        #expect(Timestamp.format(StudyDay(timeZone: utc, startHour: 4).start(of: time)) == "2026-11-22T04:00:00Z")
        #expect(Timestamp.format(StudyDay(timeZone: utc, startHour: 6).start(of: time)) == "2026-11-21T06:00:00Z")
    }
}

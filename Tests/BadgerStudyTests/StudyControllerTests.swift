import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

/// The study flow in-process, through the controller every front end uses: each bug a user hit,
/// with the clock in the test's hands.
@Suite struct StudyControllerTests {
    let start = Timestamp.parse("2026-11-02T09:00:00Z")!
    let utc = TimeZone(identifier: "UTC")!

    /// A service over the decks in `files` (name → text), studied from `directory`.
    func service(_ directory: TemporaryDirectory, _ files: [String: String], timeZone: TimeZone? = nil) throws -> StudyService {
        try directory.write("badger.yml", "exclude: []\n")
        for (name, text) in files { try directory.write(name, text) }
        let fileAccess = LocalFileSystem()
        let decks = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        let collection = try DeckCollection.load(decks, fileAccess: fileAccess)
        let root = decks[0].collectionRoot
        let config = try CollectionLoader(fileAccess: fileAccess).configuration(forRoot: root)
        let memory = try CollectionMemory(
            collection: collection, root: root, scheduler: try config.makeScheduler(), fuzzing: false, fileAccess: fileAccess)
        return try StudyService(
            collection: collection, memories: [memory], configs: [root: config], fileAccess: fileAccess, timeZone: timeZone ?? utc)
    }

    static func deck(_ topic: String, _ count: Int, reversed: Bool = false) -> String {
        "---\ntopic: \(topic)\n" + (reversed ? "reversed: true\n" : "") + "---\n\n"
            + (1...count).map { "Q: \(topic) question \($0)?\nA: answer \($0)\n" }.joined(separator: "\n")
    }

    func controller(_ service: StudyService, topic: String, count: Int = 10, at now: Date) -> StudyController {
        StudyController(service: service, queue: service.queue(topic: topic, count: count, aheadDays: 0, at: now), topic: topic, at: now)
    }

    @Test func undoMovesTheCardCounterBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(directory, ["a.md": Self.deck("A", 10)])
        var study = controller(service, topic: "A", at: start)
        var now = start
        for _ in 0..<3 {
            try study.handle(.showAnswer, at: now)
            try study.handle(.rate(.easy), at: now)
            now.addTimeInterval(5)
        }
        #expect(study.progress(at: now) == "card 4 of 10")
        for expected in ["card 3 of 10", "card 2 of 10", "card 1 of 10"] {
            #expect(try study.handle(.undo, at: now) == "Undid Easy.")
            #expect(study.progress(at: now) == expected)
        }
        #expect(try study.handle(.undo, at: now) == "Nothing to undo.")
        // Each rating is taken back by an `undone` line naming it; none counts any more.
        let log = try String(contentsOf: directory.url.appendingPathComponent("a.reviews"), encoding: .utf8)
        #expect(log.components(separatedBy: "\treviewed\t").count - 1 == 3)
        #expect(log.components(separatedBy: "\tundone\t").count - 1 == 3)
        #expect(try self.service(directory, [:]).topics(at: now).first?.new == 10)
    }

    /// A copy of the log made between a rating and its undo (a sync tool, a push) still holds
    /// the rating's line; merged back, the rating stays taken back.
    @Test func anUndoneRatingStaysUndoneWhenACopyOfTheLogComesBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(directory, ["a.md": Self.deck("A", 2)])
        var study = controller(service, topic: "A", at: start)
        try study.handle(.showAnswer, at: start)
        try study.handle(.rate(.easy), at: start)
        let path = directory.url.appendingPathComponent("a.reviews")
        let copy = try String(contentsOf: path, encoding: .utf8)
        #expect(try study.handle(.undo, at: start) == "Undid Easy.")
        // The copy comes back as a sync tool's conflict file, and as a union merge.
        try directory.write("a.sync-conflict.reviews", copy)
        let merged = try String(contentsOf: path, encoding: .utf8) + copy.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
        try directory.write("a.reviews", merged)
        let reloaded = try self.service(directory, [:])
        #expect(reloaded.topics(at: start).first?.new == 2)
        #expect(reloaded.states.isEmpty)
    }

    @Test func repeatsSayHowManyCardsAreLeft() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(directory, ["a.md": Self.deck("A", 2)])
        var study = controller(service, topic: "A", at: start)
        var now = start
        try study.handle(.showAnswer, at: now)
        try study.handle(.rate(.again), at: now)  // back in a minute
        #expect(study.progress(at: now) == "card 2 of 2 · 2 left")
        try study.handle(.showAnswer, at: now)
        try study.handle(.rate(.again), at: now)
        now.addTimeInterval(120)
        #expect(study.progress(at: now) == "card 2 of 2 · again · 2 left")
        try study.handle(.showAnswer, at: now)
        try study.handle(.rate(.easy), at: now)
        #expect(study.progress(at: now).hasSuffix("again · 1 left"))
        try study.handle(.showAnswer, at: now)
        try study.handle(.rate(.easy), at: now)
        #expect(study.isFinished)
    }

    @Test func learnAgainCountsTheTopicsAfresh() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(directory, ["a.md": Self.deck("A", 3)])
        #expect(service.topics(at: start).first == .init(name: "A", due: 0, new: 3, color: nil))
        var study = controller(service, topic: "A", count: 2, at: start)
        for _ in 0..<2 {
            try study.handle(.showAnswer, at: start)
            try study.handle(.rate(.easy), at: start)
        }
        study.finish(at: start)
        #expect(service.topics(at: start).first == .init(name: "A", due: 0, new: 1, color: nil))
    }

    @Test func siblingsWaitForTheNextDayWithoutLosingTheirDueDate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cloze = "C: {{c1::Canberra}} is the capital of {{c2::Australia}}.\n"
        let service = try service(
            directory, ["fr.md": Self.deck("French", 2, reversed: true), "geo.md": "---\ntopic: Geo\n---\n\n" + cloze])
        // Each written card once: forward directions and the first deletion only.
        let french = service.queue(topic: "French", count: 10, aheadDays: 0, at: start)
        #expect(french.entries.count == 2)
        #expect(french.entries.allSatisfy { service.card($0.cardID)?.direction == .forward })
        let geo = service.queue(topic: "Geo", count: 10, aheadDays: 0, at: start)
        #expect(geo.entries.map { service.card($0.cardID)?.cloze?.number } == [1])
        var study = controller(service, topic: "Geo", at: start)
        try study.handle(.showAnswer, at: start)
        try study.handle(.rate(.easy), at: start)
        study.finish(at: start)
        // The same day (before the 4 am rollover), c2 still waits; c1 is not due.
        let evening = start.addingTimeInterval(14 * 3_600)
        #expect(service.queue(topic: "Geo", count: 10, aheadDays: 0, at: evening).entries.isEmpty)
        #expect(service.topics(at: evening).first { $0.name == "Geo" }?.new == 0)
        // The next study day, c2 is there, still new.
        let tomorrow = start.addingTimeInterval(20 * 3_600)
        let next = service.queue(topic: "Geo", count: 10, aheadDays: 0, at: tomorrow)
        #expect(next.entries.map { service.card($0.cardID)?.cloze?.number } == [2])
        #expect(next.entries.first?.source == .new)
    }

    @Test func cardsOfDecksWithErrorsAreLeftOutWithANote() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(
            directory, ["a.md": "---\ntopic: A\n---\n\nQ: Fine?\nA: yes\n\nQ: Empty answer?\nA:\n\nQ: Also fine?\nA: yes\n"])
        #expect(service.leftOut.count == 1)
        #expect(
            service.leftOut.first?.note.hasSuffix(
                "a.md:9: left out until fixed: [AnswerPresent] answer is empty; write the answer after `A:`") == true,
            "the line of the error, as lint names it")
        #expect(service.leftOut.first?.topic == "A")
        let queue = service.queue(topic: "A", count: 10, aheadDays: 0, at: start)
        #expect(queue.entries.map { service.card($0.cardID)?.question?.markdown } == ["Fine?", "Also fine?"])
    }

    @Test func aDeckNoCardCouldBeReadFromIsLeftOutWithANoteToo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try service(
            directory,
            ["a.md": "---\ntopic: A\n---\n\nQ: Fine?\nA: yes\n", "b.md": "---\ntopic B\n---\n\nQ: Lost?\nA: no\n"])
        // c.md holds a byte that is not UTF-8.
        let bytes = Array("---\ntopic: C\n---\n\nQ: caf".utf8) + [0xC3] + Array("?\nA: x\n".utf8)
        try Data(bytes).write(to: directory.url.appendingPathComponent("c.md"))
        let service = try self.service(directory, [:])
        let notes = service.leftOut.map(\.note)
        #expect(notes.count == 2, "\(notes)")
        #expect(
            notes.contains {
                $0.hasSuffix(
                    "b.md:2: deck left out until fixed: [FrontMatterValidYAML] front matter must be a mapping of keys to values, such as `topic: French`"
                )
            }, "\(notes)")
        #expect(notes.contains { $0.contains("c.md:5: deck left out until fixed: [ValidUTF8]") }, "\(notes)")
        #expect(service.leftOut.allSatisfy { $0.isWholeDeck })
        #expect(try service.topics(at: start).map(\.name) == ["A", "all"])
    }

    @Test func theSummaryCountsCardsAndRatingsApartInLocalTime() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let service = try service(directory, ["a.md": Self.deck("A", 1)], timeZone: tokyo)
        var study = controller(service, topic: "A", at: start)
        try study.handle(.showAnswer, at: start)
        try study.handle(.rate(.again), at: start)
        try study.handle(.showAnswer, at: start)
        try study.handle(.rate(.good), at: start)
        let lines = study.summaryLines(at: start, timeZone: tokyo)
        #expect(lines[0] == "Cards studied: 1")
        #expect(lines[1] == "Ratings: 2 (1 correct, 1 failed)")
        // 09:00 UTC is 18:00 in Tokyo; Good on a learning card is due in 10 minutes.
        #expect(lines.last == "Next due: 2026-11-02 18:10 (in 10m)")
    }

    @Test func aLongPauseIsRecordedAsTheCap() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(directory, ["a.md": Self.deck("A", 1)])
        var study = controller(service, topic: "A", at: start)
        try study.handle(.showAnswer, at: start)
        try study.handle(.rate(.good), at: start.addingTimeInterval(40 * 60))
        let log = try String(contentsOf: directory.url.appendingPathComponent("a.reviews"), encoding: .utf8)
        let line = try #require(log.split(separator: "\n").first { $0.contains("\treviewed\t") })
        #expect(line.split(separator: "\t")[5] == "\(StudyService.answerTimeCap)")
    }

    @Test func everyActionHasItsMessage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(directory, ["a.md": "---\ntopic: A\n---\n\nQ: One?\nA: 1\nE: Why.\n\nQ: Two?\nA: 2\nH: A hint.\n"])
        var study = controller(service, topic: "A", at: start)
        #expect(try study.handle(.rate(.good), at: start) == "Show the answer first.")
        #expect(try study.handle(.showHint, at: start) == "This card has no hint.")
        #expect(try study.handle(.showExplanation, at: start) == "Show the answer first.")
        #expect(try study.handle(.skip, at: start) == "Skipped.")
        #expect(study.screen(at: start)?.hasHint == true)
        #expect(try study.handle(.showHint, at: start) == nil)
        #expect(study.screen(at: start)?.hintShown == true)
        try study.handle(.showAnswer, at: start)
        #expect(try study.handle(.showHint, at: start) == "The hint is for before the answer.")
        #expect(study.screen(at: start)?.buttons.map(\.label) == ["Fail · 1m", "Difficult · 5.5m", "Good · 10m", "Easy · 6d"])
        #expect(try study.handle(.rate(.easy), at: start)?.hasPrefix("Rated Easy; next review in") == true)
        try study.handle(.showAnswer, at: start)
        #expect(try study.handle(.showExplanation, at: start) == nil)
        #expect(try study.handle(.skip, at: start) == "No other card to skip to.")
        try study.handle(.quit, at: start)
        #expect(study.isFinished)
    }

    @Test func topicsAreFoundInAnyCaseWithADidYouMean() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(directory, ["a.md": Self.deck("French", 1)])
        #expect(service.topic(named: "french") == .found("French"))
        #expect(service.topic(named: "ALL") == .found("all"))
        #expect(service.topic(named: "Frnch") == .unknown(suggestion: "French"))
        #expect(service.topic(named: "Klingon") == .unknown(suggestion: nil))
    }

    @Test func anErrorInOneCardLeavesOnlyThatCardOut() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(
            directory, ["a.md": "---\ntopic: A\n---\n\nC: {{c1::Paris}} is the capital of France.\n\nC: The {{c1::Loire is long\n"])
        // The broken text makes no card (lint reports it); the card above it is studied.
        #expect(service.leftOut.isEmpty)
        let queue = service.queue(topic: "A", count: 10, aheadDays: 0, at: start)
        #expect(queue.entries.map { service.card($0.cardID)?.cloze?.hidden } == ["Paris"])
    }

    @Test func aFrontMatterErrorLeavesTheDecksCardsOut() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(
            directory,
            ["a.md": "---\ntopic: A\nreversed: maybe\n---\n\nQ: One?\nA: 1\n\nQ: Two?\nA: 2\n", "b.md": Self.deck("B", 1)])
        // One note, at the line lint names, for both cards.
        #expect(service.leftOut.map(\.line) == [3])
        #expect(service.leftOut.allSatisfy { $0.ruleID == "FrontMatterValueTypes" })
        #expect(service.topics(at: start).map(\.name) == ["B", "all"])
    }

    @Test func anUndoAfterAnotherProcessAppendedTakesOnlyTheRating() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try service(directory, ["a.md": Self.deck("A", 2)])
        var study = controller(service, topic: "A", at: start)
        try study.handle(.showAnswer, at: start)
        try study.handle(.rate(.easy), at: start)
        // Another process appends to the log in between: the undo still works, and its line
        // stays (an undo appends; it never cuts the log).
        let log = directory.url.appendingPathComponent("a.reviews")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("2026-11-02T09:00:01Z\tretired\t0000000000000001\t00000000000000aa\n".utf8))
        try handle.close()
        #expect(try study.handle(.undo, at: start) == "Undid Easy.")
        #expect(study.session.reviews.isEmpty)
        #expect(study.progress(at: start) == "card 1 of 2")
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.contains("\tretired\t0000000000000001\t"))
        #expect(text.contains("\tundone\t"))
    }
}

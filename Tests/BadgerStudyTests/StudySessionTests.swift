import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

/// A clock the tests move by hand.
private struct TestClock {
    var now: Date
    mutating func advance(_ seconds: TimeInterval) { now.addTimeInterval(seconds) }
}

private let start = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05T09:00:00Z
private let day: TimeInterval = 86_400

/// A card in the Review state last reviewed `elapsedDays` ago with `stability`, due `dueDays` from `start`.
private func reviewState(stability: Double, elapsedDays: Double, dueDays: Double) -> MemoryState {
    MemoryState(
        state: .review, step: nil, stability: stability, difficulty: 5, due: start.addingTimeInterval(dueDays * day),
        lastReview: start.addingTimeInterval(-elapsedDays * day), repetitions: 3)
}

private func retired(_ state: MemoryState) -> MemoryState {
    var state = state
    state.retired = true
    return state
}

@Suite struct StudyQueueTests {
    /// b is the most forgotten (5 days on a stability of 2), c the most overdue by date.
    static let states: [String: MemoryState] = [
        "a": reviewState(stability: 20, elapsedDays: 21, dueDays: -1),
        "b": reviewState(stability: 2, elapsedDays: 5, dueDays: -3),
        "c": reviewState(stability: 100, elapsedDays: 110, dueDays: -10),
        "e": reviewState(stability: 30, elapsedDays: 28, dueDays: 2),
        "r": retired(reviewState(stability: 30, elapsedDays: 40, dueDays: -5)),
    ]
    static let items = ["a", "n2", "b", "e", "r", "n1", "c"].map { StudyQueue.Item(cardID: $0) }

    @Test(arguments: [
        (10, 0, ["b", "c", "a", "n2", "n1"], 5),
        (2, 0, ["b", "c"], 0),
        (4, 0, ["b", "c", "a", "n2"], 0),
        (10, 1, ["b", "c", "a", "n2", "n1"], 5),
        (10, 3, ["b", "c", "a", "n2", "n1", "e"], 4),
        (6, 3, ["b", "c", "a", "n2", "n1", "e"], 0),
    ])
    func dueByRetrievabilityThenNewThenAhead(count: Int, aheadDays: Int, expected: [String], shortfall: Int) throws {
        let scheduler = try FSRS6()
        let queue = StudyQueue(
            items: Self.items, states: Self.states, now: start, count: count, aheadDays: aheadDays,
            retrievability: StudyQueue.retrievability(for: scheduler))
        #expect(queue.entries.map(\.cardID) == expected)
        #expect(queue.shortfall == shortfall)
        #expect(queue.availableDue == 3)
        #expect(queue.availableNew == 2)
        #expect(queue.entries.allSatisfy { ($0.source == .new) == $0.cardID.hasPrefix("n") })
        #expect(queue.entries.allSatisfy { ($0.state == nil) == ($0.source == .new) })
        #expect(queue.entries.allSatisfy { ($0.source == .ahead) == ($0.cardID == "e") })
        #expect(queue.entries.first?.source == .due)
    }

    @Test func aCardDueAgainWithinTheDayIsOrderedByTheHourNotAtTheEnd() throws {
        // "s" was reviewed 5 hours ago with a stability of 0.05 days: by the hour it has fallen
        // below 70%, though in whole days (py-fsrs's count) it has lost nothing. "a" is at 91%.
        let sameDay = MemoryState(
            state: .review, step: nil, stability: 0.05, difficulty: 5, due: start.addingTimeInterval(-3_600),
            lastReview: start.addingTimeInterval(-5 * 3_600), repetitions: 1)
        let states = ["s": sameDay, "a": reviewState(stability: 20, elapsedDays: 21, dueDays: -1)]
        let scheduler = try FSRS6()
        let queue = StudyQueue(
            items: ["a", "s"].map { StudyQueue.Item(cardID: $0) }, states: states, now: start, count: 1,
            retrievability: StudyQueue.retrievability(for: scheduler))
        #expect(queue.entries.map(\.cardID) == ["s"])
        #expect(scheduler.retrievability(of: sameDay, at: start) == 1)
        #expect(scheduler.hourlyRetrievability(of: sameDay, at: start) < 0.8)
    }

    @Test func withoutRetrievabilityDueCardsGoByDueDate() {
        let queue = StudyQueue(items: Self.items, states: Self.states, now: start, count: 3)
        #expect(queue.entries.map(\.cardID) == ["c", "b", "a"])
        let leitner = StudyQueue(
            items: Self.items, states: Self.states, now: start, count: 3,
            retrievability: StudyQueue.retrievability(for: Leitner()))
        #expect(leitner.entries.map(\.cardID) == ["c", "b", "a"])
    }

    @Test func equalRetrievabilityFallsBackToDueThenID() {
        var states: [String: MemoryState] = [:]
        for (id, due) in [("y", -1.0), ("x", -1.0), ("w", -2.0)] {
            states[id] = reviewState(stability: 10, elapsedDays: 10, dueDays: due)
        }
        let queue = StudyQueue(
            items: ["y", "x", "w"].map { StudyQueue.Item(cardID: $0) }, states: states, now: start, count: 10,
            retrievability: { _, _ in 0.5 })
        #expect(queue.entries.map(\.cardID) == ["w", "x", "y"])
    }

    @Test func buildsFromTheCardsOfATopic() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("badger.yml", "exclude: []\n")
        _ = try directory.write("a.md", "---\ntopic: T\n---\n\nQ: One?\nA: 1\nH: a digit\n\nQ: Two?\nA: 2\nE: after one\n")
        _ = try directory.write("b.md", "---\ntopic: U\n---\n\nQ: Three?\nA: 3\n")
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        let collection = try DeckCollection.load(files, fileAccess: fileAccess)
        let queue = StudyQueue(cards: collection.cards, topic: "T", states: [:], now: start, count: 10)
        let cards = collection.cards.filter { $0.topic == "T" }
        #expect(queue.entries.map(\.cardID) == cards.map(\.id.description))
        #expect(queue.entries.map(\.hasHint) == [true, false])
        #expect(queue.entries.map(\.hasExplanation) == [false, true])
        #expect(queue.shortfall == 8)
    }

    /// The queue of cards (kept by position and compared by number) is the queue of their items:
    /// reversed cards' siblings, a sibling reviewed today, a card id listed twice (two decks
    /// asking the same question), due, new and ahead cards, every count.
    @Test func cardsGiveTheSameQueueAsTheirItems() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("badger.yml", "exclude: []\n")
        _ = try directory.write(
            "a.md", "---\ntopic: T\nreversed: yes\n---\n\nQ: One?\nA: 1\n\nQ: Two?\nA: 2\n\nQ: Three?\nA: 3\nR: no\n\nQ: Five?\nA: 5\n")
        _ = try directory.write("b.md", "---\ntopic: T\n---\n\nQ: One?\nA: uno\nH: in Spanish\n\nQ: Four?\nA: 4\nE: two twos\n")
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        let cards = try DeckCollection.load(files, fileAccess: fileAccess).cards
        #expect(cards.count == 9)
        let ids = cards.map(\.id.description)
        var states: [String: MemoryState] = [:]
        // One? reviewed an hour ago (its reverse waits), Two? and its reverse due, Five?'s reverse
        // ahead, Three? retired; Four? and Five? new.
        var reviewedToday = reviewState(stability: 3, elapsedDays: 1.0 / 24, dueDays: 2)
        reviewedToday.lastReview = start.addingTimeInterval(-3600)
        states[ids[0]] = reviewedToday
        states[ids[1]] = reviewState(stability: 2, elapsedDays: 6, dueDays: -1)
        states[ids[2]] = reviewState(stability: 2, elapsedDays: 6, dueDays: -4)
        states[ids[3]] = reviewState(stability: 9, elapsedDays: 6, dueDays: -1)
        states[ids[4]] = retired(reviewState(stability: 9, elapsedDays: 6, dueDays: -1))
        states[ids[6]] = reviewState(stability: 20, elapsedDays: 20, dueDays: 1)
        let scheduler = try FSRS6()
        for since in [nil, start.addingTimeInterval(-7200)] {
            for aheadDays in [0, 3] {
                for count in [0, 1, 3, 10] {
                    let fromCards = StudyQueue(
                        cards: cards, topic: "T", states: states, now: start, count: count, aheadDays: aheadDays,
                        reviewedSince: since, retrievability: StudyQueue.retrievability(for: scheduler))
                    let fromItems = StudyQueue(
                        items: cards.map(StudyQueue.Item.init), states: states, now: start, count: count, aheadDays: aheadDays,
                        reviewedSince: since, retrievability: StudyQueue.retrievability(for: scheduler))
                    #expect(fromCards == fromItems)
                }
                // Counting only (no entries: no sort, no retrievability) counts as a queue does.
                let counted = StudyQueue(
                    cards: cards, topic: "T", states: states, now: start, count: 0, aheadDays: aheadDays, reviewedSince: since,
                    retrievability: StudyQueue.retrievability(for: scheduler))
                let queued = StudyQueue(
                    cards: cards, topic: "T", states: states, now: start, count: 10, aheadDays: aheadDays, reviewedSince: since,
                    retrievability: StudyQueue.retrievability(for: scheduler))
                let countedOnly: [Int] = [counted.availableDue, counted.availableNew, counted.availableAhead]
                let countedInQueue: [Int] = [queued.availableDue, queued.availableNew, queued.availableAhead]
                #expect(countedOnly == countedInQueue)
                #expect(counted.entries.isEmpty)
            }
        }
        let full = StudyQueue(cards: cards, states: states, now: start, count: 10, aheadDays: 3, reviewedSince: start - 7200)
        #expect(full.availableDue + full.availableNew + full.availableAhead == full.entries.count)
        #expect(!full.entries.isEmpty)
    }
}

@Suite struct StudySessionTests {
    func session(_ ids: [String], states: [String: MemoryState] = [:], hints: Set<String> = [], count: Int = 10) throws
        -> StudySession
    {
        let scheduler = try FSRS6()
        let items = ids.map { StudyQueue.Item(cardID: $0, hasHint: hints.contains($0), hasExplanation: true) }
        let queue = StudyQueue(
            items: items, states: states, now: start, count: count,
            retrievability: StudyQueue.retrievability(for: scheduler))
        return StudySession(queue: queue, scheduler: scheduler, fuzzFor: { _, _ in nil }, startedAt: start)
    }

    @Test func questionThenAnswerThenRatingThenNextCard() throws {
        var clock = TestClock(now: start)
        var session = try session(["x", "y"], hints: ["x"])
        #expect(session.current?.cardID == "x")
        #expect(session.current?.phase == .question)
        #expect(session.current?.isRepeat == false)
        let result1 = session.showExplanation()
        #expect(!result1)
        let result2 = session.showHint()
        #expect(result2)
        #expect(session.current?.hintShown == true)
        clock.advance(3)
        session.showAnswer(at: clock.now)
        #expect(session.current?.phase == .answer)
        let result3 = session.showHint()
        #expect(!result3)
        let result4 = session.showExplanation()
        #expect(result4)
        #expect(session.current?.explanationShown == true)
        clock.advance(2)
        let result5 = session.rate(.good, at: clock.now)
        let outcome = try #require(result5)
        #expect(outcome.cardID == "x")
        #expect(outcome.review == StudySession.Review(cardID: "x", rating: .good, time: clock.now, answerMilliseconds: 5000))
        #expect(outcome.before == nil)
        #expect(outcome.after.state == .learning)
        #expect(outcome.requeued)
        #expect(session.states["x"] == outcome.after)
        #expect(session.current?.cardID == "y")
        #expect(session.current?.phase == .question)
        #expect(session.current?.hintShown == false)
        #expect(session.current?.shownAt == clock.now)
        #expect(session.remaining.isEmpty)
        #expect(session.requeued.map(\.entry.cardID) == ["x"])
    }

    @Test func aFailedCardComesBackAfterItsStepAndCountsOnce() throws {
        var clock = TestClock(now: start)
        let states = ["a": reviewState(stability: 5, elapsedDays: 6, dueDays: -1)]
        var session = try session(["a", "n1", "n2"], states: states)
        #expect(session.queue.entries.map(\.cardID) == ["a", "n1", "n2"])
        clock.advance(4)
        let result6 = session.rate(.again, at: clock.now)
        let failed = try #require(result6)
        #expect(failed.after.state == .relearning)
        #expect(failed.after.due == clock.now.addingTimeInterval(600))
        #expect(failed.requeued)
        #expect(session.current?.cardID == "n1")
        clock.advance(9 * 60)
        session.rate(.easy, at: clock.now)
        // The step has not passed yet: the next new card comes first.
        #expect(session.current?.cardID == "n2")
        clock.advance(2 * 60)
        session.rate(.easy, at: clock.now)
        #expect(session.current?.cardID == "a")
        #expect(session.current?.isRepeat == true)
        #expect(session.current?.earlyUntil == nil)
        #expect(session.timeUntilDue(at: clock.now) == nil)
        clock.advance(5)
        let result7 = session.rate(.good, at: clock.now)
        let again = try #require(result7)
        #expect(again.wasRepeat)
        #expect(again.after.state == .review)
        #expect(!again.requeued)
        #expect(session.isFinished)
        #expect(session.current == nil)
        let summary = session.summary(at: clock.now)
        #expect(summary.cardsStudied == 3)
        #expect(summary.reviews == 4)
        #expect(summary.failed == 1)
        #expect(summary.correct == 3)
    }

    @Test func cardsFailedWithinOneSecondTakeTurnsInsteadOfOneRepeatingForever() throws {
        // Five new cards failed as fast as keys can be typed: each comes back in its turn,
        // whatever its id, and one failed again waits behind the others.
        var session = try session(["e", "d", "c", "b", "a"])
        var shown: [String] = []
        for _ in 0..<15 {
            guard let card = session.current?.cardID else { break }
            shown.append(card)
            session.rate(.again, at: start)
        }
        #expect(shown == Array(repeating: ["e", "d", "c", "b", "a"], count: 3).flatMap { $0 })
    }

    @Test func aDueRepeatComesBeforeTheNextNewCard() throws {
        var clock = TestClock(now: start)
        var session = try session(["a", "b", "c"])
        session.rate(.again, at: clock.now)  // a: 1 minute
        clock.advance(90)
        session.rate(.easy, at: clock.now)  // b graduates
        #expect(session.current?.cardID == "a")
        #expect(session.current?.isRepeat == true)
        #expect(session.remaining.map(\.cardID) == ["c"])
    }

    @Test func aNewCardRatedGoodTwiceComesBackWithinTheSession() throws {
        var clock = TestClock(now: start)
        var session = try session(["x"])
        let result8 = session.rate(.good, at: clock.now)
        let first = try #require(result8)
        #expect(first.after.due == start.addingTimeInterval(600))
        // Nothing else is left: shown at once, saying how long until it is due.
        #expect(session.current?.cardID == "x")
        #expect(session.current?.isRepeat == true)
        #expect(session.current?.earlyUntil == start.addingTimeInterval(600))
        #expect(session.timeUntilDue(at: clock.now) == 600)
        #expect(!session.isFinished)
        clock.advance(600)
        #expect(session.timeUntilDue(at: clock.now) == nil)
        let result9 = session.rate(.good, at: clock.now)
        let second = try #require(result9)
        #expect(second.after.state == .review)
        #expect(!second.requeued)
        #expect(session.isFinished)
        #expect(session.endedAt == clock.now)
        let summary = session.summary(at: clock.now.addingTimeInterval(999))
        #expect(summary.cardsStudied == 1)
        #expect(summary.reviews == 2)
        #expect(summary.timeSpent == 600)
        #expect(summary.nextDue == second.after.due)
    }

    @Test func undoRestoresCardStateQueueAndSummaryExactly() throws {
        var clock = TestClock(now: start)
        let states = ["a": reviewState(stability: 5, elapsedDays: 6, dueDays: -1)]
        var session = try session(["a", "n1", "n2"], states: states, hints: ["a"])
        session.showHint()
        clock.advance(4)
        session.showAnswer(at: clock.now)
        session.showExplanation()
        let current = session.current
        let remaining = session.remaining
        let summary = session.summary(at: clock.now)
        let result10 = session.rate(.again, at: clock.now)
        let rated = try #require(result10)
        #expect(session.current?.cardID == "n1")
        #expect(session.requeued.count == 1)
        let result11 = session.undo(at: clock.now)
        let undone = try #require(result11)
        #expect(undone.review == rated.review)
        #expect(undone.cardID == "a")
        #expect(undone.restoredState == states["a"])
        #expect(session.current == current)
        #expect(session.current?.phase == .answer)
        #expect(session.current?.hintShown == true)
        #expect(session.remaining == remaining)
        #expect(session.requeued.isEmpty)
        #expect(session.states == states)
        #expect(session.reviews.isEmpty)
        #expect(session.summary(at: clock.now) == summary)
        #expect(!session.canUndo)
        let result12 = session.undo(at: clock.now)
        #expect(result12 == nil)
    }

    @Test func timeBetweenARatingAndItsUndoDoesNotCountAsAnswerTime() throws {
        var clock = TestClock(now: start)
        var session = try session(["a", "b"])
        clock.advance(3)
        session.rate(.good, at: clock.now)
        clock.advance(20)
        session.undo(at: clock.now)
        clock.advance(1)
        let result13 = session.rate(.easy, at: clock.now)
        #expect(result13?.review.answerMilliseconds == 4000)
    }

    @Test func multipleUndosGoBackOneRatingEach() throws {
        var clock = TestClock(now: start)
        var session = try session(["a", "b", "c"])
        var outcomes: [StudySession.RatingOutcome] = []
        for rating in [Rating.again, .good, .easy] {
            clock.advance(5)
            let result14 = session.rate(rating, at: clock.now)
            outcomes.append(try #require(result14))
        }
        #expect(session.reviews.count == 3)
        for (index, outcome) in outcomes.enumerated().reversed() {
            let result15 = session.undo(at: clock.now)
            let undone = try #require(result15)
            #expect(undone.review == outcome.review)
            #expect(session.current?.cardID == outcome.cardID)
            #expect(session.reviews == outcomes.prefix(index).map(\.review))
            #expect(session.summary(at: clock.now).reviews == index)
        }
        #expect(session.current?.cardID == "a")
        #expect(session.remaining.map(\.cardID) == ["b", "c"])
        #expect(session.requeued.isEmpty)
        #expect(session.states.isEmpty)
        let result16 = session.undo(at: clock.now)
        #expect(result16 == nil)
    }

    @Test func undoAfterTheLastCardReopensTheSession() throws {
        let clock = TestClock(now: start)
        var session = try session(["a"])
        session.rate(.easy, at: clock.now)
        #expect(session.isFinished)
        session.undo(at: clock.now)
        #expect(!session.isFinished)
        #expect(session.current?.cardID == "a")
    }

    @Test func skipMovesTheCardToTheEnd() throws {
        let clock = TestClock(now: start)
        var session = try session(["a", "b", "c"])
        session.showAnswer(at: clock.now)
        let result17 = session.skip(at: clock.now)
        #expect(result17)
        #expect(session.current?.cardID == "b")
        #expect(session.current?.phase == .question)
        #expect(session.remaining.map(\.cardID) == ["c", "a"])
        session.rate(.easy, at: clock.now)
        session.rate(.easy, at: clock.now)
        #expect(session.current?.cardID == "a")
        // The last card stays on screen.
        let result18 = session.skip(at: clock.now)
        #expect(!result18)
        #expect(session.current?.cardID == "a")
        session.rate(.easy, at: clock.now)
        #expect(session.isFinished)
        #expect(session.summary(at: clock.now).cardsStudied == 3)
    }

    @Test func skippingWithOnlyAnEarlyRepeatLeftShowsTheRepeat() throws {
        let clock = TestClock(now: start)
        var session = try session(["a", "b"])
        session.rate(.again, at: clock.now)
        #expect(session.current?.cardID == "b")
        let result19 = session.skip(at: clock.now)
        #expect(result19)
        #expect(session.current?.cardID == "a")
        #expect(session.current?.isRepeat == true)
        #expect(session.current?.earlyUntil == start.addingTimeInterval(60))
        session.rate(.easy, at: clock.now)
        #expect(session.current?.cardID == "b")
        #expect(session.current?.isRepeat == false)
    }

    @Test func quitKeepsEveryRating() throws {
        var clock = TestClock(now: start)
        var session = try session(["a", "b", "c", "d"])
        var outcomes: [StudySession.RatingOutcome] = []
        clock.advance(10)
        let result20 = session.rate(.good, at: clock.now)
        outcomes.append(try #require(result20))
        clock.advance(10)
        let result21 = session.rate(.hard, at: clock.now)
        outcomes.append(try #require(result21))
        clock.advance(10)
        session.quit(at: clock.now)
        #expect(session.isFinished)
        #expect(session.current == nil)
        let result22 = session.rate(.easy, at: clock.now)
        #expect(result22 == nil)
        #expect(session.reviews == outcomes.map(\.review))
        #expect(session.states["a"] == outcomes[0].after)
        #expect(session.states["b"] == outcomes[1].after)
        let summary = session.summary(at: clock.now.addingTimeInterval(100))
        #expect(summary.reviews == 2)
        #expect(summary.timeSpent == 30)
    }

    @Test func summaryCountsAverageAndNextDue() throws {
        var clock = TestClock(now: start)
        var session = try session(["a", "b", "c", "d"])
        var afters: [MemoryState] = []
        for rating in [Rating.again, .hard, .good, .easy] {
            clock.advance(15)
            let result23 = session.rate(rating, at: clock.now)
            afters.append(try #require(result23).after)
        }
        // a (failed, 1m), b (5.5m) and c (10m) come back; show them in turn.
        #expect(session.current?.cardID == "a")
        clock.advance(45)
        session.rate(.good, at: clock.now)
        session.quit(at: clock.now)
        let summary = session.summary(at: clock.now)
        #expect(summary.cardsStudied == 4)
        #expect(summary.reviews == 5)
        #expect(summary.correct == 4)
        #expect(summary.failed == 1)
        #expect(summary.averageRating == Double(0 + 1 + 2 + 3 + 2) / 5)
        #expect(summary.timeSpent == 4 * 15 + 45)
        #expect(summary.nextDue == session.states.values.map(\.due).min())
        #expect(summary.nextDue == afters[1].due)
        let empty = SessionSummary(reviews: [], states: [:], startedAt: start, endedAt: start)
        #expect(empty.averageRating == nil)
        #expect(empty.nextDue == nil)
    }

    @Test(arguments: [(2.0, 7.25, 7250), (0.0, 0.0, 0), (1.0, 61.5, 61_500)])
    func answerDurationRunsFromShowingToRating(answerAfter: TimeInterval, rateAfter: TimeInterval, milliseconds: Int) throws {
        var clock = TestClock(now: start)
        var session = try session(["a", "b"])
        clock.advance(answerAfter)
        session.showAnswer(at: clock.now)
        clock.advance(rateAfter - answerAfter)
        let result24 = session.rate(.good, at: clock.now)
        #expect(result24?.review.answerMilliseconds == milliseconds)
        clock.advance(1.5)
        let result25 = session.rate(.good, at: clock.now)
        #expect(result25?.review.answerMilliseconds == 1500)
    }

    @Test func previewsGiveTheIntervalOfEachRating() throws {
        var session = try session(["x"])
        let previews = session.previews(at: start)
        #expect(previews[.again] == 60)
        #expect(previews[.hard] == 330)
        #expect(previews[.good] == 600)
        #expect(try #require(previews[.easy]) >= day)
        #expect(session.previewLabels(at: start) == ["Fail · 1m", "Difficult · 5.5m", "Good · 10m", "Easy · 8d"])
        #expect(StudySession.label(.good, interval: 4 * day) == "Good · 4d")
        // After Good the card is at its 10-minute step: Good now graduates it to days.
        session.rate(.good, at: start)
        let later = start.addingTimeInterval(600)
        #expect(session.previewLabels(at: later) == ["Fail · 1m", "Difficult · 10m", "Good · 2d", "Easy · 4d"])
        session.quit(at: later)
        #expect(session.previews(at: later).isEmpty)
    }
}

@Suite struct IntervalFormatterTests {
    @Test(
        arguments: [
            (0.0, "0s"), (45, "45s"), (60, "1m"), (330, "5.5m"), (600, "10m"), (3 * 3600, "3h"), (day, "1d"),
            (4 * day, "4d"), (25 * day, "25d"), (75 * day, "2.5mo"), (130 * day, "4.3mo"), (438 * day, "1.2y"),
            (36_500 * day, "100y"), (-5, "0s"),
        ] as [(TimeInterval, String)])
    func short(seconds: TimeInterval, expected: String) {
        #expect(IntervalFormatter.short(seconds) == expected)
    }

    @Test(arguments: [(0.0, "0s"), (42, "42s"), (605, "10m 5s"), (3 * 3600 + 120, "3h 2m")] as [(TimeInterval, String)])
    func duration(seconds: TimeInterval, expected: String) {
        #expect(IntervalFormatter.duration(seconds) == expected)
    }
}

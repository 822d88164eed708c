import BadgerTestSupport
import Foundation
import Testing

/// Scheduling run as a user runs it: `badger review`, `due`, `state rebuild`/`prune`, `lint`'s
/// state check and `schedule replay`, on small collections written for each test.
@Suite struct SchedulingCommandTests {
    static let memoryFixtures = PackagePaths.url("Tests/BadgerMemoryTests/Fixtures")

    // MARK: schedule replay

    @Test func replayWithoutFuzzReproducesPyFSRS() async throws {
        let histories = Self.memoryFixtures.appendingPathComponent("fsrs_histories.json")
        let expectedFile = Self.memoryFixtures.appendingPathComponent("fsrs_expected.json")
        try #require(
            FileManager.default.fileExists(atPath: histories.path) && FileManager.default.fileExists(atPath: expectedFile.path),
            "the py-fsrs fixtures are missing; run Tests/BadgerMemoryTests/Fixtures/generate_fsrs_vectors.py")
        let result = try await BadgerProcess.run(["schedule", "replay", histories.path, "--no-fuzz"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let actual = try JSONDecoder().decode([ReplayedCard].self, from: Data(result.standardOutput.utf8))
        let expected = try JSONDecoder().decode([ReplayedCard].self, from: Data(contentsOf: expectedFile))
        try #require(actual.count == expected.count)
        #expect(actual.count > 100)
        var compared = 0
        for (card, golden) in zip(actual, expected) {
            #expect(card.id == golden.id)
            #expect(card.states.count == golden.states.count, "\(golden.id): wrong number of states")
            for (index, (state, want)) in zip(card.states, golden.states).enumerated() {
                let place = "\(golden.id), review \(index + 1)"
                #expect(
                    Self.relativeDifference(state.stability, want.stability) <= 1e-9,
                    "\(place): stability \(String(describing: state.stability)) ≠ \(String(describing: want.stability))")
                #expect(
                    Self.relativeDifference(state.difficulty, want.difficulty) <= 1e-9,
                    "\(place): difficulty \(String(describing: state.difficulty)) ≠ \(String(describing: want.difficulty))")
                #expect(state.due == want.due, "\(place)")
                #expect(state.state == want.state, "\(place)")
                #expect(state.step == want.step, "\(place)")
                #expect(
                    abs(state.intervalSeconds - want.intervalSeconds) <= 1e-6,
                    "\(place): interval \(state.intervalSeconds) ≠ \(want.intervalSeconds)")
                compared += 1
            }
        }
        #expect(compared == expected.reduce(0) { $0 + $1.states.count })
    }

    @Test func replayWithFuzzIsTheSameEveryRunAndDiffersFromNoFuzz() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write("histories.json", Self.longHistories)
        let first = try await sandbox.badger(["schedule", "replay", "histories.json"])
        let second = try await sandbox.badger(["schedule", "replay", "histories.json"])
        #expect(first.status == 0)
        #expect(!first.standardOutput.isEmpty)
        #expect(first.standardOutput == second.standardOutput)
        let unfuzzed = try await sandbox.badger(["schedule", "replay", "histories.json", "--no-fuzz"])
        #expect(unfuzzed.status == 0)
        // Fuzz spreads the long intervals, so the output must differ somewhere.
        #expect(unfuzzed.standardOutput != first.standardOutput)
        // Reading from standard input gives the same.
        let piped = try await BadgerProcess.run(["schedule", "replay", "-"], in: sandbox.url, input: Self.longHistories)
        #expect(piped.standardOutput == first.standardOutput)
    }

    @Test func replayWithSM2GivesOneDayThenSixDaysForGoodGood() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write("histories.json", Self.goodGoodGood)
        for fuzz in [true, false] {
            let result = try await sandbox.badger(
                ["schedule", "replay", "histories.json", "--scheduler", "sm2"] + (fuzz ? [] : ["--no-fuzz"]))
            #expect(result.status == 0)
            let cards = try JSONDecoder().decode([ReplayedCard].self, from: Data(result.standardOutput.utf8))
            let states = try #require(cards.first?.states)
            try #require(states.count == 3)
            #expect(states[0].intervalSeconds == 86_400)
            #expect(states[0].due == "2026-01-02T08:00:00Z")
            #expect(states[1].intervalSeconds == 6 * 86_400)
            #expect(states[1].due == "2026-01-08T08:00:00Z")
            #expect(states.allSatisfy { $0.state == "Review" && $0.step == nil && $0.stability == nil && $0.difficulty == nil })
        }
    }

    @Test func replayWithLeitnerDoublesTheBoxIntervals() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write("histories.json", Self.goodGoodGood)
        let result = try await sandbox.badger(["schedule", "replay", "histories.json", "--scheduler", "leitner"])
        #expect(result.status == 0)
        let states = try #require(try JSONDecoder().decode([ReplayedCard].self, from: Data(result.standardOutput.utf8)).first?.states)
        #expect(states.map(\.intervalSeconds) == [86_400, 2 * 86_400, 4 * 86_400])
        #expect(states.map(\.state) == ["Learning", "Review", "Review"])
    }

    @Test func replayRejectsABadRatingNamingTheReview() async throws {
        let result = try await BadgerProcess.run(
            ["schedule", "replay", "-"],
            input: #"[{"id": "c1", "reviews": [{"rating": 3, "at": "2026-01-01T08:00:00Z"}, {"rating": 5, "at": "2026-01-02T08:00:00Z"}]}]"#
        )
        #expect(result.status == 2)
        #expect(result.standardError.contains(#"-: history 1 ("c1"), review 2: rating must be 1, 2, 3 or 4, not 5"#))
    }

    @Test func replayRejectsReviewsOutOfTimeOrderNamingThem() async throws {
        let result = try await BadgerProcess.run(
            ["schedule", "replay", "-"],
            input: #"[{"id": "c1", "reviews": [{"rating": 3, "at": "2026-01-02T08:00:00Z"}, {"rating": 3, "at": "2026-01-01T08:00:00Z"}]}]"#
        )
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "badger: error: -: history 1 (\"c1\"): review 2 (2026-01-01T08:00:00Z) is earlier than review 1 (2026-01-02T08:00:00Z); list each card's reviews in time order\n"
        )
    }

    // MARK: review and due

    @Test func aReviewIsLoggedAndStatedAndMakesTheCardDue() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?", "What is two?", "What is three?"])])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let one = try #require(ids["What is one?"])
        let two = try #require(ids["What is two?"])
        let three = try #require(ids["What is three?"])

        // Only new cards: nothing is due.
        let fresh = try await sandbox.badger(["due"])
        #expect(fresh.status == 1)
        #expect(fresh.standardOutput.hasSuffix("0 due now, 3 new\n"))
        #expect(try await sandbox.badger(["due", "--quiet"]).status == 1)

        // Easy now: due in days, so still nothing due now.
        let easy = try await sandbox.badger(["review", "--card", one, "--rating", "3"])
        #expect(easy.status == 0)
        #expect(easy.standardOutput.hasPrefix("\(one): Review, due "))
        let stillNothing = try await sandbox.badger(["due", "--format", "json"])
        #expect(stillNothing.status == 1)
        let nothing = try Self.json(stillNothing.standardOutput)
        #expect(nothing["due"] as? Int == 0)
        #expect(nothing["new"] as? Int == 2)

        // A review long ago: the card came due long ago.
        let old = try await sandbox.badger([
            "review", "--card", two, "--rating", "2", "--at", "2020-01-01T08:00:00Z", "--answer-ms", "1500",
        ])
        #expect(old.status == 0)
        #expect(old.standardOutput == "\(two): Learning, due 2020-01-01T08:10:00Z\n")
        let again = try await sandbox.badger(["review", "--card", two, "--rating", "0", "--at", "2020-01-01T08:10:00Z"])
        #expect(again.status == 0)
        let due = try await sandbox.badger(["due"])
        #expect(due.status == 0)
        #expect(try await sandbox.badger(["due", "--quiet"]).status == 0)
        #expect(try await sandbox.badger(["due", "--quiet"]).standardOutput.isEmpty)
        let report = try await sandbox.badger(["due", "--format", "json"])
        #expect(report.status == 0)
        let document = try Self.json(report.standardOutput)
        #expect(document["schemaVersion"] as? Int == 1)
        #expect((document["due"] as? Int ?? 0) >= 1)
        #expect(document["new"] as? Int == 1)

        // The log: a header, then a `card` line when a card is first reviewed (its key, content
        // id and text), and one tab-separated line per review, in the order recorded, each
        // ending in a unique record id. Once the deck has a log, the next command records every
        // card not yet in it (two and three), so a card never reviewed has a history of its own
        // and never takes a deleted card's.
        let log = try sandbox.lines("deck.reviews")
        try #require(log.count == 7)
        #expect(log[0].hasPrefix("# badger review log 2"))
        #expect(log[1].components(separatedBy: "\t").dropFirst().dropLast() == ["card", one, one, "forward", "What is one?", "answer 1"])
        let first = log[2].components(separatedBy: "\t")
        #expect(first.count == 7)
        #expect(first.count == 7 && Self.isTimestamp(first[0]))
        #expect(Array(first.dropFirst().dropLast()) == ["review" + "ed", one, "4", "-", "-"])
        #expect(first.last?.count == 16 && first.last?.allSatisfy(\.isHexDigit) == true)
        #expect(log[3].components(separatedBy: "\t").dropFirst().dropLast() == ["card", two, two, "forward", "What is two?", "answer 2"])
        #expect(
            log[4].components(separatedBy: "\t").dropFirst().dropLast() == ["card", three, three, "forward", "What is three?", "answer 3"])
        #expect(log[5].hasPrefix("2020-01-01T08:00:00Z\treviewed\t\(two)\t3\t-\t1500\t"))
        #expect(log[6].hasPrefix("2020-01-01T08:10:00Z\treviewed\t\(two)\t1\t600\t-\t"))
        #expect(Set(log.dropFirst().map { $0.components(separatedBy: "\t").last! }).count == 6)
        #expect(!log.dropFirst(5).joined().contains(three))

        // The state: a header, the digest line, then one line per reviewed card, sorted by id.
        let state = try sandbox.lines("deck.state")
        #expect(state.count == 4)
        #expect(state.first?.hasPrefix("# badger state") == true)
        #expect(state[1].hasPrefix("# digest "))
        let stateIDs = state.dropFirst(2).map { $0.components(separatedBy: "\t")[0] }
        #expect(stateIDs == [one, two].sorted())
        #expect(state.dropFirst(2).allSatisfy { $0.components(separatedBy: "\t").count == 14 })
        let twoFields = try #require(state.first { $0.hasPrefix(two + "\t") }?.components(separatedBy: "\t"))
        #expect(twoFields[5] == "2020-01-01T08:11:00Z")  // due: Again restarts the first 1-minute step
        #expect(twoFields[6] == "2020-01-01T08:10:00Z")  // last review
        #expect(twoFields[13] == "What is two?")
    }

    @Test func reviewRejectsUnknownCardsRatingsAndTimes() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?"])])
        defer { sandbox.remove() }
        let id = try await #require(try sandbox.ids()["What is one?"])
        let unknown = try await sandbox.badger(["review", "--card", "0000000000000000", "--rating", "2"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("0000000000000000"))
        #expect(try await sandbox.badger(["review", "--card", id, "--rating", "4"]).status == 2)
        let badTime = try await sandbox.badger(["review", "--card", id, "--rating", "2", "--at", "yesterday"])
        #expect(badTime.status == 2)
        #expect(badTime.standardError.contains("yesterday"))
        #expect(!sandbox.exists("deck.reviews"))
        #expect(!sandbox.exists("deck.state"))
    }

    // MARK: state rebuild

    @Test func stateRebuildsByteForByteFromTheLog() async throws {
        let sandbox = try Sandbox(decks: [
            "a.md": Self.deck("T", ["What is one?", "What is two?"]),
            "b.md": Self.deck("U", ["What is three?"]),
        ])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let reviews: [(String, Int, String)] = [
            ("What is one?", 2, "2026-01-01T08:00:00Z"), ("What is two?", 0, "2026-01-01T08:01:00Z"),
            ("What is one?", 2, "2026-01-01T08:10:00Z"), ("What is three?", 3, "2026-01-01T08:20:00Z"),
            ("What is two?", 2, "2026-01-01T08:30:00Z"), ("What is one?", 1, "2026-01-05T09:00:00Z"),
            ("What is one?", 2, "2026-01-20T09:00:00Z"), ("What is three?", 0, "2026-02-20T09:00:00Z"),
        ]
        for (question, rating, time) in reviews {
            let id = try #require(ids[question])
            #expect(try await sandbox.badger(["review", "--card", id, "--rating", String(rating), "--at", time]).status == 0)
        }
        let before = try sandbox.data("a.state")
        let beforeB = try sandbox.data("b.state")

        try FileManager.default.removeItem(at: sandbox.url.appendingPathComponent("a.state"))
        let rebuilt = try await sandbox.badger(["state", "rebuild"])
        #expect(rebuilt.status == 0)
        #expect(rebuilt.standardError.contains("rebuilt 3 card states from 11 log records; 1 state files written"))
        #expect(try sandbox.data("a.state") == before)
        #expect(try sandbox.data("b.state") == beforeB)

        // A state file edited by hand is put back as the log says.
        let edited = try sandbox.text("a.state").replacingOccurrences(of: "\tno\t", with: "\tyes\t")
            .replacingOccurrences(of: "What is one?", with: "What is won?")
        try sandbox.write("a.state", edited)
        var lines = try sandbox.lines("b.state")
        // Line 1 is the header, line 2 the digest line.
        var fields = lines[2].components(separatedBy: "\t")
        fields[3] = "99.5"  // stability
        fields[5] = "2030-01-01T00:00:00Z"  // due
        lines[2] = fields.joined(separator: "\t")
        try sandbox.write("b.state", lines.joined(separator: "\n") + "\n")
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.data("a.state") == before)
        #expect(try sandbox.data("b.state") == beforeB)

        // A line deleted by hand comes back too; a second rebuild changes nothing.
        try sandbox.write("a.state", try sandbox.lines("a.state").prefix(3).joined(separator: "\n") + "\n")
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.data("a.state") == before)
        let idle = try await sandbox.badger(["state", "rebuild"])
        #expect(idle.standardError.contains("0 state files written, 0 edited cards followed"))
    }

    // MARK: renames, moves and pruning

    @Test func aSlightlyEditedQuestionKeepsItsProgress() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is the capital city of France?", "What is two?"])])
        defer { sandbox.remove() }
        let old = try await #require(try sandbox.ids()["What is the capital city of France?"])
        #expect(try await sandbox.badger(["review", "--card", old, "--rating", "2", "--at", "2026-01-01T08:00:00Z"]).status == 0)
        #expect(try await sandbox.badger(["review", "--card", old, "--rating", "2", "--at", "2026-01-01T08:10:00Z"]).status == 0)
        let oldFields = try #require(try sandbox.stateLine(old, in: "deck.state"))

        try sandbox.write("deck.md", Self.deck("T", ["What is the capital town of France?", "What is two?"]))
        let new = try await #require(try sandbox.ids()["What is the capital town of France?"])
        #expect(new != old)

        // Every command follows the edit at once, and lint has nothing to say.
        let list = try await sandbox.badger(["list", "--format", "json"])
        #expect(list.status == 0)
        let listed = try #require((try Self.json(list.standardOutput)["cards"] as? [[String: Any]])?.first { $0["id"] as? String == new })
        #expect(listed["state"] as? String == "review", "\(list.standardOutput)")
        let lint = try await sandbox.badger(["lint"])
        #expect(lint.status == 0)
        #expect(lint.standardOutput.isEmpty)
        #expect(lint.standardError.hasSuffix("0 errors and 0 warnings\n"))

        // What was matched is written down once, as a `card` line for the card's key.
        let log = try sandbox.lines("deck.reviews")
        let sightings = log.filter { $0.contains("\tcard\t\(old)\t\(new)\t") }
        #expect(sightings.count == 1)
        #expect(sightings.first?.contains("\tWhat is the capital town of France?\t") == true)

        #expect(try sandbox.stateLine(old, in: "deck.state") == nil)
        let newFields = try #require(try sandbox.stateLine(new, in: "deck.state"))
        // Everything but the id and the question carries over: stability, difficulty, due, …
        #expect(Array(newFields[1..<13]) == Array(oldFields[1..<13]))
        #expect(newFields[13] == "What is the capital town of France?")

        // A review of the edited card joins the same history; nothing is written twice.
        #expect(try await sandbox.badger(["review", "--card", new, "--rating", "2", "--at", "2026-01-03T08:00:00Z"]).status == 0)
        #expect(try sandbox.stateLine(new, in: "deck.state")?[8] == "3")
        #expect(try sandbox.lines("deck.reviews").filter { $0.contains("\tcard\t\(old)\t\(new)\t") }.count == 1)
        #expect(try await sandbox.badger(["state", "rebuild"]).standardError.contains("0 state files written"))
    }

    /// The state file must stay what `state rebuild` makes of the log, also when a renamed
    /// card is reviewed with `--at` a time before the rename was logged (which is stamped now).
    @Test func aReviewAfterARenameSurvivesARebuild() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is the capital city of France?"])])
        defer { sandbox.remove() }
        let old = try await #require(try sandbox.ids().values.first)
        #expect(try await sandbox.badger(["review", "--card", old, "--rating", "2", "--at", "2026-01-01T08:00:00Z"]).status == 0)
        #expect(try await sandbox.badger(["review", "--card", old, "--rating", "2", "--at", "2026-01-01T08:10:00Z"]).status == 0)
        try sandbox.write("deck.md", Self.deck("T", ["What is the capital town of France?"]))
        let new = try await #require(try sandbox.ids().values.first)
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        // The card was due on 2026-01-03; it is reviewed then.
        let review = try await sandbox.badger(["review", "--card", new, "--rating", "2", "--at", "2026-01-03T08:10:00Z"])
        #expect(review.status == 0)
        let afterReview = try sandbox.text("deck.state")
        #expect(try sandbox.stateLine(new, in: "deck.state")?[8] == "3")  // repetitions
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.text("deck.state") == afterReview, "state rebuild dropped the review recorded after the rename")
    }

    @Test func aCardMovedToAnotherDeckKeepsItsProgress() async throws {
        let sandbox = try Sandbox(decks: [
            "a.md": Self.deck("T", ["What is one?", "What is two?"]),
            "sub/b.md": Self.deck("T", ["What is three?"]),
        ])
        defer { sandbox.remove() }
        let two = try await #require(try sandbox.ids()["What is two?"])
        #expect(try await sandbox.badger(["review", "--card", two, "--rating", "2", "--at", "2026-01-01T08:00:00Z"]).status == 0)
        #expect(try await sandbox.badger(["review", "--card", two, "--rating", "2", "--at", "2026-01-01T08:10:00Z"]).status == 0)
        #expect(try await sandbox.badger(["review", "--card", two, "--rating", "1", "--at", "2026-01-03T08:10:00Z"]).status == 0)
        let before = try #require(try sandbox.stateLine(two, in: "a.state"))

        try sandbox.write("a.md", Self.deck("T", ["What is one?"]))
        try sandbox.write("sub/b.md", Self.deck("T", ["What is three?", "What is two?"]))
        #expect(try await sandbox.ids()["What is two?"] == two)
        let rebuild = try await sandbox.badger(["state", "rebuild"])
        #expect(rebuild.status == 0)
        #expect(try sandbox.stateLine(two, in: "a.state") == nil)
        #expect(try sandbox.stateLine(two, in: "sub/b.state") == before)
        let lint = try await sandbox.badger(["lint"])
        #expect(lint.standardOutput.isEmpty)
        #expect(lint.standardError.hasSuffix("0 errors and 0 warnings\n"))

        // Studying it on goes to its new deck's log, and the state still rebuilds exactly.
        #expect(try await sandbox.badger(["review", "--card", two, "--rating", "2", "--at", "2026-01-20T08:00:00Z"]).status == 0)
        #expect(try sandbox.lines("sub/b.reviews").contains { $0.hasPrefix("2026-01-20T08:00:00Z\treviewed\t\(two)\t3\t") })
        let reviewed = try sandbox.text("sub/b.state")
        #expect(try sandbox.stateLine(two, in: "sub/b.state")?[8] == "4")  // repetitions: all four reviews count
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.text("sub/b.state") == reviewed)
    }

    @Test func pruneRemovesStateOfDeletedCardsButTheLogKeepsTheirHistory() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?", "Entirely different question here?"])])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let one = try #require(ids["What is one?"])
        let gone = try #require(ids["Entirely different question here?"])
        #expect(try await sandbox.badger(["review", "--card", one, "--rating", "2", "--at", "2026-01-01T08:00:00Z"]).status == 0)
        #expect(try await sandbox.badger(["review", "--card", gone, "--rating", "2", "--at", "2026-01-01T08:01:00Z"]).status == 0)
        let logBefore = try sandbox.text("deck.reviews")
        let oneLine = try sandbox.stateLine(one, in: "deck.state")

        try sandbox.write("deck.md", Self.deck("T", ["What is one?"]))
        let lint = try await sandbox.badger(["lint"])
        #expect(lint.standardOutput.contains("deck.reviews:1:1: warning: [StateMatchesCards]"))
        #expect(lint.standardOutput.contains(gone))
        #expect(lint.standardOutput.contains("Entirely different question here?"))
        #expect(try await sandbox.badger(["lint", "--strict"]).status == 1)
        // State files hold the cards there are; the log keeps the history, and lint reports it
        // until it is pruned.
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.stateLine(gone, in: "deck.state") == nil)
        #expect(try await sandbox.badger(["lint", "--strict"]).status == 1)

        let prune = try await sandbox.badger(["state", "prune"])
        #expect(prune.status == 0)
        #expect(prune.standardError == "retired the history of 1 card that no longer exist\n")
        #expect(try sandbox.stateLine(gone, in: "deck.state") == nil)
        #expect(try sandbox.stateLine(one, in: "deck.state") == oneLine)
        let logAfter = try sandbox.text("deck.reviews")
        #expect(logAfter.hasPrefix(logBefore))
        #expect(logAfter.dropFirst(logBefore.count).contains("\tretired\t\(gone)\t"))
        #expect(try await sandbox.badger(["lint", "--strict"]).status == 0)
        #expect(try await sandbox.badger(["lint"]).standardOutput.isEmpty)
        // Pruning again finds nothing, and says so.
        let again = try await sandbox.badger(["state", "prune"])
        #expect(again.standardError.hasPrefix("nothing to retire"), "\(again.standardError)")
        #expect(try sandbox.text("deck.reviews") == logAfter)
        // A rebuild does not bring it back.
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.stateLine(gone, in: "deck.state") == nil)
    }

    // MARK: damaged logs

    @Test func aCutOffLastLogLineWarnsAndCommandsStillWork() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?", "What is two?"])])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let one = try #require(ids["What is one?"])
        let two = try #require(ids["What is two?"])
        #expect(try await sandbox.badger(["review", "--card", one, "--rating", "2", "--at", "2026-01-01T08:00:00Z"]).status == 0)
        #expect(try await sandbox.badger(["review", "--card", one, "--rating", "2", "--at", "2026-01-01T08:10:00Z"]).status == 0)
        let state = try sandbox.text("deck.state")
        // A crash in the middle of writing the next line.
        let cutLine = try sandbox.lines("deck.reviews").count + 1
        try sandbox.append("deck.reviews", "2026-01-02T08:00:00Z\treviewed\t\(two)\t")

        let due = try await sandbox.badger(["due"])
        #expect(due.status == 0)
        #expect(due.standardError.contains("deck.reviews:\(cutLine):"), "\(due.standardError)")
        #expect(due.standardError.contains("cut off"))
        let lint = try await sandbox.badger(["lint"])
        #expect(lint.status == 0)
        #expect(lint.standardError.contains("deck.reviews:\(cutLine):"))
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.text("deck.state") == state)

        // The next review drops the cut-off fragment and is recorded whole.
        let review = try await sandbox.badger(["review", "--card", two, "--rating", "3", "--at", "2026-01-02T09:00:00Z"])
        #expect(review.status == 0)
        let log = try sandbox.text("deck.reviews")
        #expect(log.hasSuffix("\n"))
        #expect(log.components(separatedBy: "\n").contains { $0.hasPrefix("2026-01-02T09:00:00Z\treviewed\t\(two)\t4\t-\t-\t") })
        let after = try await sandbox.badger(["due"])
        #expect(after.status == 0, "the log is unreadable after reviewing: \(after.standardError)")
        #expect(!after.standardError.contains("cut off"))
        #expect(try sandbox.stateLine(two, in: "deck.state") != nil)
    }

    @Test func aGarbledLineInTheMiddleOfALogIsAnErrorNamingTheLine() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?"])])
        defer { sandbox.remove() }
        let one = try await #require(try sandbox.ids().values.first)
        for time in ["2026-01-01T08:00:00Z", "2026-01-01T08:10:00Z", "2026-01-03T08:10:00Z"] {
            #expect(try await sandbox.badger(["review", "--card", one, "--rating", "2", "--at", time]).status == 0)
        }
        var lines = try sandbox.lines("deck.reviews")
        lines[2] = "2026-01-01T08:10:00Z\treview\t\(one)\tgood\t600\t-"
        let garbled = lines.joined(separator: "\n") + "\n"
        try sandbox.write("deck.reviews", garbled)

        for command in [["due"], ["lint"], ["state", "rebuild"], ["review", "--card", one, "--rating", "2"]] {
            let result = try await sandbox.badger(command)
            #expect(result.status == 2, "\(command)")
            let message = result.standardError
            #expect(message.contains("deck.reviews:3") || message.contains("deck.reviews: line 3"), "\(command): \(message)")
            #expect(message.contains("rating"), "\(command): \(message)")
        }
        // Nothing is appended to, or dropped from, a log that cannot be read.
        #expect(try sandbox.text("deck.reviews") == garbled)
    }

    @Test func reviewCapsTheAnswerTimeAsStudyingDoes() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?"])])
        defer { sandbox.remove() }
        let one = try await #require(try sandbox.ids().values.first)
        let long = try await sandbox.badger(["review", "--card", one, "--rating", "2", "--answer-ms", "2400000"])
        #expect(long.status == 0, "\(long.standardError)")
        #expect(
            try sandbox.lines("deck.reviews").contains { $0.contains("\treviewed\t\(one)\t3\t-\t60000\t") }, "a 40-minute pause is 60 s")
        let negative = try await sandbox.badger(["review", "--card", one, "--rating", "2", "--answer-ms=-5"])
        #expect(negative.status == 2)
        #expect(negative.standardError.contains("--answer-ms must be 0 or more milliseconds"), "\(negative.standardError)")
    }

    // MARK: locking

    @Test(.enabled(if: Python.path != nil, "python3 is needed to hold the collection lock"))
    func aReviewWaitsForTheLockAndThenSucceeds() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?"])])
        defer { sandbox.remove() }
        let one = try await #require(try sandbox.ids().values.first)
        let holder = try await Python.holdLock(in: sandbox.url, for: 3, holder: "python lock test (pid 1): studying")
        defer { holder.stop() }
        let start = Date()
        let review = try await sandbox.badger(["review", "--card", one, "--rating", "2", "--at", "2026-01-01T08:00:00Z"])
        let waited = Date().timeIntervalSince(start)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(waited > 1, "the review did not wait for the lock (\(waited) s)")
        #expect(try sandbox.lines("deck.reviews").contains { $0.hasPrefix("2026-01-01T08:00:00Z\treviewed\t\(one)\t3\t-\t-\t") })
    }

    @Test(.enabled(if: Python.path != nil, "python3 is needed to hold the collection lock"))
    func aReviewGivesUpAfterFiveSecondsNamingTheLockHolder() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?"])])
        defer { sandbox.remove() }
        let one = try await #require(try sandbox.ids().values.first)
        // Held far longer than the review waits (stopped at the end), so that a review started
        // late on a loaded machine still finds it held (with 15 s it once did not).
        let holder = try await Python.holdLock(in: sandbox.url, for: 120, holder: "python lock test (pid 1): studying")
        defer { holder.stop() }
        let start = Date()
        let review = try await sandbox.badger(["review", "--card", one, "--rating", "2"])
        let waited = Date().timeIntervalSince(start)
        #expect(review.status == 2)
        #expect(waited >= 4.5)
        #expect(review.standardError.contains("python lock test (pid 1): studying"))
        #expect(review.standardError.contains(".badger.lock"))
        #expect(!sandbox.exists("deck.reviews"))
    }

    /// Two reviews started while the lock is held both wait; each must see the other's review
    /// once it gets the lock, so the state file ends up with both cards.
    @Test(.enabled(if: Python.path != nil, "python3 is needed to hold the collection lock"))
    func reviewsWaitingForTheLockDoNotOverwriteEachOthersState() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?", "What is two?"])])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let cards = [try #require(ids["What is one?"]), try #require(ids["What is two?"])]
        let holder = try await Python.holdLock(in: sandbox.url, for: 2, holder: "python lock test")
        defer { holder.stop() }
        let results = Statuses()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<2 {
                group.addTask {
                    let result = try? await sandbox.badger([
                        "review", "--card", cards[worker], "--rating", "2", "--at", "2026-01-01T08:0\(worker):00Z",
                    ])
                    results.append(result?.status ?? -1)
                }
            }
        }
        #expect(results.values == [0, 0])
        let log = try sandbox.lines("deck.reviews")
        #expect(log.filter { !$0.hasPrefix("#") && $0.contains("\treviewed\t") }.count == 2)
        let state = try sandbox.text("deck.state")
        for card in cards { #expect(state.contains(card + "\t"), "state of \(card) was overwritten by the other review") }
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.text("deck.state") == state)
    }

    @Test func twentyReviewsFromTwoConcurrentProcessesAreAllLogged() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?", "What is two?"])])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let cards = [try #require(ids["What is one?"]), try #require(ids["What is two?"])]
        let results = Statuses()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<2 {
                group.addTask {
                    for index in 0..<10 {
                        let time = "2026-01-0\(worker + 1)T08:\(10 + index):00Z"
                        let result = try? await sandbox.badger([
                            "review", "--card", cards[worker], "--rating", "2", "--at", time, "--answer-ms", String(1000 * worker + index),
                        ])
                        results.append(result?.status ?? -1)
                    }
                }
            }
        }
        #expect(results.values.count == 20)
        #expect(results.values.allSatisfy { $0 == 0 })
        let log = try sandbox.lines("deck.reviews")
        #expect(log.count { $0.contains("\treviewed\t") } == 20)
        #expect(log.filter { $0.hasPrefix("#") }.count == 1)
        for worker in 0..<2 {
            for index in 0..<10 {
                let prefix = "2026-01-0\(worker + 1)T08:\(10 + index):00Z\treviewed\t\(cards[worker])\t3\t"
                let answer = "\t\(1000 * worker + index)\t"
                #expect(log.filter { $0.hasPrefix(prefix) && $0.contains(answer) }.count == 1, "missing \(prefix)…\(answer)")
            }
        }
        #expect(try await sandbox.badger(["due"]).status != 2)
    }

    // MARK: badger.yml

    @Test func sm2InTheConfigFillsTheEaseColumn() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?"])], config: "scheduler: sm2\n")
        defer { sandbox.remove() }
        let one = try await #require(try sandbox.ids().values.first)
        let first = try await sandbox.badger(["review", "--card", one, "--rating", "2", "--at", "2026-01-01T08:00:00Z"])
        #expect(first.standardOutput == "\(one): Review, due 2026-01-02T08:00:00Z\n")
        var fields = try #require(try sandbox.stateLine(one, in: "deck.state"))
        #expect(fields[3] == "-")  // stability: FSRS only
        #expect(fields[4] == "-")  // difficulty
        #expect(fields[9] == "2.5")  // ease
        #expect(fields[10] == "1")  // interval days
        let second = try await sandbox.badger(["review", "--card", one, "--rating", "1", "--at", "2026-01-02T08:00:00Z"])
        #expect(second.standardOutput == "\(one): Review, due 2026-01-08T08:00:00Z\n")
        fields = try #require(try sandbox.stateLine(one, in: "deck.state"))
        #expect(fields[9] == "2.35")
        #expect(fields[10] == "6")
        let state = try sandbox.text("deck.state")
        try FileManager.default.removeItem(at: sandbox.url.appendingPathComponent("deck.state"))
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.text("deck.state") == state)
    }

    @Test func anOutOfRangeDesiredRetentionIsAnErrorNamingBadgerYml() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?"])], config: "fuzz: false\ndesired_retention: 2\n")
        defer { sandbox.remove() }
        for command in [["due"], ["lint"], ["state", "rebuild"]] {
            let result = try await sandbox.badger(command)
            #expect(result.status == 2, "\(command)")
            #expect(result.standardError.contains("badger.yml"), "\(command)")
            #expect(result.standardError.contains("desired_retention"), "\(command)")
            #expect(result.standardError.contains("line 2"), "\(command)")
        }
    }

    @Test func anUnknownConfigKeySuggestsTheRightOne() async throws {
        let sandbox = try Sandbox(decks: ["deck.md": Self.deck("T", ["What is one?"])], config: "desired_retension: 0.9\n")
        defer { sandbox.remove() }
        let result = try await sandbox.badger(["due"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("badger.yml"))
        #expect(result.standardError.contains("unknown key `desired_retension`"))
        #expect(result.standardError.contains("did you mean `desired_retention`?"))
    }

    // MARK: helpers

    struct ReplayedCard: Decodable {
        struct State: Decodable {
            let stability: Double?
            let difficulty: Double?
            let due: String
            let state: String
            let step: Int?
            let intervalSeconds: Double

            enum CodingKeys: String, CodingKey {
                case stability, difficulty, due, state, step
                case intervalSeconds = "interval_seconds"
            }
        }
        let id: String
        let states: [State]
    }

    static func relativeDifference(_ a: Double?, _ b: Double?) -> Double {
        guard let a, let b else { return a == nil && b == nil ? 0 : .infinity }
        return a == b ? 0 : abs(a - b) / max(abs(a), abs(b))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func isTimestamp(_ text: String) -> Bool {
        text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil
    }

    /// A deck with front matter and one card per question (answers are numbered).
    static func deck(_ topic: String, _ questions: [String]) -> String {
        "---\ntopic: \(topic)\n---\n" + questions.enumerated().map { "\nQ: \($0.element)\nA: answer \($0.offset + 1)\n" }.joined()
    }

    static let goodGoodGood = """
        [{"id": "gg", "reviews": [
          {"rating": 3, "at": "2026-01-01T08:00:00Z"},
          {"rating": 3, "at": "2026-01-02T08:00:00Z"},
          {"rating": 3, "at": "2026-01-08T08:00:00Z"}]}]
        """

    static let longHistories = """
        [{"id": "long", "reviews": [
          {"rating": 3, "at": "2026-01-01T08:00:00Z"}, {"rating": 3, "at": "2026-01-01T08:10:00Z"},
          {"rating": 3, "at": "2026-01-05T08:00:00Z"}, {"rating": 3, "at": "2026-01-25T08:00:00Z"},
          {"rating": 3, "at": "2026-04-01T08:00:00Z"}, {"rating": 2, "at": "2026-11-01T08:00:00Z"}]},
         {"id": "lapse", "reviews": [
          {"rating": 4, "at": "2026-01-01T08:00:00Z"}, {"rating": 3, "at": "2026-01-20T08:00:00Z"},
          {"rating": 1, "at": "2026-03-20T08:00:00Z"}, {"rating": 3, "at": "2026-03-20T08:10:00Z"},
          {"rating": 3, "at": "2026-03-30T08:00:00Z"}]}]
        """
}

/// A collection in a fresh temporary directory, and `badger` run inside it.
private struct Sandbox: Sendable {
    let directory: TemporaryDirectory
    var url: URL { directory.url }

    init(decks: [String: String] = [:], config: String = "fuzz: true\n") throws {
        directory = try TemporaryDirectory()
        try directory.write("badger.yml", config)
        for (path, text) in decks { try directory.write(path, text) }
    }

    func remove() { directory.remove() }

    @discardableResult
    func badger(_ arguments: [String]) async throws -> BadgerProcess.Result {
        try await BadgerProcess.run(arguments, in: url)
    }

    /// Each card's id, by question, from `badger compile`.
    func ids() async throws -> [String: String] {
        let result = try await badger(["compile"])
        try #require(result.status == 0, "compile failed: \(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]])
        var ids: [String: String] = [:]
        for card in cards {
            let question = try #require((card["question"] as? [String: Any])?["markdown"] as? String)
            ids[question] = try #require(card["id"] as? String)
        }
        return ids
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> URL { try directory.write(relative, text) }

    func append(_ relative: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: url.appendingPathComponent(relative))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path) }

    func data(_ relative: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(relative)) }

    func text(_ relative: String) throws -> String { String(decoding: try data(relative), as: UTF8.self) }

    /// The file's lines, without the empty string after the last line ending.
    func lines(_ relative: String) throws -> [String] {
        var lines = try text(relative).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The tab-separated fields of `id`'s line in a state file, or nil.
    func stateLine(_ id: String, in relative: String) throws -> [String]? {
        guard exists(relative) else { return nil }
        return try lines(relative).first { $0.hasPrefix(id + "\t") }?.components(separatedBy: "\t")
    }
}

/// A python3 process holding a collection's lock, as another badger process would.
private enum Python {
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let script = """
        import fcntl, sys, time
        lock = open(sys.argv[1], "a+")
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.seek(0)
        lock.truncate()
        lock.write(sys.argv[2] + "\\n")
        lock.flush()
        print("locked", flush=True)
        time.sleep(float(sys.argv[3]))
        """

    final class Holder: @unchecked Sendable {
        let process: ChildProcess
        init(process: ChildProcess) { self.process = process }

        /// Ends the holder if it still runs (SIGTERM; its lock goes with it).
        func stop() {
            if process.isRunning { process.terminate() }
        }
    }

    /// Starts python3 holding `<root>/.badger.lock` for `seconds`, and returns once it holds it
    /// (its output is read on a thread of its own, not one of the test runner's pool).
    static func holdLock(in root: URL, for seconds: Double, holder: String) async throws -> Holder {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = ["-c", script, root.appendingPathComponent(".badger.lock").path, holder, String(seconds)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                var printed = ""
                while !printed.contains("locked") {
                    let data = output.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    printed += String(decoding: data, as: UTF8.self)
                }
                done.resume(returning: printed)
            }
        }
        try #require(printed.contains("locked"), "python3 did not take the lock")
        return Holder(process: process)
    }
}

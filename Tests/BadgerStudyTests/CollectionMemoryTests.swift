import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

@Suite struct CollectionMemoryTests {
    let start = Timestamp.parse("2026-11-02T08:00:00Z")!

    func load(_ directory: TemporaryDirectory, seed: UInt64 = .random(in: 0...UInt64.max)) throws -> (DeckCollection, CollectionMemory) {
        try directory.loadMemory(seed: seed)
    }

    func makeCollection() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n\nQ: What is two?\nA: 2\n")
        try directory.write("b.md", "---\ntopic: T\n---\n\nQ: What is three?\nA: 3\n")
        return directory
    }

    func id(_ collection: DeckCollection, _ question: String, _ direction: CardDirection = .forward) -> String {
        collection.cards.first { $0.question?.markdown == question && $0.direction == direction }!.id.description
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
        // A back-dated review lands in its place in time, as a rebuild puts it.
        _ = try memory.recordReview(cardID: ids[0], rating: .again, at: start.addingTimeInterval(86_400 * 2))
        try memory.flushStates()
        let written = try String(contentsOf: directory.url.appendingPathComponent("a.state"), encoding: .utf8)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("a.state"))
        var (_, rebuilt) = try load(directory)
        try rebuilt.flushStates()
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
        try memory.flushStates()
        #expect(try Data(contentsOf: deck) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: deck.path)[.modificationDate] as? Date == modified)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == ["a.md", "a.reviews", "a.state", "b.md", "b.reviews", "b.state", "badger.yml"])
        #expect(try directory.read(".gitattributes") == GitAttributes.lines.map { $0 + "\n" }.joined())
        #expect(try directory.read(".gitattributes").hasPrefix("*.reviews merge=union\n*.state merge=union\nanki.notes merge=union\n"))
    }

    /// An up-to-date state file is left alone (its digest line says so), and one changed by
    /// hand in a way that still reads (a digit of a due date, the same length) is rewritten:
    /// the digest line hashes every line after it.
    @Test func aStateFileChangedByHandIsRewrittenAndAnUpToDateOneIsLeftAlone() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        _ = try memory.recordReview(cardID: collection.cards[0].id.description, rating: .good, at: start)
        #expect(try memory.flushStates() == 1)
        let written = try directory.read("a.state")
        #expect(written.split(separator: "\n")[1].hasPrefix("# digest "))
        var (_, again) = try load(directory)
        #expect(try again.flushStates() == 0)
        #expect(try directory.read("a.state") == written)
        // One digit of the due date, same length, still a readable state file.
        let changed = written.replacingOccurrences(of: "2026-11-02T08:10", with: "2026-11-02T09:10")
        #expect(changed != written && SidecarState.isReadable(changed))
        try directory.write("a.state", changed)
        (_, again) = try load(directory)
        #expect(try again.flushStates() == 1)
        #expect(try directory.read("a.state") == written)
        // Written by an older badger: the same lines without a digest line.
        let old = written.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { $0.offset != 1 }.map(\.element)
            .joined(separator: "\n")
        try directory.write("a.state", old)
        (_, again) = try load(directory)
        #expect(try again.flushStates() == 1)
        #expect(try directory.read("a.state") == written)
    }

    /// A memory that forgets its reviews' record ids and timings (14 bytes a review) holds the
    /// same states, histories (but for the timings) and identities as one that keeps them,
    /// before and after a review; the ids of other records (which the ledger reads) stay, and
    /// the reviews' read as 0.
    @Test func forgettingTheReviewsDetailsChangesNothingElse() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        for round in 0..<2 {
            for (index, card) in collection.cards.enumerated() {
                _ = try memory.recordReview(
                    cardID: card.id.description, rating: .good, at: start.addingTimeInterval(Double(index + 86_400 * round)),
                    answerMilliseconds: 1_500 + index)
            }
        }
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one ?\nA: 1\n\nQ: What is two?\nA: 2\n")
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        collection = try DeckCollection.load(files, fileAccess: fileAccess)
        func loadedMemory(keeping: Bool) throws -> CollectionMemory {
            try CollectionMemory(
                collection: collection, root: files[0].collectionRoot, scheduler: try FSRS6(), fuzzing: true, fileAccess: fileAccess,
                generator: SeededGenerator(seed: 7), keepingReviewDetails: keeping)
        }
        var kept = try loadedMemory(keeping: true)
        var forgot = try loadedMemory(keeping: false)
        #expect(forgot.states == kept.states)
        // The same reviews, without their timings.
        let timed = kept.history.flatMap { $0 }
        #expect(
            timed.contains {
                if case .review(let review) = $0 { review.elapsedSeconds != nil && review.answerMilliseconds != nil } else { false }
            })
        let untimed = timed.map { record in
            guard case .review(var review) = record else { return record }
            (review.elapsedSeconds, review.answerMilliseconds) = (nil, nil)
            return .review(review)
        }
        #expect(forgot.history.flatMap { $0 } == untimed)
        #expect(forgot.ledger.identities.count == kept.ledger.identities.count)
        func keys(_ memory: CollectionMemory) -> [UInt64: UInt64] {
            Dictionary(memory.matching.keyOfCard.numbers.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        }
        #expect(keys(forgot) == keys(kept))
        for log in forgot.logs {
            for index in 0..<log.log.count {
                #expect((log.log.recordIDs[index] == 0) == log.log.isReview(index))
            }
        }
        let id = collection.cards[0].id.description
        let later = start.addingTimeInterval(86_400 * 3)
        let forgotState = try forgot.recordReview(cardID: id, rating: Rating.easy, at: later)
        let keptState = try kept.recordReview(cardID: id, rating: Rating.easy, at: later)
        #expect(forgotState == keptState)
        #expect(forgot.states == kept.states)
    }

    @Test func aSlightlyEditedQuestionKeepsItsProgressAtOnce() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let id = collection.cards[0].id.description
        let reviewed = try memory.recordReview(cardID: id, rating: .good, at: start)
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one ?\nA: 1\n\nQ: What is two?\nA: 2\n")
        let (edited, after) = try load(directory)
        let newID = edited.cards[0].id.description
        #expect(newID != id)
        #expect(after.states[newID] == reviewed)
        #expect(after.orphans.isEmpty)
        #expect(after.fuzzSeed(of: newID) == id)
        #expect(after.currentCardID(forName: id) == newID)
    }

    @Test func aCardMovedToAnotherDeckOfAnotherTopicKeepsItsProgressWhenItsDeckIsDeleted() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let id = collection.cards[0].id.description
        let reviewed = try memory.recordReview(cardID: id, rating: .easy, at: start)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("a.md"))
        try directory.write("b.md", "---\ntopic: Other\n---\n\nQ: What is three?\nA: 3\n\nQ: What is one?\nA: 1\n")
        var (moved, after) = try load(directory)
        try after.flushStates()
        let newID = self.id(moved, "What is one?")
        #expect(after.states[newID] == reviewed)
        let state = try SidecarState(text: directory.read("b.state"))
        #expect(state.entries[newID]?.memory == reviewed)
    }

    @Test func aTopicRenameADeckRenameAndAnAnswerEditKeepEveryCard() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("f.md", "---\ntopic: French\n---\n\nQ: Bonjour\nA: Hello\nR: yes\n\nQ: Chat\nA: Cat\nE: A pet.\n")
        var (collection, memory) = try load(directory)
        var before: [String: MemoryState] = [:]
        for card in collection.cards {
            before[card.question!.markdown] = try memory.recordReview(cardID: card.id.description, rating: .good, at: start)
        }
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("f.md"))
        try directory.write(
            "sub/french-words.md", "---\ntopic: Français\n---\n\nQ: Bonjour\nA: Hello there\nR: yes\n\nQ: Chat\nA: The cat\nE: Pets.\n")
        let (renamed, after) = try load(directory)
        #expect(renamed.cards.count == 3)
        #expect(after.states[id(renamed, "Bonjour")] == before["Bonjour"])
        #expect(after.states[id(renamed, "Hello there", .reverse)] == before["Hello"])
        #expect(after.states[id(renamed, "Chat")] == before["Chat"])
        #expect(after.orphans.isEmpty)
        #expect(after.matching.ambiguous.isEmpty)
    }

    @Test func anAmbiguousEditIsNeverSettledSilently() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("m.md", "---\ntopic: M\n---\n\nQ: What is 2+3?\nA: 5\n\nQ: What is 2+4?\nA: 6\n")
        var (collection, memory) = try load(directory)
        let three = id(collection, "What is 2+3?")
        let four = id(collection, "What is 2+4?")
        _ = try memory.recordReview(cardID: three, rating: .easy, at: start)
        _ = try memory.recordReview(cardID: four, rating: .again, at: start)
        // 2+4 deleted, 2+3 edited into 2+5 with its answer: both histories fit 2+5 equally.
        try directory.write("m.md", "---\ntopic: M\n---\n\nQ: What is 2+5?\nA: 7\n")
        var (edited, after) = try load(directory)
        let five = id(edited, "What is 2+5?")
        #expect(after.states[five] == nil)
        #expect(after.matching.ambiguous.map(\.contentID) == [five])
        #expect(Set(after.matching.ambiguous[0].keys) == [three, four])
        let diagnostics = StateMatchesCards.diagnostics(after)
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].message.contains(three) && diagnostics[0].message.contains(four))
        #expect(diagnostics[0].message.contains("badger state link"))
        // Settled by hand, it stays settled.
        try after.link(name: three, to: five, at: start.addingTimeInterval(60))
        #expect(after.key(of: five) == three)
        let (_, settled) = try load(directory)
        #expect(settled.key(of: five) == three)
        #expect(settled.matching.ambiguous.isEmpty)
        // With the answer kept, the answer settles it.
        try directory.write("m.md", "---\ntopic: M\n---\n\nQ: What is 2+5?\nA: 5\n\nQ: What is 2+9?\nA: 6\n")
        (edited, _) = try load(directory)
    }

    @Test func theAnswerTellsTwoSimilarEditsApart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("m.md", "---\ntopic: M\n---\n\nQ: What is 2+3?\nA: 5\n\nQ: What is 2+4?\nA: 6\n")
        var (collection, memory) = try load(directory)
        let three = id(collection, "What is 2+3?")
        let four = id(collection, "What is 2+4?")
        let easy = try memory.recordReview(cardID: three, rating: .easy, at: start)
        _ = try memory.recordReview(cardID: four, rating: .again, at: start)
        try directory.write("m.md", "---\ntopic: M\n---\n\nQ: What is 2+5?\nA: 5\n")
        let (edited, after) = try load(directory)
        #expect(after.key(of: id(edited, "What is 2+5?")) == three)
        #expect(after.states[id(edited, "What is 2+5?")] == easy)
        #expect(after.orphans.map(\.key) == [four])
    }

    /// The edit written down a minute after the review, or in the same second (the later line of
    /// a log is the later sighting, whatever the content ids).
    @Test(arguments: [60.0, 0.0]) func aQuestionEditedAwayAndWrittenAgainIsANewCard(editedAfter seconds: Double) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("g.md", "---\ntopic: G\n---\n\nQ: What is the capital of Australia?\nA: Canberra\n")
        var (collection, memory) = try load(directory)
        let australia = collection.cards[0].id.description
        let reviewed = try memory.recordReview(cardID: australia, rating: .good, at: start)
        try directory.write("g.md", "---\ntopic: G\n---\n\nQ: What is the capital of Austria?\nA: Vienna\n")
        var (edited, after) = try load(directory)
        let austria = edited.cards[0].id.description
        #expect(after.states[austria] == reviewed)
        try after.commitEdits(at: start.addingTimeInterval(seconds))  // every command writes down what it matched
        try directory.write(
            "g.md",
            "---\ntopic: G\n---\n\nQ: What is the capital of Austria?\nA: Vienna\n\nQ: What is the capital of Australia?\nA: Canberra\n")
        var again: CollectionMemory
        (_, again) = try load(directory)
        #expect(again.states[austria] == reviewed)
        #expect(again.states[australia] == nil)
        // Its first review starts its own history, under a key no card had.
        let first = try again.recordReview(cardID: australia, rating: .again, at: start.addingTimeInterval(120))
        #expect(again.key(of: australia) != australia)
        (_, again) = try load(directory)
        #expect(again.states[australia] == first)
        #expect(again.states[austria] == reviewed)
        #expect(again.reviewCount(of: austria) == 1)
    }

    @Test func aDeletedCardThatComesBackHasItsHistoryBack() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let two = id(collection, "What is two?")
        let reviewed = try memory.recordReview(cardID: two, rating: .good, at: start)
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n")
        var (_, after) = try load(directory)
        #expect(after.orphans.map(\.key) == [two])
        #expect(try after.retireOrphans(at: start.addingTimeInterval(60)) == 1)
        #expect(StateMatchesCards.diagnostics(after).isEmpty)
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n\nQ: What is two?\nA: 2\n")
        (_, after) = try load(directory)
        #expect(after.states[two] == reviewed)
    }

    /// Clone A deletes the card (edited first, or not) after clone B studied it: B's reviews are
    /// older than A's retirement either way.
    @Test(arguments: [false, true])
    func aCardRetiredUnstudiedInOneCloneAndStudiedInAnotherKeepsItsHistoryAfterTheMerge(editedFirst: Bool) throws {
        let a = try makeCollection()
        defer { a.remove() }
        var (collection, memory) = try load(a)
        let one = id(collection, "What is one?")
        let two = id(collection, "What is two?")
        _ = try memory.recordReview(cardID: one, rating: .good, at: start)  // records two with it
        let b = try TemporaryDirectory()
        defer { b.remove() }
        for file in ["badger.yml", "a.md", "b.md", "a.reviews"] { _ = try b.write(file, try a.read(file)) }
        // Clone A (after fixing a typo in two, or not) deletes two, never studied: retired at once.
        if editedFirst {
            _ = try a.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n\nQ: What is two ?\nA: 2\n")
            (_, memory) = try load(a)
            try memory.commitEdits(at: start.addingTimeInterval(1800))
        }
        _ = try a.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n")
        (_, memory) = try load(a)
        try memory.commitEdits(at: start.addingTimeInterval(3600))
        #expect(try a.read("a.reviews").contains("\tretired\t\(two)\t"))
        // Clone B studies it; a union merge brings B's lines into A's log.
        (_, memory) = try load(b)
        _ = try memory.recordReview(cardID: two, rating: .again, at: start.addingTimeInterval(600))
        let known = Set(try a.read("a.reviews").split(separator: "\n"))
        let added = try b.read("a.reviews").split(separator: "\n").filter { !known.contains($0) }
        _ = try a.write("a.reviews", try a.read("a.reviews") + added.joined(separator: "\n") + "\n")
        let (_, merged) = try load(a)
        #expect(merged.orphans.map(\.key) == [two])
        #expect(merged.orphans.first?.retired == false)
        #expect(StateMatchesCards.diagnostics(merged).map(\.ruleID) == ["StateMatchesCards"])
    }

    @Test func aLinkInTheSecondTheCardWasRecordedHolds() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let two = id(collection, "What is two?")
        _ = try memory.recordReview(cardID: two, rating: .good, at: start)  // records every card
        // two is rewritten beyond recognition; the new card is recorded, then linked, all in one second.
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n\nQ: Name the second number\nA: 2\n")
        (collection, memory) = try load(directory)
        try memory.commitEdits(at: start.addingTimeInterval(60))
        let renamed = id(collection, "Name the second number")
        try memory.link(name: two, to: renamed, at: start.addingTimeInterval(60))
        var (_, after) = try load(directory)
        #expect(after.key(of: renamed) == two)
        #expect(after.reviewCount(of: renamed) == 1)
        // A typo fixed right after the link follows it (the card's own empty key is retired).
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n\nQ: Name the second numbr\nA: 2\n")
        let edited: DeckCollection
        (edited, after) = try load(directory)
        let typo = id(edited, "Name the second numbr")
        #expect(after.key(of: typo) == two)
        #expect(after.matching.ambiguous.isEmpty)
    }

    @Test func pruningRetiresHistoriesButKeepsEveryReview() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        _ = try memory.recordReview(cardID: collection.cards[2].id.description, rating: .good, at: start)
        try directory.write("b.md", "---\ntopic: T\n---\n\nQ: Something else entirely\nA: 4\n")
        var (_, after) = try load(directory)
        #expect(StateMatchesCards.diagnostics(after).map(\.ruleID) == ["StateMatchesCards"])
        try after.retireOrphans(at: start)
        #expect(StateMatchesCards.diagnostics(after).isEmpty)
        #expect(try directory.read("b.reviews").contains("\treviewed\t"))
        // A retired history is not offered to a card that merely looks like it…
        try directory.write("b.md", "---\ntopic: T\n---\n\nQ: What is tree?\nA: 3\n")
        let (_, later) = try load(directory)
        #expect(later.states.count == 1)
        #expect(later.matching.edited.isEmpty)
        // …only to its own question, spaced or styled otherwise.
        try directory.write("b.md", "---\ntopic: T\n---\n\nQ: What is *three* ?\nA: 3\n")
        let (_, back) = try load(directory)
        #expect(back.orphans.isEmpty)
        #expect(back.matching.edited.count == 1)
    }

    @Test func aRecordInTwoLogsCountsOnceAndEqualLinesInOneLogCountEach() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let one = collection.cards[0].id.description
        _ = try memory.recordReview(cardID: one, rating: .good, at: start)
        // A file-sync tool's conflict copy holds the same records, and one more.
        var copy = try directory.read("a.reviews")
        copy += "2026-11-03T08:00:00Z\treviewed\t\(one)\t3\t86400\t-\t00000000000000aa\n"
        try directory.write("a (conflicted copy).reviews", copy)
        // A format 1 log with the same review three times in one second (three ratings).
        let two = collection.cards[1].id.description
        try directory.write(
            "old.reviews",
            "# badger review log 1\n" + String(repeating: "2026-11-02T09:00:00Z\treview\t\(two)\t3\t-\t-\n", count: 3))
        let (_, after) = try load(directory)
        #expect(after.reviewCount(of: one) == 2)
        #expect(after.reviewCount(of: two) == 3)
    }

    @Test func aLastLineWithoutItsLineEndingIsKept() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        var (collection, memory) = try load(directory)
        let one = collection.cards[0].id.description
        _ = try memory.recordReview(cardID: one, rating: .good, at: start)
        var text = try directory.read("a.reviews")
        text.removeLast()
        try directory.write("a.reviews", text)
        let lines = text.split(separator: "\n").count
        (collection, memory) = try load(directory)
        _ = try memory.recordReview(cardID: one, rating: .good, at: start.addingTimeInterval(600))
        let (_, after) = try load(directory)
        #expect(after.reviewCount(of: one) == 2)
        // Every line kept, and the review's after it.
        #expect(try directory.read("a.reviews").split(separator: "\n").count == lines + 1)
    }

    @Test func formatOneLogsAndStateFilesAreReadAsTheyAre() throws {
        let directory = try makeCollection()
        defer { directory.remove() }
        let (collection, _) = try load(directory)
        let one = id(collection, "What is one?")
        // The old question "What is 1?" was renamed to the current one; state knows old texts.
        let old = CardID(topic: "T", question: "What is 1?", direction: .forward).description
        try directory.write(
            "a.reviews",
            "# badger review log 1\n2026-11-01T08:00:00Z\treview\t\(old)\t3\t-\t-\n2026-11-01T09:00:00Z\trename\t\(old)\t\(one)\n"
                + "2026-11-02T08:00:00Z\treview\t\(one)\t3\t82800\t-\n")
        let (_, memory) = try load(directory)
        #expect(memory.reviewCount(of: one) == 2)
        #expect(memory.fuzzSeed(of: one) == old)
        #expect(memory.states[one]?.repetitions == 2)
        #expect(memory.orphans.isEmpty)
    }
}

/// The state any command writes equals what a full rebuild makes of the same logs, whatever the
/// order reviews arrive in: random times (many back-dated), two clones merged by uniting logs.
@Suite struct StateEqualsRebuildTests {
    @Test(arguments: 1...8) func recordedAndMergedStatesEqualARebuild(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let test = CollectionMemoryTests()
        let a = try test.makeCollection()
        let b = try TemporaryDirectory()
        defer {
            a.remove()
            b.remove()
        }
        for file in ["badger.yml", "a.md", "b.md"] { try b.write(file, try a.read(file)) }
        let start = Timestamp.parse("2026-01-01T08:00:00Z")!
        for clone in [a, b] {
            let (collection, loaded) = try test.load(clone)
            var memory = loaded
            let ids = collection.cards.map(\.id.description)
            for _ in 0..<20 {
                let id = ids.randomElement(using: &random)!
                let time = start.addingTimeInterval(Double(Int.random(in: 0..<(60 * 86_400), using: &random)))
                let recorded = try memory.recordReview(cardID: id, rating: Rating.allCases.randomElement(using: &random)!, at: time)
                #expect(memory.states[id] == recorded)
            }
            // What this clone's memory holds after recording is what a fresh load replays.
            let (_, fresh) = try test.load(clone)
            #expect(fresh.states == memory.states, "seed \(seed)")
        }
        // Merge B into A as git's union driver does: A's lines, then B's lines A lacks.
        for log in ["a.reviews", "b.reviews"] {
            let ours = try a.read(log).split(separator: "\n").map(String.init)
            let theirs = try b.read(log).split(separator: "\n").map(String.init)
            try a.write(log, (ours + theirs.filter { !ours.contains($0) }).joined(separator: "\n") + "\n")
        }
        var (_, merged) = try test.load(a)
        try merged.flushStates()
        let written = try ["a.state", "b.state"].map { try a.read($0) }
        for state in ["a.state", "b.state"] { try FileManager.default.removeItem(at: a.url.appendingPathComponent(state)) }
        var (_, rebuilt) = try test.load(a)
        try rebuilt.flushStates()
        #expect(try ["a.state", "b.state"].map { try a.read($0) } == written, "seed \(seed)")
        #expect(rebuilt.states.count == merged.states.count)
    }
}

/// Seeded random edit sequences: whatever is edited, no card takes the history of another card
/// that is still there, no two cards share one, and a card edited keeps its own.
@Suite struct RandomEditTests {
    @Test(arguments: 1...12) func noCardEverTakesAnotherCardsHistory(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let words = ["river", "mountain", "capital", "planet", "ocean", "forest", "island", "desert", "valley", "glacier"]
        // Each card: a question, an answer and a label that follows it through edits.
        var cards = (0..<10).map { (question: "Name the largest \(words[$0]) of region \($0)?", answer: "Answer \($0 * 7)", label: $0) }
        func write() throws {
            let body = cards.map { "Q: \($0.question)\nA: \($0.answer)\n" }.joined(separator: "\n")
            try directory.write("d.md", "---\ntopic: Geo\n---\n\n" + body)
        }
        try write()
        var keyOfLabel: [Int: String] = [:]
        var log: [String] = []
        var time = Timestamp.parse("2026-01-01T08:00:00Z")!
        for step in 0..<25 {
            let (collection, memory0) = try CollectionMemoryTests().load(directory, seed: seed &+ UInt64(step))
            var memory = memory0
            try memory.commitEdits(at: time)
            var keysNow: [String: Int] = [:]
            for card in cards {
                let id = collection.cards.first { $0.question?.markdown == card.question }!.id.description
                if let key = memory.key(of: id) {
                    if let known = keyOfLabel[card.label] {
                        #expect(key == known, "seed \(seed) step \(step) card \(card.label): \(log.suffix(3))")
                    } else {
                        // It continues a history: only that of a card no longer there.
                        #expect(
                            !keyOfLabel.values.contains(key) || !cards.contains { keyOfLabel[$0.label] == key }, "seed \(seed) step \(step)"
                        )
                        keyOfLabel[card.label] = key
                    }
                    #expect(keysNow.updateValue(card.label, forKey: key) == nil, "seed \(seed) step \(step): two cards share \(key)")
                }
                if Int.random(in: 0..<3, using: &random) == 0 {
                    _ = try memory.recordReview(cardID: id, rating: .good, at: time)
                    keyOfLabel[card.label] = memory.key(of: id)
                }
            }
            time.addTimeInterval(86_400)
            // One random edit: a typo in a question, a new answer, a card deleted, a card added.
            let index = Int.random(in: 0..<cards.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                var question = Array(cards[index].question)
                question[Int.random(in: 0..<question.count - 1, using: &random)] = "x"
                log.append("typo in \(cards[index].label): \(String(question))")
                cards[index].question = String(question)
            case 1:
                cards[index].answer += " (revised)"
                log.append("answer of \(cards[index].label)")
            case 2 where cards.count > 3:
                log.append("deleted \(cards[index].label)")
                cards.remove(at: index)
            default:
                let question = "Which \(words.randomElement(using: &random)!) is number \(step + 100)?"
                log.append("added \(100 + step): \(question)")
                cards.append((question: question, answer: "\(step)", label: 100 + step))
            }
            if Set(cards.map(\.question)).count != cards.count { cards.removeLast() }
            try write()
        }
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

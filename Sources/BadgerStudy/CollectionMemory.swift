import BadgerDeck
import BadgerMemory
import Dispatch
import Foundation

/// The scheduling state of a whole collection: every deck's review log and state file, and the
/// cards they belong to. Reads through `FileAccess`; writes crash-safely and only beside decks.
public struct CollectionMemory: Sendable {
    /// A deck, its cards, and what its files hold.
    public struct Deck: Sendable {
        public let file: DeckFile
        /// The deck's study cards, by id, with their questions.
        public let cards: [(id: String, question: String)]
        public var log: ReviewLog
        public var state: SidecarState
    }

    public let root: String
    public var decks: [Deck]
    /// Problems found reading that did not stop it, for the user.
    public private(set) var warnings: [String]
    public let rebuilder: StateRebuilder
    /// Every card's state replayed from all logs, kept current as reviews are recorded.
    public private(set) var states: [String: MemoryState]
    /// The names cards have had, from the logs' renames.
    public private(set) var aliases: CardAliases
    /// How many reviews each card has had, once asked for.
    private var reviewCounts: [String: Int]?

    /// Reads the log and state file of every deck of `collection` under `root`.
    ///
    /// - Throws: `MemoryError.unreadable` naming a garbled file and line.
    /// - Parameter rebuilding: read state files leniently: a broken one (say, with git conflict
    ///   markers) is reported through `warnings` and treated as empty, since it is about to be
    ///   rebuilt from the logs.
    /// - Parameter replaying: replay the logs into `states`; a caller that only checks the files
    ///   skips it, and `states` stays empty (the logs are still read, and bad lines reported).
    public init(
        collection: DeckCollection, root: String, scheduler: any Scheduler, fuzzing: Bool, fileAccess: any FileAccess,
        rebuilding: Bool = false, replaying: Bool = true
    ) throws {
        self.root = root
        rebuilder = StateRebuilder(scheduler: scheduler, fuzzing: fuzzing)
        var cardsByFile: [String: [(String, String)]] = [:]
        for card in collection.cards {
            cardsByFile[card.file.absolutePath, default: []].append((card.id.description, card.question?.markdown ?? ""))
        }
        let cards = cardsByFile
        let ownDecks = collection.realDecks.filter { $0.file.collectionRoot == root }
        // Each deck's log and state file is read and parsed on its own, several at a time.
        let results = ParallelResults<Result<(Deck, String?), MemoryError>>(count: ownDecks.count)
        DispatchQueue.concurrentPerform(iterations: ownDecks.count) { index in
            let deck = ownDecks[index]
            let files = deck.file.memoryFiles
            let shown = MemoryFiles(deckPath: deck.file.displayPath)
            func text(_ path: String) -> String? {
                guard fileAccess.kind(atPath: path) == .file, let bytes = try? fileAccess.contents(atPath: path) else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            let log: ReviewLog
            do {
                log = try text(files.logPath).map(ReviewLog.init(text:)) ?? ReviewLog()
            } catch {
                guard case .garbled(let line, let reason) = error as? ReviewLogError else { return }
                results[index] = .failure(.unreadable(path: shown.logPath, line: line, problem: reason))
                return
            }
            var state = SidecarState()
            var warning: String?
            do {
                state = try text(files.statePath).map(SidecarState.init(text:)) ?? SidecarState()
            } catch {
                guard case .garbled(let line, let reason) = error as? SidecarStateError else { return }
                let problem = MemoryError.unreadable(path: shown.statePath, line: line, problem: reason)
                guard rebuilding else {
                    results[index] = .failure(problem)
                    return
                }
                warning = "\(problem); rebuilding it from the review log"
            }
            results[index] = .success((Deck(file: deck.file, cards: cards[deck.file.absolutePath] ?? [], log: log, state: state), warning))
        }
        var warnings: [String] = []
        var loaded: [Deck] = []
        for result in results.values {
            switch result {
            case .success(let (deck, warning))?:
                loaded.append(deck)
                if let warning { warnings.append(warning) }
            case .failure(let error)?: throw error
            case nil: throw MemoryError.unreadable(path: root, line: 0, problem: "could not be read")
            }
        }
        decks = loaded
        self.warnings = warnings
        states = [:]
        aliases = CardAliases([])
        if replaying { replay() }
    }

    /// Recomputes `states` from every log.
    private mutating func replay() {
        let logs = decks.map(\.log.records)
        states = rebuilder.states(fromLogs: logs)
        aliases = CardAliases(logs: logs)
        reviewCounts = nil
    }

    /// How many reviews the card (under any of its names) has had, which seeds its fuzz;
    /// counted for all cards on first use, then kept current.
    private mutating func reviewCount(of cardID: String) -> Int {
        if reviewCounts == nil {
            var counts: [String: Int] = [:]
            for deck in decks {
                for case .review(let review) in deck.log.records { counts[aliases.current(review.cardID), default: 0] += 1 }
            }
            reviewCounts = counts
        }
        return reviewCounts?[cardID] ?? 0
    }

    /// Every record of every deck's log.
    public var allRecords: [ReviewRecord] { decks.flatMap(\.log.records) }

    /// How many records the logs hold.
    public var recordCount: Int { decks.reduce(0) { $0 + $1.log.records.count } }

    /// Logs whose last line was cut off by a crash and repaired on reading (display paths).
    public var repairedLogs: [(path: String, line: Int)] {
        decks.compactMap { deck in deck.log.repairedTruncatedLine.map { (MemoryFiles(deckPath: deck.file.displayPath).logPath, $0) } }
    }

    /// Ids with state that belong to no card of the collection: (deck, id, question).
    public var orphans: [(deck: DeckFile, id: String, question: String)] {
        let current = Set(decks.flatMap { $0.cards.map(\.id) })
        return decks.flatMap { deck in
            deck.state.entries.values.filter { !current.contains($0.cardID) }.sorted { $0.cardID < $1.cardID }
                .map { (deck.file, $0.cardID, $0.question) }
        }
    }

    /// Cards whose question was edited slightly since their state was written: (deck index,
    /// old id, new id), found per deck between orphaned state and cards without history.
    public func detectRenames() -> [(deck: Int, from: String, to: String)] {
        let current = Set(decks.flatMap { $0.cards.map(\.id) })
        // Nothing to do unless some state has lost its card.
        guard decks.contains(where: { deck in deck.state.entries.keys.contains { !current.contains($0) } }) else { return [] }
        let reviewed = Set(states.keys)
        var result: [(Int, String, String)] = []
        for (index, deck) in decks.enumerated() {
            let orphans = deck.state.entries.values.filter { !current.contains($0.cardID) && reviewed.contains($0.cardID) }
                .map { (id: $0.cardID, question: $0.question) }
            guard !orphans.isEmpty else { continue }
            let newcomers = deck.cards.filter { !reviewed.contains($0.id) }.map { (id: $0.id, question: $0.question) }
            for rename in RenameDetector.renames(orphans: orphans, newcomers: newcomers) { result.append((index, rename.from, rename.to)) }
        }
        return result
    }

    /// The state files as the logs say they should be: every current card with a history, plus
    /// orphaned entries still in a state file (until pruned), recomputed from the logs.
    public func rebuiltStates(pruning: Bool = false) -> [SidecarState] {
        let current = Set(decks.flatMap { $0.cards.map(\.id) })
        let results = ParallelResults<SidecarState>(count: decks.count)
        DispatchQueue.concurrentPerform(iterations: decks.count) { index in
            let deck = decks[index]
            var entries: [String: SidecarState.Entry] = [:]
            entries.reserveCapacity(deck.cards.count)
            for card in deck.cards {
                if let memory = states[card.id] { entries[card.id] = .init(cardID: card.id, memory: memory, question: card.question) }
            }
            if !pruning {
                for old in deck.state.entries.values where !current.contains(old.cardID) && !aliases.isRenamed(old.cardID) {
                    entries[old.cardID] = .init(cardID: old.cardID, memory: states[old.cardID] ?? old.memory, question: old.question)
                }
            }
            results[index] = SidecarState(entries: entries)
        }
        return results.values.map { $0 ?? SidecarState() }
    }

    /// Brings every state file in line with the logs: logs detected renames, then rewrites the
    /// state files that differ. Returns the renames and how many files were written.
    @discardableResult
    public mutating func synchronize(at time: Date, pruning: Bool = false) throws -> (renames: [(from: String, to: String)], written: Int) {
        let renames = detectRenames()
        for rename in renames {
            let record = ReviewRecord.rename(time: time, from: rename.from, to: rename.to)
            try AtomicFile.appendLine(record.line, to: decks[rename.deck].file.memoryFiles.logPath, header: ReviewLog.header)
            decks[rename.deck].log.records.append(record)
        }
        if !renames.isEmpty { replay() }
        var written = 0
        for (index, state) in rebuiltStates(pruning: pruning).enumerated() where state != decks[index].state {
            try AtomicFile.write(state.text, to: decks[index].file.memoryFiles.statePath)
            decks[index].state = state
            written += 1
        }
        return (renames.map { ($0.from, $0.to) }, written)
    }

    /// Records a review of `cardID`: appends it to its deck's log (synced to disk before this
    /// returns) and rewrites the deck's state file. Returns the card's new state.
    public mutating func recordReview(
        cardID: String, rating: Rating, at time: Date, answerMilliseconds: Int? = nil
    ) throws -> MemoryState {
        guard let index = decks.firstIndex(where: { deck in deck.cards.contains { $0.id == cardID } }) else {
            throw MemoryError.unknownCard(cardID)
        }
        let before = states[cardID]
        // Counted before this review joins the log: it is review number `count`.
        let count = reviewCount(of: cardID)
        let elapsed = before?.lastReview.map { max(0, Int(time.timeIntervalSince($0))) }
        let review = ReviewRecord.Review(
            time: time, cardID: cardID, rating: rating, elapsedSeconds: elapsed, answerMilliseconds: answerMilliseconds)
        let fuzz = rebuilder.fuzzing ? Fuzz(cardID: aliases.origin(cardID), reviewIndex: count) : nil
        let after = rebuilder.scheduler.review(before ?? .new(at: time), rating: rating, at: time, fuzz: fuzz)
        var state = decks[index].state
        let question = decks[index].cards.first { $0.id == cardID }?.question ?? ""
        state.entries[cardID] = .init(cardID: cardID, memory: after, question: question)
        let appended = try AtomicFile.appendLine(
            ReviewRecord.review(review).line, to: decks[index].file.memoryFiles.logPath, header: ReviewLog.header)
        do {
            try AtomicFile.write(state.text, to: decks[index].file.memoryFiles.statePath)
        } catch {
            // Both files or neither: a review that fails is not half recorded (the disk is full,
            // say), so the learner can simply rate again.
            try? AtomicFile.undoAppend(appended)
            throw error
        }
        decks[index].log.records.append(.review(review))
        states[cardID] = after
        reviewCounts?[cardID] = count + 1
        decks[index].state = state
        return after
    }
}

/// Problems with a collection's scheduling files.
public enum MemoryError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, line: Int, problem: String)
    case unknownCard(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let line, let problem): return "\(path):\(line): \(problem)"
        case .unknownCard(let id): return "no card with id \(id) in the collection (`badger list` shows ids)"
        }
    }
}

import BadgerDeck
import BadgerMemory
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
    /// How many reviews each card has had, for seeding its fuzz.
    private var reviewCounts: [String: Int]
    /// The names cards have had, from the logs' renames.
    private var aliases: CardAliases

    /// Reads the log and state file of every deck of `collection` under `root`.
    ///
    /// - Throws: `MemoryError.unreadable` naming a garbled file and line.
    /// - Parameter rebuilding: read state files leniently: a broken one (say, with git conflict
    ///   markers) is reported through `warnings` and treated as empty, since it is about to be
    ///   rebuilt from the logs.
    public init(
        collection: DeckCollection, root: String, scheduler: any Scheduler, fuzzing: Bool, fileAccess: any FileAccess,
        rebuilding: Bool = false
    ) throws {
        self.root = root
        rebuilder = StateRebuilder(scheduler: scheduler, fuzzing: fuzzing)
        var cardsByFile: [String: [(String, String)]] = [:]
        for card in collection.cards {
            cardsByFile[card.file.absolutePath, default: []].append((card.id.description, card.question?.markdown ?? ""))
        }
        var warnings: [String] = []
        decks = try collection.realDecks.filter { $0.file.collectionRoot == root }.map { deck in
            let files = deck.file.memoryFiles
            let shown = MemoryFiles(deckPath: deck.file.displayPath)
            func text(_ path: String) -> String? {
                guard fileAccess.kind(atPath: path) == .file, let bytes = try? fileAccess.contents(atPath: path) else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            let log: ReviewLog
            let state: SidecarState
            do {
                log = try text(files.logPath).map(ReviewLog.init(text:)) ?? ReviewLog()
            } catch let error as ReviewLogError {
                guard case .garbled(let line, let reason) = error else { throw error }
                throw MemoryError.unreadable(path: shown.logPath, line: line, problem: reason)
            }
            do {
                state = try text(files.statePath).map(SidecarState.init(text:)) ?? SidecarState()
            } catch let error as SidecarStateError {
                guard case .garbled(let line, let reason) = error else { throw error }
                let problem = MemoryError.unreadable(path: shown.statePath, line: line, problem: reason)
                guard rebuilding else { throw problem }
                warnings.append("\(problem); rebuilding it from the review log")
                state = SidecarState()
            }
            return Deck(file: deck.file, cards: cardsByFile[deck.file.absolutePath] ?? [], log: log, state: state)
        }
        self.warnings = warnings
        states = [:]
        reviewCounts = [:]
        aliases = CardAliases([])
        replay()
    }

    /// Recomputes `states` from every log.
    private mutating func replay() {
        let records = allRecords
        states = rebuilder.states(from: records)
        aliases = CardAliases(records)
        reviewCounts = [:]
        for case .review(let review) in records { reviewCounts[aliases.current(review.cardID), default: 0] += 1 }
    }

    /// Every record of every deck's log.
    public var allRecords: [ReviewRecord] { decks.flatMap(\.log.records) }

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
        let reviewed = Set(states.keys)
        let current = Set(decks.flatMap { $0.cards.map(\.id) })
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
        return decks.map { deck in
            var entries: [String: SidecarState.Entry] = [:]
            for card in deck.cards {
                if let memory = states[card.id] { entries[card.id] = .init(cardID: card.id, memory: memory, question: card.question) }
            }
            if !pruning {
                for old in deck.state.entries.values where !current.contains(old.cardID) && !aliases.isRenamed(old.cardID) {
                    entries[old.cardID] = .init(cardID: old.cardID, memory: states[old.cardID] ?? old.memory, question: old.question)
                }
            }
            return SidecarState(entries: entries)
        }
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
        let elapsed = before?.lastReview.map { max(0, Int(time.timeIntervalSince($0))) }
        let review = ReviewRecord.Review(
            time: time, cardID: cardID, rating: rating, elapsedSeconds: elapsed, answerMilliseconds: answerMilliseconds)
        try AtomicFile.appendLine(ReviewRecord.review(review).line, to: decks[index].file.memoryFiles.logPath, header: ReviewLog.header)
        decks[index].log.records.append(.review(review))
        let count = reviewCounts[cardID, default: 0]
        let fuzz = rebuilder.fuzzing ? Fuzz(cardID: aliases.origin(cardID), reviewIndex: count) : nil
        let after = rebuilder.scheduler.review(before ?? .new(at: time), rating: rating, at: time, fuzz: fuzz)
        states[cardID] = after
        reviewCounts[cardID] = count + 1
        var state = decks[index].state
        let question = decks[index].cards.first { $0.id == cardID }?.question ?? ""
        state.entries[cardID] = .init(cardID: cardID, memory: after, question: question)
        try AtomicFile.write(state.text, to: decks[index].file.memoryFiles.statePath)
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

import BadgerDeck
import BadgerMemory
import Dispatch
import Foundation

/// The scheduling state of a whole collection: every review log under its root, the cards they
/// belong to, and the state files beside the decks. Reads through `FileAccess`; writes
/// crash-safely and only beside decks.
///
/// The logs are the truth. Every card's identity (and so its history) is found afresh on every
/// load by `IdentityMatcher`, so an edit, a move or a merge is followed at once by every
/// command; state files are a cache of the logs, rewritten whenever they differ from them.
public struct CollectionMemory: Sendable {
    /// A card as the memory sees it.
    public struct StudiedCard: Sendable {
        public let id: String
        public let question: String
        public let answer: String
        public let direction: String
        /// The line of the card's label in its deck.
        public let line: Int
    }

    /// A deck, its cards, and its state file.
    public struct Deck: Sendable {
        public let file: DeckFile
        /// The deck's study cards.
        public let cards: [StudiedCard]
        /// The state file as read (empty when missing or unreadable).
        public var state: SidecarState
        /// Whether the state file could not be read (say, git conflict markers).
        public var stateUnreadable: Bool
    }

    /// A review log found under the root.
    public struct Log: Sendable {
        public let path: String
        public let displayPath: String
        public var log: ReviewLog
        /// Whether the deck it sits beside is loaded, or is gone (so its cards may be anywhere).
        public let inScope: Bool
    }

    public let root: String
    public var decks: [Deck]
    public private(set) var logs: [Log]
    /// Problems found reading that did not stop it, for the user.
    public private(set) var warnings: [String]
    /// Notes for the user (a state file rebuilt).
    public private(set) var notes: [String] = []
    public let rebuilder: StateRebuilder
    /// Every identity the logs know.
    public private(set) var ledger: CardLedger
    /// Which identity each card continues.
    public private(set) var matching: IdentityMatcher.Result
    /// Every card's state replayed from all logs, by the card's id; identities that continue
    /// in no card by their key. Kept current as reviews are recorded.
    public private(set) var states: [String: MemoryState]
    /// Every review of the logs, each once, credited to the id of the card it belongs to now
    /// (or its identity's key if it belongs to none), one list per log.
    public var history: [[ReviewRecord]] {
        var cardOfKey: [String: String] = [:]
        for (id, key) in matching.keyOfCard { cardOfKey[key] = id }
        return logs.map { log in
            log.log.records.compactMap { record in
                guard case .review(let review) = record else { return nil }
                let key = ledger.aliases.origin(review.cardID)
                return .review(review.crediting(cardOfKey[key] ?? key))
            }
        }
    }
    /// The last lines appended, for undo: (log path, lines).
    public private(set) var lastAppend: (path: String, lines: [String])?
    private var statesByKey: [String: MemoryState]
    private var cardsByID: [String: (deck: Int, card: StudiedCard)]
    private var keyedReviews: [String: Int]
    private var legacyQuestions: [String: String]
    private var lastLogOfKey: [String: Int] = [:]
    private var replayed = false
    private var generator: any RandomNumberGenerator & Sendable

    /// Reads every review log under `root` and the state file of every deck of `collection`
    /// there, and finds which history each card continues.
    ///
    /// - Throws: `MemoryError.unreadable` naming a log and line that is not a record (never
    ///   dropped silently). Unreadable state files are rebuilt, never an error.
    /// - Parameter replaying: replay the logs into `states`; a caller that only checks the files
    ///   skips it, and `states` stays empty (the logs are still read, and bad lines reported).
    /// - Parameter generator: the source of record ids.
    public init(
        collection: DeckCollection, root: String, scheduler: any Scheduler, fuzzing: Bool, fileAccess: any FileAccess,
        rebuilding: Bool = false, replaying: Bool = true,
        generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) throws {
        self.root = root
        self.generator = generator
        rebuilder = StateRebuilder(scheduler: scheduler, fuzzing: fuzzing)
        var cardsByFile: [String: [StudiedCard]] = [:]
        for card in collection.cards where card.file.collectionRoot == root {
            cardsByFile[card.file.absolutePath, default: []].append(
                StudiedCard(
                    id: card.id.description, question: card.question?.markdown ?? card.imageSource ?? "",
                    answer: card.answer?.markdown ?? "", direction: card.direction.rawValue, line: card.line))
        }
        let cardsOfFile = cardsByFile
        let ownDecks = collection.realDecks.filter { $0.file.collectionRoot == root }
        let loadedBases = Set(ownDecks.map { MemoryFiles(deckPath: $0.file.absolutePath).logPath })
        var logPaths = LogDiscovery.logs(under: root, fileAccess: fileAccess)
        // A deck's own log is read even when it lies outside the walk (a deck named by path).
        for deck in ownDecks where !logPaths.contains(deck.file.memoryFiles.logPath) {
            if fileAccess.kind(atPath: deck.file.memoryFiles.logPath) == .file { logPaths.append(deck.file.memoryFiles.logPath) }
        }
        warnings = LogDiscovery.cycles(under: root, fileAccess: fileAccess).map {
            "\($0) is a symbolic link back into the collection; its folder is read once"
        }
        let shownPrefix = Self.displayPrefix(collection: collection, root: root)
        // Every log and state file is read and parsed on its own, several at a time.
        let paths = logPaths
        let logResults = ParallelResults<Result<Log, MemoryError>>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            let shown = Self.shown(path, root: root, prefix: shownPrefix)
            guard let bytes = try? fileAccess.contents(atPath: path) else {
                logResults[index] = .failure(.unreadable(path: shown, line: 0, problem: "cannot be read"))
                return
            }
            do {
                let log = try bytes.withUnsafeBytes { try ReviewLog(bytes: $0) }
                let deckPath = String(path.dropLast(".reviews".count)) + ".md"
                let inScope = loadedBases.contains(path) || fileAccess.kind(atPath: deckPath) == nil
                logResults[index] = .success(Log(path: path, displayPath: shown, log: log, inScope: inScope))
            } catch let error as ReviewLogError {
                guard case .garbled(let line, let reason) = error else { return }
                logResults[index] = .failure(.unreadable(path: shown, line: line, problem: reason))
            } catch {
                logResults[index] = .failure(.unreadable(path: shown, line: 0, problem: "\(error)"))
            }
        }
        var logs: [Log] = []
        for result in logResults.values {
            switch result {
            case .success(let log)?: logs.append(log)
            case .failure(let error)?: throw error
            case nil: throw MemoryError.unreadable(path: root, line: 0, problem: "could not be read")
            }
        }
        // Each record once: a line copied into two logs (a merge, a sync tool's conflict copy) or
        // twice into one (a cherry-pick) counts once.
        let unique = Self.unique(logs.map(\.log.records))
        for index in logs.indices { logs[index].log.records = unique[index] }
        self.logs = logs
        let stateResults = ParallelResults<Deck>(count: ownDecks.count)
        DispatchQueue.concurrentPerform(iterations: ownDecks.count) { index in
            let deck = ownDecks[index]
            let path = deck.file.memoryFiles.statePath
            var state = SidecarState()
            var unreadable = false
            if fileAccess.kind(atPath: path) == .file {
                if let bytes = try? fileAccess.contents(atPath: path),
                    let read = try? SidecarState(text: String(decoding: bytes, as: UTF8.self))
                {
                    state = read
                } else {
                    unreadable = true
                }
            }
            stateResults[index] = Deck(
                file: deck.file, cards: cardsOfFile[deck.file.absolutePath] ?? [], state: state, stateUnreadable: unreadable)
        }
        decks = stateResults.values.compactMap { $0 }
        var cardsByID: [String: (Int, StudiedCard)] = [:]
        for (index, deck) in decks.enumerated() {
            for card in deck.cards where cardsByID[card.id] == nil { cardsByID[card.id] = (index, card) }
        }
        self.cardsByID = cardsByID
        // Questions that format 1 state files knew, for identities no `card` line describes.
        var questions: [String: String] = [:]
        for deck in decks {
            for entry in deck.state.entries.values where !entry.question.isEmpty { questions[entry.cardID] = entry.question }
        }
        ledger = CardLedger(logs: [], questions: [:])
        matching = IdentityMatcher.Result()
        states = [:]
        statesByKey = [:]
        keyedReviews = [:]
        legacyQuestions = questions
        resolve()
        if replaying { replay() }
    }

    /// Builds the ledger from the logs and matches the cards to it.
    private mutating func resolve() {
        let records = logs.map(\.log.records)
        ledger = CardLedger(logs: records, questions: legacyQuestions)
        // Only identities seen in logs of decks that are loaded (or gone) may be matched by
        // text or reported as orphans: a deck not loaded still has its cards.
        var inScopeKeys: Set<String> = []
        var lastLog: [String: Int] = [:]
        for (index, log) in logs.enumerated() {
            for record in records[index] {
                let key: String
                switch record {
                case .review(let review): key = ledger.aliases.origin(review.cardID)
                case .card(let sighting): key = ledger.aliases.origin(sighting.key)
                case .rename(_, let from, _): key = ledger.aliases.origin(from)
                case .retired: continue
                }
                lastLog[key] = index
                if log.inScope { inScopeKeys.insert(key) }
            }
        }
        lastLogOfKey = lastLog
        var cards: [IdentityMatcher.Card] = []
        for (index, deck) in decks.enumerated() {
            for (ordinal, card) in deck.cards.enumerated() {
                cards.append(
                    IdentityMatcher.Card(
                        contentID: card.id, direction: card.direction, question: card.question, answer: card.answer,
                        deck: decks[index].file.relativePath, ordinal: ordinal))
            }
        }
        matching = IdentityMatcher.match(cards: cards, ledger: ledger, scope: inScopeKeys)
    }

    /// Every log's records with duplicates (the same record in two logs, or twice in one) left
    /// out: format 2 records by their record id, format 1 lines by their content and the number
    /// of copies before them in their own log (three equal lines in one log stay three).
    static func unique(_ logs: [[ReviewRecord]]) -> [[ReviewRecord]] {
        var seen: Set<String> = []
        var seenLegacy: Set<LegacyLine> = []
        return logs.map { records in
            var copies: [LegacyLine: Int] = [:]
            return records.filter { record in
                if let id = record.recordID { return seen.insert(id).inserted }
                var line = LegacyLine(record: record, copy: 0)
                let copy = copies[line, default: 0]
                copies[line] = copy + 1
                line.copy = copy
                return seenLegacy.insert(line).inserted
            }
        }
    }

    /// A format 1 line's content, and how many equal lines came before it in its log.
    struct LegacyLine: Hashable {
        var time: Double
        var first: String
        var second: String
        var numbers: [Int]
        var copy: Int

        init(record: ReviewRecord, copy: Int) {
            self.copy = copy
            switch record {
            case .review(let review):
                (time, first, second) = (review.time.timeIntervalSince1970, review.cardID, "")
                numbers = [review.rating.rawValue, review.elapsedSeconds ?? -1, review.answerMilliseconds ?? -1]
            case .rename(let when, let from, let to):
                (time, first, second, numbers) = (when.timeIntervalSince1970, from, to, [-2])
            default:
                (time, first, second, numbers) = (record.time.timeIntervalSince1970, record.line, "", [-3])
            }
        }
    }

    /// Recomputes every state from the logs.
    private mutating func replay() {
        replayed = true
        let records = logs.map(\.log.records)
        let keyed = records.map { records in
            records.compactMap { record -> ReviewRecord? in
                guard case .review(let review) = record else { return nil }
                return .review(review.crediting(ledger.aliases.origin(review.cardID)))
            }
        }
        statesByKey = rebuilder.states(fromLogs: keyed)
        var cardOfKey: [String: String] = [:]
        for (id, key) in matching.keyOfCard { cardOfKey[key] = id }
        var states: [String: MemoryState] = [:]
        for (key, state) in statesByKey { states[cardOfKey[key] ?? key] = state }
        // A card id that is also an orphaned key keeps the card's state.
        for (id, key) in matching.keyOfCard { if let state = statesByKey[key] { states[id] = state } }
        self.states = states
        var counts: [String: Int] = [:]
        for records in keyed {
            for case .review(let review) in records { counts[review.cardID, default: 0] += 1 }
        }
        keyedReviews = counts
    }

    /// The key of the identity card `cardID` continues, if it has one.
    public func key(of cardID: String) -> String? { matching.keyOfCard[cardID] }

    /// The name that seeds a card's fuzz: its identity's key (for a card never reviewed, the
    /// key its first review will get).
    public func fuzzSeed(of cardID: String) -> String { matching.keyOfCard[cardID] ?? ledger.newKey(for: cardID) }

    /// How many reviews the card's identity has had.
    public func reviewCount(of cardID: String) -> Int { matching.keyOfCard[cardID].flatMap { keyedReviews[$0] } ?? 0 }

    /// The id of the card now known by `name`: a card id, an identity key or a format 1 id
    /// the card once had; nil if no card continues it.
    public func currentCardID(forName name: String) -> String? {
        if cardsByID[name] != nil { return name }
        let key = ledger.aliases.origin(name)
        return matching.keyOfCard.first { $0.value == key }?.key
    }

    /// The log (display path) that last mentions the identity `key`.
    public func lastLog(of key: String) -> String? { lastLogOfKey[key].map { logs[$0].displayPath } }

    /// Every record of every log, each once.
    public var allRecords: [ReviewRecord] { logs.flatMap(\.log.records) }

    /// How many records the logs hold.
    public var recordCount: Int { logs.reduce(0) { $0 + $1.log.records.count } }

    /// Logs whose last line was cut off by a crash and repaired on reading (display paths).
    public var repairedLogs: [(path: String, line: Int)] {
        logs.compactMap { log in log.log.repairedTruncatedLine.map { (log.displayPath, $0) } }
    }

    /// Identities whose history continues in no card: deleted, or edited beyond recognition.
    public var orphans: [CardLedger.Identity] { matching.orphans.compactMap { ledger.identities[$0] } }

    /// The deck and card of a card id.
    public func card(_ cardID: String) -> (deck: Deck, card: StudiedCard)? {
        cardsByID[cardID].map { (decks[$0.deck], $0.card) }
    }

    /// The state files as the logs say they should be: every card with a history.
    public func derivedStates() -> [SidecarState] {
        decks.map { deck in
            var entries: [String: SidecarState.Entry] = [:]
            entries.reserveCapacity(deck.cards.count)
            for card in deck.cards {
                guard let key = matching.keyOfCard[card.id], let memory = statesByKey[key] else { continue }
                entries[card.id] = .init(cardID: card.id, memory: memory, question: card.question)
            }
            return SidecarState(entries: entries)
        }
    }

    /// Rewrites every state file that differs from what the logs say (stale after a review, a
    /// merge or an edit; garbled; conflicted), and notes the unreadable ones it rebuilt.
    /// Returns how many files were written. Decks never studied get no state file.
    @discardableResult
    public mutating func flushStates() throws -> Int {
        var written = 0
        for (index, state) in derivedStates().enumerated() {
            let deck = decks[index]
            guard state != deck.state || deck.stateUnreadable else { continue }
            let path = deck.file.memoryFiles.statePath
            if state.entries.isEmpty, !deck.stateUnreadable, deck.state.entries.isEmpty { continue }
            try AtomicFile.write(state.text, to: path)
            if deck.stateUnreadable {
                notes.append("\(MemoryFiles(deckPath: deck.file.displayPath).statePath) could not be read; rebuilt it from the review logs")
            }
            decks[index].state = state
            decks[index].stateUnreadable = false
            written += 1
        }
        return written
    }

    /// Records in the logs what matching found, so it holds from now on whatever changes next:
    /// every card that continues a history under new content (an edit, a topic renamed, a
    /// card moved) gets a `card` line in its deck's log. Without it, a card edited away and
    /// written again later could take its history back from the edited one. Returns how many
    /// cards.
    @discardableResult
    public mutating func commitEdits(at time: Date) throws -> Int {
        guard !matching.edited.isEmpty else { return 0 }
        var linesOfDeck: [Int: [String]] = [:]
        for edit in matching.edited {
            guard let (deckIndex, card) = cardsByID[edit.contentID] else { continue }
            let sighting = ReviewRecord.CardSighting(
                time: time, key: edit.key, contentID: card.id, direction: card.direction, question: card.question,
                answer: card.answer, recordID: ReviewRecord.newRecordID(using: &generator))
            linesOfDeck[deckIndex, default: []].append(ReviewRecord.card(sighting).line)
        }
        for (deckIndex, lines) in linesOfDeck.sorted(by: { $0.key < $1.key }) {
            try append(lines, to: decks[deckIndex].file.memoryFiles.logPath)
        }
        let count = matching.edited.count
        reload()
        return count
    }

    /// Records a review of `cardID`: appends it to its deck's log, synced to disk before this
    /// returns (with a `card` line first when the card is new or its text changed since it was
    /// last seen). State files are not rewritten; `flushStates()` does that at the end.
    /// Returns the card's new state, the same a replay of the logs gives.
    public mutating func recordReview(
        cardID: String, rating: Rating, at time: Date, answerMilliseconds: Int? = nil
    ) throws -> MemoryState {
        guard let (deckIndex, card) = cardsByID[cardID] else { throw MemoryError.unknownCard(cardID) }
        let key = matching.keyOfCard[cardID] ?? ledger.newKey(for: cardID)
        let before = statesByKey[key]
        var lines: [String] = []
        let identity = ledger.identities[key]
        let sighting = ReviewRecord.CardSighting(
            time: time, key: key, contentID: cardID, direction: card.direction, question: card.question, answer: card.answer,
            recordID: ReviewRecord.newRecordID(using: &generator))
        if identity == nil || identity?.contentID != cardID || identity?.question != sighting.question
            || identity?.answer != sighting.answer || identity?.direction != card.direction || identity?.retired == true
        {
            lines.append(ReviewRecord.card(sighting).line)
        }
        let elapsed = before?.lastReview.map { max(0, Int(time.timeIntervalSince($0))) }
        let review = ReviewRecord.Review(
            time: time, cardID: key, rating: rating, elapsedSeconds: elapsed, answerMilliseconds: answerMilliseconds,
            recordID: ReviewRecord.newRecordID(using: &generator))
        lines.append(ReviewRecord.review(review).line)
        let path = decks[deckIndex].file.memoryFiles.logPath
        try append(lines, to: path)
        // The logs now hold the review; bring the memory in line with them.
        let logIndex = logs.firstIndex { $0.path == path }!
        let parsed = lines.map { try! ReviewRecord(line: Substring($0), number: 0) }
        logs[logIndex].log.records.append(contentsOf: parsed)
        let count = keyedReviews[key] ?? 0
        let after: MemoryState
        if let last = before?.lastReview, time < last {
            // Back-dated: the card's reviews are replayed in time order, as a rebuild does.
            let mine = logs.map(\.log.records).map { records in
                records.compactMap { record -> ReviewRecord? in
                    guard case .review(let r) = record, ledger.aliases.origin(r.cardID) == key else { return nil }
                    return .review(r.crediting(key))
                }
            }
            after = rebuilder.states(fromLogs: mine)[key]!
        } else {
            let fuzz = rebuilder.fuzzing ? Fuzz(cardID: key, reviewIndex: count) : nil
            after = rebuilder.scheduler.review(before ?? .new(at: time), rating: rating, at: time, fuzz: fuzz)
        }
        if lines.count == 2 { resolve() }
        matching.keyOfCard[cardID] = key
        statesByKey[key] = after
        states[cardID] = after
        keyedReviews[key] = count + 1
        return after
    }

    /// Settles an edit by hand: from `time` on, the history of the identity known by `name`
    /// (a key or an id the card once had) continues in card `cardID`.
    ///
    /// - Throws: `MemoryError.unknownCard` for a card or name that does not exist, and
    ///   `MemoryError.alreadyContinued` when `cardID` already continues another history.
    public mutating func link(name: String, to cardID: String, at time: Date) throws {
        guard let (deckIndex, card) = cardsByID[cardID] else { throw MemoryError.unknownCard(cardID) }
        let key = ledger.aliases.origin(name)
        guard let identity = ledger.identities[key] ?? ledger.identities.values.first(where: { $0.contentID == name }) else {
            throw MemoryError.unknownHistory(name)
        }
        if let other = matching.keyOfCard[cardID], other != identity.key {
            throw MemoryError.alreadyContinued(card: cardID, key: other)
        }
        let sighting = ReviewRecord.CardSighting(
            time: time, key: identity.key, contentID: cardID, direction: card.direction, question: card.question,
            answer: card.answer, recordID: ReviewRecord.newRecordID(using: &generator))
        try append([ReviewRecord.card(sighting).line], to: decks[deckIndex].file.memoryFiles.logPath)
        reload()
    }

    /// Retires every identity that continues in no card (`badger state prune`): their history
    /// stays in the logs, but no edited card is matched to them any more; only their exact
    /// text coming back brings it back. Returns how many were retired.
    @discardableResult
    public mutating func retireOrphans(at time: Date) throws -> Int {
        let orphans = self.orphans.filter { !$0.retired }
        guard !orphans.isEmpty, let deck = decks.first else { return 0 }
        let lines = orphans.map { ReviewRecord.retired(time: time, key: $0.key, recordID: ReviewRecord.newRecordID(using: &generator)).line }
        try append(lines, to: deck.file.memoryFiles.logPath)
        reload()
        return orphans.count
    }

    /// Appends lines to a log (creating it, and the collection's `.gitattributes`, if needed)
    /// and keeps the memory's copy of that log in step.
    private mutating func append(_ lines: [String], to path: String) throws {
        let isNew = !logs.contains { $0.path == path }
        if isNew { GitAttributes.ensure(root: root) }
        let appended = try AtomicFile.appendLines(lines, to: path, header: ReviewLog.header)
        lastAppend = (path, lines)
        if isNew { logs.append(Log(path: path, displayPath: path, log: ReviewLog(), inScope: true)) }
        _ = appended
    }

    /// Re-reads nothing, but matches and replays again from the logs in memory.
    private mutating func reload() {
        // The appended lines are read back from the files, so the memory is exactly the logs.
        for (index, log) in logs.enumerated() {
            if let text = try? String(contentsOfFile: log.path, encoding: .utf8), let read = try? ReviewLog(text: text) {
                logs[index].log = read
            }
        }
        let unique = Self.unique(logs.map(\.log.records))
        for index in logs.indices { logs[index].log.records = unique[index] }
        resolve()
        if replayed { replay() }
    }

    /// Where logs are shown from: relative to the working directory when the decks were named so.
    private static func displayPrefix(collection: DeckCollection, root: String) -> String? {
        guard let deck = collection.realDecks.first(where: { $0.file.collectionRoot == root }) else { return nil }
        let display = deck.file.displayPath
        let relative = deck.file.relativePath
        guard display.hasSuffix(relative) else { return nil }
        return String(display.dropLast(relative.count))
    }

    private static func shown(_ path: String, root: String, prefix: String?) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        guard let prefix, path.hasPrefix(base) else { return path }
        return prefix + path.dropFirst(base.count)
    }
}

/// Problems with a collection's scheduling files.
public enum MemoryError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, line: Int, problem: String)
    case unknownCard(String)
    case unknownHistory(String)
    case alreadyContinued(card: String, key: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let line, let problem): return "\(path):\(line): \(problem)"
        case .unknownCard(let id): return "no card with id \(id) in the collection (`badger list` shows ids)"
        case .unknownHistory(let name):
            return "no review history is known by \(name) (`badger lint` names the histories that lost their card)"
        case .alreadyContinued(let card, let key):
            return "card \(card) already continues the history \(key); two cards never share a history"
        }
    }
}

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
    /// A card as the memory sees it: its id, identity texts, direction and line, read from the
    /// deck's card (8 bytes a card here, not a copy of each).
    public struct StudiedCard: Sendable {
        private let card: Card
        /// The card's id as a number (16 hex digits spelled out take an allocation each).
        public var cardID: CardID { card.id }
        /// The card's id, 16 hex digits.
        public var id: String { card.id.description }
        public var question: String { card.identityQuestion }
        public var answer: String { card.identityAnswer }
        public var direction: String { card.direction.rawValue }
        /// The line of the card's label in its deck.
        public var line: Int { card.line }

        init(_ card: Card) { self.card = card }
    }

    /// A deck, its cards, and its state file.
    public struct Deck: Sendable {
        public let file: DeckFile
        /// The deck's study cards.
        public let cards: [StudiedCard]
    }

    /// A review log found under the root.
    public struct Log: Sendable {
        public let path: String
        public let displayPath: String
        /// Its records, each once (see `unique`).
        public var log: CompactLog
        /// Whether the deck it sits beside is loaded, or is gone (so its cards may be anywhere).
        public let inScope: Bool
        /// Its size in bytes when it was read (or last appended to here); nil if not known.
        var size: Int64?
    }

    public let root: String
    public private(set) var decks: [Deck]
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
    /// in no card by their key. Kept current as reviews are recorded. Made when asked for:
    /// `state(of:)` reads one state without it.
    public var states: [String: MemoryState] {
        var states: [String: MemoryState] = [:]
        states.reserveCapacity(cardPlaces.statedCount + orphanStateKeys.count)
        for (id, slot) in cardPlaces.statedCards { states[id.description] = statesByKey[slot: slot] }
        for (name, key) in orphanStateKeys where states[name] == nil { states[name] = statesByKey[key] }
        return states
    }

    /// The state of the card (or identity that continues in no card) `cardID`, as `states` has it.
    public func state(of cardID: String) -> MemoryState? {
        if let number = CardID(cardID), number.description == cardID, let slot = cardPlaces.stateSlot(of: number) {
            return statesByKey[slot: slot]
        }
        return orphanStateKeys[cardID].flatMap { statesByKey[$0] }
    }

    /// The state of the card `cardID`, as `states` has it.
    public func state(ofCard cardID: CardID) -> MemoryState? {
        if let slot = cardPlaces.stateSlot(of: cardID) { return statesByKey[slot: slot] }
        return orphanStateKeys.isEmpty ? nil : orphanStateKeys[cardID.description].flatMap { statesByKey[$0] }
    }

    /// How many entries `states` has.
    public var stateCount: Int {
        cardPlaces.statedCount
            + orphanStateKeys.keys.filter { name in
                CardID(name).flatMap { $0.description == name ? cardPlaces.stateSlot(of: $0) : nil } == nil
            }
            .count
    }
    /// Every review of the logs, each once, credited to the id of the card it belongs to now
    /// (or its identity's key if it belongs to none), one list per log.
    /// Record ids are left out (see `history(withRecordIDs:)`).
    public var history: [[ReviewRecord]] { history(withRecordIDs: false) }

    /// Every review of the logs, as `history`; with their record ids when `withRecordIDs` (an
    /// Anki export gives reviews that came from Anki their entry's id back).
    /// The memory must keep them (`keepsReviewDetails`) for `withRecordIDs`.
    public func history(withRecordIDs: Bool) -> [[ReviewRecord]] {
        assert(!withRecordIDs || keepsReviewDetails, "the reviews' record ids were not kept")
        return history(withRecordIDs: withRecordIDs, keeping: nil)
    }

    /// The reviews of the logs as records, only those of the keys in `kept` when given.
    private func history(withRecordIDs: Bool, keeping kept: Set<UInt64>?) -> [[ReviewRecord]] {
        // One string per card, shared by all its reviews.
        var cardOfKey = cardIDsByKeyNumber()
        return logs.map { log in
            let records = log.log
            var reviews: [ReviewRecord] = []
            if kept == nil { reviews.reserveCapacity(records.count) }
            for index in 0..<records.count where records.isReview(index) {
                let key = ledger.key(ofNumber: records.keys[index])
                if let kept, !kept.contains(key) { continue }
                let id: String
                if let known = cardOfKey[key] {
                    id = known
                } else {
                    id = orphanName(key)
                    cardOfKey[key] = id
                }
                reviews.append(.review(records.review(at: index, crediting: id, withRecordID: withRecordIDs)))
            }
            return reviews
        }
    }
    /// The reviews of whole cards' histories, about `limit` reviews in all, as `history` gives
    /// them: the cards taken in the order of a hash of their key (a fixed, unbiased sample, the
    /// same every time), until their reviews reach `limit`. Every review when there are no more.
    /// What an automatic re-fit trains on: fitting a million reviews takes seconds and hundreds
    /// of megabytes, and a hundred thousand fit the 21 parameters as well.
    public func history(sampledTo limit: Int) -> [[ReviewRecord]] {
        var counts: [UInt64: Int] = [:]
        var total = 0
        for log in logs {
            let records = log.log
            for index in 0..<records.count where records.isReview(index) {
                counts[ledger.key(ofNumber: records.keys[index]), default: 0] += 1
                total += 1
            }
        }
        guard total > limit else { return history }
        var chosen: Set<UInt64> = []
        var taken = 0
        let order = counts.map { (hash: FNV1a.hash(names.name($0.key)), key: $0.key, count: $0.value) }.sorted {
            ($0.hash, $0.key) < ($1.hash, $1.key)
        }
        for entry in order {
            guard taken < limit else { break }
            chosen.insert(entry.key)
            taken += entry.count
        }
        return history(withRecordIDs: false, keeping: chosen)
    }

    /// The name a review of key `key`, which continues in no card, is credited to: the key, or,
    /// when a card that is there has it as its id (the card was written again after its history
    /// was set aside, and took a new key), the key marked `~` so that the two never read as one.
    private func orphanName(_ key: UInt64) -> String {
        let name = names.name(key)
        return isCardID(key) ? name + "~" : name
    }

    /// Whether a card that is there has the key number `key` as its id.
    private func isCardID(_ key: UInt64) -> Bool { names.isHex(key) && cardPlaces.place(of: CardID(rawValue: key)) != nil }

    /// The id of the card each identity continues in, by the identity's key number: whom a
    /// review of that key is credited to.
    private func cardIDsByKeyNumber() -> [UInt64: String] {
        var cardOfKey: [UInt64: String] = [:]
        for (content, key) in matching.keyOfCard.numbers { cardOfKey[key] = names.name(content) }
        return cardOfKey
    }

    /// The same reviews as `history`, as columns of numbers: what statistics read, without a
    /// record per review.
    public var reviewColumns: ReviewColumns {
        let cardOfKey = cardIDsByKeyNumber()
        var columns = ReviewColumns()
        columns.reserve(logs.reduce(0) { $0 + $1.log.count })
        // Each key's index in the columns, found once per key rather than once per review (and
        // once per key of each log, by its place in the log's key column).
        var slotOfKey: [UInt64: Int32] = [:]
        for log in logs {
            let records = log.log
            var slotOfPlace = [Int32](repeating: -1, count: records.keys.distinctCount)
            for index in 0..<records.count where records.isReview(index) {
                let place = records.keys.place(at: index)
                var slot = slotOfPlace[place]
                if slot < 0 {
                    let key = ledger.key(ofNumber: records.keys.key(atPlace: place))
                    if let known = slotOfKey[key] {
                        slot = known
                    } else {
                        slot = columns.slot(cardOfKey[key] ?? orphanName(key))
                        slotOfKey[key] = slot
                    }
                    slotOfPlace[place] = slot
                }
                columns.append(
                    card: slot, time: TimeInterval(records.times[index]), rating: Rating(rawValue: Int(records.ratings[index])) ?? .good)
            }
            columns.endLog()
        }
        return columns
    }
    /// The last lines appended, for undo: (log path, lines).
    public private(set) var lastAppend: (path: String, lines: [String])?
    private var statesByKey: KeyedStates
    /// The key number of each identity with a state that continues in no card, by its key.
    private var orphanStateKeys: [String: UInt64] = [:]
    /// Card ids as numbers, and the rare id that is not 16 hex digits.
    public let names: NameBook
    /// Every card by id: its deck and place among `decks`, and the slot of its state.
    private var cardPlaces = CardPlaces()
    /// How many reviews each key has had, where it differs from the ledger's count: the keys
    /// reviewed since the last replay (before any replay, every key counts none).
    private var reviewCountOverrides: [UInt64: Int] = [:]
    private var legacyQuestions: [String: String]
    private var replayed = false
    /// The digest of the entries each state file was last found holding or written with, by
    /// path: a file is not read again while its entries are unchanged.
    private var flushedDigests: [String: UInt64] = [:]
    /// How many times what the state files hold may have changed (a match, a replay, a
    /// review), and that count when they were last all written or found up to date.
    private var changes = 0
    private var flushedChanges: Int?
    /// How many state files this memory has written (the load's rewrite included).
    public private(set) var stateFilesWritten = 0
    private var gitFilesEnsured = false
    /// The decks of the root that cannot be read for cards now (front matter broken), as shown:
    /// new cards are not recorded meanwhile, since one may be a card moved out of them.
    private var unreadableDecks: [String] = []
    private var generator: any RandomNumberGenerator & Sendable
    /// Where state files are read: when they are about to be written (to write only those that
    /// differ), not kept as text for as long as the command runs.
    private let fileAccess: any FileAccess

    /// Reads every review log under `root` and the state file of every deck of `collection`
    /// there, and finds which history each card continues.
    ///
    /// - Throws: `MemoryError.unreadable` naming a log and line that is not a record (never
    ///   dropped silently). Unreadable state files are rebuilt, never an error.
    /// - Parameter replaying: replay the logs into `states`; a caller that only checks the files
    ///   skips it, and `states` stays empty (the logs are still read, and bad lines reported).
    /// - Parameter generator: the source of record ids.
    /// - Parameter readAhead: the root's logs, read while the decks were parsed.
    /// - Parameter keepingReviewDetails: keep the record ids and timings (elapsed seconds,
    ///   answer milliseconds) of the reviews once the logs are read (`history(withRecordIDs:
    ///   true)` and an Anki export need them); otherwise ids read as 0 and timings as absent.
    public init(
        collection: DeckCollection, root: String, scheduler: any Scheduler, fuzzing: Bool, fileAccess: any FileAccess,
        rebuilding: Bool = false, replaying: Bool = true,
        generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(), readAhead: LogReadAhead? = nil,
        keepingReviewDetails: Bool = true
    ) throws {
        keepsReviewDetails = keepingReviewDetails
        // Logs read ahead without the reviews' timings serve only a memory that lets them go.
        let readAhead = readAhead?.root == root && (readAhead?.keepsTimings == true || !keepingReviewDetails) ? readAhead : nil
        names = readAhead?.names ?? NameBook()
        self.root = root
        self.generator = generator
        self.fileAccess = fileAccess
        rebuilder = StateRebuilder(scheduler: scheduler, fuzzing: fuzzing)
        var cardsByFile: [String: [StudiedCard]] = [:]
        var cardsInFile: [String: Int] = [:]
        for card in collection.cards where card.file.collectionRoot == root { cardsInFile[card.file.absolutePath, default: 0] += 1 }
        for (path, count) in cardsInFile { cardsByFile[path, default: []].reserveCapacity(count) }
        for card in collection.cards where card.file.collectionRoot == root {
            cardsByFile[card.file.absolutePath, default: []].append(StudiedCard(card))
        }
        let cardsOfFile = cardsByFile
        let ownDecks = collection.realDecks.filter { $0.file.collectionRoot == root }
        // A deck that cannot be read for cards now (its front matter broken, or a merge conflict)
        // counts as not loaded: its cards are not gone, so its histories are neither matched to
        // other cards nor retired nor reported until it is mended.
        let loadedBases = Set(ownDecks.filter(\.isReadForCards).map { $0.file.memoryFiles.logPath })
        unreadableDecks = ownDecks.filter { !$0.isReadForCards }.map(\.file.displayPath)
        let found = readAhead?.found ?? LogDiscovery.walk(root, fileAccess: fileAccess)
        var logPaths = found.logs
        // Logs by their real paths: one reached through a symbolic link is the same log.
        var realOfLog: [String: String] = [:]
        for path in logPaths { realOfLog[path] = fileAccess.resolvedPath(path) ?? path }
        var realLogs = Set(realOfLog.values)
        // A deck's own log is read even when it lies outside the walk (a deck named by path, or
        // reached through a link to a file elsewhere).
        for deck in ownDecks {
            let log = deck.file.memoryFiles.logPath
            guard fileAccess.kind(atPath: log) == .file, realLogs.insert(fileAccess.resolvedPath(log) ?? log).inserted else { continue }
            logPaths.append(log)
            realOfLog[log] = fileAccess.resolvedPath(log) ?? log
        }
        let realOfLogs = realOfLog
        warnings =
            found.cycles.map { "\($0) is a symbolic link back into the collection; its folder is read once" }
            + found.strays.map { "\($0) is not a file (a folder, or a link to nothing): no reviews are read from it" }
        let shownPrefix = Self.displayPrefix(collection: collection, root: root)
        let names = self.names
        // Every log is read and parsed on its own, several at a time (or was, ahead).
        let paths = logPaths
        let logResults = ParallelResults<Result<Log, MemoryError>>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            let shown = Self.shown(path, root: root, prefix: shownPrefix)
            let parsed =
                readAhead?.log(at: path)
                ?? Self.parseLog(at: path, names: names, fileAccess: fileAccess, keepingTimings: keepingReviewDetails)
            switch parsed.log {
            case .success(let log):
                let deckPath = String(path.dropLast(".reviews".count)) + ".md"
                let inScope =
                    loadedBases.contains(realOfLogs[path] ?? path) || loadedBases.contains(path) || fileAccess.kind(atPath: deckPath) == nil
                logResults[index] = .success(Log(path: path, displayPath: shown, log: log, inScope: inScope, size: parsed.size))
            case .failure(.cannotRead):
                logResults[index] = .failure(
                    .unreadable(
                        path: shown, line: 0, problem: "cannot be read (not a regular file, or not readable); move it aside to go on"))
            case .failure(.garbled(let line, let reason)):
                logResults[index] = .failure(.unreadable(path: shown, line: line, problem: reason))
            case .failure(.other(let problem)):
                logResults[index] = .failure(.unreadable(path: shown, line: 0, problem: problem))
            }
        }
        // The logs read ahead are this memory's now: not kept twice while they are filtered.
        readAhead?.discard()
        var logs: [Log] = []
        for index in paths.indices {
            // Taken out, so that the logs are referred to once (their record ids can go below).
            let result = logResults[index]
            logResults[index] = nil
            switch result {
            case .success(let log)?: logs.append(log)
            case .failure(let error)?: throw error
            case nil: throw MemoryError.unreadable(path: root, line: 0, problem: "could not be read")
            }
        }
        // Each record once: a line copied into two logs (a merge, a sync tool's conflict copy) or
        // twice into one (a cherry-pick) counts once.
        Self.removeDuplicates(&logs)
        // Copies found, the reviews' record ids are needed no more (unless kept): they go before
        // the ledger and the states are made.
        if !keepingReviewDetails { for index in logs.indices { logs[index].log.forgetReviewDetails() } }
        self.logs = logs
        // Questions that format 1 state files knew, for identities no `card` line describes
        // (only format 1 logs have such identities); no state file is read otherwise.
        let wantsQuestions = logs.contains(where: { log in log.log.kinds.contains { $0 == .review } })
        let stateResults = ParallelResults<(deck: Deck, questions: [String: String])>(count: ownDecks.count)
        DispatchQueue.concurrentPerform(iterations: ownDecks.count) { index in
            let deck = ownDecks[index]
            var questions: [String: String] = [:]
            if wantsQuestions, let text = Self.stateText(at: deck.file.memoryFiles.statePath, fileAccess: fileAccess),
                let state = try? SidecarState(text: text)
            {
                for entry in state.entries.values where !entry.question.isEmpty { questions[entry.cardID] = entry.question }
            }
            stateResults[index] = (Deck(file: deck.file, cards: cardsOfFile[deck.file.absolutePath] ?? []), questions)
        }
        let loaded = stateResults.values.compactMap { $0 }
        decks = loaded.map(\.deck)
        var questions: [String: String] = [:]
        for deck in loaded { questions.merge(deck.questions) { _, later in later } }
        cardPlaces = CardPlaces(decks: decks)
        ledger = CardLedger(logs: [], names: names)
        matching = IdentityMatcher.Result(names: names)
        statesByKey = KeyedStates()
        legacyQuestions = questions
        resolve()
        if replaying { replay() }
    }

    /// Whether the logs keep the record ids of their reviews (for an Anki export); without them
    /// a long log takes 14 bytes a review less.
    public let keepsReviewDetails: Bool

    /// A log as read: its records, or why not; and its size when read.
    struct ParsedLog: Sendable {
        enum Failure: Error { case cannotRead, garbled(line: Int, reason: String), other(String) }
        var log: Result<CompactLog, Failure>
        var size: Int64?
    }

    /// Reads and parses the log at `path`, in parts of 1 MiB (a long log is never held whole
    /// as text).
    static func parseLog(at path: String, names: NameBook, fileAccess: any FileAccess, keepingTimings: Bool = true) -> ParsedLog {
        let size = fileAccess.size(atPath: path)
        do {
            var parser = CompactLog.Parser(names: names, expectedBytes: size ?? 0, keepingTimings: keepingTimings)
            do {
                try fileAccess.read(atPath: path, inPartsOf: 1 << 20) { try parser.feed($0) }
            } catch is FileAccessError {
                return ParsedLog(log: .failure(.cannotRead), size: nil)
            }
            return ParsedLog(log: .success(try parser.finish()), size: size.map(Int64.init))
        } catch ReviewLogError.garbled(let line, let reason) {
            return ParsedLog(log: .failure(.garbled(line: line, reason: reason)), size: nil)
        } catch {
            return ParsedLog(log: .failure(.other("\(error)")), size: nil)
        }
    }

    /// Builds the ledger from the logs and matches the cards to it.
    private mutating func resolve() {
        changes += 1
        ledger = CardLedger(logs: logs.map(\.log), names: names, questions: legacyQuestions)
        // Only identities seen in logs of decks that are loaded (or gone) may be matched by
        // text or reported as orphans: a deck not loaded still has its cards.
        var scope: Set<String>?
        if !logs.allSatisfy(\.inScope) {
            var inScope: Set<UInt64> = []
            for log in logs where log.inScope {
                let records = log.log
                for record in 0..<records.count where records.kinds[record] != .retired {
                    inScope.insert(ledger.key(ofNumber: records.keys[record]))
                }
            }
            scope = Set(inScope.map(names.name))
        }
        // The matcher's view of each card is made when it asks for it, not kept for all.
        var places: [(deck: Int32, card: Int32)] = []
        places.reserveCapacity(decks.reduce(0) { $0 + $1.cards.count })
        for (deckIndex, deck) in decks.enumerated() {
            for position in deck.cards.indices { places.append((Int32(deckIndex), Int32(position))) }
        }
        // One string per deck for the cards' relative paths.
        let relativePaths = decks.map(\.file.relativePath)
        // Each log's deck (the one beside it), for the identities last recorded there.
        var deckOfLogPath: [String: String] = [:]
        for deck in decks { deckOfLogPath[deck.file.memoryFiles.logPath] = deck.file.relativePath }
        let deckOfLog = logs.map { deckOfLogPath[$0.path] }
        let decks = self.decks
        matching = IdentityMatcher.match(
            cardCount: places.count,
            card: { index in
                let (deck, ordinal) = (Int(places[index].deck), Int(places[index].card))
                let card = decks[deck].cards[ordinal]
                return IdentityMatcher.Card(
                    contentID: card.id, direction: card.direction, question: card.question, answer: card.answer,
                    deck: relativePaths[deck])
            }, ledger: ledger, scope: scope, deckOfLog: deckOfLog)
    }

    /// Leaves out duplicate records (the same record in two logs, or twice in one: a merge, a
    /// sync tool's conflict copy, a cherry-pick): format 2 records by their record id, format 1
    /// lines by their content and the number of equal lines before them in their own log
    /// (three equal lines in one log stay three).
    static func removeDuplicates(_ logs: inout [Log]) {
        let repeated = repeatedRecordIDs(logs)
        let hasLegacyLines = logs.map { $0.log.recordIDs.contains(0) }
        guard !repeated.isEmpty || hasLegacyLines.contains(true) else {
            // Every record has its own record id: nothing is a copy.
            removeUndone(&logs)
            return
        }
        // Only the ids that repeat are remembered (not every id), and format 1 lines by content.
        var seen: Set<UInt64> = []
        var seenLegacy: Set<LegacyLine> = []
        for index in logs.indices {
            let log = logs[index].log
            guard !repeated.isEmpty || hasLegacyLines[index] else { continue }
            var copies: [LegacyLine: Int] = [:]
            var duplicates = false
            var keep = [Bool](repeating: true, count: log.count)
            for record in 0..<log.count {
                let id = log.recordIDs[record]
                if id != 0 {
                    keep[record] = repeated.isEmpty || !repeated.contains(id) || seen.insert(id).inserted
                } else {
                    var line = LegacyLine(log: log, index: record, copy: 0)
                    let copy = copies[line, default: 0]
                    copies[line] = copy + 1
                    line.copy = copy
                    keep[record] = seenLegacy.insert(line).inserted
                }
                if !keep[record] { duplicates = true }
            }
            if duplicates { logs[index].log = log.filtered { keep[$0] } }
        }
        removeUndone(&logs)
    }

    /// Leaves out the reviews taken back (undo), wherever a copy of their line is.
    private static func removeUndone(_ logs: inout [Log]) {
        let kept = CompactLog.withoutUndone(logs.map(\.log))
        for index in logs.indices where kept[index].count != logs[index].log.count { logs[index].log = kept[index] }
    }

    /// The record ids (not 0: format 1 lines have none) that two records share. Found with a
    /// table of one bit per value of the ids' low bits (ids are random; about sixteen bits per
    /// record): only the ids whose bit another id set too are then sorted and compared, not a
    /// copy of them all nor a set of them.
    private static func repeatedRecordIDs(_ logs: [Log]) -> Set<UInt64> {
        let total = logs.reduce(0) { $0 + $1.log.count }
        guard total > 1 else { return [] }
        let bits = min(26, max(12, (Int.bitWidth - (total - 1).leadingZeroBitCount) + 4))
        let mask = UInt64(1) << UInt64(bits) - 1
        var seen = [UInt64](repeating: 0, count: 1 << (bits - 6))
        var shared = seen
        var anyShared = false
        for log in logs {
            for id in log.log.recordIDs where id != 0 {
                let slot = Int(id & mask)
                let bit = UInt64(1) << UInt64(slot & 63)
                if seen[slot >> 6] & bit != 0 {
                    shared[slot >> 6] |= bit
                    anyShared = true
                } else {
                    seen[slot >> 6] |= bit
                }
            }
        }
        guard anyShared else { return [] }
        var ids: [UInt64] = []
        for log in logs {
            for id in log.log.recordIDs where id != 0 {
                let slot = Int(id & mask)
                if shared[slot >> 6] & (UInt64(1) << UInt64(slot & 63)) != 0 { ids.append(id) }
            }
        }
        ids.sort()
        var repeated: Set<UInt64> = []
        for (id, next) in zip(ids, ids.dropFirst()) where id == next { repeated.insert(id) }
        return repeated
    }

    /// A format 1 line's content, and how many equal lines came before it in its log.
    struct LegacyLine: Hashable {
        var kind: UInt8
        var time: Int64
        var key: UInt64
        var other: UInt64
        var numbers: UInt64
        var copy: Int

        init(log: CompactLog, index: Int, copy: Int) {
            kind = log.kinds[index].rawValue
            time = log.times[index]
            key = log.keys[index]
            other = log.others[index]
            numbers = UInt64(log.ratings[index]) << 56 ^ UInt64(log.elapsed(at: index)) << 24 ^ UInt64(log.answer(at: index))
            self.copy = copy
        }
    }

    /// Recomputes every state from the logs.
    private mutating func replay() {
        changes += 1
        replayed = true
        let ledger = self.ledger
        // The old states go before the new ones are made (a reload), not after.
        cardPlaces.removeStateSlots()
        orphanStateKeys = [:]
        statesByKey = KeyedStates()
        statesByKey = rebuilder.keyedStates(fromCompact: logs.map(\.log), key: { ledger.key(ofNumber: $0) }, names: names)
        var continued: Set<UInt64> = []
        continued.reserveCapacity(matching.keyOfCard.count)
        for (content, number) in matching.keyOfCard.numbers {
            continued.insert(number)
            // Card ids here are 16 lowercase hex digits (`studiedCard`), each its own number.
            guard let slot = statesByKey.slot(of: number) else { continue }
            if let cardID = names.isHex(content) ? CardID(rawValue: content) : CardID(names.name(content)) {
                cardPlaces.setStateSlot(slot, of: cardID)
            }
        }
        // Identities that continue in no card, by their key (a card's own id wins: `state(of:)`
        // looks for the card first).
        var orphans: [String: UInt64] = [:]
        // (Not one named like a card that is there: that card's id names the card's own.)
        for key in statesByKey.keys where !continued.contains(key) && !isCardID(key) {
            orphans[names.name(key)] = key
        }
        orphanStateKeys = orphans
        reviewCountOverrides = [:]
    }

    /// The key of the identity card `cardID` continues, if it has one.
    public func key(of cardID: String) -> String? { matching.keyOfCard[cardID] }

    /// The name that seeds a card's fuzz: its identity's key (for a card never reviewed, the
    /// key its first review will get).
    public func fuzzSeed(of cardID: String) -> String { matching.keyOfCard[cardID] ?? ledger.newKey(for: cardID) }

    /// What a card's review fuzz is drawn from: its seed and how many reviews are logged.
    public struct FuzzBasis: Sendable, Equatable {
        public var seed: String
        public var logged: Int

        /// The fuzz of the review `ahead` reviews after the logged ones (nil when not fuzzing):
        /// the one function both recording a review and previewing one (a study session's
        /// buttons) use, so a preview shows exactly what is saved.
        public func fuzz(ahead: Int = 0, fuzzing: Bool) -> Fuzz? {
            fuzzing ? Fuzz(cardID: seed, reviewIndex: logged + ahead) : nil
        }
    }

    /// The fuzz basis of card `cardID` now.
    public func fuzzBasis(of cardID: String) -> FuzzBasis { FuzzBasis(seed: fuzzSeed(of: cardID), logged: reviewCount(of: cardID)) }

    /// How many reviews the card's identity has had.
    public func reviewCount(of cardID: String) -> Int { matching.keyOfCard[cardID].map { loggedReviews(names.number($0)) } ?? 0 }

    /// How many reviews the identity of key number `key` has had, as the states count them.
    private func loggedReviews(_ key: UInt64) -> Int {
        reviewCountOverrides[key] ?? (replayed ? ledger.reviewCount(ofKey: key) : 0)
    }

    /// The id of the card now known by `name`: a card id, an identity key or a format 1 id
    /// the card once had; nil if no card continues it.
    public func currentCardID(forName name: String) -> String? {
        if studiedCard(name) != nil { return name }
        let key = ledger.aliases.origin(name)
        return matching.keyOfCard.contentID(ofKey: key)
    }

    /// The cards now continuing an identity whose key, or a content id it was seen with, starts
    /// with `prefix` (lowercase hex): what an id prefix printed before an edit names now.
    public func currentCardIDs(forPrefix prefix: String) -> Set<String> {
        var keys: Set<String> = []
        for identity in ledger.identities.values where identity.key.hasPrefix(prefix) || identity.contentID.hasPrefix(prefix) {
            keys.insert(identity.key)
        }
        for log in logs {
            for index in 0..<log.log.count where log.log.kinds[index] == .card {
                let content = names.name(log.log.others[index])
                if content.hasPrefix(prefix) { keys.insert(names.name(ledger.key(ofNumber: log.log.keys[index]))) }
            }
        }
        guard !keys.isEmpty else { return [] }
        let numbers = Set(keys.map(names.number))
        return Set(matching.keyOfCard.numbers.compactMap { numbers.contains($0.value) ? names.name($0.key) : nil })
    }

    /// The log (display path) that last mentions the identity `key`.
    public func lastLog(of key: String) -> String? { ledger.lastLog(ofKey: names.number(key)).map { logs[$0].displayPath } }

    /// The absolute path of that log.
    public func lastLogPath(of key: String) -> String? { ledger.lastLog(ofKey: names.number(key)).map { logs[$0].path } }

    /// Every record of every log, each once.
    public var allRecords: [ReviewRecord] {
        logs.flatMap { log in (0..<log.log.count).map { log.log.record(at: $0, names: names) } }
    }

    /// How many records the logs hold.
    public var recordCount: Int { logs.reduce(0) { $0 + $1.log.count } }

    /// Logs with git conflict markers, which were skipped (display paths and the first marker's line).
    public var conflictedLogs: [(path: String, line: Int)] {
        logs.compactMap { log in log.log.conflictMarkerLine.map { (log.displayPath, $0) } }
    }

    /// Logs holding reviews dated more than a day after `now` (a clock set wrong where they were
    /// written, or lines written by hand): display paths, how many, and the latest. They are read
    /// as written, so they are named.
    public func futureReviews(after now: Date) -> [(path: String, count: Int, latest: Date)] {
        let limit = Int64(now.timeIntervalSince1970) + 86_400
        return logs.compactMap { log in
            var (count, latest) = (0, Int64.min)
            for index in 0..<log.log.count where log.log.times[index] > limit && log.log.isReview(index) {
                count += 1
                latest = max(latest, log.log.times[index])
            }
            return count == 0 ? nil : (log.displayPath, count, Date(timeIntervalSince1970: TimeInterval(latest)))
        }
    }

    /// Logs whose last line was cut off by a crash and repaired on reading (display paths).
    public var repairedLogs: [(path: String, line: Int)] {
        logs.compactMap { log in log.log.repairedTruncatedLine.map { (log.displayPath, $0) } }
    }

    /// Identities whose history continues in no card: deleted, or edited beyond recognition.
    public var orphans: [CardLedger.Identity] { matching.orphans.compactMap { ledger.identities[$0] } }

    /// The deck and card of a card id.
    public func card(_ cardID: String) -> (deck: Deck, card: StudiedCard)? {
        studiedCard(cardID).map { (decks[$0.deck], $0.card) }
    }

    /// The deck (its index in `decks`) and card of a card id; ids are 16 lowercase hex digits,
    /// and any other spelling names no card.
    private func studiedCard(_ cardID: String) -> (deck: Int, card: StudiedCard)? {
        guard let number = CardID(cardID), number.description == cardID, let place = cardPlaces.place(of: number) else { return nil }
        return (Int(place.deck), decks[Int(place.deck)].cards[Int(place.card)])
    }

    /// The state files as the logs say they should be: every card with a history.
    public func derivedStates() -> [SidecarState] {
        decks.map { deck in
            var entries: [String: SidecarState.Entry] = [:]
            for card in deck.cards {
                guard let key = matching.keyOfCard[number: card.cardID.rawValue], let memory = statesByKey[key] else { continue }
                entries[card.id] = .init(cardID: card.id, memory: memory, question: card.question)
            }
            return SidecarState(entries: entries)
        }
    }

    /// The cards of `deck` that have a state, sorted by id, each id once (the last card with
    /// it, as `derivedStates()` keeps): the id, the card's place in the deck and its
    /// identity's key number.
    private func statedCards(of deck: Deck) -> [(id: CardID, position: Int32, key: UInt64)] {
        var stated: [(id: CardID, position: Int32, key: UInt64)] = []
        stated.reserveCapacity(deck.cards.count)
        for (position, card) in deck.cards.enumerated() {
            // A card's id is 16 hex digits, its own number.
            guard let number = matching.keyOfCard[number: card.cardID.rawValue], statesByKey.contains(number) else { continue }
            stated.append((card.cardID, Int32(position), number))
        }
        // Positions grow in deck order, so by (id, position) is stable: of equal ids the last
        // stays last, and is the one kept. Sorted and made unique in place (no copies).
        stated.sort { ($0.id, $0.position) < ($1.id, $1.position) }
        var kept = 0
        for card in stated {
            if kept > 0, stated[kept - 1].id == card.id {
                stated[kept - 1] = card
            } else {
                stated[kept] = card
                kept += 1
            }
        }
        stated.removeLast(stated.count - kept)
        return stated
    }

    /// Rewrites every state file that differs from what the logs say (stale after a review, a
    /// merge or an edit; garbled; conflicted), and notes the unreadable ones it rebuilt.
    /// Returns how many files were written. Decks never studied get no state file.
    @discardableResult
    public mutating func flushStates() throws -> Int {
        // Nothing changed since every file was written or found up to date.
        guard flushedChanges != changes else { return 0 }
        var written = 0
        for index in decks.indices {
            let deck = decks[index]
            // `derivedStates()[index].text`, written from a sorted list of the cards with a
            // state rather than from a dictionary of entries.
            let stated = statedCards(of: deck)
            let statesByKey = self.statesByKey
            let path = deck.file.memoryFiles.statePath
            let entries = stated.lazy.map { id, position, key in
                SidecarState.Entry(cardID: id.description, memory: statesByKey[key]!, question: deck.cards[Int(position)].question)
            }
            var digesting = SidecarState.Digest()
            for (id, position, key) in stated {
                digesting.add(cardID: id.rawValue, memory: statesByKey[key]!, question: deck.cards[Int(position)].question)
            }
            let digest = digesting.value
            // Written or found up to date by this memory, and unchanged since.
            if flushedDigests[path] == digest { continue }
            let exists = fileAccess.kind(atPath: path) == .file
            guard exists || !stated.isEmpty else { continue }
            // A file whose digest line names these entries, and whose lines are as that line
            // says, is left as it is: found reading it in parts, without making its lines.
            if exists {
                var check = SidecarState.DigestCheck()
                if (try? fileAccess.read(atPath: path, inPartsOf: 1 << 16) { check.feed($0) }) != nil, check.finish() == digest {
                    flushedDigests[path] = digest
                    continue
                }
            }
            let old = Self.stateText(at: path, fileAccess: fileAccess)
            guard old != nil || !stated.isEmpty else { continue }
            let text = SidecarState.text(ofSorted: entries)
            if text != old { try AtomicFile.write(text, to: path) }
            flushedDigests[path] = digest
            guard text != old else { continue }
            if let old, !SidecarState.isReadable(old) {
                notes.append("\(MemoryFiles(deckPath: deck.file.displayPath).statePath) could not be read; rebuilt it from the review logs")
            }
            written += 1
        }
        flushedChanges = changes
        stateFilesWritten += written
        return written
    }

    /// Records in the logs what matching found, so it holds from now on whatever changes next:
    /// every card that continues a history under new content (an edit, a topic renamed, a
    /// card moved) gets a `card` line in its deck's log. Without it, a card edited away and
    /// written again later could take its history back from the edited one. Once the root
    /// keeps any log, every card that continues no history gets one too (but not a card that
    /// could continue several, which waits for `badger state link`): a card recorded before
    /// another is deleted never takes the deleted card's history for an edit. A recorded card
    /// deleted with nothing to keep is retired. Returns how many cards were recorded.
    @discardableResult
    public mutating func commitEdits(at time: Date) throws -> Int {
        var linesOfDeck: [Int: [String]] = [:]
        var count = 0
        func record(_ card: StudiedCard, deck deckIndex: Int, key: String) {
            let sighting = ReviewRecord.CardSighting(
                time: sightingTime(of: key, at: time), key: key, contentID: card.id, direction: card.direction, question: card.question,
                answer: card.answer, recordID: ReviewRecord.newRecordID(using: &generator))
            linesOfDeck[deckIndex, default: []].append(ReviewRecord.card(sighting).line)
            count += 1
        }
        for edit in matching.edited {
            guard let (deckIndex, card) = studiedCard(edit.contentID) else { continue }
            record(card, deck: deckIndex, key: edit.key)
        }
        // New cards are recorded only when matching saw the whole root and compared every pair:
        // a card that is an edit of a history in a deck not loaded (or not yet read, or not
        // compared) must stay free to continue it.
        let ambiguousKeys = Set(matching.ambiguous.flatMap(\.keys))
        if !logs.isEmpty, unreadableDecks.isEmpty, matching.comparedAll, logs.allSatisfy(\.inScope) {
            let ambiguous = Set(matching.ambiguous.map(\.contentID))
            var recorded = Set(matching.edited.compactMap { CardID($0.contentID) })
            let identities = ledger.identities
            for (deckIndex, deck) in decks.enumerated() {
                for (position, card) in deck.cards.enumerated() {
                    guard let key = matching.keyOfCard[number: card.cardID.rawValue] else {
                        guard recorded.insert(card.cardID).inserted, !ambiguous.contains(card.id) else { continue }
                        record(card, deck: deckIndex, key: ledger.newKey(for: card.id))
                        continue
                    }
                    // A history of a format 1 log, which no `card` line describes: described now,
                    // so that its text no longer depends on a state file (a cache). A retired or
                    // missing one whose card came back as it was: seen again, so that its next
                    // edit reads as an edit. One whose answer (or white space) changed since its
                    // last `card` line: seen again, so that a later edit of its question is
                    // matched by the answer it has now, not the one it had (the first card of an
                    // id only: two cards written with one question and two answers, which lint
                    // reports, would otherwise take turns at being seen).
                    let isFirst = cardPlaces.place(of: card.cardID).map { Int($0.deck) == deckIndex && Int($0.card) == position } ?? false
                    if !identities.isDescribed(keyNumber: key) || identities.isWaiting(keyNumber: key)
                        || (isFirst
                            && !identities.wasLastSeen(
                                keyNumber: key, direction: card.direction, question: card.question, answer: card.answer)),
                        recorded.insert(card.cardID).inserted
                    {
                        record(card, deck: deckIndex, key: names.name(key))
                    }
                }
            }
            // A history with something to keep that continues in no card (its card deleted, or
            // edited beyond recognition) is marked missing: a `retired` record dated at its last
            // sighting, which retires nothing with reviews (`CardLedger`). It still waits for
            // its own question (lint reports it), but a card written later never takes it.
            if !decks.isEmpty {
                for identity in orphans
                where !identity.retired && !identity.missing && (identity.reviewCount > 0 || identity.suspended)
                    && !ambiguousKeys.contains(identity.key)
                {
                    let record = ReviewRecord.retired(
                        time: identity.seen, key: identity.key, recordID: ReviewRecord.newRecordID(using: &generator))
                    linesOfDeck[0, default: []].append(record.line)
                }
            }
        }
        // A recorded card deleted before it was ever studied or suspended leaves nothing to
        // wait for: it is retired at once, so that it never stands in the way of another card's
        // edit later (unless it is a candidate of an ambiguous edit, which waits to be settled).
        let empty = orphans.filter { !$0.retired && $0.reviewCount == 0 && !$0.suspended && !ambiguousKeys.contains($0.key) }
        if !empty.isEmpty, !decks.isEmpty {
            for identity in empty {
                // Dated when it was last seen (which marks it automatic, `CardLedger`): another
                // clone that studies it after seeing it there (merged later) outdates it.
                let record = ReviewRecord.retired(
                    time: identity.seen, key: identity.key, recordID: ReviewRecord.newRecordID(using: &generator))
                linesOfDeck[0, default: []].append(record.line)
            }
        }
        guard !linesOfDeck.isEmpty else { return 0 }
        var written = false
        for (deckIndex, lines) in linesOfDeck.sorted(by: { $0.key < $1.key }) {
            // A log another command wrote to since it was read is left for the next command.
            if try append(lines, to: decks[deckIndex].file.memoryFiles.logPath, onlyIfUnchanged: true) { written = true }
        }
        guard written else { return 0 }
        reload()
        return count
    }

    /// When a `card` line for `key` written at `time` is dated (`CardSighting.time`).
    private func sightingTime(of key: String, at time: Date) -> Date {
        ReviewRecord.CardSighting.time(writtenAt: time, lastSeen: ledger.identities[key]?.seen)
    }

    /// Records a review of `cardID`: appends it to its deck's log, synced to disk before this
    /// returns (with a `card` line first when the card is new or its text changed since it was
    /// last seen). State files are not rewritten; `flushStates()` does that at the end.
    /// Returns the card's new state, the same a replay of the logs gives.
    public mutating func recordReview(
        cardID: String, rating: Rating, at time: Date, answerMilliseconds: Int? = nil
    ) throws -> MemoryState {
        guard let (deckIndex, card) = studiedCard(cardID) else { throw MemoryError.unknownCard(cardID) }
        // The log keeps whole seconds: the state is made of the time as a rebuild reads it.
        let time = Timestamp.wholeSeconds(time)
        changes += 1
        let firstLog = logs.isEmpty
        let key = matching.keyOfCard[cardID] ?? ledger.newKey(for: cardID)
        let keyNumber = names.number(key)
        let before = statesByKey[keyNumber]
        var records: [ReviewRecord] = []
        let identity = ledger.identities[key]
        let sighting = ReviewRecord.CardSighting(
            time: sightingTime(of: key, at: time), key: key, contentID: cardID, direction: card.direction, question: card.question,
            answer: card.answer,
            recordID: ReviewRecord.newRecordID(using: &generator))
        if identity == nil || identity?.contentID != cardID || identity?.question != sighting.question
            || identity?.answer != sighting.answer || identity?.direction != card.direction || identity?.retired == true
            || identity?.missing == true
        {
            records.append(.card(sighting))
        }
        var elapsed = before?.lastReview.map { max(0, Int(time.timeIntervalSince($0))) }
        if let last = before?.lastReview, time < last {
            // Back-dated: the seconds since the review before it in time (none: its first).
            let seconds = Int64(time.timeIntervalSince1970)
            var previous: Int64?
            for log in logs {
                let records = log.log
                for index in 0..<records.count
                where records.isReview(index) && records.times[index] <= seconds && ledger.key(ofNumber: records.keys[index]) == keyNumber {
                    previous = max(previous ?? .min, records.times[index])
                }
            }
            elapsed = previous.map { Int(seconds - $0) }
        }
        let review = ReviewRecord.Review(
            time: time, cardID: key, rating: rating, elapsedSeconds: elapsed, answerMilliseconds: answerMilliseconds,
            recordID: ReviewRecord.newRecordID(using: &generator))
        records.append(.review(review))
        let lines = records.map(\.line)
        let path = decks[deckIndex].file.memoryFiles.logPath
        try append(lines, to: path)
        // The logs now hold the review; bring the memory in line with them.
        let logIndex = logs.firstIndex { $0.path == path }!
        for record in records { logs[logIndex].log.append(record, names: names) }
        let count = loggedReviews(keyNumber)
        let after: MemoryState
        if let last = before?.lastReview, time < last {
            // Back-dated: the card's reviews are replayed in time order, as a rebuild does.
            let ledger = self.ledger
            let mine = logs.map { log in log.log.filtered { log.log.isReview($0) && ledger.key(ofNumber: log.log.keys[$0]) == keyNumber } }
            after = rebuilder.states(fromCompact: mine, key: { ledger.key(ofNumber: $0) }, names: names)[keyNumber]!
        } else {
            let fuzz = FuzzBasis(seed: key, logged: count).fuzz(fuzzing: rebuilder.fuzzing)
            after = rebuilder.scheduler.review(before ?? .new(at: time), rating: rating, at: time, fuzz: fuzz)
        }
        if lines.count == 2 { resolve() }
        matching.keyOfCard[cardID] = key
        statesByKey[keyNumber] = after
        cardPlaces.setStateSlot(statesByKey.slot(of: keyNumber)!, of: CardID(cardID)!)
        reviewCountOverrides[keyNumber] = count + 1
        // The collection's first log: every other card is recorded with it (`commitEdits`), so
        // that none of them can take this card's history if it is deleted before another
        // command runs. The review is already safe; this only adds `card` lines.
        if firstLog {
            let review = lastAppend
            _ = try? commitEdits(at: time)
            // What was last appended stays the review, for an undo to take back.
            lastAppend = review
        }
        return after
    }

    /// Whether card `cardID` is suspended (left out of studying).
    public func isSuspended(_ cardID: String) -> Bool {
        matching.keyOfCard[cardID].map { ledger.identities.isSuspended($0) } ?? false
    }

    /// The suspended cards among the collection's, by id.
    public var suspendedCards: Set<String> {
        Set(matching.keyOfCard.numbers.compactMap { ledger.identities.isSuspended(keyNumber: $0.value) ? names.name($0.key) : nil })
    }

    /// Suspends (or, with `suspended` false, unsuspends) each of `cardIDs` that is not so
    /// already: a `suspended` or `unsuspended` line in its deck's log (after a `card` line for a
    /// card never seen). Its history and due date are kept. Returns how many cards changed.
    @discardableResult
    public mutating func setSuspended(_ cardIDs: [String], _ suspended: Bool, at time: Date) throws -> Int {
        var linesOfDeck: [Int: [String]] = [:]
        var count = 0
        for cardID in cardIDs where isSuspended(cardID) != suspended {
            guard let (deckIndex, card) = studiedCard(cardID) else { throw MemoryError.unknownCard(cardID) }
            let key = matching.keyOfCard[cardID] ?? ledger.newKey(for: cardID)
            if matching.keyOfCard[cardID] == nil {
                let sighting = ReviewRecord.CardSighting(
                    time: time, key: key, contentID: cardID, direction: card.direction, question: card.question,
                    answer: card.answer, recordID: ReviewRecord.newRecordID(using: &generator))
                linesOfDeck[deckIndex, default: []].append(ReviewRecord.card(sighting).line)
            }
            let record = ReviewRecord.suspension(
                time: time, key: key, suspended: suspended, recordID: ReviewRecord.newRecordID(using: &generator))
            linesOfDeck[deckIndex, default: []].append(record.line)
            count += 1
        }
        guard count > 0 else { return 0 }
        let firstLog = logs.isEmpty
        for (deckIndex, lines) in linesOfDeck.sorted(by: { $0.key < $1.key }) {
            try append(lines, to: decks[deckIndex].file.memoryFiles.logPath)
        }
        reload()
        if firstLog { _ = try? commitEdits(at: time) }
        return count
    }

    /// Gives each of `cardIDs` that has no lasting identity yet one (a `card` line in its deck's
    /// log, as its first review would write), so that its key holds through later edits: what
    /// an export that names cards by key (Anki note GUIDs) needs. Returns how many.
    @discardableResult
    public mutating func recordIdentities(of cardIDs: [String], at time: Date) throws -> Int {
        var linesOfDeck: [Int: [String]] = [:]
        var count = 0
        for cardID in cardIDs where matching.keyOfCard[cardID] == nil {
            guard let (deckIndex, card) = studiedCard(cardID) else { continue }
            let sighting = ReviewRecord.CardSighting(
                time: time, key: ledger.newKey(for: cardID), contentID: cardID, direction: card.direction,
                question: card.question, answer: card.answer, recordID: ReviewRecord.newRecordID(using: &generator))
            linesOfDeck[deckIndex, default: []].append(ReviewRecord.card(sighting).line)
            count += 1
        }
        guard count > 0 else { return 0 }
        for (deckIndex, lines) in linesOfDeck.sorted(by: { $0.key < $1.key }) {
            try append(lines, to: decks[deckIndex].file.memoryFiles.logPath)
        }
        reload()
        return count
    }

    /// Settles an edit by hand: from `time` on, the history of the identity known by `name`
    /// (a key or an id the card once had) continues in card `cardID`.
    ///
    /// With `joining`, a card that already continues a history of its own keeps it, and the
    /// two become one history (the same card recorded twice: two clones that each first saw it
    /// with other text, then merged): a `rename` line makes the card's history's key a name of
    /// the other's, so that every review of both is the card's, in time order.
    ///
    /// - Throws: `MemoryError.unknownCard` for a card or name that does not exist, and
    ///   `MemoryError.alreadyContinued` when `cardID` already continues another history (and
    ///   not `joining`).
    /// Returns false, writing nothing, when the card already continues that history.
    @discardableResult
    public mutating func link(name: String, to cardID: String, at time: Date, joining: Bool = false) throws -> Bool {
        guard let (deckIndex, card) = studiedCard(cardID) else { throw MemoryError.unknownCard(cardID) }
        let key = ledger.aliases.origin(name)
        guard let identity = ledger.identities[key] ?? ledger.identities.values.first(where: { $0.contentID == name }) else {
            throw MemoryError.unknownHistory(name)
        }
        // A card recorded but never reviewed nor suspended has nothing to keep.
        if matching.keyOfCard[cardID] == identity.key { return false }
        // A history that continues in a card still there is never moved away from it.
        if let holder = matching.keyOfCard.contentID(ofKey: identity.key), holder != cardID {
            throw MemoryError.historyInUse(key: identity.key, card: holder)
        }
        if let other = matching.keyOfCard[cardID], other != identity.key,
            ledger.identities[other].map({ $0.reviewCount > 0 || $0.suspended }) ?? true
        {
            guard joining else { throw MemoryError.alreadyContinued(card: cardID, key: other) }
            // The card's history becomes a name of `identity`'s (whose key stays the key of
            // both), and the card is seen with it, after both were last seen.
            let seen = max(identity.seen, ledger.identities[other]?.seen ?? .distantPast)
            // After both were last seen, at least by a second: the latest sighting of both.
            let renamed = ReviewRecord.rename(
                time: sightingTime(of: identity.key, at: max(time, seen.addingTimeInterval(1))), from: identity.key, to: other)
            let sighting = ReviewRecord.CardSighting(
                time: renamed.time, key: identity.key, contentID: cardID, direction: card.direction, question: card.question,
                answer: card.answer, recordID: ReviewRecord.newRecordID(using: &generator))
            try append([renamed.line, ReviewRecord.card(sighting).line], to: decks[deckIndex].file.memoryFiles.logPath)
            reload()
            return true
        }
        // After the card's own (empty) identity was last seen, at least by a second, so that the
        // link is the later claim on the card's content.
        let displaced = matching.keyOfCard[cardID].flatMap { $0 == identity.key ? nil : ledger.identities[$0] }
        let sighting = ReviewRecord.CardSighting(
            time: sightingTime(of: identity.key, at: max(time, displaced.map { $0.seen.addingTimeInterval(1) } ?? time)),
            key: identity.key, contentID: cardID,
            direction: card.direction, question: card.question, answer: card.answer, recordID: ReviewRecord.newRecordID(using: &generator))
        var lines = [ReviewRecord.card(sighting).line]
        // The card's own identity, which had nothing to keep, is retired with it (automatically,
        // dated at its last sighting), so that it never makes a later edit ambiguous.
        if let displaced {
            lines.append(
                ReviewRecord.retired(time: displaced.seen, key: displaced.key, recordID: ReviewRecord.newRecordID(using: &generator)).line)
        }
        try append(lines, to: decks[deckIndex].file.memoryFiles.logPath)
        reload()
        return true
    }

    /// Retires every identity that continues in no card (`badger state prune`): their history
    /// stays in the logs, but no edited card is matched to them any more; only their own
    /// question coming back (spacing, case and styling aside) brings it back. Returns how many were retired.
    ///
    /// - Throws: `MemoryError.deckNotRead` while a deck of the root cannot be read for cards (its
    ///   front matter broken): a card moved into it would look gone, and its history be retired.
    @discardableResult
    public mutating func retireOrphans(at time: Date) throws -> Int {
        if let deck = unreadableDecks.first { throw MemoryError.deckNotRead(deck) }
        let orphans = self.orphans.filter { !$0.retired }
        guard !orphans.isEmpty, let deck = decks.first else { return 0 }
        // After the card's last sighting, at least by a second: a retirement dated at it is the
        // automatic one of a card with nothing to keep (`CardLedger`).
        let lines = orphans.map {
            ReviewRecord.retired(
                time: max(time, $0.seen.addingTimeInterval(1)), key: $0.key, recordID: ReviewRecord.newRecordID(using: &generator)
            ).line
        }
        try append(lines, to: deck.file.memoryFiles.logPath)
        reload()
        return orphans.count
    }

    /// Whether the logs hold a review: a collection without one is new (`AutomaticDefaults`).
    public var holdsReview: Bool { logs.contains { log in (0..<log.log.count).contains(where: log.log.isReview) } }

    /// Appends lines to a log (creating it, and the collection's `.gitattributes`, if needed)
    /// and keeps the memory's copy of that log in step; returns whether the lines were written.
    @discardableResult
    private mutating func append(_ lines: [String], to path: String, onlyIfUnchanged: Bool = false) throws -> Bool {
        let known = logs.first { $0.path == path }
        if !gitFilesEnsured {
            // Whenever a collection is written, not only with its first log: a collection copied
            // without its dotfiles gets them back.
            GitAttributes.ensure(root: root)
            gitFilesEnsured = true
        }
        // `onlyIfUnchanged`: only while the log is as this memory read it (checked under its
        // lock; a log whose size is not known is written), so that two commands started at
        // once do not both record the same cards.
        if onlyIfUnchanged, known?.size != nil || known == nil {
            let expected = off_t(known?.size ?? 0)
            guard try AtomicFile.appendLines(lines, to: path, header: ReviewLog.header, ifSize: expected) != nil else { return false }
        } else {
            try AtomicFile.appendLines(lines, to: path, header: ReviewLog.header)
        }
        lastAppend = (path, lines)
        if known == nil { logs.append(Log(path: path, displayPath: path, log: CompactLog(), inScope: true)) }
        noteSize(of: path)
        return true
    }

    /// Keeps the size of the log at `path` as it is now, after this memory wrote to it.
    private mutating func noteSize(of path: String) {
        guard let index = logs.firstIndex(where: { $0.path == path }) else { return }
        logs[index].size = fileAccess.size(atPath: path).map(Int64.init)
    }

    /// Reads the logs again (after lines were appended), then matches and replays.
    private mutating func reload() {
        for (index, log) in logs.enumerated() {
            if let data = try? fileAccess.contents(atPath: log.path),
                let read = try? data.withUnsafeBytes({ try CompactLog(bytes: $0, names: names) })
            {
                logs[index].log = read
                logs[index].size = Int64(data.count)
            }
        }
        Self.removeDuplicates(&logs)
        if !keepsReviewDetails { for index in logs.indices { logs[index].log.forgetReviewDetails() } }
        resolve()
        if replayed { replay() }
    }

    /// The text of the state file at `path`; nil when there is none (or it cannot be read).
    private static func stateText(at path: String, fileAccess: any FileAccess) -> String? {
        guard fileAccess.kind(atPath: path) == .file, let bytes = try? fileAccess.contents(atPath: path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
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
    case historyInUse(key: String, card: String)
    case deckNotRead(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let line, let problem): return line > 0 ? "\(path):\(line): \(problem)" : "\(path): \(problem)"
        case .unknownCard(let id): return "no card with id \(id) in the collection (`badger list` shows ids)"
        case .unknownHistory(let name):
            return "no review history is known by \(name) (`badger lint` names the histories that lost their card)"
        case .alreadyContinued(let card, let key):
            return "card \(card) already continues the history \(key); two cards never share a history (if both histories are "
                + "this card's, recorded twice with other text, say by two clones before a merge, `--join` makes them one)"
        case .historyInUse(let key, let card):
            return "the history \(key) continues in card \(card), which is still there; a history is never taken from a card"
        case .deckNotRead(let deck):
            return "\(deck) cannot be read for cards (its front matter is broken, or it holds a merge conflict: `badger lint` says why); "
                + "nothing is retired until it is mended, since a card moved into it would look gone"
        }
    }
}

import BadgerDeck
import BadgerMemory
import Foundation

/// The study application service every front end uses unchanged (the terminal's full-screen and
/// line-by-line modes, and an app): the topics with their due and new counts, building a
/// session, recording and undoing ratings, and writing the state files at the end. Time, files
/// and randomness come in from the caller; it never prints.
public final class StudyService {
    /// A topic to choose, with what it has to study now.
    public struct Topic: Sendable, Equatable {
        public var name: String
        public var due: Int
        public var new: Int
        /// The deck's `color:` as written (`#rrggbb`), for the first deck of the topic that has one.
        public var color: String?

        public init(name: String, due: Int, new: Int, color: String? = nil) {
            self.name = name
            self.due = due
            self.new = new
            self.color = color
        }
    }

    /// A card left out of studying because its deck has an error in it.
    public struct LeftOut: Sendable, Equatable {
        public var file: String
        /// The line of the error (as `badger lint` reports it).
        public var line: Int
        public var ruleID: String
        public var message: String
        /// The topic of the card left out; nil when the whole deck is (it could not be read).
        public var topic: String?

        /// Whether the whole deck is left out: it has an error and no card could be read from it
        /// (not UTF-8, broken front matter).
        public var isWholeDeck: Bool { topic == nil }

        /// `deck.md:12: left out until fixed: [AnswerPresent] card has no answer …`, or
        /// `deck.md:1: deck left out until fixed: …` for a deck no card could be read from.
        public var note: String { "\(file):\(line): \(isWholeDeck ? "deck " : "")left out until fixed: [\(ruleID)] \(message)" }
    }

    /// How a topic typed by the user was found (`DeckCollection.topic(named:)`).
    public typealias TopicMatch = BadgerDeck.TopicMatch

    /// A rating written to a log, kept to take it back.
    private struct Persisted {
        var memory: Int
        var logPath: String
        var lines: [String]
    }

    /// The topic name that stands for every topic.
    public static let allTopics = DeckCollection.allTopics
    /// The longest answer time recorded: a longer pause (the learner walked away) is recorded as
    /// this, as Anki caps it at 60 seconds.
    public static let answerTimeCap = 60_000

    public let collection: DeckCollection
    public private(set) var memories: [CollectionMemory]
    public let configs: [String: CollectionConfig]
    /// The scheduler and fuzz setting of the first root (by path), for previews and sessions.
    public let scheduler: any Scheduler
    public let fuzzing: Bool
    /// Cards left out because their deck has errors, in collection order.
    public let leftOut: [LeftOut]
    /// How many cards are left out because they are suspended.
    public let suspendedCount: Int
    let fileAccess: any FileAccess
    let studyDay: StudyDay
    private let studyable: [Card]
    /// The studyable cards by id: the index in `studyable` of the first card of each id, by
    /// the id's place in `studyableIDs`.
    private let studyableIDs: KeyTable
    private let firstStudyable: [Int32]
    private var persisted: [Persisted] = []
    /// Called with a collection root before the session's first review in it is written (a new
    /// collection's automatic settings are written then: `AutomaticDefaults`).
    public var beforeFirstReview: ((String) -> Void)?
    private var rootsReviewed: Set<String> = []

    /// - Parameters:
    ///   - memories: the loaded memory of each root of `collection`.
    ///   - configs: each root's configuration, by root path; the first by path decides the
    ///     scheduler, so that the choice never depends on the order roots were found in.
    ///   - timeZone: where study days begin (at each root's `day_start_hour`).
    public init(
        collection: DeckCollection, memories: [CollectionMemory], configs: [String: CollectionConfig], fileAccess: any FileAccess,
        timeZone: TimeZone
    ) throws {
        self.collection = collection
        self.memories = memories
        self.configs = configs
        self.fileAccess = fileAccess
        let config = configs.isEmpty ? nil : StudiedCollection.primaryConfig(of: configs)
        scheduler = try config?.makeScheduler() ?? FSRS6()
        fuzzing = config?.fuzz ?? true
        studyDay = StudyDay(timeZone: timeZone, startHour: config?.dayStartHour ?? 4)
        let (studyable, leftOut) = Self.splitByErrors(collection)
        // Suspended cards are not studied (nor counted) until unsuspended.
        let suspended = memories.reduce(into: Set<String>()) { $0.formUnion($1.suspendedCards) }
        self.studyable = suspended.isEmpty ? studyable : studyable.filter { !suspended.contains($0.id.description) }
        self.suspendedCount = studyable.count - self.studyable.count
        self.leftOut = leftOut
        let (table, places) = KeyTable.make(self.studyable.map(\.id.rawValue))
        var first = [Int32](repeating: -1, count: table.count)
        for (index, place) in places.enumerated() where first[Int(place)] < 0 { first[Int(place)] = Int32(index) }
        studyableIDs = table
        firstStudyable = first
    }

    /// The cards that can be studied, and those left out: a card with an error on one of its
    /// lines, and every card of a deck with an error before its first card (its front matter).
    static func splitByErrors(_ collection: DeckCollection) -> ([Card], [LeftOut]) {
        var errorsByFile: [String: [Diagnostic]] = [:]
        for diagnostic in collection.diagnostics where diagnostic.severity == .error {
            errorsByFile[diagnostic.file, default: []].append(diagnostic)
        }
        guard !errorsByFile.isEmpty else { return (collection.cards, []) }
        var firstLine: [String: Int] = [:]
        for card in collection.cards { firstLine[card.file.displayPath] = min(firstLine[card.file.displayPath] ?? .max, card.line) }
        var studyable: [Card] = []
        var leftOut: [LeftOut] = []
        for card in collection.cards {
            guard let errors = errorsByFile[card.file.displayPath] else {
                studyable.append(card)
                continue
            }
            let first = firstLine[card.file.displayPath] ?? card.line
            let error =
                errors.first { (card.line...card.lastLine).contains($0.range.start.line) }
                ?? errors.first { $0.range.start.line < first }
            if let error {
                let entry = LeftOut(
                    file: card.file.displayPath, line: error.range.start.line, ruleID: error.ruleID, message: error.message,
                    topic: card.topic)
                if leftOut.last != entry { leftOut.append(entry) }
            } else {
                studyable.append(card)
            }
        }
        // A deck with an error and no card read from it (not UTF-8, broken front matter): every
        // card it holds is left out, which must not pass in silence either.
        // First: such a note stands for every card of its deck.
        let decks = Set(collection.decks.map(\.file.displayPath))
        var wholeDecks: [LeftOut] = []
        for (file, errors) in errorsByFile.sorted(by: { $0.key < $1.key }) where firstLine[file] == nil && decks.contains(file) {
            guard let error = errors.min(by: { $0.range.start.line < $1.range.start.line }) else { continue }
            wholeDecks.append(LeftOut(file: file, line: error.range.start.line, ruleID: error.ruleID, message: error.message, topic: nil))
        }
        return (studyable, wholeDecks + leftOut)
    }

    /// Whether some card can be studied (`topics(at:)` is not empty), found without counting.
    public var hasCardsToStudy: Bool { collection.topics.contains { name in studyable.contains { $0.topic == name } } }

    /// The collection's topics with what each has to study at `now` (counted afresh, so after a
    /// session they show what is left), then `all`.
    public func topics(at now: Date) -> [Topic] {
        let states = cardStates
        let since = studyDay.start(of: now)
        var topics: [Topic] = []
        for name in collection.topics {
            // Only the counts are read: no entries are made.
            let queue = StudyQueue(cards: studyable, topic: name, states: states, now: now, count: 0, reviewedSince: since)
            guard studyable.contains(where: { $0.topic == name }) else { continue }
            topics.append(Topic(name: name, due: queue.availableDue, new: queue.availableNew, color: color(ofTopic: name)))
        }
        if !topics.isEmpty {
            topics.append(
                Topic(name: Self.allTopics, due: topics.reduce(0) { $0 + $1.due }, new: topics.reduce(0) { $0 + $1.new }, color: nil))
        }
        return topics
    }

    /// The `color:` of the first deck of `topic` that has one, as written (`#rrggbb`).
    public func color(ofTopic topic: String) -> String? {
        collection.realDecks.first { $0.topic == topic && $0.color != nil }?.color
    }

    /// The topic `typed` names: its exact name in any case (or `all`), else nothing, with the
    /// nearest name as a suggestion. A topic whose cards are all left out is found (it has
    /// nothing to study, and the notes say why).
    public func topic(named typed: String) -> TopicMatch { collection.topic(named: typed, allowingAll: true) }

    /// Every card's state, from all roots, read where the memories keep it.
    public var cardStates: CardStates { CardStates(memories: memories) }

    /// Every card's state, from all roots.
    public var states: [String: MemoryState] {
        // One root's states as they are, without a copy.
        if memories.count == 1 { return memories[0].states }
        return memories.reduce(into: [:]) { result, memory in result.merge(memory.states) { first, _ in first } }
    }

    /// The queue for `topic` at `now`: due cards, then new ones, then (with `aheadDays`) cards
    /// due soon; siblings of a card reviewed this study day wait for the next.
    public func queue(topic: String, count: Int, aheadDays: Int, at now: Date) -> StudyQueue {
        StudyQueue(
            cards: studyable, topic: topic == Self.allTopics ? nil : topic, states: cardStates, now: now, count: count,
            aheadDays: aheadDays, reviewedSince: studyDay.start(of: now), retrievability: StudyQueue.retrievability(for: scheduler))
    }

    /// A session over `queue`, its fuzz seeded as the saved state's is: from the card's first
    /// name (before any edit) and the reviews logged under it.
    public func session(_ queue: StudyQueue, at now: Date) -> StudySession {
        var bases: [String: CollectionMemory.FuzzBasis] = [:]
        for id in Set(queue.entries.map(\.cardID)) {
            guard let memory = memories.first(where: { $0.card(id) != nil }) else { continue }
            bases[id] = memory.fuzzBasis(of: id)
        }
        let (known, fuzzing) = (bases, fuzzing)
        return StudySession(
            queue: queue, scheduler: scheduler,
            fuzzFor: { id, n in (known[id] ?? .init(seed: id, logged: 0)).fuzz(ahead: n, fuzzing: fuzzing) }, startedAt: now)
    }

    /// Writes `review` to its deck's log (synced), its answer time capped at
    /// `answerTimeCap`; returns the card's new state. The state files are written by
    /// `flushStates()`.
    @discardableResult
    public func record(_ review: StudySession.Review) throws -> MemoryState {
        guard let index = memories.firstIndex(where: { $0.card(review.cardID) != nil }) else {
            throw MemoryError.unknownCard(review.cardID)
        }
        if rootsReviewed.insert(memories[index].root).inserted { beforeFirstReview?(memories[index].root) }
        let state = try memories[index].recordReview(
            cardID: review.cardID, rating: review.rating, at: review.time,
            answerMilliseconds: min(review.answerMilliseconds, Self.answerTimeCap))
        if let last = memories[index].lastAppend, !last.lines.isEmpty {
            persisted.append(Persisted(memory: index, logPath: last.path, lines: last.lines))
        }
        return state
    }

    /// Whether a recorded rating can be taken back.
    public var canUndo: Bool { !persisted.isEmpty }

    /// Takes the last recorded rating back (an `undone` line in its log, so that no copy of the
    /// log brings it back) and reads that root's logs again.
    public func undoLast() throws {
        guard let last = persisted.last else { return }
        var generator = SystemRandomNumberGenerator()
        try ReviewLogUndo.takeBack(last.lines, in: last.logPath, recordID: ReviewRecord.newRecordID(using: &generator))
        persisted.removeLast()
        let root = memories[last.memory].root
        let config = configs[root]
        memories[last.memory] = try CollectionMemory(
            collection: collection, root: root, scheduler: try config?.makeScheduler() ?? scheduler,
            fuzzing: config?.fuzz ?? fuzzing, fileAccess: fileAccess,
            keepingReviewDetails: memories[last.memory].keepsReviewDetails)
    }

    /// Rewrites the state files the session's ratings left stale (the logs already hold every
    /// rating); a failure here loses nothing, the next command rebuilds them.
    public func flushStates() {
        for index in memories.indices { _ = try? memories[index].flushStates() }
    }

    /// The card with id `id`, if it can be studied.
    public func card(_ id: String) -> Card? {
        // Ids are written as 16 lowercase hex digits; any other spelling names no card.
        guard let number = CardID(id), number.description == id else { return nil }
        return studyableIDs.place(of: number.rawValue).map { studyable[Int(firstStudyable[$0])] }
    }

    /// The LaTeX macros of `card`'s collection, for a math renderer.
    public func macros(for card: Card) -> [String: String] { configs[card.file.collectionRoot]?.macros.expansions ?? [:] }

    /// When the study day holding `time` began.
    public func startOfStudyDay(_ time: Date) -> Date { studyDay.start(of: time) }
}

import BadgerDeck
import BadgerMemory
import Foundation

/// A collection with its scheduling state, one `CollectionMemory` per collection root: what every
/// command and front end (terminal, app) reads cards, states and reviews from.
public struct StudiedCollection {
    /// Something a front end should tell the user about the files it loaded.
    public struct Notice: Sendable, Equatable {
        public enum Kind: String, Sendable { case warning, note }
        public var kind: Kind
        /// The text, naming the file; it may hold untrusted text (paths): sanitise it for a terminal.
        public var text: String
    }

    public var collection: DeckCollection
    public var memories: [CollectionMemory]
    /// Each root's configuration, by root path.
    public var configs: [String: CollectionConfig]
    /// The collection locks, held until the caller releases or drops them, when it writes.
    public var locks: [CollectionLock]
    /// What loading found that the user should know (cut-off or conflicted logs, rewritten states).
    public var notices: [Notice]

    public init(
        collection: DeckCollection, memories: [CollectionMemory], configs: [String: CollectionConfig], locks: [CollectionLock] = [],
        notices: [Notice] = []
    ) {
        self.collection = collection
        self.memories = memories
        self.configs = configs
        self.locks = locks
        self.notices = notices
    }

    /// The configuration that decides what is collection-wide (study day, retention target,
    /// parameters) when a collection has several roots: the first root's by path, as
    /// `StudyService` uses; the defaults when there is no root.
    public var primaryConfig: CollectionConfig { Self.primaryConfig(of: configs) }

    /// The first root's configuration by path among `configs`, or the defaults.
    public static func primaryConfig(of configs: [String: CollectionConfig]) -> CollectionConfig {
        configs.keys.min().flatMap { configs[$0] } ?? CollectionConfig()
    }

    /// Every review of every root's logs, credited to the card it belongs to now.
    public var history: [[ReviewRecord]] { memories.flatMap(\.history) }

    /// The logs of the collection rooted at `root` alone, each as `history` has it.
    public func history(ofRoot root: String) -> [[ReviewRecord]] { memories.filter { $0.root == root }.flatMap(\.history) }

    /// The same reviews as columns of numbers (`CollectionMemory.reviewColumns`).
    public var reviewColumns: ReviewColumns { ReviewColumns.joined(memories.map(\.reviewColumns)) }

    /// The card now known by `name`, a key or an id a card had before an edit.
    public func currentCardID(forName name: String) -> String? {
        for memory in memories { if let id = memory.currentCardID(forName: name) { return id } }
        return nil
    }

    /// The cards now continuing a key or former id that starts with `prefix`.
    public func currentCardIDs(forPrefix prefix: String) -> Set<String> {
        memories.reduce(into: []) { $0.formUnion($1.currentCardIDs(forPrefix: prefix)) }
    }

    /// The suspended cards of all roots, by id.
    public var suspendedCards: Set<String> { memories.reduce(into: []) { $0.formUnion($1.suspendedCards) } }

    /// Every card's state, from all roots, read where the memories keep it.
    public var cardStates: CardStates { CardStates(memories: memories) }

    /// Every card's state, from all roots.
    public var states: [String: MemoryState] {
        // One root's states as they are, without a copy.
        if memories.count == 1 { return memories[0].states }
        return memories.reduce(into: [:]) { result, memory in result.merge(memory.states) { first, _ in first } }
    }

    /// `collection` with every other deck of `root` added (read for their cards, unchecked): a
    /// root's memory always sees all its cards, so that a command given one deck or run in a
    /// subfolder matches cards to histories as one over the whole collection does (a card moved
    /// to a deck it was not given would look deleted, and its history go to another card).
    static func everyDeck(of root: String, with collection: DeckCollection, fileAccess: any FileAccess) -> DeckCollection {
        guard let files = try? CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [root]) else { return collection }
        let loaded = Set(collection.decks.map(\.file.absolutePath))
        let missing = files.filter { !loaded.contains($0.absolutePath) && $0.collectionRoot == root }
        guard !missing.isEmpty,
            let others = try? DeckCollection.load(missing, fileAccess: fileAccess, options: .init(checking: false))
        else { return collection }
        var whole = collection
        whole.decks += others.decks
        whole.cards += others.cards
        return whole
    }

    /// Schedules the collection at `root` with `config` from now on (a new collection's
    /// automatic settings, about to be written): its memory is read again with the scheduler the
    /// settings make.
    ///
    /// - Throws: `CollectionError.badConfig` when FSRS rejects the settings; an unreadable log.
    public mutating func use(_ config: CollectionConfig, forRoot root: String, fileAccess: any FileAccess) throws {
        guard let index = memories.firstIndex(where: { $0.root == root }) else { return }
        let memory = memories[index]
        memories[index] = try CollectionMemory(
            collection: Self.everyDeck(of: root, with: collection, fileAccess: fileAccess), root: root,
            scheduler: try config.makeScheduler(), fuzzing: config.fuzz, fileAccess: fileAccess,
            keepingReviewDetails: memory.keepsReviewDetails)
        configs[root] = config
    }

    /// What `prepare` did before the decks were parsed: the roots' locks, and their logs being
    /// read meanwhile.
    public struct Preparation {
        let roots: Set<String>
        let command: String?
        let locks: [CollectionLock]
        let readAheads: [String: LogReadAhead]
    }

    /// Takes the locks of `roots` (for a caller that writes; in path order) and starts reading
    /// their logs on other threads, so that they are read while the caller parses the decks;
    /// `load(_:…prepared:)` then uses both. Without `keepingReviewDetails` the logs are read
    /// without the reviews' timings (for a load that lets them go too).
    public static func prepare(
        roots: [String], fileAccess: any FileAccess, lockingFor command: String? = nil, keepingReviewDetails: Bool = true
    ) throws -> Preparation {
        let roots = Set(roots)
        var locks: [CollectionLock] = []
        if let command {
            for root in roots.sorted() { locks.append(try CollectionLock(root: root, holder: command)) }
        }
        var readAheads: [String: LogReadAhead] = [:]
        for root in roots {
            readAheads[root] = LogReadAhead(root: root, fileAccess: fileAccess, keepingTimings: keepingReviewDetails)
        }
        return Preparation(roots: roots, command: command, locks: locks, readAheads: readAheads)
    }

    /// Loads every root's configuration, logs and state files for `collection`.
    ///
    /// - Parameters:
    ///   - lockingFor: for a caller that writes, what to tell another process that finds the
    ///     collection busy; the locks are then taken (roots in path order) before anything is read.
    ///   - rebuilding: read broken state files leniently, since they are about to be rebuilt.
    ///   - replaying: replay the logs into card states, write down what identity matching found
    ///     and rewrite state files that differ from the logs (they are a cache of them); callers
    ///     that only check the files skip it, and their `states` stay empty.
    ///   - now: the time written with newly matched cards.
    ///   - prepared: the locks taken and the logs read ahead by `prepare`, while the decks were
    ///     parsed (then `lockingFor` is not used).
    ///   - keepingReviewDetails: keep the reviews' record ids and timings (an Anki export needs them).
    /// - Throws: a busy collection, a bad `badger.yml`, an unreadable log.
    public static func load(
        _ collection: DeckCollection, fileAccess: any FileAccess, lockingFor command: String? = nil, rebuilding: Bool = false,
        replaying: Bool = true, now: Date, prepared: Preparation? = nil, keepingReviewDetails: Bool = true
    ) throws -> StudiedCollection {
        let loader = CollectionLoader(fileAccess: fileAccess)
        let roots = Set(collection.decks.map(\.file.collectionRoot)).sorted()
        var locks: [CollectionLock] = prepared?.locks ?? []
        if let command = prepared?.command ?? command {
            for root in roots where !(prepared?.roots.contains(root) ?? false) {
                locks.append(try CollectionLock(root: root, holder: command))
            }
        }
        var configs: [String: CollectionConfig] = [:]
        var memories: [CollectionMemory] = []
        var notices: [Notice] = []
        for root in roots {
            let config = try loader.configuration(forRoot: root)
            configs[root] = config
            memories.append(
                try CollectionMemory(
                    collection: Self.everyDeck(of: root, with: collection, fileAccess: fileAccess), root: root,
                    scheduler: try config.makeScheduler(), fuzzing: config.fuzz, fileAccess: fileAccess, rebuilding: rebuilding,
                    replaying: replaying, readAhead: prepared?.readAheads[root], keepingReviewDetails: keepingReviewDetails))
        }
        for memory in memories {
            for repaired in memory.repairedLogs {
                notices.append(
                    Notice(
                        kind: .warning,
                        text:
                            "\(repaired.path):\(repaired.line): the last line was cut off (a crash while writing?) and is ignored; it will be dropped on the next review"
                    ))
            }
            for warning in memory.warnings { notices.append(Notice(kind: .warning, text: warning)) }
            for future in memory.futureReviews(after: now) {
                let reviews = future.count == 1 ? "a review is" : "\(future.count) reviews are"
                notices.append(
                    Notice(
                        kind: .warning,
                        text:
                            "\(future.path): \(reviews) dated more than a day from now (the latest \(Timestamp.format(future.latest))): was a clock set wrong where they were written? They count as written, in the schedule and the next fit"
                    ))
            }
            for conflicted in memory.conflictedLogs {
                notices.append(
                    Notice(
                        kind: .warning,
                        text:
                            "\(conflicted.path):\(conflicted.line): git conflict markers; both sides' reviews are read (each once); resolve it by deleting the marker lines"
                    ))
            }
        }
        // State files are a cache of the logs: one that is stale (a review recorded, a merge, an
        // edit), garbled or conflicted is rewritten from them, never an error.
        if replaying {
            for index in memories.indices {
                // What matching found is written down, so it holds whatever changes next.
                _ = try? memories[index].commitEdits(at: now)
                _ = try? memories[index].flushStates()
                notices += memories[index].notes.map { Notice(kind: .note, text: $0) }
            }
        }
        return StudiedCollection(collection: collection, memories: memories, configs: configs, locks: locks, notices: notices)
    }
}

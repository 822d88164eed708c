import Dispatch
import Foundation

/// A collection after reading and checking: its decks, the cards they expand to, and every
/// diagnostic, in a stable order.
public struct DeckCollection: Sendable {
    public var decks: [ParsedDeck]
    /// Every study card, deck by deck in file order, each in source order; empty when loaded
    /// without `LoadOptions.keepingCards`.
    public var cards: [Card]
    /// How many cards of each kind there are, counted whether or not the cards were kept.
    public var cardCounts: [CardKind: Int]
    public var diagnostics: [Diagnostic]

    /// How many study cards there are.
    public var cardCount: Int { cardCounts.values.reduce(0, +) }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// What to keep of each deck after it is checked.
    public struct LoadOptions: Sendable {
        /// Render every card's HTML (for `compile`), in parallel with parsing.
        public var renderingHTML = false
        /// Keep each deck's cards as written, with their Markdown trees; otherwise they are
        /// dropped once checked and only the study cards remain.
        public var keepingTrees = false
        /// Run the lint rules; commands that only need the cards can skip them.
        public var checking = true
        /// Keep the study cards. Without them (for `lint`, which needs only diagnostics and
        /// counts) memory stays small however many cards the collection has.
        public var keepingCards = true
        /// Called as each deck starts and finishes, from the loading threads.
        public var progress: (@Sendable (LoadProgress) -> Void)?
        /// Where the study cards go as they are made (for `compile`, which writes them out
        /// without keeping them).
        public var output: CardOutput?
        /// How much Markdown a large deck is read at a time (see `DeckParser`).
        var partSize = DeckParser.partSize
        /// Command names (without backslash) the collection's macros define, which the LaTeX
        /// check accepts. `DeckCollection.load` sets them for each deck from its collection's
        /// config; an editor checking one deck sets them itself.
        public var macroNames: Set<String> = []

        public init(
            renderingHTML: Bool = false, keepingTrees: Bool = false, checking: Bool = true, keepingCards: Bool = true,
            progress: (@Sendable (LoadProgress) -> Void)? = nil, output: CardOutput? = nil
        ) {
            self.renderingHTML = renderingHTML
            self.keepingTrees = keepingTrees
            self.checking = checking
            self.keepingCards = keepingCards
            self.progress = progress
            self.output = output
        }
    }

    /// Study cards turned into bytes as they are made, and those bytes handed on in order
    /// (`CollectionCompiler.output`).
    public struct CardOutput: Sendable {
        /// Turns the cards of one part of a deck into bytes, on the thread that loaded them.
        var encode: @Sendable ([Card]) -> ByteBuffer
        /// Takes the bytes of every part of every deck in file order (the order of
        /// `DeckCollection.cards`), one call at a time, from the loading threads.
        var write: @Sendable (ByteBuffer) -> Void
    }

    /// Reads, parses and lints `files`, several at a time.
    public static func load(_ files: [DeckFile], fileAccess: any FileAccess, options: LoadOptions = LoadOptions()) throws
        -> DeckCollection
    {
        let results = ParallelResults<CheckedDeck>(count: files.count)
        let failures = ParallelResults<CollectionError>(count: files.count)
        let tally = options.progress.map { ProgressTally(files: files, fileAccess: fileAccess, report: $0) }
        let collectionCheck = OrderedCollectionCheck(checking: options.checking, write: options.output?.write)
        let macros = options.checking ? try MacroCheck(files: files, fileAccess: fileAccess) : MacroCheck()
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            tally?.started(file)
            defer { collectionCheck.finish(deck: index) }
            guard let bytes = try? fileAccess.contents(atPath: file.absolutePath) else {
                failures[index] = .unreadable(path: file.displayPath)
                return
            }
            var counted = 0
            var deckOptions = options
            deckOptions.macroNames = macros.names[file.collectionRoot] ?? []
            results[index] = CheckedDeck(bytes: bytes, file: file, fileAccess: fileAccess, options: deckOptions) { part, cards in
                counted += part
                tally?.advanced(bytes: part)
                collectionCheck.deliver(cards, encoded: options.output?.encode(cards), ofDeck: index)
            }
            tally?.finished(bytes: bytes.count - counted)
        }
        if let failure = failures.values.compactMap({ $0 }).first { throw failure }
        let loaded = results.values.map { $0! }
        // A `badger-ignore-file` comment also counts for cards checked before it was read.
        let fileSuppression = Dictionary(
            loaded.map { ($0.deck.file.displayPath, $0.deck.fileSuppression) }, uniquingKeysWith: { first, _ in first })
        let collectionDiagnostics = collectionCheck.diagnostics.filter { diagnostic in
            !(fileSuppression[diagnostic.file]?.suppresses(diagnostic.ruleID) ?? false)
        }
        return DeckCollection(
            decks: loaded.map(\.deck), cards: loaded.flatMap(\.cards), cardCounts: collectionCheck.cardCounts,
            diagnostics: Diagnostic.sortedForOutput(loaded.flatMap(\.diagnostics) + collectionDiagnostics + macros.diagnostics))
    }

    /// The decks that are decks (not skipped Markdown files).
    public var realDecks: [ParsedDeck] { decks.filter(\.isDeck) }

    /// Every topic, sorted, with the decks that belong to it.
    public var topics: [String] { Array(Set(realDecks.compactMap(\.topic))).sorted() }
}

/// Counts decks and bytes done for `LoadOptions.progress`, from the loading threads.
private final class ProgressTally: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: LoadProgress
    private let report: @Sendable (LoadProgress) -> Void

    init(files: [DeckFile], fileAccess: any FileAccess, report: @escaping @Sendable (LoadProgress) -> Void) {
        let bytes = files.reduce(0) { $0 + (fileAccess.size(atPath: $1.absolutePath) ?? 0) }
        progress = LoadProgress(decksDone: 0, deckCount: files.count, bytesDone: 0, byteCount: bytes)
        self.report = report
    }

    func started(_ file: DeckFile) {
        lock.lock()
        var snapshot = progress
        lock.unlock()
        snapshot.started = file.displayPath
        report(snapshot)
    }

    /// A part of a large deck is done.
    func advanced(bytes: Int) {
        lock.lock()
        progress.bytesDone += bytes
        let snapshot = progress
        lock.unlock()
        report(snapshot)
    }

    func finished(bytes: Int) {
        lock.lock()
        progress.decksDone += 1
        progress.bytesDone += bytes
        let snapshot = progress
        lock.unlock()
        report(snapshot)
    }
}

/// Runs the collection-wide rules over the cards in file order as the decks deliver them
/// (part by part, from the loading threads, decks in any order), counts the cards, and writes
/// their encoded bytes (`LoadOptions.output`) in the same order.
private final class OrderedCollectionCheck: @unchecked Sendable {
    /// With an output, how many parts of later decks may wait for an earlier one; a thread with
    /// one more waits too, so that a deck slow to load (its thread descheduled on a busy
    /// machine) does not let the other decks' JSON pile up in memory.
    static let waitingLimit = 2

    private let lock = NSCondition()
    private let checking: Bool
    private let write: (@Sendable (ByteBuffer) -> Void)?
    private var check = CollectionCheck()
    /// The deck whose cards are checked as they come; later decks' cards wait.
    private var next = 0
    private var waiting: [Int: (cards: [Card], encoded: [ByteBuffer])] = [:]
    private var waitingParts = 0
    private var finished: Set<Int> = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var cardCounts: [CardKind: Int] = [:]

    init(checking: Bool, write: (@Sendable (ByteBuffer) -> Void)?) {
        self.checking = checking
        self.write = write
    }

    /// More cards of deck `index`, in source order, and their bytes for `LoadOptions.output`.
    func deliver(_ cards: [Card], encoded: ByteBuffer?, ofDeck index: Int) {
        lock.lock()
        defer { lock.unlock() }
        // The thread with deck `next` never waits here, and finishing it wakes the others.
        while encoded != nil, index != next, waitingParts >= OrderedCollectionCheck.waitingLimit { lock.wait() }
        if index == next {
            process(cards, encoded: encoded.map { [$0] } ?? [])
        } else {
            waiting[index, default: ([], [])].cards += cards
            if let encoded {
                waiting[index, default: ([], [])].encoded.append(encoded)
                waitingParts += 1
            }
        }
    }

    /// Deck `index` has delivered all its cards.
    func finish(deck index: Int) {
        lock.lock()
        defer { lock.unlock() }
        finished.insert(index)
        while finished.remove(next) != nil {
            next += 1
            if let deck = waiting.removeValue(forKey: next) {
                waitingParts -= deck.encoded.count
                process(deck.cards, encoded: deck.encoded)
            }
        }
        lock.broadcast()
    }

    private func process(_ cards: [Card], encoded: [ByteBuffer]) {
        if checking { diagnostics += check.add(cards) }
        for card in cards { cardCounts[card.kind, default: 0] += 1 }
        if let write { for bytes in encoded { write(bytes) } }
    }
}

/// Write-once slots filled from `concurrentPerform`, one slot per iteration.
public final class ParallelResults<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    public init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        _ = storage.deinitialize()
        storage.deallocate()
    }

    // Each iteration writes only its own slot, and reads happen after all writes finish.
    public subscript(index: Int) -> Value? {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// Every slot, once all writers have finished.
    public var values: [Value?] { Array(storage) }
}

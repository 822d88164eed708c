import Dispatch
import Foundation

/// A collection after reading and checking: its decks, the cards they expand to, and every
/// diagnostic, in a stable order.
public struct DeckCollection: Sendable {
    public var decks: [ParsedDeck]
    /// Every study card, deck by deck in file order, each in source order.
    public var cards: [Card]
    public var diagnostics: [Diagnostic]

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
        /// Called as each deck starts and finishes, from the loading threads.
        public var progress: (@Sendable (LoadProgress) -> Void)?

        public init(
            renderingHTML: Bool = false, keepingTrees: Bool = false, checking: Bool = true,
            progress: (@Sendable (LoadProgress) -> Void)? = nil
        ) {
            self.renderingHTML = renderingHTML
            self.keepingTrees = keepingTrees
            self.checking = checking
            self.progress = progress
        }
    }

    /// Reads, parses and lints `files`, several at a time.
    public static func load(_ files: [DeckFile], fileAccess: any FileAccess, options: LoadOptions = LoadOptions()) throws
        -> DeckCollection
    {
        let results = ParallelResults<CheckedDeck>(count: files.count)
        let failures = ParallelResults<CollectionError>(count: files.count)
        let tally = options.progress.map { ProgressTally(files: files, fileAccess: fileAccess, report: $0) }
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            tally?.started(file)
            guard let bytes = try? fileAccess.contents(atPath: file.absolutePath) else {
                failures[index] = .unreadable(path: file.displayPath)
                return
            }
            results[index] = CheckedDeck(bytes: bytes, file: file, fileAccess: fileAccess, options: options)
            tally?.finished(bytes: bytes.count)
        }
        if let failure = failures.values.compactMap({ $0 }).first { throw failure }
        let loaded = results.values.map { $0! }
        let decks = loaded.map(\.deck)
        let cards = loaded.flatMap(\.cards)
        let diagnostics = loaded.flatMap(\.diagnostics) + (options.checking ? Linter.collectionDiagnostics(cards) : [])
        return DeckCollection(decks: decks, cards: cards, diagnostics: Diagnostic.sortedForOutput(diagnostics))
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

    func finished(bytes: Int) {
        lock.lock()
        progress.decksDone += 1
        progress.bytesDone += bytes
        let snapshot = progress
        lock.unlock()
        report(snapshot)
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

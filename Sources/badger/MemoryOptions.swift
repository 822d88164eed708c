import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

/// A collection with its scheduling state, one `CollectionMemory` per collection root.
struct StudiedCollection {
    var collection: DeckCollection
    var memories: [CollectionMemory]
    var configs: [String: CollectionConfig]
    /// The collection locks, held until the command ends, when it writes.
    var locks: [CollectionLock] = []

    /// Every review of every root's logs, credited to the card it belongs to now.
    var history: [[ReviewRecord]] { memories.flatMap(\.history) }

    /// The same reviews as columns of numbers (`CollectionMemory.reviewColumns`).
    var reviewColumns: ReviewColumns { ReviewColumns.joined(memories.map(\.reviewColumns)) }

    /// The card now known by `name`, a key or an id a card had before an edit.
    func currentCardID(forName name: String) -> String? {
        for memory in memories { if let id = memory.currentCardID(forName: name) { return id } }
        return nil
    }

    /// The cards now continuing a key or former id that starts with `prefix`.
    func currentCardIDs(forPrefix prefix: String) -> Set<String> {
        memories.reduce(into: []) { $0.formUnion($1.currentCardIDs(forPrefix: prefix)) }
    }

    /// The suspended cards of all roots, by id.
    var suspendedCards: Set<String> { memories.reduce(into: []) { $0.formUnion($1.suspendedCards) } }

    /// Every card's state, from all roots, read where the memories keep it.
    var cardStates: CardStates { CardStates(memories: memories) }

    /// Every card's state, from all roots.
    var states: [String: MemoryState] {
        // One root's states as they are, without a copy.
        if memories.count == 1 { return memories[0].states }
        return memories.reduce(into: [:]) { result, memory in result.merge(memory.states) { first, _ in first } }
    }
}

extension CollectionOptions {
    /// Loads the collection and every root's logs and state files; problems end the command
    /// with status 2 and a message naming the file.
    ///
    /// - Parameters:
    ///   - command: for a command that writes, what to tell another badger process that finds
    ///     the collection busy; the locks are then taken before any state is read.
    ///   - rebuilding: read broken state files leniently, since they are about to be rebuilt.
    ///   - loaded: the collection, when the caller has loaded it already.
    ///   - replaying: replay the logs into card states; commands that only check the files
    ///     (`lint`) skip it, and their `states` stay empty.
    func loadStudied(
        options: DeckCollection.LoadOptions = .init(), lockingFor command: String? = nil, rebuilding: Bool = false,
        replaying: Bool = true, loaded: DeckCollection? = nil
    ) throws -> StudiedCollection {
        let collection = try loaded ?? load(options: options)
        let fileAccess = LocalFileSystem()
        let loader = CollectionLoader(fileAccess: fileAccess)
        let roots = Set(collection.decks.map(\.file.collectionRoot)).sorted()
        var locks: [CollectionLock] = []
        // Errors (a busy collection, a bad badger.yml, an unreadable log) reach `Badger.main`,
        // which prints them.
        if let command {
            for root in roots { locks.append(try CollectionLock(root: root, holder: command)) }
        }
        do {
            var configs: [String: CollectionConfig] = [:]
            var memories: [CollectionMemory] = []
            for root in roots {
                let config = try loader.configuration(forRoot: root)
                configs[root] = config
                memories.append(
                    try CollectionMemory(
                        collection: collection, root: root, scheduler: try config.makeScheduler(), fuzzing: config.fuzz,
                        fileAccess: fileAccess, rebuilding: rebuilding, replaying: replaying))
            }
            for memory in memories {
                for repaired in memory.repairedLogs {
                    Terminal.standardError.write(
                        "badger: warning: \(UntrustedText.sanitized(repaired.path)):\(repaired.line): the last line was cut off (a crash while writing?) and is ignored; it will be dropped on the next review\n"
                    )
                }
                for warning in memory.warnings { Terminal.standardError.write("badger: warning: \(UntrustedText.sanitized(warning))\n") }
                for conflicted in memory.conflictedLogs {
                    Terminal.standardError.write(
                        "badger: warning: \(UntrustedText.sanitized(conflicted.path)):\(conflicted.line): git conflict markers; both sides' reviews are read (each once); resolve it by deleting the marker lines\n"
                    )
                }
            }
            // State files are a cache of the logs: one that is stale (a review recorded, a merge,
            // an edit), garbled or conflicted is rewritten from them, never an error.
            if replaying {
                for index in memories.indices {
                    // What matching found is written down, so it holds whatever changes next.
                    _ = try? memories[index].commitEdits(at: Date())
                    _ = try? memories[index].flushStates()
                    for note in memories[index].notes { Terminal.standardError.write("badger: note: \(UntrustedText.sanitized(note))\n") }
                }
            }
            return StudiedCollection(collection: collection, memories: memories, configs: configs, locks: locks)
        }
    }
}

/// Runs `body`, which writes to the collection; what it throws (a failed write) reaches
/// `Badger.main`, which prints it and ends the command with status 2.
func reportingStorageErrors<T>(_ body: () throws -> T) rethrows -> T { try body() }

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

    /// Every card's state, from all roots.
    var states: [String: MemoryState] {
        memories.reduce(into: [:]) { result, memory in result.merge(memory.states) { first, _ in first } }
    }
}

extension CollectionOptions {
    /// Loads the collection and every root's logs and state files; problems end the command
    /// with status 2 and a message naming the file.
    func loadStudied(options: DeckCollection.LoadOptions = .init()) throws -> StudiedCollection {
        let collection = try load(options: options)
        let fileAccess = LocalFileSystem()
        let loader = CollectionLoader(fileAccess: fileAccess)
        do {
            var configs: [String: CollectionConfig] = [:]
            var memories: [CollectionMemory] = []
            for root in Set(collection.decks.map(\.file.collectionRoot)).sorted() {
                let config = try loader.configuration(forRoot: root)
                configs[root] = config
                memories.append(
                    try CollectionMemory(
                        collection: collection, root: root, scheduler: try config.makeScheduler(), fuzzing: config.fuzz,
                        fileAccess: fileAccess))
            }
            for memory in memories {
                for repaired in memory.repairedLogs {
                    Terminal.standardError.write(
                        "badger: warning: \(repaired.path):\(repaired.line): the last line was cut off (a crash while writing?) and is ignored; it will be dropped on the next review\n")
                }
            }
            return StudiedCollection(collection: collection, memories: memories, configs: configs)
        } catch let error as CollectionError {
            Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description))\n")
            throw ExitStatus.usageOrIO.code
        } catch let error as MemoryError {
            Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description))\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

/// Runs `body` holding each root's collection lock, reporting storage problems with status 2.
func withCollectionLocks<T>(_ roots: [String], command: String, _ body: () throws -> T) throws -> T {
    var locks: [CollectionLock] = []
    defer { locks.forEach { $0.release() } }
    do {
        for root in roots.sorted() { locks.append(try CollectionLock(root: root, holder: command)) }
        return try body()
    } catch let error as StorageError {
        Terminal.standardError.write("badger: error: \(error.description)\n")
        throw ExitStatus.usageOrIO.code
    }
}

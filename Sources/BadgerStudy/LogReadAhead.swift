import BadgerDeck
import BadgerMemory
import Dispatch

/// The review logs of one collection root, found and parsed on other threads while the caller
/// does something else (parses the decks). Started once the root's lock is held (for a
/// command that writes), so the logs read ahead are the logs the command works on.
public final class LogReadAhead: @unchecked Sendable {
    public let root: String
    /// The numbers of the card ids the logs name, for the memory made from them.
    let names = NameBook()
    private let done = DispatchGroup()
    // Written once on the reading thread before `done` is left, read only after it.
    private var walk = LogDiscovery.Found()
    private var parsed: [String: CollectionMemory.ParsedLog] = [:]

    /// Whether the logs keep their reviews' timings (see `CompactLog.Parser`).
    public let keepsTimings: Bool

    /// Starts finding and reading the logs under `root`, with the reviews' timings or not.
    public init(root: String, fileAccess: any FileAccess, keepingTimings: Bool = true) {
        self.root = root
        keepsTimings = keepingTimings
        let names = names
        DispatchQueue.global().async(group: done) { [self] in
            let found = LogDiscovery.walk(root, fileAccess: fileAccess)
            let paths = found.logs
            let results = ParallelResults<CollectionMemory.ParsedLog>(count: paths.count)
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                results[index] = CollectionMemory.parseLog(
                    at: paths[index], names: names, fileAccess: fileAccess, keepingTimings: keepingTimings)
            }
            var parsed: [String: CollectionMemory.ParsedLog] = [:]
            for (path, result) in zip(paths, results.values) { parsed[path] = result }
            walk = found
            self.parsed = parsed
        }
    }

    /// The logs under the root and the links back into it (`LogDiscovery.walk`), once read.
    var found: LogDiscovery.Found {
        done.wait()
        return walk
    }

    /// Lets go of the logs read ahead, once the memory made from them holds them.
    func discard() {
        done.wait()
        parsed = [:]
    }

    /// The log at `path` as read ahead, if it was.
    func log(at path: String) -> CollectionMemory.ParsedLog? {
        done.wait()
        return parsed[path]
    }
}

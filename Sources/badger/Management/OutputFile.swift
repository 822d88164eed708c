import BadgerDeck
import BadgerMemory
import Foundation

/// Writing a file the user asked for (a deck, a compiled collection, an export): atomically and
/// synced, so a crash leaves the old file or the new one, never a mix
/// and never a stray temporary file for long.
enum OutputFile {
    /// Ends the command with status 2 if `path` is one of a collection's own files (a deck, a
    /// review log, a state file, `badger.yml`): an export or a compiled collection never
    /// overwrites them.
    static func refuseCollectionFile(_ path: String, shown: String, what: String) throws {
        let name = (path as NSString).lastPathComponent.lowercased()
        let kinds = [(".md", "a deck"), (".reviews", "a review log"), (".state", "a state file")]
        let kind = name == "badger.yml" ? "the collection's settings" : kinds.first { name.hasSuffix($0.0) }?.1
        guard let kind else { return }
        Terminal.standardError.write(
            "badger: error: will not write \(what) to \(shown): that name is \(kind) of a collection; choose another file name\n")
        throw ExitStatus.usageOrIO.code
    }

    /// Writes `text` to `path` (creating its directory if asked); reports a failure (naming the
    /// file as `shown`) and ends the command with status 2.
    static func write(_ text: String, to path: String, shown: String, creatingDirectory: Bool = false) throws {
        do {
            let directory = (path as NSString).deletingLastPathComponent
            if creatingDirectory, !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            // A deck linked to another deck of its collection is rewritten through the link.
            try AtomicFile.writeDeck(text, to: path, root: DeckPlacement.root(of: directory.isEmpty ? "." : directory))
        } catch {
            let reason: String
            if case .writeFailed(_, let why)? = error as? StorageError { reason = why } else { reason = error.localizedDescription }
            Terminal.standardError.write("badger: error: cannot write \(shown): \(reason); the previous file is unchanged\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

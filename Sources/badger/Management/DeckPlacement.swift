import BadgerDeck
import Foundation

/// Where decks are, and where new ones go.
enum DeckPlacement {
    /// The absolute directory new decks go into: the first directory named by `paths` (the
    /// directory of the first file, if only files are named), else `./Decks` if it exists,
    /// else the current directory, as for reading a collection.
    static func directory(paths: [String], fileAccess: any FileAccess = LocalFileSystem()) -> String {
        func absolute(_ path: String) -> String { DeckPlacement.absolute(path, fileAccess: fileAccess) }
        for path in paths where fileAccess.kind(atPath: absolute(path)) == .directory { return absolute(path) }
        if let file = paths.first { return (absolute(file) as NSString).deletingLastPathComponent }
        let decks = absolute("Decks")
        return fileAccess.kind(atPath: decks) == .directory ? decks : absolute(".")
    }

    /// `path` made absolute against the current directory, with `.` and `..` resolved.
    static func absolute(_ path: String, fileAccess: any FileAccess = LocalFileSystem()) -> String {
        let cwd = fileAccess.currentDirectory
        let joined = path.hasPrefix("/") ? path : (cwd == "/" ? "" : cwd) + "/" + path
        return (joined as NSString).standardizingPath
    }

    /// The decks of `topic`, those naming it exactly first, then in path order.
    static func decks(ofTopic topic: String, in collection: DeckCollection) -> [ParsedDeck] {
        let wanted = topic.trimmingCharacters(in: .whitespaces)
        let matching = collection.realDecks.filter { deck in deck.topic.map { DeckCollection.sameTopic($0, wanted) } ?? false }
        return matching.filter { $0.topic == wanted } + matching.filter { $0.topic != wanted }
    }
}

extension DeckPlacement {
    /// `path` relative to the current directory when it lies below it, else as it is, sanitized.
    static func shown(_ path: String) -> String { UntrustedText.sanitized(DisplayPath.of(path)) }

    /// The collection root holding `directory`, as the loader finds it (`CollectionLoader.root(of:)`).
    static func root(of directory: String, fileAccess: any FileAccess = LocalFileSystem()) -> String {
        CollectionLoader(fileAccess: fileAccess).root(of: directory)
    }

    /// Writes `text` to `path` atomically, creating its directory; reports a failure and ends
    /// the command with status 2.
    static func write(_ text: String, to path: String) throws {
        try OutputFile.write(text, to: path, shown: shown(path), creatingDirectory: true)
    }
}

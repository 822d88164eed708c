/// Where a deck file is: as the user named it, and relative to its collection.
public struct DeckFile: Hashable, Sendable {
    /// The path as shown in diagnostics, e.g. `Decks/french.md`.
    public var displayPath: String
    /// The absolute, normalized path.
    public var absolutePath: String
    /// The absolute path of the collection root, the boundary images may not leave.
    public var collectionRoot: String

    public init(displayPath: String, absolutePath: String, collectionRoot: String) {
        self.displayPath = displayPath
        self.absolutePath = absolutePath
        self.collectionRoot = collectionRoot
    }

    /// The path relative to the collection root, e.g. `french.md`.
    public var relativePath: String {
        let prefix = collectionRoot.hasSuffix("/") ? collectionRoot : collectionRoot + "/"
        return absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : absolutePath
    }

    /// The absolute path of the directory holding the deck.
    public var directory: String {
        guard let slash = absolutePath.lastIndex(of: "/") else { return "." }
        return slash == absolutePath.startIndex ? "/" : String(absolutePath[..<slash])
    }
}

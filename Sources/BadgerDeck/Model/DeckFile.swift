/// Where a deck file is: as the user named it, and relative to its collection.
public struct DeckFile: Hashable, Sendable {
    /// The path as shown in diagnostics, e.g. `Decks/french.md`.
    public var displayPath: String
    /// The absolute, normalized path.
    public var absolutePath: String
    /// The absolute path of the collection root, the boundary images may not leave.
    public var collectionRoot: String
    /// The file's real path when it is reached through a symbolic link (to it, or to a folder
    /// on the way); nil otherwise. Its review log and state live beside the real file, so every
    /// way of reaching the deck finds the same history.
    public var realPath: String?

    public init(displayPath: String, absolutePath: String, collectionRoot: String, realPath: String? = nil) {
        self.displayPath = displayPath
        self.absolutePath = absolutePath
        self.collectionRoot = collectionRoot
        self.realPath = realPath == absolutePath ? nil : realPath
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

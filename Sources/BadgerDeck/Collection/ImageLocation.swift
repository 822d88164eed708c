/// Where an image a card names is on disk, judged as the linter judges it: relative to the deck,
/// percent-decoded, with symbolic links resolved before `..`, and inside the collection or not.
public struct ImageLocation: Sendable, Equatable {
    /// The reference as written in the card.
    public let source: String
    /// `http:`, `https:`, `data:` or another URL scheme, or `//host`.
    public let isRemote: Bool
    /// The absolute, normalized path the reference names (nil when remote).
    public let path: String?
    /// The path with symbolic links resolved, when a regular file or directory is there.
    public let resolvedPath: String?
    /// Whether the file, or where it would be, is inside the collection directory.
    public let isInsideCollection: Bool

    /// Locates `source`, written in `deck`. `resolvedRoot` is the collection root with symbolic
    /// links resolved, when the caller already has it.
    public init(source: String, deck: DeckFile, resolvedRoot: String? = nil, fileAccess: any FileAccess) {
        self.source = source
        guard !ImagePath.isRemote(source) else {
            (isRemote, path, resolvedPath, isInsideCollection) = (true, nil, nil, true)
            return
        }
        isRemote = false
        let root = resolvedRoot ?? fileAccess.resolvedPath(deck.collectionRoot) ?? deck.collectionRoot
        let path = ImagePath.absolute(source, relativeTo: deck.directory)
        self.path = path
        // Resolve as the operating system would: symbolic links before `..`.
        let joined = ImagePath.joined(source, relativeTo: deck.directory)
        let resolved = fileAccess.resolvedPath(joined)
        resolvedPath = resolved
        let checked = resolved ?? ImagePath.resolvedParent(of: joined, fileAccess: fileAccess) ?? path
        isInsideCollection = checked.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The file to read for this image: its resolved path when that is a regular file inside the
    /// collection; nil for a remote image, a missing file, a directory or a path leaving the
    /// collection (directly, through `..` or through a symbolic link).
    public func readablePath(fileAccess: any FileAccess) -> String? {
        guard !isRemote, isInsideCollection, let resolvedPath, fileAccess.kind(atPath: resolvedPath) == .file else { return nil }
        return resolvedPath
    }
}

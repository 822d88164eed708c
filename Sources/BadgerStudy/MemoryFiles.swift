import BadgerDeck

/// Where a deck's scheduling files are: `french.md` keeps its state in `french.state` and its
/// review log in `french.reviews`, side by side, so the deck itself never changes by studying.
public struct MemoryFiles: Sendable, Hashable {
    public let statePath: String
    public let logPath: String

    public init(deckPath: String) {
        let base = deckPath.lowercased().hasSuffix(".md") ? String(deckPath.dropLast(3)) : deckPath
        statePath = base + ".state"
        logPath = base + ".reviews"
    }
}

extension DeckFile {
    /// The deck's scheduling files: beside the real deck file (a deck reached through a
    /// symbolic link keeps one history, whichever way it is reached).
    public var memoryFiles: MemoryFiles { MemoryFiles(deckPath: realPath ?? absolutePath) }
}

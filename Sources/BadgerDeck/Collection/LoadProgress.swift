/// How far loading a collection has come, reported as decks start and finish (from several
/// threads at once), so a command can show progress on a big collection.
public struct LoadProgress: Sendable, Equatable {
    /// Decks read and checked so far, of `deckCount`.
    public var decksDone: Int
    public var deckCount: Int
    /// Bytes of the decks done so far, of `byteCount` (all the decks' sizes).
    public var bytesDone: Int
    public var byteCount: Int
    /// The display path of the deck that just started, if this report is a start.
    public var started: String?

    public init(decksDone: Int, deckCount: Int, bytesDone: Int, byteCount: Int, started: String? = nil) {
        self.decksDone = decksDone
        self.deckCount = deckCount
        self.bytesDone = bytesDone
        self.byteCount = byteCount
        self.started = started
    }
}

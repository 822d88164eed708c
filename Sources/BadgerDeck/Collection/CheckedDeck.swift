/// One deck read and checked on its own: the per-deck rules ran, the collection-wide ones
/// (duplicates across files) did not. `DeckCollection` is made of these; an editor keeps them
/// to re-check only the deck that changed.
public struct CheckedDeck: Sendable {
    public var deck: ParsedDeck
    /// The per-deck rules' diagnostics, without those a `badger-ignore` comment switches off.
    public var diagnostics: [Diagnostic]
    /// The deck's study cards, in source order.
    public var cards: [Card]

    /// Parses and checks the bytes of `file`; images are looked up through `fileAccess`.
    public init(bytes: [UInt8], file: DeckFile, fileAccess: any FileAccess, options: DeckCollection.LoadOptions = .init()) {
        deck = DeckParser.parse(bytes, file: file)
        diagnostics = options.checking ? Linter.unsuppressed(Linter.deckDiagnostics(deck, fileAccess: fileAccess), in: deck) : []
        cards = CardExpander.cards(of: deck, renderingHTML: options.renderingHTML)
        if !options.keepingTrees { deck.dropWrittenCards() }
    }

    /// The diagnostics of the collection-wide rules over `cards`, all the cards of one
    /// collection, minus those a card's `badger-ignore` comment switches off.
    public static func collectionDiagnostics(_ cards: [Card]) -> [Diagnostic] {
        Linter.collectionDiagnostics(cards)
    }
}

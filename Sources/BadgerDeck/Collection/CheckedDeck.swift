/// One deck read and checked on its own: the per-deck rules ran, the collection-wide ones
/// (duplicates across files) did not. `DeckCollection` is made of these; an editor keeps them
/// to re-check only the deck that changed.
public struct CheckedDeck: Sendable {
    public var deck: ParsedDeck
    /// The per-deck rules' diagnostics, without those a `badger-ignore` comment switches off.
    public var diagnostics: [Diagnostic] = []
    /// The deck's study cards, in source order.
    public var cards: [Card] = []

    /// Parses and checks the bytes of `file`; images are looked up through `fileAccess`.
    ///
    /// Unless `options.keepingTrees` is set, a large deck is read a part at a time and each
    /// part's Markdown is let go once its cards are checked and made. `partDone` gets each part's
    /// size in bytes and study cards as it finishes; `cards` keeps them only with
    /// `options.keepingCards`.
    public init(
        bytes: [UInt8], file: DeckFile, fileAccess: any FileAccess, options: DeckCollection.LoadOptions = .init(),
        partDone: (_ bytes: Int, _ cards: [Card]) -> Void = { _, _ in }
    ) {
        var diagnostics: [Diagnostic] = []
        var cards: [Card] = []
        var suppressing: [(lines: ClosedRange<Int>, suppression: Suppression)] = []
        var parts = 0
        deck = DeckParser.parse(bytes, file: file, partSize: options.keepingTrees ? .max : options.partSize) { part, size in
            if options.checking {
                diagnostics += Linter.diagnostics(
                    part, rules: RuleCatalog.cardRules, fileAccess: fileAccess, macroNames: options.macroNames)
                for card in part.cards where !card.suppression.isEmpty { suppressing.append((card.lines, card.suppression)) }
            }
            let made = CardExpander.cards(of: part, renderingHTML: options.renderingHTML)
            if options.keepingCards { cards += made }
            if !options.keepingTrees { part.takeWrittenCards() }
            parts += 1
            partDone(size, made)
        }
        if options.checking {
            diagnostics += Linter.diagnostics(deck, rules: RuleCatalog.fileRules, fileAccess: nil)
            self.diagnostics = Linter.unsuppressed(diagnostics, fileSuppression: deck.fileSuppression, cards: suppressing)
        }
        // A `badger-ignore-file` comment counts for the cards of the parts before it, too.
        if parts > 1, !deck.fileSuppression.isEmpty { cards = cards.map { $0.adding(deck.fileSuppression) } }
        self.cards = cards
    }

    /// The diagnostics of the collection-wide rules over `cards`, all the cards of one
    /// collection, minus those a card's `badger-ignore` comment switches off.
    public static func collectionDiagnostics(_ cards: [Card]) -> [Diagnostic] {
        Linter.collectionDiagnostics(cards)
    }
}

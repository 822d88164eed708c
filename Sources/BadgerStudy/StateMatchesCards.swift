import BadgerDeck
import BadgerMemory

/// Scheduling state for cards that no longer exist: a card deleted, or its question rewritten
/// beyond recognition. Reported by `badger lint`; `badger state prune` removes it.
public enum StateMatchesCards {
    public static let description = RuleCatalog.stateRules[0]

    /// One warning per orphaned state line, at that line of the state file.
    public static func diagnostics(_ memory: CollectionMemory) -> [Diagnostic] {
        var result: [Diagnostic] = []
        // Nothing to check in a collection nobody has studied yet.
        guard memory.decks.contains(where: { !$0.state.entries.isEmpty }) else { return result }
        let current = Set(memory.decks.flatMap { $0.cards.map(\.id) })
        for deck in memory.decks {
            let sorted = deck.state.entries.keys.sorted()
            let display = MemoryFiles(deckPath: deck.file.displayPath).statePath
            for (position, id) in sorted.enumerated() where !current.contains(id) {
                let question = deck.state.entries[id]?.question ?? ""
                let shown = question.count > 50 ? String(question.prefix(50)) + "…" : question
                result.append(
                    Diagnostic(
                        severity: description.severity, ruleID: description.id,
                        message:
                            "state for card \(id) (\"\(CardID.normalized(shown))\"), which no longer exists; `badger state prune` removes it",
                        file: display, range: SourceRange(line: position + 2, column: 1, length: id.utf8.count)))
            }
        }
        return result
    }
}

import BadgerDeck
import BadgerMemory

/// Review histories that no card clearly continues: a card deleted or its question rewritten
/// beyond recognition (an orphan), or an edited card that could continue several histories (an
/// ambiguous match, never settled silently). Reported by `badger lint`; `badger state link`
/// settles either by hand, `badger state prune` retires orphans.
public enum StateMatchesCards {
    public static let description = RuleCatalog.stateRules[0]

    /// One warning per ambiguous card, at its question, and one per orphaned history, at the
    /// log that last saw it. An identity never reviewed (one an export recorded) has no history
    /// to lose and is not reported.
    /// With `decks` (absolute paths), only those about these decks: their ambiguous cards, and
    /// histories last seen in their logs (a command given some decks reports on those).
    public static func diagnostics(_ memory: CollectionMemory, decks: Set<String>? = nil) -> [Diagnostic] {
        var result: [Diagnostic] = []
        func wanted(deck path: String) -> Bool { decks?.contains(path) ?? true }
        func wanted(historyOf key: String) -> Bool {
            guard decks != nil else { return true }
            guard let log = memory.lastLogPath(of: key) else { return false }
            return wanted(deck: String(log.dropLast(".reviews".count)) + ".md")
        }
        func quoted(_ text: String?) -> String {
            let text = CardID.normalized(text ?? "")
            return "\"" + (text.count > 50 ? String(text.prefix(50)) + "…" : text) + "\""
        }
        for ambiguous in memory.matching.ambiguous {
            guard let (deck, card) = memory.card(ambiguous.contentID), wanted(deck: deck.file.absolutePath) else { continue }
            let candidates = ambiguous.keys.map { key in
                "\(key) (\(quoted(memory.ledger.identities[key]?.question)))"
            }
            let first = ambiguous.keys[0]
            result.append(
                Diagnostic(
                    severity: description.severity, ruleID: description.id,
                    message: "card \(card.id) (\(quoted(card.question))) may continue the history of "
                        + candidates.joined(separator: " or ")
                        + "; nothing is carried over until you settle it: `badger state link \(first) \(card.id)` (or another"
                        + " of them), or `badger state prune` to start it afresh",
                    file: deck.file.displayPath, range: SourceRange(line: card.line, column: 1, length: 2)))
        }
        let ambiguousKeys = Set(memory.matching.ambiguous.flatMap(\.keys))
        for identity in memory.orphans
        where !identity.retired && (identity.reviewCount > 0 || identity.suspended) && !ambiguousKeys.contains(identity.key)
            && wanted(historyOf: identity.key)
        {
            let file = memory.lastLog(of: identity.key) ?? memory.logs.first?.displayPath ?? memory.root
            result.append(
                Diagnostic(
                    severity: description.severity, ruleID: description.id,
                    message: "the history of card \(identity.key) (\(quoted(identity.question)), \(identity.reviewCount) "
                        + "review\(identity.reviewCount == 1 ? "" : "s")\(identity.suspended ? ", suspended" : "")) continues in no card (deleted, or its question "
                        + "rewritten); `badger state link \(identity.key) ID` gives it to card ID (with `--join` when that card "
                        + "has a history of its own: the same card recorded twice), `badger state prune` retires it",
                    file: file, range: SourceRange(line: 1, column: 1, length: 1)))
        }
        return result
    }
}

/// Runs every rule over parsed decks and applies suppression comments.
public enum Linter {
    /// The diagnostics for one deck from the per-deck rules, before suppression.
    static func deckDiagnostics(_ deck: ParsedDeck, fileAccess: any FileAccess) -> [Diagnostic] {
        let context = RuleContext(deck: deck, fileAccess: fileAccess)
        var report = RuleReport(file: deck.file)
        for rule in RuleCatalog.deckRules { rule.check(deck, in: context, into: &report) }
        return report.diagnostics
    }

    /// The diagnostics of collection-wide rules over every card of the collection, without
    /// those the card they point at suppresses.
    static func collectionDiagnostics(_ cards: [Card]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for rule in RuleCatalog.collectionRules { rule.check(cards, into: &diagnostics) }
        guard cards.contains(where: { !$0.suppression.isEmpty }) else { return diagnostics }
        var suppressions: [String: [(SourceLocation, Suppression)]] = [:]
        for card in cards where !card.suppression.isEmpty {
            suppressions[card.file.displayPath, default: []].append((card.questionLocation, card.suppression))
        }
        return diagnostics.filter { diagnostic in
            !(suppressions[diagnostic.file] ?? []).contains { $0.0 == diagnostic.range.start && $0.1.suppresses(diagnostic.ruleID) }
        }
    }

    /// `diagnostics` without those a `badger-ignore` comment in `deck` switches off.
    static func unsuppressed(_ diagnostics: [Diagnostic], in deck: ParsedDeck) -> [Diagnostic] {
        let suppressing = deck.cards.filter { !$0.suppression.isEmpty }
        guard !deck.fileSuppression.isEmpty || !suppressing.isEmpty else { return diagnostics }
        return diagnostics.filter { diagnostic in
            if deck.fileSuppression.suppresses(diagnostic.ruleID) { return false }
            return !suppressing.contains { $0.lines.contains(diagnostic.range.start.line) && $0.suppression.suppresses(diagnostic.ruleID) }
        }
    }
}

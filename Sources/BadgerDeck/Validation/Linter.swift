/// Runs every rule over parsed decks and applies suppression comments.
public enum Linter {
    /// The diagnostics of `rules` for one deck (or part of one), before suppression. Rules
    /// that look at images or math need `fileAccess`; without it they see none. `macroNames` are
    /// the commands the collection's macros define.
    static func diagnostics(
        _ deck: ParsedDeck, rules: [any DeckRule.Type], fileAccess: (any FileAccess)?, macroNames: Set<String> = []
    ) -> [Diagnostic] {
        let context = fileAccess.map { RuleContext(deck: deck, fileAccess: $0, macroNames: macroNames) } ?? RuleContext()
        var report = RuleReport(file: deck.file)
        for rule in rules { rule.check(deck, in: context, into: &report) }
        return report.diagnostics
    }

    /// The diagnostics of collection-wide rules over every card of the collection, without
    /// those the card they point at suppresses.
    static func collectionDiagnostics(_ cards: [Card]) -> [Diagnostic] {
        var check = CollectionCheck()
        return check.add(cards)
    }

    /// `diagnostics` without those that `fileSuppression`, or the suppression of a card whose
    /// lines they point into, switches off.
    static func unsuppressed(
        _ diagnostics: [Diagnostic], fileSuppression: Suppression, cards: [(lines: ClosedRange<Int>, suppression: Suppression)]
    ) -> [Diagnostic] {
        guard !fileSuppression.isEmpty || !cards.isEmpty else { return diagnostics }
        return diagnostics.filter { diagnostic in
            if fileSuppression.suppresses(diagnostic.ruleID) { return false }
            return !cards.contains { $0.lines.contains(diagnostic.range.start.line) && $0.suppression.suppresses(diagnostic.ruleID) }
        }
    }
}

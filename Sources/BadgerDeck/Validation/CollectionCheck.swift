/// The collection-wide rules, fed a collection's cards deck by deck in collection order, so
/// that the cards need not all be kept until the end.
public struct CollectionCheck: Sendable {
    private var rules: [any CollectionRule] = RuleCatalog.collectionRules.map { $0.init() }

    public init() {}

    /// Checks the next `cards` and returns what the rules find, without what the card a
    /// diagnostic points at suppresses.
    public mutating func add(_ cards: [Card]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for card in cards {
            for index in rules.indices {
                let before = diagnostics.count
                rules[index].check(card, into: &diagnostics)
                if diagnostics.count > before, !card.suppression.isEmpty {
                    let kept = diagnostics[before...].filter { !card.suppression.suppresses($0.ruleID) }
                    diagnostics.replaceSubrange(before..., with: kept)
                }
            }
        }
        return diagnostics
    }
}

/// A label line is not underlined by `---` or `===`, which makes it a heading.
struct CardNotSwallowedByHeading: DeckRule {
    static let description = RuleDescription(
        id: "CardNotSwallowedByHeading", severity: .warning,
        summary: "No card label is turned into a heading by a --- or === line under it.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for swallowed in deck.swallowedLabels where swallowed.container == .heading {
            report.add(description, message(swallowed.label), at: swallowed.location, length: 2)
        }
    }

    static func message(_ label: CardLabel) -> String {
        "a `---` or `===` line under this \(label.shortName): line turned it into a heading; add a blank line before that line"
    }
}

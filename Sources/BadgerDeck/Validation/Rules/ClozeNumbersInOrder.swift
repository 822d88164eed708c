/// A cloze field's deletion numbers run 1, 2, 3 … without gaps.
struct ClozeNumbersInOrder: DeckRule {
    static let description = RuleDescription(
        id: "ClozeNumbersInOrder", severity: .warning, summary: "A C: field numbers its deletions c1, c2, c3 … without skipping one.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for card in deck.cards where card.isCloze && !card.fields[0].isEmpty {
            let field = card.fields[0]
            let cloze = ClozeText(field.markdown)
            // hashcards' brackets number themselves; a broken deletion is reported already.
            guard !cloze.usesBrackets, cloze.problems.isEmpty else { continue }
            let numbers = cloze.numbers
            for (expected, number) in zip(1..., numbers) where number != expected {
                let first = cloze.deletions.first { $0.number == number }!
                report.add(description, skipped(expected, found: number), at: field.location(ofOffset: first.range.lowerBound), length: 5)
                break
            }
        }
    }

    static func skipped(_ missing: Int, found: Int) -> String {
        "deletion numbers skip c\(missing) (next is c\(found)); number them c1, c2, c3 … so none seems lost"
    }
}

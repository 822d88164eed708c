/// Every card has an answer.
struct AnswerPresent: DeckRule {
    static let description = RuleDescription(
        id: "AnswerPresent", severity: .error, summary: "Every card has a non-empty A: answer (a cloze card's deletions are its answers).")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for card in deck.cards where !card.isCloze {
            if let answer = card.field(.answer) {
                if answer.isEmpty { report.add(description, empty, at: answer.labelRange) }
            } else {
                report.add(description, missing, at: card.fields[0].labelRange)
            }
        }
    }

    static let missing = "card has no answer; add a line `A: …` after the question"
    static let empty = "answer is empty; write the answer after `A:`"
}

/// No two cards of a topic ask the same question, counting the reverse of reversed cards.
struct CardUnique: CollectionRule {
    static let description = RuleDescription(
        id: "CardUnique", severity: .error,
        summary: "No two cards of one topic ask the same question, including cards made by reversal.")

    static func check(_ cards: [Card], into diagnostics: inout [Diagnostic]) {
        var first: [UInt64: Int] = [:]
        first.reserveCapacity(cards.count)
        for (index, card) in cards.enumerated() {
            guard let question = card.question, !question.markdown.isEmpty else { continue }
            guard let originalIndex = first[card.questionKey] else {
                first[card.questionKey] = index
                continue
            }
            let original = cards[originalIndex]
            // Rule out a hash collision before reporting.
            guard card.topic.lowercased() == original.topic.lowercased(),
                CardID.normalized(question.markdown) == CardID.normalized(original.question?.markdown ?? "")
            else { continue }
            diagnostics.append(
                Diagnostic(
                    severity: description.severity, ruleID: description.id,
                    message: message(question.markdown, topic: card.topic, reverse: card.direction == .reverse),
                    file: card.file.displayPath,
                    range: SourceRange(line: card.questionLocation.line, column: card.questionLocation.column, length: 2),
                    notes: [
                        .init(
                            message: original.direction == .reverse ? "first asked here, as the reverse of this card" : "first asked here",
                            file: original.file.displayPath,
                            range: SourceRange(line: original.questionLocation.line, column: original.questionLocation.column, length: 2))
                    ]))
        }
    }

    static func message(_ question: String, topic: String, reverse: Bool) -> String {
        let shown = CardID.normalized(question)
        let short = shown.count > 60 ? String(shown.prefix(60)) + "…" : shown
        return reverse
            ? "reversing this card asks \"\(short)\", which topic \(topic) already asks"
            : "duplicate question \"\(short)\" in topic \(topic)"
    }
}

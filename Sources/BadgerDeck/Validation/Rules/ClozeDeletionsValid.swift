/// A `C:` field hides something, and writes its deletions so they can be read.
struct ClozeDeletionsValid: DeckRule {
    static let description = RuleDescription(
        id: "ClozeDeletionsValid", severity: .error,
        summary: "A C: field has deletions ({{c1::text}} or [text]), each closed, non-empty and numbered from 1, none hiding all of it.")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        for card in deck.cards where card.isCloze {
            let field = card.fields[0]
            guard !field.isEmpty else {
                report.add(description, emptyField, at: field.labelRange)
                continue
            }
            let cloze = ClozeText(field.markdown)
            for problem in cloze.problems {
                switch problem {
                case .unclosed(let offset, let number):
                    report.add(description, unclosed(number), at: field.location(ofOffset: offset), length: 6)
                case .empty(let offset, let number):
                    report.add(description, empty(number, brackets: cloze.usesBrackets), at: field.location(ofOffset: offset))
                case .nested(let offset, _):
                    report.add(description, nested, at: field.location(ofOffset: offset), length: 3)
                case .badNumber(let offset, let written):
                    report.add(description, badNumber(written), at: field.location(ofOffset: offset), length: 3 + written.utf8.count)
                }
            }
            guard !cloze.deletions.isEmpty else {
                if cloze.problems.isEmpty { report.add(description, noDeletion, at: field.labelRange) }
                continue
            }
            for number in cloze.numbers where Self.hidesEverything(of: cloze, number: number) {
                let first = cloze.deletions.first { $0.number == number }!
                report.add(
                    description, hidesEverything(number, brackets: cloze.usesBrackets), at: field.location(ofOffset: first.range.lowerBound)
                )
            }
        }
    }

    /// Whether taking out the deletions numbered `number` leaves no letter or digit to ask by.
    static func hidesEverything(of cloze: ClozeText, number: Int) -> Bool {
        var bytes = Array(cloze.markdown.utf8)
        for deletion in cloze.deletions.reversed() where deletion.number == number {
            bytes.removeSubrange(deletion.range)
        }
        let rest = String(decoding: bytes, as: UTF8.self)
        return !rest.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    static let emptyField = "cloze card has no text; write the text after `C:` and mark what to hide as {{c1::text}}"
    static let noDeletion =
        "`C:` has no deletion; mark what to hide as {{c1::text}} (or [text]), or use `Q:` and `A:` for a question with an answer"
    static func unclosed(_ number: Int) -> String {
        "deletion {{c\(number):: is never closed; end it with }} (braces inside it must be balanced)"
    }
    static func empty(_ number: Int, brackets: Bool) -> String {
        brackets
            ? "deletion [] hides nothing; write the text to hide inside the brackets"
            : "deletion {{c\(number)::}} hides nothing; write the text to hide after `::`"
    }
    static let nested =
        "a deletion inside another is not supported; write them side by side ({{c1::a}} {{c2::b}}), or give both the same number"
    static func badNumber(_ written: String) -> String {
        "`{{c\(written)::` is not a deletion number; number deletions c1, c2, c3 … (same number = hidden together)"
    }
    static func hidesEverything(_ number: Int, brackets: Bool) -> String {
        let name = brackets ? "deletion \(number)" : "c\(number)"
        return "\(name) hides the whole text, so its card asks nothing; hide a part and leave the rest as the clue"
    }
}

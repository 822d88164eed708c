import BadgerDeck
import Foundation

/// A `C:` field: the deletion scanner, every card's question, answer, identity and Anki form,
/// checked against what must hold for any text, then the whole field as a deck.
enum FuzzCloze {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let cloze = ClozeText(text)
        let length = text.utf8.count
        var end = 0
        for deletion in cloze.deletions {
            // Deletions lie inside the text, in order, without overlapping, numbered from 1.
            precondition(deletion.range.lowerBound >= end && deletion.range.upperBound <= length, "deletion out of order")
            precondition(deletion.number >= 1, "deletion numbered below 1")
            end = deletion.range.upperBound
        }
        for number in cloze.numbers {
            _ = cloze.question(for: number)
            _ = cloze.answer(for: number)
            _ = cloze.hidden(for: number)
            precondition(!cloze.identity(for: number).isEmpty, "empty identity")
        }
        // Anki's form reads back as the same deletions.
        if !cloze.deletions.isEmpty, cloze.problems.isEmpty {
            let again = ClozeText(cloze.ankiForm)
            precondition(again.numbers == cloze.numbers, "the Anki form numbers its deletions differently")
        }
        FuzzDeck.run(Array("---\ntopic: T\n---\n\nC: ".utf8) + bytes)
    }
}

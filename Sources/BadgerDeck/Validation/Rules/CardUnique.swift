import Foundation

/// No two cards of a topic ask the same question, counting the reverse of reversed cards.
///
/// Keeps about forty bytes per question seen (where it was first asked, found through a
/// dictionary of 12-byte entries), not the cards, so that a collection of a million cards is
/// checked without holding them all.
struct CardUnique: CollectionRule {
    static let description = RuleDescription(
        id: "CardUnique", severity: .error,
        summary: "No two cards of one topic ask the same question, including cards made by reversal.")

    /// Where a question was first asked.
    private struct FirstAsked {
        /// A second hash of the topic and question, to tell a real duplicate from a collision
        /// of `Card.questionKey`.
        var check: UInt64
        var file: Int32
        var line: Int32
        var column: Int32
        var reverse: Bool
    }

    /// The index in `firstPlaces` of where each question (by `Card.questionKey`) was first asked.
    private var first: [UInt64: Int32] = [:]
    private var firstPlaces: [FirstAsked] = []
    /// The display paths of the files seen, numbered for `FirstAsked.file`.
    private var files: [String] = []

    init() {}

    mutating func check(_ card: Card, into diagnostics: inout [Diagnostic]) {
        var asked = card.cloze?.text ?? card.question?.markdown ?? ""
        guard !asked.isEmpty else { return }
        var key = card.questionKey
        // "é" written as e and a combining accent asks what "é" asks (the ids differ: they hash
        // the bytes): compared in composed form.
        if let composed = Self.composedIfDifferent(asked) {
            asked = composed
            key = CardID.questionHash(topic: card.topic, question: composed)
        }
        let check = Self.checkHash(topic: card.topic, question: asked)
        guard let index = first[key] else {
            if files.last != card.file.displayPath { files.append(card.file.displayPath) }
            first[key] = Int32(firstPlaces.count)
            firstPlaces.append(
                FirstAsked(
                    check: check, file: Int32(files.count - 1), line: Int32(clamping: card.questionLocation.line),
                    column: Int32(clamping: card.questionLocation.column), reverse: card.direction == .reverse))
            return
        }
        let original = firstPlaces[Int(index)]
        // A collision of the 64-bit key is not a duplicate.
        guard original.check == check else { return }
        diagnostics.append(
            Diagnostic(
                severity: Self.description.severity, ruleID: Self.description.id,
                message: card.cloze == nil
                    ? Self.message(asked, topic: card.topic, reverse: card.direction == .reverse)
                    : Self.clozeMessage(asked, topic: card.topic),
                file: card.file.displayPath,
                range: SourceRange(line: card.questionLocation.line, column: card.questionLocation.column, length: 2),
                notes: [
                    .init(
                        message: original.reverse ? "first asked here, as the reverse of this card" : "first asked here",
                        file: files[Int(original.file)],
                        range: SourceRange(line: Int(original.line), column: Int(original.column), length: 2))
                ]))
    }

    /// `text` in Unicode's composed form (NFC) when that differs from it, else nil. Only a text
    /// with a character NFC may change is composed (a combining mark, a Hangul jamo, or one
    /// excluded from composition: the Angstrom, Ohm and Kelvin signs, the Greek question mark);
    /// most are left alone, read once more byte by byte.
    static func composedIfDifferent(_ text: String) -> String? {
        guard text.utf8.contains(where: { $0 >= 0xCC }),
            text.unicodeScalars.contains(where: {
                $0.value >= 0x300
                    && ($0.properties.canonicalCombiningClass != .notReordered || $0.properties.isFullCompositionExclusion
                        || (0x1100...0x11FF).contains($0.value))
            })
        else { return nil }
        let composed = text.precomposedStringWithCanonicalMapping
        return composed.utf8.elementsEqual(text.utf8) ? nil : composed
    }

    /// A hash of the case-folded topic and the question with white space runs collapsed, like
    /// `CardID.questionHash` but with another multiplier and start, so that both collide only
    /// for the same question.
    static func checkHash(topic: String, question: String) -> UInt64 {
        CardID.questionHash(topic: topic, question: question, start: 0x8422_2325_cbf2_9ce4, prime: 0x9E37_79B9_7F4A_7C15)
    }

    /// For a cloze card: its text with the deletion as `{{…}}` is asked already. What a deletion
    /// hides and its hint are not part of a card's identity, so two texts that differ only
    /// there ask the same.
    static func clozeMessage(_ asked: String, topic: String) -> String {
        let short = shortened(asked)
        return "cloze \"\(short)\" asks the same as another card of topic \(topic) (what a deletion hides and its hint do not "
            + "tell cards apart); reword the text around the deletion, or put both in one C: field as c1 and c2"
    }

    /// `text` on one line, cut to 60 characters.
    static func shortened(_ text: String) -> String {
        let shown = CardID.normalized(text)
        return shown.count > 60 ? String(shown.prefix(60)) + "…" : shown
    }

    static func message(_ question: String, topic: String, reverse: Bool) -> String {
        let short = shortened(question)
        return reverse
            ? "reversing this card asks \"\(short)\", which topic \(topic) already asks"
            : "duplicate question \"\(short)\" in topic \(topic)"
    }
}

/// Turns a deck's written cards into study cards: one per card, two for a reversed one, one
/// per deletion number for a cloze card.
public enum CardExpander {
    /// The cards of `deck`, in source order, each reversed card followed by its reverse and
    /// each cloze field's cards in deletion-number order. Cards without a topic-bearing deck,
    /// a question or an answer are left out of reversal (the rules report them).
    public static func cards(of deck: ParsedDeck, renderingHTML: Bool = false) -> [Card] {
        guard let topic = deck.topic else { return [] }
        // One object for the deck file, shared by all its cards.
        let file = Card.SharedFile(deck.file, topic: topic)
        var cards: [Card] = []
        cards.reserveCapacity(deck.cards.count)
        for written in deck.cards {
            if written.isCloze {
                cards += clozeCards(of: written, topic: topic, deck: deck, file: file, renderingHTML: renderingHTML)
                continue
            }
            var question: CardField?
            var answer: CardField?
            for field in written.fields {
                if field.label == .question, question == nil { question = field }
                if field.label == .answer, answer == nil { answer = field }
            }
            guard let question else { continue }
            let forwardHash = CardID.questionHash(topic: topic, question: question.markdown)
            let forwardID = CardID(questionHash: forwardHash, direction: .forward)
            cards.append(
                make(
                    id: forwardID, questionKey: forwardHash, topic: topic, direction: .forward, question: question, answer: answer,
                    reversedFrom: nil,
                    written: written, deck: deck, file: file, renderingHTML: renderingHTML))
            guard isReversed(written, deck: deck), let answer, !answer.isEmpty, !question.isEmpty else { continue }
            let reverseHash = CardID.questionHash(topic: topic, question: answer.markdown)
            cards.append(
                make(
                    id: CardID(questionHash: reverseHash, direction: .reverse), questionKey: reverseHash, topic: topic,
                    direction: .reverse,
                    question: answer, answer: question, reversedFrom: forwardID, written: written, deck: deck, file: file,
                    renderingHTML: renderingHTML))
        }
        return cards
    }

    /// Whether `card` is learned both ways: its `R:` value, else the deck's default.
    public static func isReversed(_ card: ParsedCard, deck: ParsedDeck) -> Bool {
        guard let field = card.field(.reversed) else { return deck.reversedByDefault }
        return CardExpander.reversedValue(field.markdown) ?? deck.reversedByDefault
    }

    private static func make(
        id: CardID, questionKey: UInt64, topic: String, direction: CardDirection, question: CardField, answer: CardField?,
        reversedFrom: CardID?,
        written: ParsedCard, deck: ParsedDeck, file: Card.SharedFile, renderingHTML: Bool
    ) -> Card {
        func text(_ field: CardField?) -> CardText? {
            field.map { CardText(markdown: $0.markdown, html: renderingHTML ? HTMLRenderer.render($0.blocks) : nil) }
        }
        var suppression = written.suppression
        suppression.formUnion(deck.fileSuppression)
        let image = question.firstImageSource
        let kind: CardKind =
            image != nil ? .image : (question.containsMath || (answer?.containsMath ?? false)) ? .math : .text
        return Card(
            id: id, questionKey: questionKey, topic: topic, kind: kind, direction: direction, question: text(question),
            answer: text(answer), explanation: text(written.field(.explanation)), hint: text(written.field(.hint)),
            imageSource: image, reversedFrom: reversedFrom, section: written.section, file: deck.file, line: written.location.line,
            questionLocation: question.labelRange.start, suppression: suppression, lastLine: written.lines.upperBound,
            sharedFile: file)
    }
    /// One card per deletion number of a `C:` field (none when it has no deletion; the rules
    /// report that). The question hides the number's deletions, the answer reveals them.
    static func clozeCards(
        of written: ParsedCard, topic: String, deck: ParsedDeck, file: Card.SharedFile? = nil, renderingHTML: Bool
    ) -> [Card] {
        let field = written.fields[0]
        let cloze = ClozeText(field.markdown)
        var suppression = written.suppression
        suppression.formUnion(deck.fileSuppression)
        func text(_ markdown: String) -> CardText {
            CardText(markdown: markdown, html: renderingHTML ? HTMLRenderer.render(markdown: markdown) : nil)
        }
        func text(_ field: CardField?) -> CardText? {
            field.map { CardText(markdown: $0.markdown, html: renderingHTML ? HTMLRenderer.render($0.blocks) : nil) }
        }
        let explanation = text(written.field(.explanation))
        let hint = text(written.field(.hint))
        return cloze.numbers.map { number in
            let identity = Card.ClozeIdentity(number: number, text: cloze.identity(for: number), hidden: cloze.hidden(for: number))
            let hash = CardID.questionHash(topic: topic, question: identity.text)
            return Card(
                id: CardID(questionHash: hash, direction: .cloze), questionKey: hash, topic: topic, kind: .cloze,
                direction: .cloze, question: text(cloze.question(for: number)), answer: text(cloze.answer(for: number)),
                explanation: explanation, hint: hint, imageSource: field.firstImageSource, reversedFrom: nil,
                section: written.section, file: deck.file, line: written.location.line, questionLocation: field.labelRange.start,
                suppression: suppression, cloze: identity, lastLine: written.lines.upperBound, sharedFile: file)
        }
    }

    /// Reads an `R:` value: yes/no/true/false, in any case. Nil for anything else.
    public static func reversedValue(_ text: String) -> Bool? {
        switch text.trimmingWhitespace().lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: return nil
        }
    }
}

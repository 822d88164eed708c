/// What kind of card this is, inferred from its content.
public enum CardKind: String, Sendable, Codable, CaseIterable {
    /// The question shows an image.
    case image
    /// The question or answer has LaTeX math.
    case math
    /// One deletion number of a `C:` cloze field.
    case cloze
    /// Everything else.
    case text
}

/// A card ready to study: one direction of a written card, with its id and kind.
///
/// A class, so that the many lists of cards a collection keeps share one copy of each card's
/// Markdown trees.
public final class Card: Sendable {
    public let id: CardID
    /// Equal for cards asking the same question in the same topic, whatever their direction.
    public let questionKey: UInt64
    public let topic: String
    public let kind: CardKind
    public let direction: CardDirection
    public let question: CardText?
    public let answer: CardText?
    public let explanation: CardText?
    public let hint: CardText?
    /// The first image of the question, as written.
    public let imageSource: String?
    /// For a reverse expansion, the id of the card it was made from.
    public let reversedFrom: CardID?
    public let section: String?
    public let file: DeckFile
    /// The line of the card's `Q:` (or `C:`) label.
    public let line: Int
    /// The last line the written card covers (its last field's).
    public let lastLine: Int
    /// Where the card's question stands (its `Q:` label, or `A:` for a reverse expansion).
    public let questionLocation: SourceLocation
    /// Rules switched off for this card, by a comment before it or for its whole file.
    public let suppression: Suppression
    /// For a cloze card, which deletion it asks and what its identity is made of.
    public let cloze: ClozeIdentity?

    /// What identifies a cloze card beyond its id: its deletion number, the field with its
    /// deletions as `{{…}}` (`ClozeText.identity(for:)`) and what it hides.
    public struct ClozeIdentity: Sendable, Equatable {
        public var number: Int
        public var text: String
        public var hidden: String
    }

    /// The question the card's identity is matched by when its text changes: the question's
    /// Markdown, the text a cloze card asks, or the image of an image-only card.
    public var identityQuestion: String { cloze?.text ?? question?.markdown ?? imageSource ?? "" }

    /// The answer its identity is matched by: the answer's Markdown, or what a cloze card hides.
    public var identityAnswer: String { cloze?.hidden ?? answer?.markdown ?? "" }

    init(
        id: CardID, questionKey: UInt64, topic: String, kind: CardKind, direction: CardDirection, question: CardText?,
        answer: CardText?, explanation: CardText?, hint: CardText?, imageSource: String?, reversedFrom: CardID?,
        section: String?, file: DeckFile, line: Int, questionLocation: SourceLocation, suppression: Suppression,
        cloze: ClozeIdentity? = nil, lastLine: Int? = nil
    ) {
        self.lastLine = max(line, lastLine ?? line)
        self.id = id
        self.questionKey = questionKey
        self.topic = topic
        self.kind = kind
        self.direction = direction
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.hint = hint
        self.imageSource = imageSource
        self.reversedFrom = reversedFrom
        self.section = section
        self.file = file
        self.line = line
        self.questionLocation = questionLocation
        self.suppression = suppression
        self.cloze = cloze
    }

    /// The same card with `suppression` switched off for it as well.
    func adding(_ suppression: Suppression) -> Card {
        var union = self.suppression
        union.formUnion(suppression)
        return Card(
            id: id, questionKey: questionKey, topic: topic, kind: kind, direction: direction, question: question, answer: answer,
            explanation: explanation, hint: hint, imageSource: imageSource, reversedFrom: reversedFrom, section: section,
            file: file, line: line, questionLocation: questionLocation, suppression: union, cloze: cloze, lastLine: lastLine)
    }
}

/// What kind of card this is, inferred from its content.
public enum CardKind: String, Sendable, Codable, CaseIterable {
    /// The question shows an image.
    case image
    /// The question or answer has LaTeX math.
    case math
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
    /// The line of the card's `Q:` label.
    public let line: Int
    /// Where the card's question stands (its `Q:` label, or `A:` for a reverse expansion).
    public let questionLocation: SourceLocation
    /// Rules switched off for this card, by a comment before it or for its whole file.
    public let suppression: Suppression

    init(
        id: CardID, questionKey: UInt64, topic: String, kind: CardKind, direction: CardDirection, question: CardText?,
        answer: CardText?, explanation: CardText?, hint: CardText?, imageSource: String?, reversedFrom: CardID?,
        section: String?, file: DeckFile, line: Int, questionLocation: SourceLocation, suppression: Suppression
    ) {
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
    }

    /// The same card with `suppression` switched off for it as well.
    func adding(_ suppression: Suppression) -> Card {
        var union = self.suppression
        union.formUnion(suppression)
        return Card(
            id: id, questionKey: questionKey, topic: topic, kind: kind, direction: direction, question: question, answer: answer,
            explanation: explanation, hint: hint, imageSource: imageSource, reversedFrom: reversedFrom, section: section,
            file: file, line: line, questionLocation: questionLocation, suppression: union)
    }
}

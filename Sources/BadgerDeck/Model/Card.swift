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
/// A class, so that the many lists of cards a collection keeps share one copy of each card.
/// A collection holds every card for as long as a command runs, so a card is kept small
/// (about 150 bytes beside its texts): line numbers as 32-bit numbers, the deck file shared by
/// all the cards made from one deck, and what most cards do not have (an explanation, a hint,
/// an image, a reverse's origin, a cloze identity, rendered HTML, switched-off rules) in a
/// separate `Extras` made only for the cards that have some of it. The properties read as
/// they always did.
public final class Card: Sendable {
    public let id: CardID
    /// Equal for cards asking the same question in the same topic, whatever their direction.
    public let questionKey: UInt64
    public let kind: CardKind
    public let direction: CardDirection
    public let section: String?
    private let questionMarkdown: String?
    private let answerMarkdown: String?
    private let lines: Lines
    private let sharedFile: SharedFile
    private let extras: Extras?

    /// The deck file a card was made from, one object shared by the cards of a deck.
    /// The deck file and topic, one object for the cards of a deck (not a copy in each).
    final class SharedFile: Sendable {
        let file: DeckFile
        let topic: String

        init(_ file: DeckFile, topic: String) {
            self.file = file
            self.topic = topic
        }
    }

    /// Where the card stands, as 32-bit line and column numbers (a deck file of 2^31 lines, or
    /// with a line of 2^31 bytes, is far beyond what a collection can hold in memory).
    private struct Lines: Sendable {
        var line: Int32
        var lastLine: Int32
        var questionLine: Int32
        var questionColumn: Int32
    }

    /// What few cards have, kept apart so that the others do not pay for it.
    private final class Extras: Sendable {
        let questionHTML: String?
        let answerHTML: String?
        let explanation: CardText?
        let hint: CardText?
        let imageSource: String?
        let reversedFrom: CardID?
        let suppression: Suppression
        let cloze: ClozeIdentity?

        init(
            questionHTML: String?, answerHTML: String?, explanation: CardText?, hint: CardText?, imageSource: String?,
            reversedFrom: CardID?, suppression: Suppression, cloze: ClozeIdentity?
        ) {
            self.questionHTML = questionHTML
            self.answerHTML = answerHTML
            self.explanation = explanation
            self.hint = hint
            self.imageSource = imageSource
            self.reversedFrom = reversedFrom
            self.suppression = suppression
            self.cloze = cloze
        }
    }

    public var question: CardText? { questionMarkdown.map { CardText(markdown: $0, html: extras?.questionHTML) } }
    public var answer: CardText? { answerMarkdown.map { CardText(markdown: $0, html: extras?.answerHTML) } }
    public var explanation: CardText? { extras?.explanation }
    public var hint: CardText? { extras?.hint }
    /// The first image of the question, as written.
    public var imageSource: String? { extras?.imageSource }
    /// For a reverse expansion, the id of the card it was made from.
    public var reversedFrom: CardID? { extras?.reversedFrom }
    public var file: DeckFile { sharedFile.file }
    /// The topic of the card's deck.
    public var topic: String { sharedFile.topic }
    /// The line of the card's `Q:` (or `C:`) label.
    public var line: Int { Int(lines.line) }
    /// The last line the written card covers (its last field's).
    public var lastLine: Int { Int(lines.lastLine) }
    /// Where the card's question stands (its `Q:` label, or `A:` for a reverse expansion).
    public var questionLocation: SourceLocation {
        SourceLocation(line: Int(lines.questionLine), column: Int(lines.questionColumn))
    }
    /// Rules switched off for this card, by a comment before it or for its whole file.
    public var suppression: Suppression { extras?.suppression ?? Suppression() }
    /// For a cloze card, which deletion it asks and what its identity is made of.
    public var cloze: ClozeIdentity? { extras?.cloze }

    /// What identifies a cloze card beyond its id: its deletion number, the field with its
    /// deletions as `{{…}}` (`ClozeText.identity(for:)`) and what it hides.
    public struct ClozeIdentity: Sendable, Equatable {
        public var number: Int
        public var text: String
        public var hidden: String
    }

    /// The question the card's identity is matched by when its text changes: the question's
    /// Markdown, the text a cloze card asks, or the image of an image-only card.
    public var identityQuestion: String { cloze?.text ?? questionMarkdown ?? imageSource ?? "" }

    /// The answer its identity is matched by: the answer's Markdown, or what a cloze card hides.
    public var identityAnswer: String { cloze?.hidden ?? answerMarkdown ?? "" }

    /// - Parameter sharedFile: `file` as an object the cards of one deck share (one is made
    ///   for the card when it is nil).
    init(
        id: CardID, questionKey: UInt64, topic: String, kind: CardKind, direction: CardDirection, question: CardText?,
        answer: CardText?, explanation: CardText?, hint: CardText?, imageSource: String?, reversedFrom: CardID?,
        section: String?, file: DeckFile, line: Int, questionLocation: SourceLocation, suppression: Suppression,
        cloze: ClozeIdentity? = nil, lastLine: Int? = nil, sharedFile: SharedFile? = nil
    ) {
        self.id = id
        self.questionKey = questionKey
        self.kind = kind
        self.direction = direction
        self.section = section
        questionMarkdown = question?.markdown
        answerMarkdown = answer?.markdown
        lines = Lines(
            line: Int32(clamping: line), lastLine: Int32(clamping: max(line, lastLine ?? line)),
            questionLine: Int32(clamping: questionLocation.line), questionColumn: Int32(clamping: questionLocation.column))
        self.sharedFile = sharedFile.flatMap { $0.file == file && $0.topic == topic ? $0 : nil } ?? SharedFile(file, topic: topic)
        if question?.html != nil || answer?.html != nil || explanation != nil || hint != nil || imageSource != nil
            || reversedFrom != nil || !suppression.isEmpty || cloze != nil
        {
            extras = Extras(
                questionHTML: question?.html, answerHTML: answer?.html, explanation: explanation, hint: hint,
                imageSource: imageSource, reversedFrom: reversedFrom, suppression: suppression, cloze: cloze)
        } else {
            extras = nil
        }
    }

    /// The same card with `suppression` switched off for it as well.
    func adding(_ suppression: Suppression) -> Card {
        var union = self.suppression
        union.formUnion(suppression)
        return Card(
            id: id, questionKey: questionKey, topic: topic, kind: kind, direction: direction, question: question, answer: answer,
            explanation: explanation, hint: hint, imageSource: imageSource, reversedFrom: reversedFrom, section: section,
            file: file, line: line, questionLocation: questionLocation, suppression: union, cloze: cloze, lastLine: lastLine,
            sharedFile: sharedFile)
    }
}

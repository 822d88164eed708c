/// A card to write into a deck: plain field texts, as a person (or a CSV row) gives them.
public struct CardDraft: Sendable, Equatable {
    public var question: String
    public var answer: String
    public var explanation: String?
    public var hint: String?
    /// Whether the card is also learned the other way round; nil leaves the deck's default.
    public var reversed: Bool?
    /// An image path relative to the deck, shown in the question.
    public var image: String?
    /// Whether `question` is cloze text (written after `C:`, with `{{c1::…}}` deletions) and
    /// `answer` is empty.
    public var cloze: Bool

    public init(
        question: String, answer: String, explanation: String? = nil, hint: String? = nil, reversed: Bool? = nil, image: String? = nil,
        cloze: Bool = false
    ) {
        self.cloze = cloze
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.hint = hint
        self.reversed = reversed
        self.image = image
    }
}

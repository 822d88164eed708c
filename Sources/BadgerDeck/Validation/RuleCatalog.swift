/// Every rule, in the order they run.
public enum RuleCatalog {
    /// Rules about the cards and stray fields of a deck (or of one part of a large deck): they
    /// read the Markdown trees, which are let go of part by part.
    static let cardRules: [any DeckRule.Type] = [
        QuestionOrImagePresent.self, AnswerPresent.self, FieldAfterQuestion.self, FieldNotRepeated.self,
        ReversedValueValid.self, ClozeDeletionsValid.self, ClozeNumbersInOrder.self, ClozeFieldsValid.self,
        MathBracesBalanced.self, MathEnvironmentsMatched.self, MathDelimitersMatched.self,
        LaTeXCommandKnown.self, ImageIsLocal.self, ImageInsideCollection.self, ImageExists.self, ImageFormatSupported.self,
        ImageSizeReasonable.self,
    ]

    /// Rules about the whole file: its encoding and front matter, and the positions the parser
    /// noted on the way, which are kept for the whole file.
    static let fileRules: [any DeckRule.Type] = [
        ValidUTF8.self, MergeConflictResolved.self, FileIsDeck.self, FrontMatterClosed.self, FrontMatterValidYAML.self,
        FrontMatterWithoutAliases.self, TopicPresent.self, FrontMatterKeyKnown.self, FrontMatterValueTypes.self,
        CardNotSwallowedByTable.self, CardNotSwallowedByHeading.self, NestingWithinLimit.self, InlineMathClosed.self,
        DisplayMathClosed.self, DeckHasCards.self,
    ]

    /// Every rule that checks one deck.
    static var deckRules: [any DeckRule.Type] { fileRules + cardRules }

    static let collectionRules: [any CollectionRule.Type] = [CardUnique.self]

    /// Rules checked beside the library, against the scheduling state files.
    public static let stateRules = [
        RuleDescription(
            id: "StateMatchesCards", severity: .warning,
            summary: "Every card with scheduling state still exists (badger state prune removes the rest).")
    ]

    /// The description of every rule, sorted by ID.
    public static var all: [RuleDescription] {
        (deckRules.map { $0.description } + collectionRules.map { $0.description } + stateRules).sorted { $0.id < $1.id }
    }
}

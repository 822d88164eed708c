/// Every rule, in the order they run.
public enum RuleCatalog {
    static let deckRules: [any DeckRule.Type] = [
        ValidUTF8.self, FileIsDeck.self, FrontMatterClosed.self, FrontMatterValidYAML.self,
        FrontMatterWithoutAliases.self, TopicPresent.self, FrontMatterKeyKnown.self, FrontMatterValueTypes.self,
        QuestionOrImagePresent.self, AnswerPresent.self, FieldAfterQuestion.self, FieldNotRepeated.self,
        ReversedValueValid.self, CardNotSwallowedByTable.self, CardNotSwallowedByHeading.self, NestingWithinLimit.self,
        InlineMathClosed.self, DisplayMathClosed.self, MathBracesBalanced.self, MathEnvironmentsMatched.self,
        MathDelimitersMatched.self, LaTeXCommandKnown.self, ImageIsLocal.self, ImageInsideCollection.self,
        ImageExists.self, ImageFormatSupported.self, ImageSizeReasonable.self, DeckHasCards.self,
    ]

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

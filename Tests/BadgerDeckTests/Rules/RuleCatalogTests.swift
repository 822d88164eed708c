import Testing

@testable import BadgerDeck

@Suite struct RuleCatalogTests {
    /// Every rule and its severity, as Grammar/Spec.md lists them.
    static let contract: [String: Severity] = [
        "ValidUTF8": .error, "MergeConflictResolved": .error, "StateMatchesCards": .warning, "FileIsDeck": .warning,
        "FrontMatterClosed": .error,
        "FrontMatterValidYAML": .error,
        "TopicPresent": .error, "FrontMatterKeyKnown": .warning, "FrontMatterValueTypes": .error,
        "FrontMatterWithoutAliases": .error, "QuestionOrImagePresent": .error, "AnswerPresent": .error,
        "FieldAfterQuestion": .error, "FieldNotRepeated": .error, "ReversedValueValid": .error, "CardUnique": .error,
        "CardNotSwallowedByTable": .warning, "CardNotSwallowedByHeading": .warning, "InlineMathClosed": .warning,
        "DisplayMathClosed": .error, "MathBracesBalanced": .error, "MathEnvironmentsMatched": .error,
        "MathDelimitersMatched": .error, "LaTeXCommandKnown": .warning, "ImageIsLocal": .error,
        "ImageInsideCollection": .error, "ImageExists": .error, "ImageFormatSupported": .error,
        "ImageSizeReasonable": .warning, "DeckHasCards": .warning, "NestingWithinLimit": .error,
        "ClozeDeletionsValid": .error, "ClozeNumbersInOrder": .warning, "ClozeFieldsValid": .error,
    ]

    @Test func thereAre33LibraryRulesAndOneStateRule() {
        #expect(RuleCatalog.all.count == 34)
        #expect(RuleCatalog.deckRules.count + RuleCatalog.collectionRules.count == 33)
        #expect(RuleCatalog.stateRules.map(\.id) == ["StateMatchesCards"])
    }

    @Test func ruleIDsAreUnique() {
        let ids = RuleCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicates: \(ids.filter { id in ids.count { $0 == id } > 1 })")
    }

    @Test func everyRuleIDIsItsTypeName() {
        for rule in RuleCatalog.deckRules { #expect(rule.description.id == String(describing: rule)) }
        for rule in RuleCatalog.collectionRules { #expect(rule.description.id == String(describing: rule)) }
    }

    @Test func everyRuleHasASummary() {
        for rule in RuleCatalog.all {
            #expect(!rule.summary.trimmingWhitespace().isEmpty, "\(rule.id) has no summary")
        }
    }

    @Test func rulesAndSeveritiesMatchTheFormatContract() {
        #expect(Set(RuleCatalog.all.map(\.id)) == Set(Self.contract.keys))
        for rule in RuleCatalog.all {
            #expect(rule.severity == Self.contract[rule.id], "\(rule.id)")
        }
    }

    @Test func allIsSortedByID() {
        let ids = RuleCatalog.all.map(\.id)
        #expect(ids == ids.sorted())
    }

    @Test func everyRuleHasATestSuite() {
        // One suite per rule, named `<RuleID>Tests`; listed here so a new rule without tests is noticed.
        let tested: Set<String> = [
            String(describing: AnswerPresentTests.self), String(describing: CardNotSwallowedByHeadingTests.self),
            String(describing: CardNotSwallowedByTableTests.self), String(describing: CardUniqueTests.self),
            String(describing: DeckHasCardsTests.self), String(describing: DisplayMathClosedTests.self),
            String(describing: FieldAfterQuestionTests.self), String(describing: FieldNotRepeatedTests.self),
            String(describing: FileIsDeckTests.self), String(describing: FrontMatterClosedTests.self),
            String(describing: FrontMatterKeyKnownTests.self), String(describing: FrontMatterValidYAMLTests.self),
            String(describing: FrontMatterValueTypesTests.self), String(describing: FrontMatterWithoutAliasesTests.self),
            String(describing: ImageExistsTests.self), String(describing: ImageFormatSupportedTests.self),
            String(describing: ImageInsideCollectionTests.self), String(describing: ImageIsLocalTests.self),
            String(describing: ImageSizeReasonableTests.self), String(describing: InlineMathClosedTests.self),
            String(describing: LaTeXCommandKnownTests.self), String(describing: MathBracesBalancedTests.self),
            String(describing: MathDelimitersMatchedTests.self), String(describing: MathEnvironmentsMatchedTests.self),
            String(describing: NestingWithinLimitTests.self),
            String(describing: QuestionOrImagePresentTests.self), String(describing: ReversedValueValidTests.self),
            String(describing: TopicPresentTests.self), String(describing: ValidUTF8Tests.self),
            String(describing: ClozeDeletionsValidTests.self), String(describing: ClozeNumbersInOrderTests.self),
            String(describing: ClozeFieldsValidTests.self), String(describing: MergeConflictResolvedTests.self),
        ]
        // StateMatchesCards is tested with the scheduling state, in BadgerStudyTests.
        #expect(Set(RuleCatalog.all.map { $0.id + "Tests" }).subtracting(["StateMatchesCardsTests"]) == tested)
    }
}

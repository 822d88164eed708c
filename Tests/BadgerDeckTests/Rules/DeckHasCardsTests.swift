import Testing

@testable import BadgerDeck

@Suite struct DeckHasCardsTests {
    static let rule = "DeckHasCards"

    @Test func deckWithoutCardsIsWarnedAbout() throws {
        let found = try assertFindings(
            """
            1️⃣---
            topic: Geography
            ---
            # Capitals

            Cards will follow.
            """, ["1️⃣": Self.rule])
        #expect(found.first?.message == DeckHasCards.message)
    }

    @Test func severityIsWarning() throws {
        expectSeverity(diagnostics(try lint("---\ntopic: T\n---\n"), of: Self.rule), .warning, rule: Self.rule)
    }

    @Test func deckWithACardHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What?\nA: That.\n"))
    }

    @Test func frontMatterAloneWithoutTrailingNewline() throws {
        try assertFindings("1️⃣---\ntopic: T\n---", ["1️⃣": Self.rule])
    }

    @Test func labelsOnlyInListsAndCodeAreNoCards() throws {
        try assertFindings("1️⃣---\ntopic: T\n---\n- Q: x\n- A: y\n\n```\nQ: z\n```\n", ["1️⃣": Self.rule])
    }

    @Test func strayFieldsAreReportedByFieldAfterQuestionInstead() throws {
        let all = try assertNoFinding(of: Self.rule, in: deck("A: an answer without a question\n"))
        #expect(all.map(\.ruleID) == ["FieldAfterQuestion"], "\(describe(all))")
    }

    @Test func unclosedFrontMatterIsReportedByFrontMatterClosedInstead() throws {
        try assertNoFinding(of: Self.rule, in: "---\ntopic: T\n")
    }

    @Test func nonDeckIsReportedByFileIsDeckInstead() throws {
        try assertNoFinding(of: Self.rule, in: "# Notes\n")
    }
}

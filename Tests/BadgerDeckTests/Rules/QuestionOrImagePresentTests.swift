import Testing

@testable import BadgerDeck

@Suite struct QuestionOrImagePresentTests {
    static let rule = "QuestionOrImagePresent"

    @Test func emptyQuestionIsAnError() throws {
        let found = try assertFindings(
            """
            ---
            topic: Geography
            ---
            1️⃣Q:
            A: Paris
            """, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message == QuestionOrImagePresent.message)
    }

    @Test func blankQuestionIsAnError() throws {
        try assertFindings(deck("Q: Fine?\nA: yes\n\n  1️⃣Q:   \nA: Paris\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q:\nA: x\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func questionWithTextHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What is the capital of France?\nA: Paris\n"))
    }

    @Test func imageAloneIsAQuestion() throws {
        let all = try assertNoFinding(
            of: Self.rule, in: deck("Q: ![](flag.png)\nA: France\n"), extraFiles: ["flag.png": tinyPNG])
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func questionInTheFollowingBlockCounts() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(
                """
                Q:

                ```swift
                let x = 1 + 1
                ```

                A: x is 2
                """))
    }
}

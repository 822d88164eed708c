import Testing

@testable import BadgerDeck

@Suite struct AnswerPresentTests {
    static let rule = "AnswerPresent"

    @Test func cardWithoutAnswerIsAnError() throws {
        let found = try assertFindings(
            """
            ---
            topic: Geography
            ---
            1️⃣Q: What is the capital of France?
            E: It is also its largest city.
            """, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message == AnswerPresent.missing)
    }

    @Test func emptyAnswerIsReportedAtItsLabel() throws {
        let found = try assertFindings(
            """
            ---
            topic: Geography
            ---
            Q: What is the capital of France?
            1️⃣A:

            Q: What is the capital of Spain?
            A: Madrid
            """, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message == AnswerPresent.empty)
    }

    @Test func severityIsError() throws {
        let found = diagnostics(try lint(deck("Q: What?\n")), of: Self.rule)
        expectSeverity(found, .error, rule: Self.rule)
    }

    @Test func cardWithAnswerHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What is the capital of France?\nA: Paris\n"))
    }

    @Test func answerInTheFollowingBlocksCounts() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(
                """
                Q: Name two primary colors.
                A:

                - red
                - blue
                """))
    }

    @Test func longAndLowercaseLabelsCount() throws {
        try assertNoFinding(of: Self.rule, in: deck("question: What?\nanswer: That.\n"))
    }

    @Test func everyCardIsCheckedOnItsOwn() throws {
        try assertFindings(
            deck(
                """
                1️⃣Q: First?

                Q: Second?
                A: yes

                2️⃣Q: Third?
                H: a hint is not an answer
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
    }

    @Test func headingEndsTheCardBeforeItsAnswer() throws {
        try assertFindings(
            deck(
                """
                1️⃣Q: What?
                ## Section
                A: the heading ended the card
                """), ["1️⃣": Self.rule], rule: Self.rule)
    }

    /// A line inside a multi-line code span that looks like a label is plain text; the empty
    /// answer is the real `A:` on the line after it.
    @Test func labelLookalikeInMultiLineCodeSpanDoesNotShiftThePosition() throws {
        try assertFindings(
            deck(
                """
                Q: What does `x
                A: y` print?
                1️⃣A:
                """), ["1️⃣": Self.rule], rule: Self.rule)
    }
}

import Testing

@testable import BadgerDeck

@Suite struct FieldAfterQuestionTests {
    static let rule = "FieldAfterQuestion"

    @Test func answerBeforeAnyQuestionIsAnError() throws {
        let found = try assertFindings(
            """
            ---
            topic: Geography
            ---
            Some prose first.

            1️⃣A: Paris
            """, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("Q:") == true)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("A: stray\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func fieldsAfterTheirQuestionHaveNoFinding() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(
                """
                Intro prose is ignored.

                # Section

                More prose.

                Q: What?
                A: That.
                E: Because.
                H: Think.
                R: no
                """))
    }

    @Test func headingEndsTheCard() throws {
        try assertFindings(
            deck(
                """
                Q: What is the capital of France?

                ## Spain

                1️⃣A: Paris
                """), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func headingDirectlyUnderTheQuestionEndsTheCard() throws {
        try assertFindings(
            deck(
                """
                Q: What is the capital of France?
                # Capitals
                1️⃣A: Paris
                2️⃣E: explained
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
    }

    @Test func thematicBreakEndsTheCard() throws {
        try assertFindings(
            deck(
                """
                Q: What?
                A: That.

                ***

                1️⃣E: This explanation has no card.

                ---

                2️⃣H: Neither has this hint.
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
    }

    @Test func everyKindOfFieldIsChecked() throws {
        try assertFindings(
            deck(
                """
                1️⃣R: yes
                2️⃣Hint: think
                3️⃣explanation: because
                Q: What?
                A: That.
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule, "3️⃣": Self.rule], rule: Self.rule)
    }
}

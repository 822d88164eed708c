import Testing

@testable import BadgerDeck

@Suite struct CardNotSwallowedByHeadingTests {
    static let rule = "CardNotSwallowedByHeading"

    @Test func dashesUnderALabelLineAreWarnedAbout() throws {
        try assertFindings(
            """
            ---
            topic: Geography
            ---
            1️⃣Q: What is the capital of France?
            A: Paris
            ---
            """, ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func equalsSignsUnderALabelLineAreWarnedAbout() throws {
        try assertFindings(deck("Intro.\n\n1️⃣Q: What?\n===\nA: That.\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func severityIsWarning() throws {
        expectSeverity(diagnostics(try lint(deck("Q: x\nA: y\n---\n")), of: Self.rule), .warning, rule: Self.rule)
    }

    @Test func blankLineBeforeTheDashesHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What?\nA: That.\n\n---\n\nQ: Next?\nA: yes\n"))
    }

    @Test func atxHeadingWithLabelTextIsJustAHeading() throws {
        try assertNoFinding(of: Self.rule, in: deck("# Q: and A: explained\n\nQ: What?\nA: That.\n"))
    }

    @Test func labelLineUnderAProseLineIsStillSwallowed() throws {
        // The setext heading starts at the prose line; the card below it is lost all the same.
        try assertFindings(
            deck(
                """
                Some prose about France.
                1️⃣Q: What is the capital of France?
                A: Paris
                ---
                """), ["1️⃣": Self.rule], rule: Self.rule)
    }
}

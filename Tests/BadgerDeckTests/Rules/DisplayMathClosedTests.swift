import Testing

@testable import BadgerDeck

@Suite struct DisplayMathClosedTests {
    static let rule = "DisplayMathClosed"

    @Test func displayMathThatNeverClosesIsAnError() throws {
        try assertFindings(
            """
            ---
            topic: Algebra
            ---
            Q: Expand the square.
            A:

            1️⃣$$
            (a + b)^2 = a^2 + 2ab + b^2
            """, ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q: x\nA: $$y\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func closedDisplayMathHasNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule,
            in: deck(
                """
                Q: Expand $(a + b)^2$.
                A: $$a^2 + 2ab + b^2$$
                E:

                $$
                (a + b)^2 = (a + b)(a + b)
                $$
                """))
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func blankLineEndsDisplayMath() throws {
        try assertFindings(
            deck(
                """
                Q: Expand.
                A:

                1️⃣$$
                a^2

                b^2
                2️⃣$$
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
    }

    @Test func unclosedDisplayAfterClosedOneOnTheSameLine() throws {
        try assertFindings(deck("Q: Is $$x$$ like 1️⃣$$y?\nA: no\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }
}

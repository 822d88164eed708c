import Testing

@testable import BadgerDeck

@Suite struct InlineMathClosedTests {
    static let rule = "InlineMathClosed"

    @Test func dollarThatNeverClosesIsWarnedAbout() throws {
        try assertFindings(
            """
            ---
            topic: Algebra
            ---
            Q: What is 1️⃣$x + y when x = 1?
            A: It depends on y.
            """, ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func severityIsWarning() throws {
        expectSeverity(diagnostics(try lint(deck("Q: $x\nA: y\n")), of: Self.rule), .warning, rule: Self.rule)
    }

    @Test func closedMathHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What is $x + y$ for $x = 1$?\nA: $1 + y$\n"))
    }

    @Test func dollarsBeforeDigitsAreNotMath() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: Which is more, $5 and $10?\nA: $10, costing $3 more than $7\n"))
    }

    @Test func escapedAndSpacedDollarsAreNotMath() throws {
        try assertNoFinding(of: Self.rule, in: deck(#"Q: Is \$x a price, or $ 5?\#nA: \$x is text\#n"#))
    }

    @Test func dollarsInCodeAreCode() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(
                """
                Q: What does `echo $HOME` print?
                A: The home directory, as in

                ```sh
                cd $HOME
                ```
                """))
    }

    @Test func mathDoesNotRunIntoTheNextField() throws {
        try assertFindings(
            deck(
                """
                Q: What is 1️⃣$x
                A: $x$ is a variable
                """), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func eachUnclosedDollarIsReported() throws {
        try assertFindings(deck("Q: 1️⃣$x + 2️⃣$y?\nA: z\n"), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
    }

    @Test func columnCountsUTF8Bytes() throws {
        try assertFindings(deck("Q: Größe?\nA: Die Größe ist 1️⃣$x\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func positionOnAContinuationLine() throws {
        try assertFindings(deck("Q: What is\nthe value of 1️⃣$x + y?\nA: z\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func positionOnAnIndentedContinuationLine() throws {
        try assertFindings(deck("Q: What is\n    the value of 1️⃣$x + y?\nA: z\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }
}

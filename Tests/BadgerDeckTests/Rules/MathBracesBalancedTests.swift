import Testing

@testable import BadgerDeck

@Suite struct MathBracesBalancedTests {
    static let rule = "MathBracesBalanced"

    @Test func unclosedBraceIsReportedAtTheMath() throws {
        let found = try assertFindings(
            #"""
            ---
            topic: Algebra
            ---
            Q: What is 1️⃣$\frac{a}{b$?
            A: a over b
            """#, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message == MathBracesBalanced.unclosed)
    }

    @Test func unexpectedClosingBraceIsAnError() throws {
        let found = try assertFindings(deck("Q: What?\nA: 1️⃣$a}$\n"), ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message == MathBracesBalanced.unexpected)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q: ${x$\nA: y\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func balancedAndEscapedBracesHaveNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck(#"Q: Is $\{x \mid x^{2} > 1\}$ a set?\#nA: $\frac{1}{2}$, yes\#n"#))
    }

    @Test func displayMathIsReportedAtItsDollars() throws {
        try assertFindings(deck("Q: What?\nA: x\nE:\n\n1️⃣$$\n\\sqrt{2\n$$\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func bracesInCodeAreNotMath() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What is `$a}$`?\nA: code\n"))
    }
}

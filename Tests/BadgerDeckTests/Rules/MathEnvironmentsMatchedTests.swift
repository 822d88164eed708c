import Testing

@testable import BadgerDeck

@Suite struct MathEnvironmentsMatchedTests {
    static let rule = "MathEnvironmentsMatched"

    @Test func unclosedEnvironmentIsAnError() throws {
        let found = try assertFindings(
            #"""
            ---
            topic: Linear algebra
            ---
            Q: What is the identity matrix?
            A: 1️⃣$\begin{pmatrix} 1 & 0 \\ 0 & 1$
            """#, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("pmatrix") == true)
    }

    @Test func mismatchedEndIsAnError() throws {
        let found = try assertFindings(
            deck(#"Q: What?\#nA: 1️⃣$\begin{pmatrix} 1 \end{bmatrix}$\#n"#), ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.contains { $0.message.contains(#"\end{bmatrix}"#) })
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck(#"Q: $\begin{matrix} a$\#nA: y\#n"#)), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func matchedEnvironmentsHaveNoFinding() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(
                #"""
                Q: What is the identity matrix?
                A:

                $$
                \begin{pmatrix} \begin{matrix} 1 \end{matrix} & 0 \\ 0 & 1 \end{pmatrix}
                $$
                """#))
    }

    @Test func endWithoutBeginIsAnError() throws {
        try assertFindings(deck(#"Q: What?\#nA: 1️⃣$x \end{matrix}$\#n"#), ["1️⃣": Self.rule], rule: Self.rule)
    }
}

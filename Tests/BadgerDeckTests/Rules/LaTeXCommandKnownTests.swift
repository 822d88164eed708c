import Testing

@testable import BadgerDeck

@Suite struct LaTeXCommandKnownTests {
    static let rule = "LaTeXCommandKnown"

    @Test func unknownCommandIsWarnedAboutWithASuggestion() throws {
        let found = try assertFindings(
            #"""
            ---
            topic: Algebra
            ---
            Q: What is 1️⃣$\fracc{1}{2}$ as a decimal?
            A: 0.5
            """#, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains(#"did you mean `\frac`?"#) == true, "\(describe(found))")
    }

    @Test func severityIsWarning() throws {
        expectSeverity(diagnostics(try lint(deck(#"Q: $\foo$\#nA: y\#n"#)), of: Self.rule), .warning, rule: Self.rule)
    }

    @Test func knownCommandsHaveNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule,
            in: deck(
                #"Q: Is $\alpha \in \mathbb{R}$ and $\sum_{i=1}^{n} \sqrt{x_i} \leq \infty$?\#nA: $\text{yes}$, $\lambda \to 0$\#n"#))
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func unknownEnvironmentIsWarnedAboutWithASuggestion() throws {
        let found = try assertFindings(
            deck(#"Q: What?\#nA: 1️⃣$\begin{matirx} a \end{matirx}$\#n"#), ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("did you mean `matrix`?") == true, "\(describe(found))")
    }

    @Test func farOffCommandGetsNoSuggestion() throws {
        let found = try assertFindings(deck(#"Q: 1️⃣$\qwertyuiop$\#nA: y\#n"#), ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("did you mean") == false)
    }

    @Test func suggestionKeepsTheCaseOfTheTypo() throws {
        // LaTeX is case-sensitive: `\lamda` is a typo of `\lambda`, not of `\Lambda`.
        let found = try assertFindings(deck(#"Q: What is 1️⃣$\lamda$?\#nA: y\#n"#), ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains(#"did you mean `\lambda`?"#) == true, "\(describe(found))")
    }

    @Test func everyUnknownCommandIsReportedAtItsMath() throws {
        try assertFindings(
            deck(#"Q: Is 1️⃣$\foo + \baz$ like 2️⃣$\qux$?\#nA: y\#n"#), [("1️⃣", Self.rule), ("1️⃣", Self.rule), ("2️⃣", Self.rule)],
            rule: Self.rule)
    }

    @Test func commandUsedTwiceInOneSpanIsReportedOnce() throws {
        try assertFindings(
            deck(#"Q: Is 1️⃣$\foo + \foo^2$ like 2️⃣$\foo$?\#nA: y\#n"#), [("1️⃣", Self.rule), ("2️⃣", Self.rule)], rule: Self.rule)
    }

    @Test func physicsNotationKaTeXRendersHasNoFinding() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(#"Q: What is $\braket{\phi|\psi}$ for $\ket{0}, \bra{1}$ in $\Set{x \in \R | x > 0}$?\#nA: $\argmax_{n \in \N} f$\#n"#)
        )
    }

    @Test func commandsInCodeAreNotMath() throws {
        try assertNoFinding(of: Self.rule, in: deck(#"Q: What does `$\foo$` do?\#nA: nothing\#n"#))
    }

    @Test func positionOnAnIndentedContinuationLine() throws {
        try assertFindings(deck(#"Q: What is\#n  the value of 1️⃣$\foo$?\#nA: z\#n"#), ["1️⃣": Self.rule], rule: Self.rule)
    }
}

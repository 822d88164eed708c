import Testing

@testable import BadgerDeck

@Suite struct MathDelimitersMatchedTests {
    static let rule = "MathDelimitersMatched"

    @Test func leftWithoutRightIsAnError() throws {
        let found = try assertFindings(
            #"""
            ---
            topic: Algebra
            ---
            Q: Simplify 1️⃣$\left( \frac{a}{b}$.
            A: It is already simple.
            """#, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message == MathDelimitersMatched.leftAlone)
    }

    @Test func rightWithoutLeftIsAnError() throws {
        let found = try assertFindings(deck(#"Q: What?\#nA: 1️⃣$x \right)$\#n"#), ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message == MathDelimitersMatched.rightAlone)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck(#"Q: $\left( x$\#nA: y\#n"#)), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func matchedAndInvisibleDelimitersHaveNoFinding() throws {
        try assertNoFinding(
            of: Self.rule, in: deck(#"Q: What is $\left( \frac{a}{b} \right)^2$?\#nA: $\left. \frac{df}{dx} \right|_{x=0}$\#n"#))
    }

    @Test func eachMathSpanIsCheckedOnItsOwn() throws {
        // A \left in one span is not closed by a \right in another.
        try assertFindings(
            deck(#"Q: Is 1️⃣$\left( a$ equal to 2️⃣$b \right)$?\#nA: no\#n"#), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
    }
}

import Testing

@testable import BadgerDeck

@Suite struct ReversedValueValidTests {
    static let rule = "ReversedValueValid"

    @Test func valueOtherThanYesNoTrueFalseIsAnError() throws {
        let found = try assertFindings(
            """
            ---
            topic: Geography
            ---
            Q: What is the capital of France?
            A: Paris
            1️⃣R: maybe
            """, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("maybe") == true)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q: x\nA: y\nR: sometimes\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test(arguments: ["yes", "no", "true", "false", "Yes", "NO", "True", "FALSE"])
    func yesNoTrueFalseInAnyCaseAreValid(_ value: String) throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What?\nA: That.\nR: \(value)\n"))
    }

    @Test func emptyValueIsAnError() throws {
        try assertFindings(deck("Q: What?\nA: That.\n1️⃣Reversed:\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func valueFollowedByMoreTextIsAnError() throws {
        // The paragraph after `R: yes` belongs to the R: field.
        try assertFindings(
            deck(
                """
                Q: What?
                A: That.
                1️⃣R: yes
                and some more text
                """), ["1️⃣": Self.rule], rule: Self.rule)
    }
}

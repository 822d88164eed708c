import Testing

@testable import BadgerDeck

@Suite struct FieldNotRepeatedTests {
    static let rule = "FieldNotRepeated"

    @Test func secondAnswerIsAnErrorWithANoteAtTheFirst() throws {
        let marked = """
            ---
            topic: Geography
            ---
            Q: What is the capital of France?
            2️⃣A: Paris
            1️⃣A: Lyon
            """
        let found = try assertFindings(marked, ["1️⃣": Self.rule], rule: Self.rule)
        let note = try #require(found.first?.notes.first)
        #expect(note.file == "deck.md")
        #expect(note.range?.start == MarkedText(marked)["2️⃣"])
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q: x\nA: 1\nA: 2\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func oneOfEachFieldHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What?\nA: That.\nE: Because.\nH: Think.\nR: yes\n"))
    }

    @Test func longAndShortLabelsAreTheSameField() throws {
        try assertFindings(
            deck(
                """
                Q: What?
                Answer: That.
                E: Because.
                1️⃣a: Also that.
                2️⃣Explanation: And because.
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
    }

    @Test func everyRepeatIsReported() throws {
        try assertFindings(
            deck(
                """
                Q: What?
                A: That.
                H: one
                1️⃣H: two
                2️⃣H: three
                R: yes
                3️⃣R: no
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule, "3️⃣": Self.rule], rule: Self.rule)
    }

    @Test func secondQuestionStartsANewCard() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: One?\nQ: Two?\nA: yes\n"))
    }
}

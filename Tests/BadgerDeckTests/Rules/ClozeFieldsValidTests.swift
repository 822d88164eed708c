import Testing

@testable import BadgerDeck

@Suite struct ClozeFieldsValidTests {
    @Test func anAnswerOrReversedInAClozeCardIsAnError() throws {
        _ = try assertFindings(
            deck("C: {{c1::a}} b\n1️⃣A: extra\n2️⃣R: yes\n"), ["1️⃣": "ClozeFieldsValid", "2️⃣": "ClozeFieldsValid"],
            rule: "ClozeFieldsValid")
    }

    @Test func aClozeCardNeedsNoQuestionOrAnswer() throws {
        let all = try lint(deck("C: {{c1::a}} b\n"))
        #expect(diagnostics(all, of: "QuestionOrImagePresent").isEmpty)
        #expect(diagnostics(all, of: "AnswerPresent").isEmpty)
    }
}

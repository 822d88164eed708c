import Testing

@testable import BadgerDeck

@Suite struct ClozeNumbersInOrderTests {
    @Test func skippedNumbersAreAWarning() throws {
        let found = try assertFindings(
            deck("C: {{c1::a}} b 1️⃣{{c3::c}} d\n"), ["1️⃣": "ClozeNumbersInOrder"], rule: "ClozeNumbersInOrder")
        expectSeverity(found, .warning, rule: "ClozeNumbersInOrder")
    }
}

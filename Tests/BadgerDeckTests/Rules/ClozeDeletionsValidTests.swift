import Testing

@testable import BadgerDeck

@Suite struct ClozeDeletionsValidTests {
    @Test func aClozeCardWithDeletionsHasNoFinding() throws {
        let all = try lint(
            deck(
                """
                C: {{c1::Canberra}} is the capital of {{c2::Australia::country}}.
                E: Not Sydney.
                H: Think of a planned city.

                C: [Berlin] is the capital of [Germany].

                C: $e^{i\\pi} = {{c1::-1}}$ and $\\frac{ {{c2::a+b}} }{2}$
                """))
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func everyDeletionProblemIsAnErrorWhereItStands() throws {
        let found = try assertFindings(
            deck(
                """
                1️⃣C:

                2️⃣C: no deletion here

                C: An 3️⃣{{c1::open {{c2::deletion

                C: An 4️⃣{{c1::}} and {{c2::x}}

                C: A 5️⃣{{c0::zero}} here

                C: 6️⃣{{c1::The whole thing}}.
                """),
            [
                "1️⃣": "ClozeDeletionsValid", "2️⃣": "ClozeDeletionsValid", "3️⃣": "ClozeDeletionsValid", "4️⃣": "ClozeDeletionsValid",
                "5️⃣": "ClozeDeletionsValid",
                "6️⃣": "ClozeDeletionsValid",
            ], rule: "ClozeDeletionsValid")
        expectSeverity(found, .error, rule: "ClozeDeletionsValid")
        #expect(found.map(\.message).contains(ClozeDeletionsValid.noDeletion))
        #expect(found.map(\.message).contains(ClozeDeletionsValid.hidesEverything(1, brackets: false)))
    }

    @Test func anUnclosedDeletionIsReportedAtItsStart() throws {
        let found = try assertFindings(deck("C: An 1️⃣{{c1::open and {{c2::x}}\n"), ["1️⃣": "ClozeDeletionsValid"], rule: "ClozeDeletionsValid")
        #expect(found.first?.message == ClozeDeletionsValid.unclosed(1))
    }

    @Test func aDeletionOnALaterLineIsReportedThere() throws {
        _ = try assertFindings(
            deck("C:\n  The first line\n  and the 1️⃣{{c1::}} second {{c2::x}}\n"), ["1️⃣": "ClozeDeletionsValid"],
            rule: "ClozeDeletionsValid")
    }

    @Test func aSwallowedCLabelIsReported() throws {
        _ = try assertFindings(
            deck("Setext heading\n1️⃣C: {{c1::a}} b\n---\n"), ["1️⃣": "CardNotSwallowedByHeading"], rule: "CardNotSwallowedByHeading")
    }

    @Test func twoClozeCardsAskingTheSameAreDuplicates() throws {
        _ = try assertFindings(
            deck("C: {{c1::Paris}} is in France.\n\n1️⃣C: {{c1::Lyon}} is in France.\n"), ["1️⃣": "CardUnique"], rule: "CardUnique")
    }
}

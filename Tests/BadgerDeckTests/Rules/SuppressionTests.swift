import Testing

@testable import BadgerDeck

@Suite struct SuppressionTests {
    @Test func ignoreCommentSuppressesOnlyTheNamedRuleOfTheNextCard() throws {
        try assertFindings(
            #"""
            ---
            topic: Geography
            ---
            <!-- badger-ignore: AnswerPresent -->
            Q: What is the capital of 1️⃣$\Frnce$?

            2️⃣Q: What is the capital of Spain?
            """#, ["1️⃣": "LaTeXCommandKnown", "2️⃣": "AnswerPresent"])
    }

    @Test func ignoreCommentWithoutRulesSuppressesEverythingForTheNextCardOnly() throws {
        try assertFindings(
            #"""
            ---
            topic: Geography
            ---
            <!-- badger-ignore -->
            Q: What is $\Frnce$?
            A: $x
            A: twice

            1️⃣Q: What is 2️⃣$\Spian$?
            """#, ["1️⃣": "AnswerPresent", "2️⃣": "LaTeXCommandKnown"])
    }

    @Test func severalRulesCanBeNamed() throws {
        try assertFindings(
            deck(
                """
                <!-- badger-ignore: AnswerPresent, InlineMathClosed -->
                Q: What is $x?
                H: a hint, and a second:
                1️⃣H: hint
                """), ["1️⃣": "FieldNotRepeated"])
    }

    @Test func commentRightAfterTheCardBeforeAppliesToTheNextCard() throws {
        try assertFindings(
            deck(
                """
                1️⃣Q: First?
                <!-- badger-ignore: AnswerPresent -->
                Q: Second?

                2️⃣Q: Third?
                """), ["1️⃣": "AnswerPresent", "2️⃣": "AnswerPresent"])
    }

    @Test func fileCommentSuppressesTheRuleInTheWholeFile() throws {
        try assertFindings(
            #"""
            ---
            topic: Greek
            ---
            Q: Which letter is $\alpah$?
            A: alpha

            <!-- badger-ignore-file: LaTeXCommandKnown -->

            Q: Which letter is $\betta$?
            1️⃣A: beta, 2️⃣$\frac{1}{2$
            3️⃣A: again
            """#, ["2️⃣": "MathBracesBalanced", "3️⃣": "FieldNotRepeated"])
    }

    @Test func fileCommentWithoutRulesSuppressesEverything() throws {
        let all = try lint(deck("Q: $\\alpah$\n\n<!-- badger-ignore-file -->\n\nA: stray\n\nQ: $\\alpah$\n"))
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func unrelatedRulesAndOtherPlacesAreStillReported() throws {
        try assertFindings(
            """
            ---
            topic: Geography
            1️⃣colour: red
            ---
            <!-- badger-ignore -->
            Q: Suppressed?

            ## Next section

            2️⃣A: stray answers belong to no card
            """, ["1️⃣": "FrontMatterKeyKnown", "2️⃣": "FieldAfterQuestion"])
    }

    @Test func ignoreCommentSuppressesACollectionFinding() throws {
        let all = try lint(
            decks: [
                "a.md": deck("Q: What is 2 + 2?\nA: 4\n"),
                "b.md": deck("<!-- badger-ignore: CardUnique -->\nQ: What is 2 + 2?\nA: four\n\nQ: What is 2 + 2?\nA: IV\n"),
            ])
        #expect(
            all.map(Finding.init) == [Finding(file: "b.md", location: Location(line: 8, column: 1), rule: "CardUnique")], "\(describe(all))"
        )
    }

    @Test func ordinaryCommentsSuppressNothing() throws {
        try assertFindings(deck("<!-- a note: AnswerPresent -->\n1️⃣Q: x\n"), ["1️⃣": "AnswerPresent"])
    }
}

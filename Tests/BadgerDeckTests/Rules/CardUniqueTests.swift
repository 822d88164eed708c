import Foundation
import Testing

@testable import BadgerDeck

@Suite struct CardUniqueTests {
    static let rule = "CardUnique"

    @Test func sameQuestionTwiceInOneDeckIsAnError() throws {
        let marked = """
            ---
            topic: Geography
            ---
            2️⃣Q: What is the capital of France?
            A: Paris

            1️⃣Q: What is the capital of France?
            A: Paris, still
            """
        let found = try assertFindings(marked, ["1️⃣": Self.rule], rule: Self.rule)
        let note = try #require(found.first?.notes.first)
        #expect(note.file == "deck.md")
        #expect(note.range?.start == MarkedText(marked)["2️⃣"])
        #expect(found.first?.message.contains("What is the capital of France?") == true)
    }

    /// The same question with "é" written once composed and once as e and a combining accent
    /// looks the same and asks the same (their ids differ; matching already read them as one).
    @Test func questionsThatDifferOnlyInUnicodeNormalizationAreDuplicates() throws {
        let composed = "Où est le café?"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        for (first, second) in [(composed, decomposed), (decomposed, composed)] {
            try assertFindings(
                "---\ntopic: French\n---\nQ: \(first)\nA: Here\n\n1️⃣Q: \(second)\nA: Here\n", ["1️⃣": Self.rule], rule: Self.rule)
        }
        // Characters whose composed form is another single one: the Angstrom, Ohm and Kelvin
        // signs, the Greek question mark.
        for (first, second) in [
            ("Unit \u{212B}", "Unit \u{C5}"), ("1 \u{2126}", "1 \u{3A9}"), ("0 \u{212A}", "0 K"), ("αρετή\u{37E}", "αρετή;"),
        ] {
            try assertFindings("---\ntopic: T\n---\nQ: \(first)\nA: a\n\n1️⃣Q: \(second)\nA: b\n", ["1️⃣": Self.rule], rule: Self.rule)
        }
        // Cloze cards too: the same text around the deletion.
        try assertFindings(
            "---\ntopic: T\n---\nC: Phở bò {{c1::x}}\n\n1️⃣C: \("Phở bò".decomposedStringWithCanonicalMapping) {{c1::y}}\n", ["1️⃣": Self.rule],
            rule: Self.rule)
        // Text that is composed already, and other scripts, are not duplicates of anything else.
        try assertNoFinding(
            of: Self.rule, in: deck("Q: Où est le café?\nA: Ici\n\nQ: Où est la gare?\nA: Là\n\nQ: 한국어\nA: x\n\nQ: 한국\nA: y\n"))
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q: x\nA: 1\n\nQ: x\nA: 2\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func differentQuestionsHaveNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: Capital of France?\nA: Paris\n\nQ: Capital of Spain?\nA: Madrid\n"))
    }

    @Test func sameQuestionInTwoFilesOfOneTopicPointsAtTheFirst() throws {
        let decks = [
            "a.md": deck("2️⃣Q: What is 2 + 2?\nA: 4\n", topic: "Arithmetic"),
            "b.md": deck("Q: What is 3 + 3?\nA: 6\n\n1️⃣Q: What is 2 + 2?\nA: four\n", topic: "Arithmetic"),
        ]
        let found = try assertFindings(decks: decks, [("b.md", "1️⃣", Self.rule)], rule: Self.rule)
        let note = try #require(found.first?.notes.first)
        #expect(note.file == "a.md")
        #expect(note.range?.start == MarkedText(decks["a.md"]!)["2️⃣"])
    }

    @Test func sameQuestionInDifferentTopicsHasNoFinding() throws {
        let all = try lint(decks: [
            "a.md": deck("Q: What is the plural?\nA: -s\n", topic: "English"),
            "b.md": deck("Q: What is the plural?\nA: -en\n", topic: "German"),
        ])
        #expect(diagnostics(all, of: Self.rule).isEmpty, "\(describe(all))")
    }

    @Test func topicsDifferingOnlyInCaseAreOneTopic() throws {
        try assertFindings(
            decks: [
                "a.md": deck("Q: What is 2 + 2?\nA: 4\n", topic: "Arithmetic"),
                "b.md": deck("1️⃣Q: What is 2 + 2?\nA: 4\n", topic: "arithmetic"),
            ], [("b.md", "1️⃣", Self.rule)], rule: Self.rule)
    }

    @Test func reflowedQuestionIsTheSameQuestion() throws {
        try assertFindings(
            deck(
                """
                Q: What is the capital
                   of France?
                A: Paris

                1️⃣Q: What is  the capital of France?
                A: Paris
                """), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func reversalThatAsksAnExistingQuestionIsAnError() throws {
        // The second card, reversed, asks "Paris" — which the first card already asks.
        let marked = """
            ---
            topic: Geography
            ---
            2️⃣Q: Paris
            A: capital of France

            Q: capital of France
            1️⃣A: Paris
            R: yes
            """
        let found = try assertFindings(marked, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("revers") == true)
        #expect(found.first?.notes.first?.range?.start == MarkedText(marked)["2️⃣"])
    }

    @Test func questionThatAReversalAskedFirstIsAnError() throws {
        let marked = """
            ---
            topic: Geography
            ---
            Q: capital of France
            2️⃣A: Paris
            R: yes

            1️⃣Q: Paris
            A: capital of France
            """
        let found = try assertFindings(marked, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.notes.first?.range?.start == MarkedText(marked)["2️⃣"])
    }

    @Test func reversalByFrontMatterDefaultCounts() throws {
        // The first card is reversed by default and so asks "capital of France" first.
        let marked = """
            ---
            topic: Geography
            reversed: true
            ---
            Q: Paris
            2️⃣A: capital of France

            1️⃣Q: capital of France
            A: Paris
            R: no
            """
        let found = try assertFindings(marked, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.notes.first?.range?.start == MarkedText(marked)["2️⃣"])
    }

    @Test func unreversedCardsDoNotCollideWithTheirMirror() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(
                """
                Q: Paris
                A: capital of France

                Q: capital of France
                A: Paris
                R: no
                """))
    }

    @Test func eachFurtherRepeatIsReported() throws {
        try assertFindings(
            deck("Q: x?\nA: 1\n\n1️⃣Q: x?\nA: 2\n\n2️⃣Q: x?\nA: 3\n"), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
    }
}

import Testing

@testable import BadgerDeck

@Suite struct FileIsDeckTests {
    static let rule = "FileIsDeck"

    @Test func markdownWithoutFrontMatterOrCardsIsSkippedWithAWarning() throws {
        let found = try assertFindings(
            """
            1️⃣# Read me

            These are my flash cards. Use `badger lint` to check them.
            """, ["1️⃣": Self.rule], named: "README.md")
        #expect(found.first?.message == FileIsDeck.message)
        #expect(found.first?.notes.first?.message.contains("exclude") == true)
    }

    @Test func severityIsWarning() throws {
        expectSeverity(diagnostics(try lint("Just text.\n"), of: Self.rule), .warning, rule: Self.rule)
    }

    @Test func deckWithFrontMatterHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What?\nA: That.\n"))
    }

    @Test func frontMatterAloneMakesADeck() throws {
        try assertNoFinding(of: Self.rule, in: "---\ntopic: T\n---\nNo cards yet.\n")
    }

    @Test func cardsWithoutFrontMatterAreADeckWithoutATopic() throws {
        let all = try assertNoFinding(of: Self.rule, in: "Q: What?\nA: That.\n")
        #expect(all.map(\.ruleID) == ["TopicPresent"], "\(describe(all))")
    }

    @Test func labelsInCodeOrListsDoNotMakeADeck() throws {
        try assertFindings(
            """
            1️⃣How to write a card:

            ```
            Q: What?
            A: That.
            ```

            - Q: a question
            - A: an answer

            > Q: quoted
            """, ["1️⃣": Self.rule])
    }

    @Test func emptyFileIsNotADeck() throws {
        try assertFindings("1️⃣", ["1️⃣": Self.rule])
    }
}

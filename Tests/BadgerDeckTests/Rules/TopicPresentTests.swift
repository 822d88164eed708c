import Testing

@testable import BadgerDeck

@Suite struct TopicPresentTests {
    static let rule = "TopicPresent"

    @Test func cardsWithoutFrontMatterAreAnError() throws {
        let found = try assertFindings(
            """
            1️⃣Q: What is the capital of France?
            A: Paris
            """, ["1️⃣": Self.rule])
        #expect(found.first?.message == TopicPresent.noFrontMatter)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint("Q: x\nA: y\n"), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func frontMatterWithTopicHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: x\nA: y\n", topic: "Geography"))
    }

    @Test func emptyQuotedTopicIsReportedAtTheValue() throws {
        let found = try assertFindings("---\ntopic: 1️⃣\"\"\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
        #expect(found.first?.message == TopicPresent.empty)
    }

    @Test func blankTopicIsEmpty() throws {
        try assertFindings("---\ntopic: 1️⃣\"   \"\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
    }

    @Test func topicWithoutValueIsReportedAtTheKey() throws {
        try assertFindings("---\ncolor: \"#fff\"\n1️⃣topic:\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
    }

    @Test func frontMatterWithoutTopicIsAnError() throws {
        let found = try assertFindings("1️⃣---\nreversed: true\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
        #expect(found.first?.message == TopicPresent.missing)
    }

    @Test func emptyFrontMatterHasNoTopic() throws {
        try assertFindings("1️⃣---\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
    }

    @Test func brokenFrontMatterIsReportedByItsOwnRule() throws {
        for text in ["---\ntopic: [x\n---\nQ: x\nA: y\n", "---\n- a\n---\nQ: x\nA: y\n", "---\nQ: x\nA: y\n"] {
            try assertNoFinding(of: Self.rule, in: text)
        }
    }

    @Test func fileWithoutCardsOrFrontMatterIsNoDeck() throws {
        try assertNoFinding(of: Self.rule, in: "# Notes\n\nNothing here.\n")
    }
}

import Testing

@testable import BadgerDeck

@Suite struct FrontMatterKeyKnownTests {
    static let rule = "FrontMatterKeyKnown"

    @Test func misspelledKeyIsWarnedAboutWithDidYouMean() throws {
        let found = try assertFindings(
            """
            ---
            topic: Geography
            1️⃣colour: "#059669"
            ---
            Q: What is the capital of France?
            A: Paris
            """, ["1️⃣": Self.rule])
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message.contains("did you mean `color`?"), "\(describe(found))")
        #expect(diagnostic.range.end == Location(line: 3, column: 1 + "colour".utf8.count))
    }

    @Test func severityIsWarning() throws {
        expectSeverity(diagnostics(try lint("---\ntopic: T\ntitle: x\n---\nQ: x\nA: y\n"), of: Self.rule), .warning, rule: Self.rule)
    }

    @Test func knownKeysHaveNoFinding() throws {
        let all = try assertNoFinding(of: Self.rule, in: "---\ntopic: T\nreversed: true\ncolor: \"#fff\"\n---\nQ: x\nA: y\n")
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test(arguments: [("topics", "topic"), ("reverse", "reversed"), ("Topic", "topic"), ("colr", "color")])
    func typosGetTheClosestKey(_ typo: String, _ key: String) throws {
        let found = try assertFindings(
            "---\ntopic: T\n1️⃣\(typo): x\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("did you mean `\(key)`?") == true, "\(describe(found))")
    }

    @Test func unrelatedKeyListsTheKnownKeys() throws {
        let found = try assertFindings("---\ntopic: T\n1️⃣author: me\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
        let message = try #require(found.first?.message)
        #expect(!message.contains("did you mean"))
        #expect(message.contains("topic") && message.contains("reversed") && message.contains("color"))
    }

    @Test func indentedKeyIsReportedAtItsColumn() throws {
        try assertFindings("---\n  topic: T\n  1️⃣colour: red\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule], rule: Self.rule)
    }
}

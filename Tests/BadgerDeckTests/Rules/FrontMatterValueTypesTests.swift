import Testing

@testable import BadgerDeck

@Suite struct FrontMatterValueTypesTests {
    static let rule = "FrontMatterValueTypes"

    @Test func quotedYesIsNotABoolean() throws {
        let found = try assertFindings(
            """
            ---
            topic: Geography
            reversed: 1️⃣"yes"
            ---
            Q: What is the capital of France?
            A: Paris
            """, ["1️⃣": Self.rule])
        #expect(found.first?.message.contains("true or false") == true, "\(describe(found))")
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint("---\ntopic: 42\n---\nQ: x\nA: y\n"), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func rightTypesHaveNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule, in: "---\ntopic: Geography\nreversed: false\ncolor: \"#059669\"\n---\nQ: x\nA: y\n")
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func numberAsTopicIsAnError() throws {
        let found = try assertFindings("---\ntopic: 1️⃣42\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
        #expect(found.first?.message.contains("quote it") == true, "\(describe(found))")
    }

    @Test func quotedNumberIsATopic() throws {
        let all = try assertNoFinding(of: Self.rule, in: "---\ntopic: \"42\"\n---\nQ: x\nA: y\n")
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func unquotedHexColorIsACommentSoTheColorIsEmpty() throws {
        let found = try assertFindings("---\ntopic: T\n1️⃣color: #fff\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
        #expect(found.first?.message == FrontMatterValueTypes.emptyColor)
    }

    @Test(arguments: ["\"#ggg\"", "\"#12345\"", "red", "\"059669\""])
    func colorThatIsNoHexColorIsAnError(_ value: String) throws {
        try assertFindings("---\ntopic: T\ncolor: 1️⃣\(value)\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
    }

    @Test(arguments: ["\"#fff\"", "\"#FFF\"", "'#a1B2c3'"])
    func threeAndSixDigitHexColorsAreValid(_ value: String) throws {
        try assertNoFinding(of: Self.rule, in: "---\ntopic: T\ncolor: \(value)\n---\nQ: x\nA: y\n")
    }

    @Test func listsAndNumbersWhereScalarsBelongAreErrors() throws {
        try assertFindings(
            "---\ntopic: 1️⃣[a, b]\nreversed: 2️⃣1\ncolor:\n  3️⃣r: 1\n---\nQ: x\nA: y\n",
            ["1️⃣": Self.rule, "2️⃣": Self.rule, "3️⃣": Self.rule], rule: Self.rule)
    }
}

import Testing

@testable import BadgerDeck

@Suite struct FrontMatterValidYAMLTests {
    static let rule = "FrontMatterValidYAML"

    @Test func yamlErrorIsReportedAtItsLineInTheFile() throws {
        let found = try assertFindings(
            """
            ---
            topic: Geography
            color: "#059669"
            reversed: true1️⃣: false
            ---
            Q: What is the capital of France?
            A: Paris
            """, ["1️⃣": Self.rule])
        #expect(found.first?.message.contains("mapping values are not allowed") == true, "\(describe(found))")
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint("---\ntopic: [a\n---\nQ: x\nA: y\n"), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func validYAMLHasNoFinding() throws {
        try assertNoFinding(
            of: Self.rule, in: "---\n# a comment\ntopic: \"Geography: capitals\"\nreversed: false\ncolor: '#fff'\n---\nQ: x\nA: y\n")
    }

    @Test func columnCountsUTF8Bytes() throws {
        try assertFindings("---\ntopic: Größe1️⃣: x\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
    }

    @Test func lineIsRightWithCRLFAndAByteOrderMark() throws {
        try assertFindings("\u{FEFF}---\r\ntopic: T\r\n\r\nreversed: true1️⃣: false\r\n---\r\nQ: x\r\nA: y\r\n", ["1️⃣": Self.rule])
    }

    @Test func documentThatIsNotAMappingIsAnError() throws {
        let found = try assertFindings("---\n1️⃣- Geography\n- History\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
        #expect(found.first?.message == FrontMatterValidYAML.notAMapping)
    }

    @Test func bareWordIsNotAMapping() throws {
        try assertFindings("---\n1️⃣Geography\n---\nQ: x\nA: y\n", ["1️⃣": Self.rule])
    }
}

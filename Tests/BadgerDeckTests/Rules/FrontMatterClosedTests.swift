import Testing

@testable import BadgerDeck

@Suite struct FrontMatterClosedTests {
    static let rule = "FrontMatterClosed"

    @Test func unclosedFrontMatterIsTheOnlyError() throws {
        // Everything after the opening `---` is read as YAML, so no other rule has anything to say.
        let found = try assertFindings(
            """
            1️⃣---
            topic: Geography

            Q: What is the capital of France?
            A: Paris
            """, ["1️⃣": Self.rule])
        #expect(found.first?.message == FrontMatterClosed.message)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint("---\ntopic: T\n"), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func closedFrontMatterHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: What?\nA: That.\n"))
    }

    @Test func threeDotsCloseFrontMatter() throws {
        let all = try assertNoFinding(of: Self.rule, in: "---\ntopic: T\n...\nQ: What?\nA: That.\n")
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func closingLineMayHaveTrailingBlanksAndCRLF() throws {
        let all = try assertNoFinding(of: Self.rule, in: "---\r\ntopic: T\r\n---  \r\nQ: What?\r\nA: That.\r\n")
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func indentedDashesDoNotClose() throws {
        try assertFindings("1️⃣---\ntopic: T\n ---\nQ: What?\nA: That.\n", ["1️⃣": Self.rule], rule: Self.rule)
    }
}

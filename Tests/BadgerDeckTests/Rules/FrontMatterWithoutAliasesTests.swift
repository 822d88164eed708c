import Testing

@testable import BadgerDeck

@Suite struct FrontMatterWithoutAliasesTests {
    static let rule = "FrontMatterWithoutAliases"

    @Test func anchorAndAliasAreErrors() throws {
        // Only the alias rule speaks: the YAML is not read further, so no topic or type errors.
        let found = try assertFindings(
            """
            ---
            topic: 1️⃣&a Geography
            color: 2️⃣*a
            ---
            Q: What is the capital of France?
            A: Paris
            """, ["1️⃣": Self.rule, "2️⃣": Self.rule])
        #expect(found.first?.message == FrontMatterWithoutAliases.message)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint("---\ntopic: *a\n---\nQ: x\nA: y\n"), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func asteriskAndAmpersandInsideTextHaveNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule,
            in: """
                ---
                topic: Math * Physics & R&D
                color: "*"
                reversed: false # *not* an &alias
                ---
                Q: What?
                A: That.
                """)
        #expect(diagnostics(all, of: "TopicPresent").isEmpty, "\(describe(all))")
    }

    @Test func quotedAnchorsAndAliasesAreText() throws {
        try assertNoFinding(of: Self.rule, in: "---\ntopic: \"&a *b\"\ncolor: '*c'\n---\nQ: x\nA: y\n")
    }

    @Test func aliasesInFlowCollectionsAndListsAreErrors() throws {
        try assertFindings(
            "---\ntopic: T\nextra: [1️⃣&x a, 2️⃣*x]\nmore:\n  - 3️⃣*x\n---\nQ: x\nA: y\n",
            ["1️⃣": Self.rule, "2️⃣": Self.rule, "3️⃣": Self.rule], rule: Self.rule)
    }

    @Test func asteriskInABlockScalarIsText() throws {
        // In a literal block scalar, `*bold*` is text, not an alias.
        try assertNoFinding(of: Self.rule, in: "---\ntopic: |\n  *bold* words\n---\nQ: x\nA: y\n")
    }
}

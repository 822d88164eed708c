import Testing

@testable import BadgerDeck

@Suite struct ImageIsLocalTests {
    static let rule = "ImageIsLocal"

    @Test func httpsImageIsAnError() throws {
        let found = try assertFindings(
            """
            ---
            topic: Flags
            ---
            Q: Whose flag is this? 1️⃣![flag](https://example.org/flag.png)
            A: France
            """, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("https://example.org/flag.png") == true)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q: ![](http://x.org/a.png)\nA: y\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func localImageHasNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule, in: deck("Q: ![flag](flags/fr.png)\nA: France\n"), extraFiles: ["flags/fr.png": tinyPNG])
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func everyRemoteFormIsAnError() throws {
        try assertFindings(
            deck(
                """
                Q: Which? 1️⃣![a](http://example.org/a.png)
                A: 2️⃣![b](//cdn.example.org/b.gif)
                E: 3️⃣![c](data:image/png;base64,iVBORw0KGgo=)
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule, "3️⃣": Self.rule], rule: Self.rule)
    }

    @Test func remoteImageIsNotAlsoReportedAsMissingOrOutside() throws {
        let all = try lint(deck("Q: ![](https://example.org/a.png)\nA: y\n"))
        #expect(all.map(\.ruleID) == [Self.rule], "\(describe(all))")
    }
}

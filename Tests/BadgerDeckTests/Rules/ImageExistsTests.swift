import Testing

@testable import BadgerDeck

@Suite struct ImageExistsTests {
    static let rule = "ImageExists"

    @Test func missingImageIsAnError() throws {
        let found = try assertFindings(
            """
            ---
            topic: Flags
            ---
            Q: Whose flag is this? 1️⃣![flag](flags/fr.png)
            A: France
            """, ["1️⃣": Self.rule], rule: Self.rule)
        #expect(found.first?.message.contains("flags/fr.png") == true)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q: ![](gone.png)\nA: y\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func existingImageHasNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule, in: deck("Q: ![flag](flags/fr.png)\nA: France\n"), extraFiles: ["flags/fr.png": tinyPNG])
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func pathsAreRelativeToTheDecksDirectory() throws {
        try assertFindings(
            deck("Q: 1️⃣![](fr.png) or ![](../fr.png) or ![](./img/es.png)?\nA: y\n"), ["1️⃣": Self.rule], rule: Self.rule,
            named: "europe/deck.md", extraFiles: ["fr.png": tinyPNG, "europe/img/es.png": tinyPNG])
    }

    @Test func percentEncodedPathsAreDecoded() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: ![](my%20flag.png)\nA: y\n"), extraFiles: ["my flag.png": tinyPNG])
    }

    @Test func directoryIsNotAnImage() throws {
        try assertFindings(deck("Q: 1️⃣![](flags)\nA: y\n"), ["1️⃣": Self.rule], rule: Self.rule, extraFiles: ["flags/fr.png": tinyPNG])
    }

    @Test func imagesInEveryFieldAreChecked() throws {
        try assertFindings(
            deck(
                """
                Q: Which flag?
                A: This one: 1️⃣![](a.png)

                - or 2️⃣![](b.png)

                H: 3️⃣![](c.png)
                """), ["1️⃣": Self.rule, "2️⃣": Self.rule, "3️⃣": Self.rule], rule: Self.rule)
    }

    @Test func imageOutsideTheCollectionIsNotAlsoReportedAsMissing() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: ![](../elsewhere/missing.png)\nA: y\n"))
    }

    @Test func columnCountsUTF8Bytes() throws {
        try assertFindings(deck("Q: Größe? 1️⃣![](größe.png)\nA: y\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }

    @Test func positionOnAnIndentedContinuationLine() throws {
        try assertFindings(
            deck(
                """
                Q: Whose flag is this?
                   1️⃣![flag](flags/fr.png)
                A: France
                """), ["1️⃣": Self.rule], rule: Self.rule)
    }
}

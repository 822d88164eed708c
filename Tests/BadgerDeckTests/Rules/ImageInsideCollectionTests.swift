import Testing

@testable import BadgerDeck

@Suite struct ImageInsideCollectionTests {
    static let rule = "ImageInsideCollection"

    @Test func dotDotPathLeavingTheRootIsAnError() throws {
        let found = try assertFindings(
            """
            ---
            topic: Flags
            ---
            Q: Whose flag is this? 1️⃣![flag](../shared/fr.png)
            A: France
            """, ["1️⃣": Self.rule], rule: Self.rule, extraFiles: ["/shared/fr.png": tinyPNG])
        #expect(found.first?.message.contains("../shared/fr.png") == true)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(deck("Q: ![](../x.png)\nA: y\n")), of: Self.rule), .error, rule: Self.rule)
    }

    @Test func pathsInsideTheRootHaveNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule, in: deck("Q: ![](img/../fr.png) ![](../fr.png) ![](/c/fr.png)\nA: y\n"), named: "europe/deck.md",
            extraFiles: ["fr.png": tinyPNG, "europe/fr.png": tinyPNG, "europe/img/x.png": tinyPNG])
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func symlinkPointingOutsideIsAnError() throws {
        try assertFindings(
            deck("Q: 1️⃣![](fr.png) and 2️⃣![](shared/es.png)\nA: y\n"), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule,
            extraFiles: ["/home/me/secret.png": tinyPNG, "/srv/flags/es.png": tinyPNG],
            symlinks: ["fr.png": "/home/me/secret.png", "shared": "../srv/flags"])
    }

    @Test func symlinkPointingInsideHasNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule, in: deck("Q: ![](fr.png) ![](flags/es.png)\nA: y\n"),
            extraFiles: ["images/france.png": tinyPNG, "images/es.png": tinyPNG],
            symlinks: ["fr.png": "images/france.png", "flags": "/c/images"])
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func absolutePathOutsideIsAnError() throws {
        try assertFindings(
            deck("Q: 1️⃣![](/etc/flag.png)\nA: y\n"), ["1️⃣": Self.rule], rule: Self.rule, extraFiles: ["/etc/flag.png": tinyPNG])
    }

    @Test func siblingDirectorySharingTheRootsPrefixIsOutside() throws {
        // `/cx` starts with `/c` but is not inside `/c`.
        try assertFindings(
            deck("Q: 1️⃣![](../cx/fr.png)\nA: y\n"), ["1️⃣": Self.rule], rule: Self.rule, extraFiles: ["/cx/fr.png": tinyPNG])
    }

    @Test func rootReachedThroughASymlinkHasNoFinding() throws {
        let fs = InMemoryFileSystem(
            files: ["/real/c/deck.md": Array(deck("Q: ![](fr.png)\nA: y\n").utf8), "/real/c/fr.png": tinyPNG],
            symlinks: ["/c": "/real/c"])
        let all = try DeckCollection.load(
            [DeckFile(displayPath: "deck.md", absolutePath: "/c/deck.md", collectionRoot: "/c")], fileAccess: fs
        ).diagnostics
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func outsideImageIsNotInspected() throws {
        // The file outside is not a PNG, but the linter does not look at it.
        let all = try lint(deck("Q: ![](../notes.png)\nA: y\n"), extraFiles: ["/notes.png": Array("text".utf8)])
        #expect(all.map(\.ruleID) == [Self.rule], "\(describe(all))")
    }
}

import Testing

@testable import BadgerDeck

@Suite struct ImageFormatSupportedTests {
    static let rule = "ImageFormatSupported"

    @Test func pngNamedFileHoldingTextIsAnError() throws {
        let found = try assertFindings(
            """
            ---
            topic: Flags
            ---
            Q: Whose flag is this? 1️⃣![flag](fr.png)
            A: France
            """, ["1️⃣": Self.rule], rule: Self.rule, extraFiles: ["fr.png": Array("<svg>not a png</svg>".utf8)])
        #expect(found.first?.message.contains("fr.png") == true)
    }

    @Test func severityIsError() throws {
        let all = try lint(deck("Q: ![](a.png)\nA: y\n"), extraFiles: ["a.png": Array("text".utf8)])
        expectSeverity(diagnostics(all, of: Self.rule), .error, rule: Self.rule)
    }

    @Test func pngJpegAndGifHaveNoFinding() throws {
        let all = try assertNoFinding(
            of: Self.rule, in: deck("Q: ![](a.png) ![](b.jpg) ![](c.gif)\nA: y\n"),
            extraFiles: ["a.png": tinyPNG, "b.jpg": tinyJPEG, "c.gif": tinyGIF])
        #expect(all.isEmpty, "\(describe(all))")
    }

    @Test func formatIsJudgedByContentNotName() throws {
        try assertFindings(
            deck("Q: ![](photo.jpg) 1️⃣![](real.gif)\nA: y\n"), ["1️⃣": Self.rule], rule: Self.rule,
            extraFiles: ["photo.jpg": tinyPNG, "real.gif": Array("GIF90a, no such version".utf8)])
    }

    @Test func tooShortAndEmptyFilesAreErrors() throws {
        try assertFindings(
            deck("Q: 1️⃣![](short.png) 2️⃣![](empty.png)\nA: y\n"), ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule,
            extraFiles: ["short.png": Array(pngMagic.prefix(5)), "empty.png": []])
    }

    @Test func missingImageIsOnlyReportedAsMissing() throws {
        let all = try lint(deck("Q: ![](gone.png)\nA: y\n"))
        #expect(all.map(\.ruleID) == ["ImageExists"], "\(describe(all))")
    }
}

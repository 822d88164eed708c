import Testing

@testable import BadgerDeck

@Suite struct ImageSizeReasonableTests {
    static let rule = "ImageSizeReasonable"
    static let mebibyte = 1 << 20

    /// A "PNG" of exactly `size` bytes: the magic bytes followed by zeros.
    static func png(size: Int) -> [UInt8] { pngMagic + [UInt8](repeating: 0, count: size - pngMagic.count) }

    @Test func imageLargerThanOneMebibyteIsWarnedAbout() throws {
        let found = try assertFindings(
            """
            ---
            topic: Flags
            ---
            Q: Whose flag is this? 1️⃣![flag](fr.png)
            A: France
            """, ["1️⃣": Self.rule], rule: Self.rule, extraFiles: ["fr.png": Self.png(size: 2 * Self.mebibyte)])
        #expect(found.first?.message.contains("2.0 MiB") == true, "\(describe(found))")
    }

    @Test func severityIsWarning() throws {
        let all = try lint(deck("Q: ![](a.png)\nA: y\n"), extraFiles: ["a.png": Self.png(size: Self.mebibyte + 1)])
        expectSeverity(diagnostics(all, of: Self.rule), .warning, rule: Self.rule)
    }

    @Test func imageOfExactlyOneMebibyteHasNoFinding() throws {
        try assertNoFinding(of: Self.rule, in: deck("Q: ![](a.png)\nA: y\n"), extraFiles: ["a.png": Self.png(size: Self.mebibyte)])
    }

    @Test func oneByteOverTheLimitIsWarnedAbout() throws {
        try assertFindings(
            deck("Q: 1️⃣![](a.png)\nA: y\n"), ["1️⃣": Self.rule], rule: Self.rule, extraFiles: ["a.png": Self.png(size: Self.mebibyte + 1)])
    }

    @Test func largeFileThatIsNoImageIsOnlyAFormatError() throws {
        let all = try lint(deck("Q: ![](a.png)\nA: y\n"), extraFiles: ["a.png": [UInt8](repeating: 0x41, count: 2 * Self.mebibyte)])
        #expect(all.map(\.ruleID) == ["ImageFormatSupported"], "\(describe(all))")
    }
}

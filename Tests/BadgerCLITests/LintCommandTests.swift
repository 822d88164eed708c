import BadgerTestSupport
import Foundation
import Testing

/// `badger lint` run as a user runs it, on the bundled decks and on a collection full of mistakes.
@Suite struct LintCommandTests {
    static let fixtures = PackagePaths.url("Tests/BadgerCLITests/Fixtures")

    @Test func bundledDecksLintClean() async throws {
        let result = try await BadgerProcess.run(["lint", "--strict"])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "3 decks, 3 topics, 66 cards (39 text, 15 math, 6 image, 6 cloze): 0 errors and 0 warnings\n")
    }

    @Test(arguments: ["text", "json", "github", "sarif"])
    func brokenCollectionMatchesGolden(format: String) async throws {
        let result = try await BadgerProcess.run(["lint", "Broken", "--format", format], in: Self.fixtures)
        #expect(result.status == 1)
        assertSnapshot(result.standardOutput, named: "Broken.lint.\(format)")
    }

    @Test func textOutputEndsWithASummaryOnStandardError() async throws {
        let result = try await BadgerProcess.run(["lint", "Broken"], in: Self.fixtures)
        #expect(result.standardError.hasSuffix("18 cards (8 text, 5 math, 5 image): 22 errors and 8 warnings\n"))
    }

    @Test func jsonOutputIsVersionedAndCountsFindings() async throws {
        let result = try await BadgerProcess.run(["lint", "Broken", "--format", "json"], in: Self.fixtures)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary["errors"] == 22)
        #expect(summary["warnings"] == 8)
    }

    @Test func sarifListsEveryRuleAndPointsResultsAtThem() async throws {
        let result = try await BadgerProcess.run(["lint", "Broken", "--format", "sarif"], in: Self.fixtures)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == 34)
        let results = try #require(run["results"] as? [[String: Any]])
        for finding in results {
            let index = try #require(finding["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == finding["ruleId"] as? String)
        }
    }

    @Test func warningsFailOnlyWithStrict() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("deck.md", "---\ntopic: T\ncolour: \"#fff\"\n---\n\nQ: q\nA: a\n")
        #expect(try await BadgerProcess.run(["lint", "deck.md"], in: directory.url).status == 0)
        #expect(try await BadgerProcess.run(["lint", "deck.md", "--strict"], in: directory.url).status == 1)
    }

    @Test func missingPathIsAnIOError() async throws {
        let result = try await BadgerProcess.run(["lint", "no-such-deck.md"])
        #expect(result.status == 2)
        #expect(result.standardError == "badger: error: no-such-deck.md: no such file or directory\n")
    }

    @Test func unknownFormatIsAUsageError() async throws {
        let result = try await BadgerProcess.run(["lint", "--format", "xml"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("xml"))
    }

    @Test func helpTeachesWithExamples() async throws {
        let result = try await BadgerProcess.run(["lint", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("badger lint Decks --format sarif"))
        #expect(result.standardOutput.contains("badger-ignore"))
    }

    @Test func withoutPathsTheDecksDirectoryIsUsed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("Decks/a.md", "---\ntopic: T\n---\n\nQ: q\n")
        try directory.write("elsewhere.md", "---\ntopic: T\n---\n\nQ: other\n")
        let result = try await BadgerProcess.run(["lint"], in: directory.url)
        #expect(
            result.standardOutput == "Decks/a.md:5:1: error: [AnswerPresent] card has no answer; add a line `A: …` after the question\n")
    }

    @Test func aTerminalGetsAnExcerptWithACaretUnderWideCharacters() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("deck.md", "---\ntopic: T\n---\n\nQ: 東京 🗼 ![x](gone.png)\nA: a\n")
        let result = try await BadgerProcess.runInTerminal(["lint", "--color", "never", "deck.md"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.standardOutput.hasPrefix(
                """
                deck.md:5:16: error: [ImageExists] image "gone.png" does not exist (paths are relative to the deck's directory)
                 5 | Q: 東京 🗼 ![x](gone.png)
                   |            ^

                """))
    }

    @Test func aTerminalGetsColorUnlessNoColorIsSet() async throws {
        let colored = try await BadgerProcess.runInTerminal(["lint", "Broken/nofront.md"], in: Self.fixtures)
        #expect(colored.standardOutput.contains("\u{1B}[1;31merror:"))
        let plain = try await BadgerProcess.runInTerminal(["lint", "Broken/nofront.md"], in: Self.fixtures, environment: ["NO_COLOR": "1"])
        #expect(!plain.standardOutput.contains("\u{1B}["))
    }

    @Test func controlSequencesInDecksNeverReachTheTerminal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            "deck.md",
            "---\ntopic: T\n---\n\nQ: evil \u{1B}]0;pwned\u{07} \u{202E}txt\nA: a\n\nQ: evil \u{1B}]0;pwned\u{07} \u{202E}txt\nA: b\n")
        let result = try await BadgerProcess.runInTerminal(["lint", "deck.md"], in: directory.url)
        #expect(!result.standardOutput.contains("\u{1B}]0;"))
        #expect(!result.standardOutput.contains("\u{202E}"))
        #expect(result.standardOutput.contains("\\u{1B}]0;pwned\\u{7}"))
    }

    @Test func imagePathsResolveSymlinksBeforeDotDotLikeTheOperatingSystem() async throws {
        let outside = try TemporaryDirectory()
        let collection = try TemporaryDirectory()
        defer {
            outside.remove()
            collection.remove()
        }
        try outside.write("dir/secret.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try outside.write("secret.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try collection.write("badger.yml", "exclude: []\n")
        try FileManager.default.createSymbolicLink(
            at: collection.url.appendingPathComponent("link"), withDestinationURL: outside.url.appendingPathComponent("dir"))
        // The OS opens link/../secret.png as <outside>/secret.png, so it is outside the collection.
        try collection.write("deck.md", "---\ntopic: T\n---\n\nQ: ![s](link/../secret.png)\nA: a\n\nQ: ![t](link/secret.png)\nA: b\n")
        let result = try await BadgerProcess.run(["lint", "deck.md"], in: collection.url)
        #expect(result.standardOutput.components(separatedBy: "\n").filter { $0.contains("ImageInsideCollection") }.count == 2)
    }
}

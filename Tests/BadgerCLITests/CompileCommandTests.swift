import BadgerTestSupport
import Foundation
import Testing

/// `badger compile` run as a user runs it.
@Suite struct CompileCommandTests {
    @Test func bundledDecksCompileToTheGolden() async throws {
        let result = try await BadgerProcess.run(["compile"])
        #expect(result.status == 0)
        assertSnapshot(result.standardOutput, named: "Decks.compiled.json")
    }

    @Test func compiledOutputKeepsMathVerbatimAndRendersItForKaTeX() async throws {
        let result = try await BadgerProcess.run(["compile", "Decks/algebra.md"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]])
        let first = try #require(cards.first?["question"] as? [String: String])
        #expect(first["markdown"] == "Simplify $\\frac{a}{b} + \\frac{c}{d}$.")
        #expect(first["html"] == "<p>Simplify <span class=\"math inline\">\\(\\frac{a}{b} + \\frac{c}{d}\\)</span>.</p>\n")
    }

    @Test func reversedCardsCompileBothWays() async throws {
        let result = try await BadgerProcess.run(["compile", "Decks/french.md"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]])
        let reversed = cards.filter { !($0["reversedFrom"] is NSNull) }
        #expect(!reversed.isEmpty)
        for card in reversed {
            let original = try #require(cards.first { $0["id"] as? String == card["reversedFrom"] as? String })
            #expect((card["question"] as? [String: String])?["markdown"] == (original["answer"] as? [String: String])?["markdown"])
            #expect((card["answer"] as? [String: String])?["markdown"] == (original["question"] as? [String: String])?["markdown"])
        }
    }

    @Test func errorsRefuseToCompile() async throws {
        let result = try await BadgerProcess.run(["compile", "Broken"], in: LintCommandTests.fixtures)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("error: [CardUnique]"))
        #expect(result.standardError.hasSuffix("badger: not compiled: 22 errors and 8 warnings\n"))
    }

    @Test func outputFileIsWrittenWithASummary() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.url.appendingPathComponent("collection.json").path
        let result = try await BadgerProcess.run(["compile", "Decks", "-o", output])
        #expect(result.status == 0)
        #expect(result.standardError.hasPrefix("3 decks, 3 topics, 66 cards"))
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == (try await BadgerProcess.run(["compile", "Decks"])).standardOutput)
    }

    @Test func collectionMacrosArePassedOnForKaTeX() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("badger.yml", "macros:\n  R: \\mathbf{R}\n  \\norm: '\\lVert #1\\rVert'\n")
        _ = try directory.write("macros.tex", "\\newcommand{\\R}{\\mathbb{R}}\n\\newcommand{\\N}{\\mathbb{N}}\n")
        _ = try directory.write("sets.md", "---\ntopic: Sets\n---\nQ: Is $\\norm{x} \\in \\R$?\nA: $\\N$\n")
        let result = try await BadgerProcess.run(["compile"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        let lint = try await BadgerProcess.run(["lint"], in: directory.url)
        #expect(lint.status == 0)
        #expect((lint.standardOutput + lint.standardError).contains("0 errors and 0 warnings"), "\(lint.standardOutput)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(
            document["macros"] as? [String: String] == ["\\R": "\\mathbf{R}", "\\norm": "\\lVert #1\\rVert", "\\N": "\\mathbb{N}"])
    }

    @Test func withoutMacrosTheMacrosObjectIsEmpty() async throws {
        let result = try await BadgerProcess.run(["compile", "Decks/algebra.md"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect((document["macros"] as? [String: String]) == [:])
    }

    @Test func aMistakeInMacrosTexStopsTheCompile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("badger.yml", "fuzz: true\n")
        _ = try directory.write("macros.tex", "\\newcommand{\\R}{\\mathbb{R}\n")
        _ = try directory.write("sets.md", "---\ntopic: Sets\n---\nQ: Is $\\R$ a set?\nA: yes\n")
        let result = try await BadgerProcess.run(["compile"], in: directory.url)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("macros.tex: line 1: `\\R`: the definition's opening brace is never closed"),
            "\(result.standardError)")
    }

    @Test func errorsLeaveTheOutputFileAsItWasWithNoTemporaryFileLeft() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.url.appendingPathComponent("collection.json").path
        try "previous\n".write(toFile: output, atomically: true, encoding: .utf8)
        let result = try await BadgerProcess.run(
            ["compile", "Broken", "-o", output], in: LintCommandTests.fixtures, environment: ["TMPDIR": directory.url.path])
        #expect(result.status == 1)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["collection.json"])
    }

    @Test func compilingToStandardOutputLeavesNoTemporaryFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try await BadgerProcess.run(["compile", "Decks"], environment: ["TMPDIR": directory.url.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("  \"schemaVersion\" : 1\n}\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        // Without a usable temporary directory the JSON is kept in memory instead.
        let fallback = try await BadgerProcess.run(["compile", "Decks"], environment: ["TMPDIR": "/no/such/dir"])
        #expect(fallback.status == 0)
        #expect(fallback.standardOutput == result.standardOutput)
    }

    @Test func anUnwritableOutputIsAnIOError() async throws {
        let result = try await BadgerProcess.run(["compile", "Decks", "-o", "/no/such/dir/out.json"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("cannot write /no/such/dir/out.json"))
    }
}

import BadgerTestSupport
import Foundation
import Testing

/// `badger import` and `badger export` run as a user runs them.
@Suite struct ImportExportCommandTests {
    static let tricky = PackagePaths.url("Tests/BadgerCLITests/Fixtures/csv/tricky.csv")

    func collection() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("Decks"), withIntermediateDirectories: true)
        return directory
    }

    func read(_ directory: TemporaryDirectory, _ path: String) throws -> String {
        try String(contentsOf: directory.url.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func importIntoANewTopicCreatesADeckThatLintsClean() throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "question;answer\nHello;Bonjour\nthe cat;le chat\n")
        let result = try BadgerProcess.run(["import", "cards.csv", "--topic", "French Words"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "imported 2 cards into Decks/french-words.md\n")
        #expect(
            try read(directory, "Decks/french-words.md")
                == "---\ntopic: French Words\n---\n\nQ: Hello\nA: Bonjour\n\nQ: the cat\nA: le chat\n")
        let lint = try BadgerProcess.run(["lint", "--strict"], in: directory.url)
        #expect(lint.status == 0)
        #expect(lint.standardOutput.isEmpty)
    }

    @Test func importAppendsToTheTopicsDeckAndKeepsItsText() throws {
        let directory = try collection()
        defer { directory.remove() }
        let existing = "---\ntopic: French\ncolor: \"#059669\"\n---\n\n# Greetings\n\nQ: Hello\nA: Bonjour\nE: *bonsoir* later"
        try directory.write("Decks/fr.md", existing)
        try directory.write("cards.csv", "Goodbye;Au revoir\nHello;Salut\n")
        let result = try BadgerProcess.run(["import", "cards.csv", "--topic", "French"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "imported 1 card into Decks/fr.md; skipped 1 duplicate (line 2: \"Hello\")\n")
        let text = try read(directory, "Decks/fr.md")
        #expect(text.hasPrefix(existing))
        #expect(text == existing + "\n\nQ: Goodbye\nA: Au revoir\n")
        #expect(try BadgerProcess.run(["lint", "--strict"], in: directory.url).status == 0)
    }

    @Test func aBadRowWritesNothingUnlessSkipInvalid() throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "good;row\n\"two\nlines\";fine\nno answer\nq;a;e;maybe\n")
        let result = try BadgerProcess.run(["import", "cards.csv", "--topic", "T"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "cards.csv:4: error: the answer is missing\ncards.csv:5: error: reversed must be yes, no, true, false, 1 or 0, not \"maybe\"\nbadger: nothing imported: 2 invalid rows (fix them, or import the valid rows with --skip-invalid)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("Decks/t.md").path))
        let skipping = try BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--skip-invalid"], in: directory.url)
        #expect(skipping.status == 0)
        #expect(skipping.standardOutput == "imported 2 cards into Decks/t.md; skipped 2 invalid rows\n")
        #expect(try read(directory, "Decks/t.md").contains("Q: two\nlines\nA: fine\n"))
    }

    @Test func dryRunShowsTheMarkdownAndWritesNothing() throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "# q;a*b\n")
        let result = try BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--dry-run"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "Q: # q\nA: a\\*b\n")
        #expect(result.standardError == "would import 1 card into Decks/t.md\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("Decks").path).isEmpty)
    }

    @Test func intoMustStayInsideTheCollection() throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "q;a\n")
        let result = try BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--into", "../elsewhere.md"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("outside the collection"))
        let inside = try BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--into", "Decks/sub/mine.md"], in: directory.url)
        #expect(inside.status == 0)
        #expect(try read(directory, "Decks/sub/mine.md") == "---\ntopic: T\n---\n\nQ: q\nA: a\n")
    }

    @Test func trickyRowsRoundTripThroughCompileAndExport() throws {
        let directory = try collection()
        defer { directory.remove() }
        let csv = try String(contentsOf: Self.tricky, encoding: .utf8)
        try directory.write("tricky.csv", csv)
        let imported = try BadgerProcess.run(["import", "tricky.csv", "--topic", "Tricky"], in: directory.url)
        #expect(imported.status == 0)
        #expect(imported.standardOutput == "imported 5 cards into Decks/tricky.md\n")
        let lint = try BadgerProcess.run(["lint", "--strict"], in: directory.url)
        #expect(lint.status == 0)
        #expect(lint.standardOutput.isEmpty)

        // Compile: every field's text, unescaped, is the CSV's; its HTML has no markup but math.
        let compiled = try BadgerProcess.run(["compile"], in: directory.url)
        #expect(compiled.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(compiled.standardOutput.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]])
        let forward = cards.filter { $0["reversedFrom"] is NSNull }
        #expect(forward.count == 5)
        #expect(cards.count == 6)
        for card in forward {
            for key in ["question", "answer", "explanation"] {
                guard let field = card[key] as? [String: String], let html = field["html"] else { continue }
                let tags = html.matches(of: /<(\/?)([a-z]+)/).map { String($0.2) }
                #expect(Set(tags).isSubset(of: ["p", "span"]), "\(key): \(html)")
            }
        }
        let html = forward.compactMap { ($0["question"] as? [String: String])?["html"] }.joined()
        #expect(html.contains("&lt;b&gt;html&lt;/b&gt;"))
        #expect(html.contains("<span class=\"math inline\">\\(x^2\\)</span>"))

        let exported = try BadgerProcess.run(["export", "out.csv", "--allow-formulas"], in: directory.url)
        #expect(exported.status == 0)
        #expect(exported.standardError == "exported 5 cards from 1 deck to out.csv\n")
        #expect(try read(directory, "out.csv") == csv)
    }

    @Test func exportKeepsSpreadsheetsFromRunningCellsAndImportTakesTheMarkOff() throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write(
            "Decks/a.md",
            "---\ntopic: A\n---\n\nQ: =HYPERLINK(\"http://x\")\nA: -1\n\nQ: '=literal\nA: +2\nE: @SUM(A1)\n\nQ: plain\nA: 'quoted\n")
        let result = try BadgerProcess.run(["export", "-"], in: directory.url)
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == "question;answer;explanation;reversed\n\"'=HYPERLINK(\"\"http://x\"\")\";'-1;;no\n''=literal;'+2;'@SUM(A1);no\nplain;'quoted;;no\n"
        )
        let raw = try BadgerProcess.run(["export", "-", "--allow-formulas"], in: directory.url)
        #expect(raw.standardOutput.contains("\n\"=HYPERLINK(\"\"http://x\"\")\";-1;;no\n"))
        // Imported again, every cell is what was written.
        try directory.write("cells.csv", result.standardOutput)
        let imported = try BadgerProcess.run(["import", "cells.csv", "--topic", "B", "--dry-run"], in: directory.url)
        #expect(imported.standardOutput.contains("Q: =HYPERLINK(\"http://x\")\nA: -1\n"), "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("Q: '=literal\nA: +2\nE: @SUM(A1)\n"), "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("A: 'quoted\n"), "\(imported.standardOutput)")
    }

    @Test func exportAndCompileNeverOverwriteTheCollectionsOwnFiles() throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("Decks/a.md", "---\ntopic: A\n---\n\nQ: q\nA: a\n")
        try directory.write("Decks/a.reviews", "# badger review log 2\n")
        try directory.write("Decks/badger.yml", "fuzz: true\n")
        let files = ["Decks/a.md", "Decks/a.reviews", "Decks/a.state", "Decks/badger.yml", "Decks/new.md"]
        let before = files.map { try? read(directory, $0) }
        for file in files {
            for command in [["export", file], ["compile", "-o", file]] {
                let result = try BadgerProcess.run(command, in: directory.url)
                #expect(result.status == 2, "\(command)")
                #expect(result.standardError.contains("will not write"), "\(command): \(result.standardError)")
            }
        }
        #expect(files.map { try? read(directory, $0) } == before)
    }

    @Test func exportFiltersByTopic() throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("Decks/a.md", "---\ntopic: A\nreversed: true\n---\n\nQ: qa\nA: aa\n")
        try directory.write("Decks/b.md", "---\ntopic: B\n---\n\nQ: qb\nA: ab\nE: e\n")
        let result = try BadgerProcess.run(["export", "-", "--topic", "b"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "question;answer;explanation;reversed\nqb;ab;e;no\n")
        let all = try BadgerProcess.run(["export", "-"], in: directory.url)
        #expect(all.standardOutput == "question;answer;explanation;reversed\nqa;aa;;yes\nqb;ab;e;no\n")
        #expect(try BadgerProcess.run(["export", "-", "--topic", "Z"], in: directory.url).status == 2)
    }
}

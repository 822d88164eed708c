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

    @Test func importIntoANewTopicCreatesADeckThatLintsClean() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "question;answer\nHello;Bonjour\nthe cat;le chat\n")
        let result = try await BadgerProcess.run(["import", "cards.csv", "--topic", "French Words"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "imported 2 cards into Decks/french-words.md\n")
        #expect(
            try read(directory, "Decks/french-words.md")
                == "---\ntopic: French Words\n---\n\nQ: Hello\nA: Bonjour\n\nQ: the cat\nA: le chat\n")
        let lint = try await BadgerProcess.run(["lint", "--strict"], in: directory.url)
        #expect(lint.status == 0)
        #expect(lint.standardOutput.isEmpty)
    }

    @Test func importAppendsToTheTopicsDeckAndKeepsItsText() async throws {
        let directory = try collection()
        defer { directory.remove() }
        let existing = "---\ntopic: French\ncolor: \"#059669\"\n---\n\n# Greetings\n\nQ: Hello\nA: Bonjour\nE: *bonsoir* later"
        try directory.write("Decks/fr.md", existing)
        try directory.write("cards.csv", "Goodbye;Au revoir\nHello;Salut\n")
        let result = try await BadgerProcess.run(["import", "cards.csv", "--topic", "French"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "imported 1 card into Decks/fr.md; skipped 1 duplicate (line 2: \"Hello\")\n")
        let text = try read(directory, "Decks/fr.md")
        #expect(text.hasPrefix(existing))
        #expect(text == existing + "\n\nQ: Goodbye\nA: Au revoir\n")
        #expect(try await BadgerProcess.run(["lint", "--strict"], in: directory.url).status == 0)
    }

    @Test func aBadRowWritesNothingUnlessSkipInvalid() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "good;row\n\"two\nlines\";fine\nno answer\nq;a;e;maybe\n")
        let result = try await BadgerProcess.run(["import", "cards.csv", "--topic", "T"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "cards.csv:4: error: the answer is missing\ncards.csv:5: error: reversed must be yes, no, true, false, 1 or 0, not \"maybe\"\nbadger: nothing imported: 2 invalid rows (fix them, or import the valid rows with --skip-invalid)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("Decks/t.md").path))
        let skipping = try await BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--skip-invalid"], in: directory.url)
        #expect(skipping.status == 0)
        #expect(skipping.standardOutput == "imported 2 cards into Decks/t.md; skipped 2 invalid rows\n")
        #expect(try read(directory, "Decks/t.md").contains("Q: two\nlines\nA: fine\n"))
    }

    @Test func dryRunShowsTheMarkdownAndWritesNothing() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "# q;a*b\n")
        let result = try await BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--dry-run"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "Q: # q\nA: a\\*b\n")
        #expect(result.standardError == "would import 1 card into Decks/t.md\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("Decks").path).isEmpty)
    }

    @Test func dryRunNeverSendsACellsEscapeSequencesToTheTerminal() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "clear\u{1B}[2Jscreen;title\u{1B}]0;pwned\u{07}\n")
        let result = try await BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--dry-run"], in: directory.url)
        #expect(result.status == 0)
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("clear\\u{1B}"), "\(result.standardOutput)")
    }

    @Test func intoMustStayInsideTheCollection() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("cards.csv", "q;a\n")
        let result = try await BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--into", "../elsewhere.md"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("outside the collection"))
        let inside = try await BadgerProcess.run(["import", "cards.csv", "--topic", "T", "--into", "Decks/sub/mine.md"], in: directory.url)
        #expect(inside.status == 0)
        #expect(try read(directory, "Decks/sub/mine.md") == "---\ntopic: T\n---\n\nQ: q\nA: a\n")
    }

    @Test func trickyRowsRoundTripThroughCompileAndExport() async throws {
        let directory = try collection()
        defer { directory.remove() }
        let csv = try String(contentsOf: Self.tricky, encoding: .utf8)
        try directory.write("tricky.csv", csv)
        let imported = try await BadgerProcess.run(["import", "tricky.csv", "--topic", "Tricky"], in: directory.url)
        #expect(imported.status == 0)
        #expect(imported.standardOutput == "imported 5 cards into Decks/tricky.md\n")
        let lint = try await BadgerProcess.run(["lint", "--strict"], in: directory.url)
        #expect(lint.status == 0)
        #expect(lint.standardOutput.isEmpty)

        // Compile: every field's text, unescaped, is the CSV's; its HTML has no markup but math.
        let compiled = try await BadgerProcess.run(["compile"], in: directory.url)
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

        let exported = try await BadgerProcess.run(["export", "out.csv", "--allow-formulas"], in: directory.url)
        #expect(exported.status == 0)
        #expect(exported.standardError == "exported 5 cards from 1 deck to out.csv\n")
        #expect(try read(directory, "out.csv") == csv)
    }

    @Test func exportKeepsSpreadsheetsFromRunningCellsAndImportTakesTheMarkOff() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write(
            "Decks/a.md",
            "---\ntopic: A\n---\n\nQ: =HYPERLINK(\"http://x\")\nA: -1\n\nQ: '=literal\nA: +2\nE: @SUM(A1)\n\nQ: plain\nA: 'quoted\n")
        let result = try await BadgerProcess.run(["export", "-"], in: directory.url)
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == "question;answer;explanation;reversed\n\"'=HYPERLINK(\"\"http://x\"\")\";'-1;;no\n''=literal;'+2;'@SUM(A1);no\nplain;'quoted;;no\n"
        )
        let raw = try await BadgerProcess.run(["export", "-", "--allow-formulas"], in: directory.url)
        #expect(raw.standardOutput.contains("\n\"=HYPERLINK(\"\"http://x\"\")\";-1;;no\n"))
        // Imported again, every cell is what was written.
        try directory.write("cells.csv", result.standardOutput)
        let imported = try await BadgerProcess.run(["import", "cells.csv", "--topic", "B", "--dry-run"], in: directory.url)
        #expect(imported.standardOutput.contains("Q: =HYPERLINK(\"http://x\")\nA: -1\n"), "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("Q: '=literal\nA: +2\nE: @SUM(A1)\n"), "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("A: 'quoted\n"), "\(imported.standardOutput)")
    }

    @Test func exportAndCompileNeverOverwriteTheCollectionsOwnFiles() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("Decks/a.md", "---\ntopic: A\n---\n\nQ: q\nA: a\n")
        try directory.write("Decks/a.reviews", "# badger review log 2\n")
        try directory.write("Decks/badger.yml", "fuzz: true\n")
        let files = ["Decks/a.md", "Decks/a.reviews", "Decks/a.state", "Decks/badger.yml", "Decks/new.md"]
        let before = files.map { try? read(directory, $0) }
        for file in files {
            for command in [["export", file], ["compile", "-o", file]] {
                let result = try await BadgerProcess.run(command, in: directory.url)
                #expect(result.status == 2, "\(command)")
                #expect(result.standardError.contains("will not write"), "\(command): \(result.standardError)")
            }
        }
        #expect(files.map { try? read(directory, $0) } == before)
    }

    @Test func exportFiltersByTopic() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("Decks/a.md", "---\ntopic: A\nreversed: true\n---\n\nQ: qa\nA: aa\n")
        try directory.write("Decks/b.md", "---\ntopic: B\n---\n\nQ: qb\nA: ab\nE: e\n")
        let result = try await BadgerProcess.run(["export", "-", "--topic", "b"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "question;answer;explanation;reversed\nqb;ab;e;no\n")
        // Two topics: a topic column says which each row belongs to.
        let all = try await BadgerProcess.run(["export", "-"], in: directory.url)
        #expect(all.standardOutput == "question;answer;explanation;reversed;topic\nqa;aa;;yes;A\nqb;ab;e;no;B\n")
        #expect(try await BadgerProcess.run(["export", "-", "--topic", "Z"], in: directory.url).status == 2)
    }

    // MARK: delimiters

    @Test func aCommaSeparatedFileGetsOneErrorNamingTheDelimiterAndImportsWithIt() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("words.csv", "question,answer\ndog,chien\n\"a, b\",\"c; d\"\n")
        let refused = try await BadgerProcess.run(["import", "words.csv", "--topic", "French"], in: directory.url)
        #expect(refused.status == 2)
        #expect(
            refused.standardError
                == "badger: error: words.csv looks comma-separated: no row has `;` between fields, but every row has commas. badger import reads `;` between fields; import it with --delimiter ',', or save it with `;` as the separator\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("Decks").path).isEmpty)

        let imported = try await BadgerProcess.run(["import", "words.csv", "--topic", "French", "--delimiter", ","], in: directory.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "imported 2 cards into Decks/french.md\n")
        #expect(try read(directory, "Decks/french.md") == "---\ntopic: French\n---\n\nQ: dog\nA: chien\n\nQ: a, b\nA: c; d\n")

        let exported = try await BadgerProcess.run(["export", "-", "--delimiter", ","], in: directory.url)
        #expect(exported.standardOutput == "question,answer,explanation,reversed\ndog,chien,,no\n\"a, b\",c; d,,no\n")
        let tab = try await BadgerProcess.run(["export", "-", "--delimiter", "\\t"], in: directory.url)
        #expect(tab.standardOutput == "question\tanswer\texplanation\treversed\ndog\tchien\t\tno\na, b\tc; d\t\tno\n")
        try directory.write("words.tsv", tab.standardOutput)
        let tsv = try await BadgerProcess.run(["import", "words.tsv", "--topic", "German", "--delimiter", "tab"], in: directory.url)
        #expect(tsv.standardOutput == "imported 2 cards into Decks/german.md\n")
        let bad = try await BadgerProcess.run(["import", "words.csv", "--topic", "French", "--delimiter", "|"], in: directory.url)
        #expect(bad.status == 2)
        // And the other way round: a `;` file read with --delimiter ','.
        try directory.write("semi.csv", "cat;chat\ncow;vache\n")
        let semi = try await BadgerProcess.run(["import", "semi.csv", "--topic", "French", "--delimiter", ","], in: directory.url)
        #expect(semi.status == 2)
        #expect(
            semi.standardError
                == "badger: error: semi.csv looks semicolon-separated: no row has `,` between fields, but every row has semicolons; import it with --delimiter ';'\n"
        )
    }

    // MARK: reverse duplicates

    @Test func aRowSkippedBecauseOfAReverseSaysSo() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("Decks/fr.md", "---\ntopic: French\n---\n\nQ: dog\nA: chien\n")
        try directory.write("cards.csv", "cat;chat;;yes\nchien;dog;;yes\nchat;cat;;yes\ndog;le chien\n")
        let result = try await BadgerProcess.run(["import", "cards.csv", "--topic", "French"], in: directory.url)
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                imported 1 card into Decks/fr.md; skipped 3 duplicates (line 2: "chien", line 3: "chat", line 4: "dog")
                line 2: "chien" reversed asks "dog", which the topic already asks
                line 3: "chat" is asked by line 1 reversed

                """)
        #expect(try await BadgerProcess.run(["lint", "--strict"], in: directory.url).status == 0)
    }

    // MARK: topic and hint columns

    @Test func severalTopicsWithHintsRoundTripThroughAnEmptyCollection() async throws {
        let source = try collection()
        defer { source.remove() }
        try source.write(
            "Decks/algebra.md", "---\ntopic: Algebra\n---\n\nQ: $2+2$?\nA: $4$\nH: even\n\nC: {{c1::Paris}} is in France\nH: a city\n")
        try source.write("Decks/french.md", "---\ntopic: French\nreversed: true\n---\n\nQ: dog\nA: chien\nE: a pet\n")
        let exported = try await BadgerProcess.run(["export", "all.csv"], in: source.url)
        #expect(exported.status == 0)
        #expect(exported.standardError == "exported 3 cards from 2 decks to all.csv\n")
        let csv = try read(source, "all.csv")
        #expect(
            csv
                == "question;answer;explanation;reversed;hint;topic\n$2+2$?;$4$;;no;even;Algebra\nC: {{c1::Paris}} is in France;;;no;a city;Algebra\ndog;chien;a pet;yes;;French\n"
        )

        let target = try collection()
        defer { target.remove() }
        try target.write("all.csv", csv)
        let imported = try await BadgerProcess.run(["import", "all.csv"], in: target.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "imported 3 cards into 2 decks (2 into Decks/algebra.md, 1 into Decks/french.md)\n")
        #expect(try read(target, "Decks/algebra.md").contains("Q: $2+2$?\nA: $4$\nH: even\nR: no\n"))
        #expect(try await BadgerProcess.run(["lint", "--strict"], in: target.url).status == 0)
        let again = try await BadgerProcess.run(["export", "-"], in: target.url)
        #expect(again.standardOutput == csv)

        // One topic keeps the topic out, and the hint column only while a card has a hint.
        let french = try await BadgerProcess.run(["export", "-", "--topic", "French"], in: target.url)
        #expect(french.standardOutput == "question;answer;explanation;reversed\ndog;chien;a pet;yes\n")
        let algebra = try await BadgerProcess.run(["export", "-", "--topic", "Algebra"], in: target.url)
        #expect(algebra.standardOutput.hasPrefix("question;answer;explanation;reversed;hint\n"))
    }

    @Test func importWithoutTopicNeedsATopicColumnAndTopicFillsEmptyCells() async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("plain.csv", "q;a\n")
        let noTopic = try await BadgerProcess.run(["import", "plain.csv"], in: directory.url)
        #expect(noTopic.status == 2)
        #expect(noTopic.standardError.hasPrefix("badger: error: --topic is required: plain.csv has no topic column"))

        try directory.write("mixed.csv", "topic;question;answer\nA;qa;aa\n;qc;ac\n")
        let missing = try await BadgerProcess.run(["import", "mixed.csv"], in: directory.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("mixed.csv:3: error: the topic cell is empty; fill it, or give --topic"))
        let into = try await BadgerProcess.run(["import", "mixed.csv", "--topic", "C", "--into", "Decks/x.md"], in: directory.url)
        #expect(into.status == 2)
        #expect(into.standardError.contains("--into names one deck, but mixed.csv has rows of 2 topics"))
        let dryRun = try await BadgerProcess.run(["import", "mixed.csv", "--topic", "C", "--dry-run"], in: directory.url)
        #expect(dryRun.standardOutput == "==> Decks/a.md <==\nQ: qa\nA: aa\n\n==> Decks/c.md <==\nQ: qc\nA: ac\n")
        #expect(dryRun.standardError == "would import 2 cards into 2 decks (1 into Decks/a.md, 1 into Decks/c.md)\n")
        let filled = try await BadgerProcess.run(["import", "mixed.csv", "--topic", "C"], in: directory.url)
        #expect(filled.standardOutput == "imported 2 cards into 2 decks (1 into Decks/a.md, 1 into Decks/c.md)\n")
        #expect(try read(directory, "Decks/c.md") == "---\ntopic: C\n---\n\nQ: qc\nA: ac\n")
    }

    /// An export that would write nothing useful, or to a file type nobody asked for, is an
    /// error naming the cause, and nothing is written.
    @Test(arguments: [
        (["export", "out.apkg", "empty"], "no decks in empty"), (["export", "out.csv", "empty"], "no decks in empty"),
        (["export", "out.apkgg"], "unknown file type .apkgg"),
        (["export", "missing/out.apkg"], "cannot write missing/out.apkg: No such file or directory"),
    ])
    func anExportThatCannotBeWhatTheUserMeantIsRefused(_ arguments: [String], _ message: String) async throws {
        let directory = try collection()
        defer { directory.remove() }
        try directory.write("Decks/words.md", "---\ntopic: Words\n---\n\nQ: Hello\nA: Bonjour\n")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let result = try await BadgerProcess.run(arguments, in: directory.url)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("badger: error: ") && result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("NSCocoaErrorDomain"))
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!written.contains { $0.hasPrefix("out.") }, "\(written)")
    }
}

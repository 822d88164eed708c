import BadgerTestSupport
import Foundation
import Testing

/// The "all topics" entry, color in the plain mode, and interval previews for renamed cards.
@Suite struct StudyMenuTests {
    @Test func allStudiesEveryTopicFromTheMenuOrTheFlag() async throws {
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let menu = try await sandbox.study(["--count", "10", "--ahead", "0"], input: "3\nq\n")
        #expect(menu.status == 0, "\(menu.standardError)")
        #expect(menu.standardOutput.contains("Topics:\n  1  French  0 due, 2 new\n  2  Math    0 due, 1 new\n  3  all     0 due, 3 new\n"))
        #expect(menu.standardOutput.contains("── all · card 1 of 3 ──"))
        // By name, rating one card of each topic.
        let ids = try await sandbox.ids()
        let byName = try await sandbox.study(["--count", "10", "--ahead", "0"], input: "all\n\n2\n\n2\n\n2\nq\n")
        #expect(byName.status == 0, "\(byName.standardError)")
        #expect(byName.standardOutput.contains("Cards studied: 3\n  Ratings: 3 (3 correct, 0 failed)"))
        #expect(try sandbox.reviews("french").map(\.[0]).sorted() == [ids["Hello"], ids["the cat"]].compactMap { $0 }.sorted())
        #expect(try sandbox.reviews("math").count == 1)
        let flag = try await sandbox.study(["--topic", "all", "--count", "1", "--ahead", "30"], input: "q\n")
        #expect(flag.status == 0)
        #expect(flag.standardOutput.contains("── all · card 1 of 1 ──"))
    }

    @Test(.timeLimit(.minutes(1))) func theFullScreenMenuEndsWithAll() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        let command = "'\(BadgerProcess.executable.path)' study --ahead 0; echo \"EXITED $?\"; sleep 5"
        try await tmux.start(command, in: sandbox.url, columns: 40, rows: 12)
        let menu = try await tmux.waitFor("Choose a topic")
        #expect(menu.contains("3  all     0 due, 3 new"))
        try await tmux.send("3")
        _ = try await tmux.waitFor("How many cards?")
        try await tmux.send("1")
        #expect(try await tmux.waitFor("Space answer").contains("all · card 1 of 3"))
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func aLongMenuScrollsInASmallWindowAndTakesTwoDigitNumbers() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        var decks: [String: String] = [:]
        for number in 1...20 {
            let name = String(format: "Topic%02d", number)
            decks["\(name).md"] = "---\ntopic: \(name)\n---\n\nQ: Question of \(name)?\nA: yes\n"
        }
        let sandbox = try StudySandbox(decks: decks)
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        let command = "'\(BadgerProcess.executable.path)' study --ahead 0; echo \"EXITED $?\"; sleep 5"
        try await tmux.start(command, in: sandbox.url, columns: 40, rows: 12)
        let first = try await tmux.waitFor("Choose a topic")
        #expect(first.contains("↓ 13 more"), "\(first)")
        #expect(!first.contains("Topic16"))
        // Down to the 16th: it scrolls into view.
        for _ in 0..<15 { try await tmux.send("Down") }
        let scrolled = try await tmux.waitFor("16  Topic16")
        #expect(scrolled.contains("↑ 8 more · ↓ 5 more"), "\(scrolled)")
        #expect(scrolled.contains("number or ↑↓, Enter: choose · q: quit"), "\(scrolled)")
        // PgDn reaches the end, `all`.
        try await tmux.send("PageDown")
        #expect(try await tmux.waitFor("21  all").contains("↑ 13 more"))
        // Two digits name the 12th; Enter chooses it.
        try await tmux.send("1")
        try await tmux.send("2")
        _ = try await tmux.waitFor("12  Topic12")
        try await tmux.send("Enter")
        _ = try await tmux.waitFor("How many cards?")
        try await tmux.send("1")
        #expect(try await tmux.waitFor("Space answer").contains("Topic12"))
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func aFourRowWindowStillShowsTheMenusChoices() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        let command = "'\(BadgerProcess.executable.path)' study --ahead 0; echo \"EXITED $?\"; sleep 5"
        try await tmux.start(command, in: sandbox.url, columns: 40, rows: 4)
        let menu = try await tmux.waitFor("3  all")
        #expect(menu.contains("1  French") && menu.contains("2  Math"), "\(menu)")
        try await tmux.send("q")
        _ = try await tmux.waitFor("EXITED")
    }

    @Test(.timeLimit(.minutes(1))) func aTallCardScrollsUnderItsHeaderAndRevealsInView() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let explanation = (1...30).map { "Reason number \($0)." }.joined(separator: "\n\n")
        let question = (1...6).map { "Question line \($0)." }.joined(separator: "\n\n")
        let deck = "---\ntopic: Tall\n---\n\nQ: \(question)\nA: The answer\nE: \(explanation)\n"
        let sandbox = try StudySandbox(decks: ["tall.md": deck])
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        let command = "'\(BadgerProcess.executable.path)' study --topic Tall --count 10 --ahead 0; echo \"EXITED $?\"; sleep 5"
        try await tmux.start(command, in: sandbox.url, columns: 40, rows: 12)
        _ = try await tmux.waitFor("Space answer")
        try await tmux.send("Space")
        // The answer, below the question, is scrolled into view; the header stays.
        let answer = try await tmux.waitFor("The answer")
        #expect(answer.hasPrefix("Tall · card 1 of 1"), "\(answer)")
        try await tmux.send("e")
        let explained = try await tmux.waitFor("Reason number 1.")
        #expect(explained.hasPrefix("Tall · card 1 of 1"), "\(explained)")
        // Scrolled to the explanation: more above and below.
        #expect(explained.contains("↑↓ more above and below"), "\(explained)")
        #expect(!explained.contains("Reason number 30."))
        for _ in 0..<12 { try await tmux.send("PageDown") }
        let end = try await tmux.waitFor("Reason number 30.")
        #expect(end.hasPrefix("Tall · card 1 of 1"), "\(end)")
        #expect(end.contains("↑ more above"), "\(end)")
        for _ in 0..<3 { try await tmux.send("k") }
        #expect(try await tmux.waitFor("Reason number 26.").contains("↑↓ more above and below"))
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test func plainModeIsColoredOnlyWithColorAlways() async throws {
        let deck = "---\ntopic: Bold\n---\n\nQ: What is **this**?\nA: Bold\n"
        let sandbox = try StudySandbox(decks: ["bold.md": deck])
        defer { sandbox.remove() }
        let arguments = ["--topic", "Bold", "--count", "10", "--ahead", "0"]
        let always = try await sandbox.study(arguments + ["--color", "always"], input: "q\n")
        #expect(always.standardOutput.contains("What is \u{1B}[1mthis\u{1B}[0m?"))
        let auto = try await sandbox.study(arguments, input: "q\n")
        #expect(auto.standardOutput.contains("What is this?"))
        #expect(!auto.standardOutput.contains("\u{1B}"))
        let noColor = try await BadgerProcess.run(
            ["study", "--plain"] + arguments, in: sandbox.url, environment: ["NO_COLOR": "1"], input: "q\n")
        #expect(!noColor.standardOutput.contains("\u{1B}"))
    }

    @Test func aRenamedCardsPreviewIsTheIntervalItIsSavedWith() async throws {
        let question = "What is the capital city of France?"
        let sandbox = try StudySandbox(decks: ["geo.md": "---\ntopic: Geo\n---\n\nQ: \(question)\nA: Paris\n"])
        defer { sandbox.remove() }
        let old = try await #require(try sandbox.ids()[question])
        // Reviewed Easy long ago: due now, with a next interval long enough to be fuzzed.
        let at = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-60 * 86_400))
        #expect(try await sandbox.badger(["review", "--card", old, "--rating", "3", "--at", at]).status == 0)
        // The question is edited: the card gets a new id, its progress carried over at once.
        try sandbox.directory.write("geo.md", "---\ntopic: Geo\n---\n\nQ: What is the capital town of France?\nA: Paris\n")
        let result = try await sandbox.study(["--topic", "Geo", "--count", "10", "--ahead", "0"], input: "\n2\nq\n")
        #expect(result.status == 0, "\(result.standardError)")
        let out = result.standardOutput
        let preview = try #require(out.firstMatch(of: /2 Good · (\S+)/)?.output.1)
        let saved = try #require(out.firstMatch(of: /Rated Good; next review in (\S+)\./)?.output.1)
        #expect(preview == saved)
        // And the state file agrees with a rebuild from the log.
        let state = try sandbox.text("geo.state")
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.text("geo.state") == state)
    }
}

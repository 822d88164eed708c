import BadgerTestSupport
import Foundation
import Testing

/// `badger study` run as a user runs it: line by line over a pipe, and full screen in a real
/// terminal (tmux), on small collections written for each test.
@Suite struct StudyCommandTests {
    static let french = """
        ---
        topic: French
        color: "#059669"
        ---

        Q: Hello
        A: Bonjour
        E: Used all day long.
        H: It starts with B.

        Q: the cat
        A: le chat

        """

    static let math = """
        ---
        topic: Math
        ---

        Q: What is $x^2$ for $x = 3$?
        A: 9

        """

    // MARK: Plain mode

    @Test func aPlainSessionChoosesByMenuShowsTheCardRatesAndSummarizes() async throws {
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let hello = try #require(ids["Hello"])
        let cat = try #require(ids["the cat"])
        // Topic 1 (French), count choice 1 (10), no learning ahead, answer, explanation, Good,
        // answer, Fail, quit, quit.
        let result = try await sandbox.study([], input: "1\n1\nn\n\ne\n2\n\n0\nq\nq\n")
        #expect(result.status == 0, "\(result.standardError)")
        let out = result.standardOutput
        #expect(out.contains("Topics:\n  1  French  0 due, 2 new\n  2  Math    0 due, 1 new\n"))
        #expect(out.contains("How many cards? 1) 10  2) 25  3) 50"))
        #expect(out.contains("Only 2 cards to study in French (0 due, 2 new); you asked for 10."))
        #expect(out.contains("── French · card 1 of 2 ──\nQuestion:\n  Hello\n"))
        #expect(out.contains("Answer:\n  Bonjour\n(e: explanation)\n0 Fail · 1m   1 Difficult · 5.5m   2 Good · 10m   3 Easy · "))
        #expect(out.contains("Explanation:\n  Used all day long.\n"))
        #expect(out.contains("Rated Good; next review in 10m."))
        #expect(out.contains("── French · card 2 of 2 · 2 left ──\nQuestion:\n  the cat\n"))
        #expect(out.contains("Answer:\n  le chat\n"))
        #expect(out.contains("Rated Fail; next review in 1m."))
        #expect(out.contains("Session summary (French):\n  Cards studied: 2\n  Ratings: 2 (1 correct, 1 failed)\n"))
        #expect(out.contains("  Average rating: 1.00 (0 Fail to 3 Easy)\n  Time spent: "))
        #expect(out.contains("  Next due: "))
        #expect(!out.contains("\u{1B}"))
        // The log holds exactly the ratings given, as FSRS ratings (Good 3, Fail 1).
        #expect(try sandbox.reviews("french") == [[hello, "3"], [cat, "1"]])
        // The other deck's cards are recorded with the first log (so none can take a deleted
        // card's history), but have no reviews.
        #expect(try sandbox.reviews("math").isEmpty)
        let state = try sandbox.lines("french.state").dropFirst(2).map { $0.components(separatedBy: "\t")[0] }
        #expect(state == [hello, cat].sorted())
    }

    @Test func topicAndCountByNameSkipOrAnswerTheMenus() async throws {
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        // By name and by value.
        let byName = try await sandbox.study([], input: "math\n25\nn\n\n3\n")
        #expect(byName.status == 0)
        #expect(byName.standardOutput.contains("you asked for 25."))
        #expect(byName.standardOutput.contains("Question:\n  What is x² for x = 3?\n"))
        // Flags skip both menus; --ahead skips the offer.
        let flags = try await sandbox.study(["--topic", "French", "--count", "1", "--ahead", "0"], input: "q\n")
        #expect(flags.status == 0)
        #expect(!flags.standardOutput.contains("Topics:"))
        #expect(!flags.standardOutput.contains("How many cards?"))
        #expect(!flags.standardOutput.contains("Learn ahead"))
        #expect(flags.standardOutput.hasPrefix("\n── French · card 1 of 1 ──\nQuestion:\n  Hello\n"))
        #expect(flags.standardOutput.contains("Cards studied: 0\n  Ratings: 0 (0 correct, 0 failed)"))
        // An unknown topic is a usage error.
        let unknown = try await sandbox.study(["--topic", "Klingon"], input: "")
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("no topic \"Klingon\""))
        // A wrong menu answer asks again.
        let wrong = try await sandbox.study(["--count", "10", "--ahead", "0"], input: "7\nFrench\nq\n")
        #expect(wrong.standardOutput.contains("No topic \"7\"; type a number from 1 to 3 or a name."))
        #expect(wrong.standardOutput.contains("Question:\n  Hello"))
    }

    @Test func undoingTheFirstRatingOfAFreshCollectionTakesItBack() async throws {
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let hello = try #require(try await sandbox.ids()["Hello"])
        // The first rating creates the log (and records every card with it); undo takes the rating back.
        let result = try await sandbox.study(["--topic", "French", "--count", "10", "--ahead", "0"], input: "\n2\nu\nq\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Undid Good."), "\(result.standardOutput)")
        #expect(try sandbox.reviews("french").isEmpty)
        #expect(try sandbox.text("french.reviews").contains("\tcard\t\(hello)\t"))
        let show = try await sandbox.badger(["show", hello])
        #expect(show.standardOutput.contains("History: never reviewed"), "\(show.standardOutput)")
    }

    @Test func undoTakesTheLastRatingOutOfTheLog() async throws {
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let hello = try #require(ids["Hello"])
        let cat = try #require(ids["the cat"])
        // Good on Hello, Easy on the cat, undo (the cat is back with its answer), Fail instead.
        let result = try await sandbox.study(["--topic", "French", "--count", "10", "--ahead", "0"], input: "\n2\n\n3\nu\n0\nq\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Rated Easy; next review in"))
        #expect(result.standardOutput.contains("Undid Easy.\n\n── French · card 2 of 2 · 2 left ──\nQuestion:\n  the cat\n"))
        #expect(try sandbox.reviews("french") == [[hello, "3"], [cat, "1"]])
        // The state is as if Easy never happened: the cat is learning again after Fail, due in a minute.
        let catState = try #require(try sandbox.lines("french.state").first { $0.hasPrefix(cat) }?.components(separatedBy: "\t"))
        #expect(catState[1] == "Learning")
        // Nothing left to undo after undoing once at the start.
        let nothing = try await sandbox.study(["--topic", "Math", "--count", "10", "--ahead", "0"], input: "u\nq\n")
        #expect(nothing.standardOutput.contains("Nothing to undo."), "\(nothing.status) \(nothing.standardError)")
        // State rebuilt from the log equals the state written while studying.
        let before = try sandbox.text("french.state")
        #expect(try await sandbox.badger(["state", "rebuild"]).status == 0)
        #expect(try sandbox.text("french.state") == before)
    }

    @Test func threeUndosTakeThreeRatingsOutAndCountBack() async throws {
        let cards = (1...5).map { "Q: Word \($0)\nA: Mot \($0)\n" }.joined(separator: "\n")
        let sandbox = try StudySandbox(decks: ["words.md": "---\ntopic: Words\n---\n\n" + cards])
        defer { sandbox.remove() }
        let result = try await sandbox.study(
            ["--topic", "Words", "--count", "5", "--ahead", "0"], input: "\n3\n\n3\n\n3\nu\nu\nu\nq\n")
        #expect(result.status == 0, "\(result.standardError)")
        let out = result.standardOutput
        #expect(out.contains("Undid Easy.\n\n── Words · card 3 of 5 ──"))
        #expect(out.contains("Undid Easy.\n\n── Words · card 2 of 5 ──"))
        #expect(out.contains("Undid Easy.\n\n── Words · card 1 of 5 ──"))
        #expect(try sandbox.reviews("words").isEmpty)
        #expect(out.contains("Cards studied: 0\n  Ratings: 0 (0 correct, 0 failed)"))
    }

    @Test func skipMovesOnAndEndOfInputKeepsEveryRating() async throws {
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let cat = try #require(ids["the cat"])
        // Skip Hello, rate the cat Easy, and the input ends mid-session (Hello on screen).
        let result = try await sandbox.study(["--topic", "French", "--count", "10", "--ahead", "0"], input: "s\n\n3\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Skipped.\n\n── French · card 1 of 2 ──\nQuestion:\n  the cat\n"))
        #expect(result.standardOutput.contains("Session summary (French):\n  Cards studied: 1\n  Ratings: 1 (1 correct, 0 failed)"))
        #expect(!result.standardOutput.contains("l: learn again"))
        #expect(try sandbox.reviews("french") == [[cat, "4"]])
    }

    @Test func withNothingDueOrNewLearningAheadIsOffered() async throws {
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let hello = try #require(ids["Hello"])
        let cat = try #require(ids["the cat"])
        for id in [hello, cat] { #expect(try await sandbox.badger(["review", "--card", id, "--rating", "2"]).status == 0) }
        // Declined: nothing to study.
        let declined = try await sandbox.study(["--topic", "French", "--count", "10"], input: "n\n")
        #expect(declined.status == 0)
        #expect(declined.standardOutput.contains("Only 0 cards to study in French (0 due, 0 new); you asked for 10."))
        #expect(declined.standardOutput.contains("Learn ahead (cards due in the next 7 days)? [y/n]: "))
        #expect(declined.standardOutput.contains("Nothing to study in French now."))
        // Accepted: both cards, rated; --ahead gives the window directly.
        let accepted = try await sandbox.study(["--topic", "French", "--count", "10"], input: "y\n\n2\nq\n")
        #expect(accepted.status == 0)
        #expect(accepted.standardOutput.contains("With learning ahead: 2 cards."))
        #expect(try sandbox.reviews("french").count == 3)
        let ahead = try await sandbox.study(["--topic", "French", "--count", "10", "--ahead", "30"], input: "q\n")
        #expect(!ahead.standardOutput.contains("[y/n]"))
        #expect(ahead.standardOutput.contains("── French · card 1 of 2 ──"))
    }

    @Test func hostileCardTextIsSanitized() async throws {
        let hostile = "---\ntopic: Evil\n---\n\nQ: Hi \u{1B}]0;pwned\u{07} and \u{1B}[31mred\u{202E}\nA: \u{1B}[2J gone\n"
        let sandbox = try StudySandbox(decks: ["evil.md": hostile])
        defer { sandbox.remove() }
        let result = try await sandbox.study(["--topic", "Evil", "--count", "10", "--ahead", "0"], input: "\n1\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Question:"))
        #expect(!result.standardOutput.contains("\u{1B}"))
        #expect(!result.standardOutput.contains("\u{07}"))
        #expect(!result.standardOutput.contains("\u{202E}"))
        #expect(try sandbox.reviews("evil").count == 1)
    }

    @Test func ankiKeysRateWithOneToFour() async throws {
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let result = try await sandbox.study(["--topic", "Math", "--count", "10", "--ahead", "0", "--anki-keys"], input: "\n4\n")
        #expect(result.standardOutput.contains("1 Fail · 1m   2 Difficult · 5.5m   3 Good · 10m   4 Easy · "))
        #expect(try sandbox.reviews("math") == [[try #require(ids["What is $x^2$ for $x = 3$?"]), "4"]])
    }

    // MARK: Full screen

    @Test(.timeLimit(.minutes(1))) func fullScreenShowsTheCardRatesAndRestoresTheTerminal() async throws {
        try #require(Tmux.isAvailable, "the full-screen test needs /usr/bin/tmux and /usr/bin/python3 (make test installs tmux)")
        let sandbox = try StudySandbox()
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let hello = try #require(ids["Hello"])
        let tmux = Tmux()
        defer { tmux.kill() }
        let command =
            "'\(BadgerProcess.executable.path)' study --topic French --count 10 --ahead 0; echo \"EXITED $?\"; stty -a > stty.txt; sleep 5"
        try await tmux.start(command, in: sandbox.url, columns: 40, rows: 12)
        let question = try await tmux.waitFor("Space answer")
        #expect(question.contains("French · card 1 of 2"))
        #expect(question.contains("Hello"))
        #expect(!question.contains("Bonjour"))
        try await tmux.send("Space")
        let answer = try await tmux.waitFor("Bonjour")
        #expect(answer.contains("Hello"))
        #expect(answer.contains("0 Fail · 1m"))
        try await tmux.send("2")
        let next = try await tmux.waitFor("the cat")
        #expect(next.contains("Rated Good; next review in 10m."))
        // A narrower window re-lays the screen out.
        try await tmux.run(["resize-window", "-t", tmux.name, "-x", "30", "-y", "10"])
        _ = try await tmux.waitFor("the cat")
        try await tmux.send("q")
        let summary = try await tmux.waitFor("l: learn again")
        #expect(summary.contains("Cards studied: 1"))
        try await tmux.send("q")
        let after = try await tmux.waitFor("EXITED")
        #expect(after.contains("EXITED 0"))
        #expect(!after.contains("Session summary"))  // the alternate screen is gone
        // The terminal is back in cooked mode with echo.
        var stty = ""
        for _ in 0..<50 where stty.isEmpty {
            stty = (try? sandbox.text("stty.txt")) ?? ""
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(stty.contains(" icanon"))
        #expect(stty.contains(" echo "))
        #expect(!stty.contains("-icanon"))
        #expect(try sandbox.reviews("french") == [[hello, "3"]])
    }
}

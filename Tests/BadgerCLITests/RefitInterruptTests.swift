import BadgerTestSupport
import Foundation
import Testing

/// Ctrl-C during the end-of-session re-fit of a long log (110,000 reviews: the fit is announced,
/// and takes seconds in a debug build). Long runs (`make test-long`, which CI runs): each fits
/// for seconds on both cores, which starved the time limits of tests running beside them.
@Suite(.serialized, .enabled(if: LongTests.enabled, "a long test: make test-long runs it")) struct RefitInterruptTests {
    /// A collection of 1,000 cards and 110,000 reviews, never fitted, with automatic settings:
    /// its re-fit is announced, and takes seconds in a debug build.
    static func collectionOf110000Reviews() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("badger.yml", AdaptiveCommandTests.auto)
        try directory.write(
            "big.md", "---\ntopic: Big\n---\n\n" + (0..<1000).map { "Q: question \($0)\nA: answer \($0)\n" }.joined(separator: "\n"))
        let compiled = try await BadgerProcess.run(["compile"], in: directory.url)
        let cards = try #require(OptimizeCommandTests.json(compiled.standardOutput)["cards"] as? [[String: Any]])
        var lines: [(Date, String)] = []
        let start = Date(timeIntervalSince1970: 1_577_869_200)  // 2020-01-01T09:00:00Z
        for (index, card) in cards.enumerated() {
            let id = try #require(card["id"] as? String)
            var time = start.addingTimeInterval(Double(index % 24) * 3600)
            for review in 0..<110 {
                let rating = (index * 7 + review * 3) % 10 < 2 ? 1 : 3
                lines.append((time, "\(OptimizeCommandTests.format(time))\treview\t\(id)\t\(rating)\t-\t-\n"))
                time += Double(1 + (index + review) % 5) * 86_400
            }
        }
        try directory.write(
            "big.reviews",
            "# badger review log 1\ttime\treview\tcard\trating(1 Fail..4 Easy)\telapsed_s\tanswer_ms\n"
                + lines.sorted { $0.0 < $1.0 }.map(\.1).joined())
        return directory
    }

    /// The screen once `command` (a study session in `directory`, then `EXITED` and how it
    /// ended) has ended: q on the card once `question` shows, q on the summary (each key
    /// followed by `keysEnd`, Enter in the plain mode), and Ctrl-C once the re-fit is announced.
    static func ctrlCDuringTheRefit(_ command: String, in directory: TemporaryDirectory, question: String, keysEnd: [String])
        async throws -> String
    {
        let tmux = Tmux()
        defer { tmux.kill() }
        try await tmux.start(command, in: directory.url, columns: 200, rows: 40)
        _ = try await tmux.waitFor(question)
        try await tmux.run(["send-keys", "-t", tmux.name, "q"] + keysEnd)
        _ = try await tmux.waitFor("l: learn again")
        try await tmux.run(["send-keys", "-t", tmux.name, "q"] + keysEnd)
        _ = try await tmux.waitFor("Re-fitting your FSRS parameters to 110000 reviews")
        try await tmux.send("C-c")
        return try await tmux.waitFor("EXITED")
    }

    /// Ctrl-C during the end-of-session re-fit of a full-screen session, SIGINT ignored by the
    /// shell that started badger (`trap '' INT`, as `nohup` does): ignored, the fit stored. The
    /// full-screen mode put SIGINT back to its default after the session, and the re-fit died.
    @Test(.timeLimit(.minutes(3))) func anIgnoredCtrlCDuringTheRefitOfAFullScreenSessionStaysIgnored() async throws {
        try #require(Tmux.isAvailable, "the terminal test needs /usr/bin/tmux and /usr/bin/python3 (make test installs tmux)")
        let directory = try await Self.collectionOf110000Reviews()
        defer { directory.remove() }
        let screen = try await Self.ctrlCDuringTheRefit(
            "trap '' INT; TZ=UTC '\(BadgerProcess.executable.path)' study --topic all --count 10; echo \"EXITED $?\"; sleep 5",
            in: directory, question: "Space answer", keysEnd: [])
        #expect(screen.contains("EXITED 0"), "\(screen)")
        #expect(screen.contains("Re-fitted your FSRS parameters to 110000 reviews"), "\(screen)")
        #expect(try directory.read("badger.fits").contains("\tfit\treviews=110000"))
    }

    @Test(.timeLimit(.minutes(3))) func ctrlCDuringTheRefitSaysNothingOfItWasStored() async throws {
        try #require(Tmux.isAvailable, "the terminal test needs /usr/bin/tmux and /usr/bin/python3 (make test installs tmux)")
        let directory = try await Self.collectionOf110000Reviews()
        defer { directory.remove() }
        // badger ends by SIGINT, and a shell seeing that stops too (as a loop over sessions
        // should): python3, ignoring SIGINT, says how badger ended.
        let wrapper =
            "import signal,subprocess,sys; signal.signal(signal.SIGINT, signal.SIG_IGN); r = subprocess.run(sys.argv[1:], preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)); print('EXITED', r.returncode)"
        let command =
            "TZ=UTC /usr/bin/python3 -c \"\(wrapper)\" '\(BadgerProcess.executable.path)' study --topic all --count 10 --plain; sleep 5"
        let screen = try await Self.ctrlCDuringTheRefit(command, in: directory, question: "(Enter: answer", keysEnd: ["Enter"])
        // Killed by SIGINT (2), as Ctrl-C kills a program that does not catch it.
        #expect(screen.contains("EXITED -2"), "\(screen)")
        #expect(
            screen.contains(
                "badger: note: Ctrl-C: the re-fit stopped and nothing of it was stored (every rating is); the next session re-fits"),
            "\(screen)")
        #expect(!screen.contains("Re-fitted your FSRS parameters"), "\(screen)")
        #expect(try directory.read("badger.yml") == AdaptiveCommandTests.auto)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.fits").path))
    }
}

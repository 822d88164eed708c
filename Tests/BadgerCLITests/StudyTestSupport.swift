import BadgerTestSupport
import Foundation
import Testing

/// A collection in a temporary directory.
struct StudySandbox {
    let directory: TemporaryDirectory
    var url: URL { directory.url }

    init(decks: [String: String] = ["french.md": StudyCommandTests.french, "math.md": StudyCommandTests.math]) throws {
        directory = try TemporaryDirectory()
        try directory.write("badger.yml", "fuzz: true\n")
        for (path, text) in decks { try directory.write(path, text) }
    }

    func remove() { directory.remove() }

    @discardableResult
    func badger(_ arguments: [String]) async throws -> BadgerProcess.Result { try await BadgerProcess.run(arguments, in: url) }

    func study(_ arguments: [String], input: String) async throws -> BadgerProcess.Result {
        try await BadgerProcess.run(["study", "--plain"] + arguments, in: url, input: input)
    }

    /// Each card's id, by question, from `badger compile`.
    func ids() async throws -> [String: String] {
        let result = try await badger(["compile"])
        try #require(result.status == 0, "compile failed: \(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        var ids: [String: String] = [:]
        for card in try #require(document["cards"] as? [[String: Any]]) {
            let question = try #require((card["question"] as? [String: Any])?["markdown"] as? String)
            ids[question] = try #require(card["id"] as? String)
        }
        return ids
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path) }

    func text(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: url.appendingPathComponent(relative)), as: UTF8.self)
    }

    func lines(_ relative: String) throws -> [String] {
        try text(relative).split(separator: "\n").map(String.init)
    }

    /// The reviews in `deck.reviews` that count (not taken back by an `undone` line) as
    /// [card, FSRS rating].
    func reviews(_ deck: String) throws -> [[String]] {
        guard exists("\(deck).reviews") else { return [] }
        let records = try lines("\(deck).reviews").filter { !$0.hasPrefix("#") && !$0.contains("\tcard\t") }
            .map { $0.components(separatedBy: "\t") }
        let undone = Set(records.filter { $0.count == 5 && $0[1] == "undone" }.map { $0[3] })
        return records.filter { $0[1] != "undone" }.compactMap { fields in
            #expect(fields.count == 7 && fields[1] == "reviewed", "unexpected log line \(fields)")
            guard fields.count >= 4 else { return fields }
            return undone.contains(fields.last ?? "") ? nil : [fields[2], fields[3]]
        }
    }
}

/// A private tmux server with one window, for driving the full-screen mode. tmux runs through
/// `system` with a signal mask cleared by python3 (the test runner blocks signals, which its
/// children would inherit, and tmux and badger need SIGCHLD, SIGWINCH and SIGHUP).
struct Tmux {
    let socket = "badger-test-\(UUID().uuidString.prefix(8))"
    let name = "study"
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("badger-tmux-\(UUID().uuidString)")

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    }

    private static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs tmux on a thread of its own (`system` blocks), awaited, so no thread of the test
    /// runner's pool waits for it.
    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        let unblock = "import signal,os,sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        let words = ["/usr/bin/python3", "-c", unblock, "/usr/bin/tmux", "-L", socket] + arguments
        let command =
            "env -u TMUX -u NO_COLOR TERM=xterm-256color " + words.map(Self.quoted).joined(separator: " ")
            + " > " + Self.quoted(output.path) + " 2>/dev/null < /dev/null"
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                _ = system(command)
                done.resume()
            }
        }
        defer { try? FileManager.default.removeItem(at: output) }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    func start(_ command: String, in directory: URL, columns: Int, rows: Int) async throws {
        try await run([
            "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", "-c", directory.path, command,
        ])
    }

    func send(_ key: String) async throws { try await run(["send-keys", "-t", name, key]) }

    /// The screen once it shows `text`; records an issue after 40 seconds (CI runs heavy tests
    /// alongside), with the last screen.
    func waitFor(_ text: String) async throws -> String {
        var screen = ""
        for _ in 0..<400 {
            screen = try await run(["capture-pane", "-p", "-t", name])
            if screen.contains(text) { return screen }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the screen never showed \"\(text)\":\n\(screen)")
        return screen
    }

    /// Ends a study session started with `; echo "EXITED $?"` after it: q on the card, q on
    /// the summary. Returns the screen once the command has exited.
    func quitStudy() async throws -> String {
        try await send("q")
        _ = try await waitFor("l: learn again")
        try await send("q")
        return try await waitFor("EXITED")
    }

    /// Ends the tmux server, for `defer`: started, not waited for (no thread of the test
    /// runner's pool blocks on it; the server's socket is this test's own).
    func kill() {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-u", "TMUX", "/usr/bin/tmux", "-L", socket, "kill-server"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}

import BadgerTestSupport
import Foundation
import Testing

/// Two writers on one collection: the collection lock lets one work and makes the other wait, then
/// refuse with a message naming the holder. Nothing either of them acknowledged is lost.
@Suite(.serialized) struct ConcurrencyTests {
    /// Twelve cards, so a session of 10 starts without asking to learn ahead.
    static let deck = "---\ntopic: T\n---\n\n" + (1...12).map { "Q: question \($0)\nA: answer \($0)\n" }.joined(separator: "\n")

    @Test(.timeLimit(.minutes(2)))
    func aSecondStudyAndAnImportWaitForTheFirstStudyThenRefuseNamingIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("t.md", Self.deck)
        _ = try directory.write("words.csv", "question 13; answer 13\n")

        // The first session rates one card and stays open, holding the lock.
        let first = try StartedBadger(["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url)
        defer { first.kill() }
        first.send("\n2\n")
        try #require(first.waitFor("Rated Good", seconds: 20), "first session did not rate: \(first.output)")

        let second = try BadgerProcess.run(["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url, input: "\n2\nq\n")
        #expect(second.status == 2)
        let namesHolder = second.standardError.contains("in use by badger (pid \(first.pid)): study")
        #expect(namesHolder, "\(second.standardError)")

        let importing = try BadgerProcess.run(["import", "words.csv", "--topic", "T"], in: directory.url)
        #expect(importing.status == 2)
        let importNamesHolder = importing.standardError.contains("in use by badger (pid \(first.pid)): study")
        #expect(importNamesHolder, "\(importing.standardError)")
        #expect(try String(contentsOf: directory.url.appendingPathComponent("t.md"), encoding: .utf8) == Self.deck)

        // Once the first session ends, both go through, and every rating is in the log.
        first.send("q\nq\n")
        #expect(first.waitForExit(seconds: 20) == 0)
        let again = try BadgerProcess.run(["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url, input: "\n3\nq\nq\n")
        #expect(again.status == 0, "\(again.standardError)")
        let imported = try BadgerProcess.run(["import", "words.csv", "--topic", "T"], in: directory.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let log = try String(contentsOf: directory.url.appendingPathComponent("t.reviews"), encoding: .utf8)
        let reviews = log.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains("\treview\t") }
        let ratings = reviews.map { $0.split(separator: "\t")[3] }
        #expect(ratings == ["3", "4"], "log:\n\(log)")
        let deck = try String(contentsOf: directory.url.appendingPathComponent("t.md"), encoding: .utf8)
        #expect(deck.hasPrefix(Self.deck) && deck.contains("Q: question 13"))
    }

    @Test(.timeLimit(.minutes(2)))
    func studiesOneAfterTheOtherBothKeepTheirRatings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("t.md", Self.deck)
        // Started together: one gets the lock, the other waits (up to 5 s) until it is free.
        let sessions = try (0..<2).map { _ in
            try StartedBadger(["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url)
        }
        defer { sessions.forEach { $0.kill() } }
        for session in sessions { session.send("\n2\nq\nq\n") }
        let statuses = sessions.map { $0.waitForExit(seconds: 30) }
        #expect(statuses == [0, 0], "\(sessions.map(\.output))")
        let log = try String(contentsOf: directory.url.appendingPathComponent("t.reviews"), encoding: .utf8)
        #expect(log.split(separator: "\n").count { !$0.hasPrefix("#") && $0.contains("\treview\t") } == 2, "log:\n\(log)")
    }
}

/// A `badger` process left running, fed through a pipe, its output collected as it comes.
final class StartedBadger: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var collected = Data()

    init(_ arguments: [String], in directory: URL) throws {
        let output = Pipe()
        process.executableURL = BadgerProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let handle = output.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                lock.lock()
                collected.append(chunk)
                lock.unlock()
            }
        }.start()
    }

    var pid: Int32 { process.processIdentifier }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    func send(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    /// Waits until the output contains `text`.
    func waitFor(_ text: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return true }
            usleep(10_000)
        }
        return false
    }

    /// Waits for the process to end and returns its status (nil if it is still running).
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }
}

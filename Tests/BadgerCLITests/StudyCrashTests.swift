import BadgerTestSupport
import Foundation
import Testing

/// `badger study` killed with SIGKILL in the middle of a session: every rating it acknowledged
/// ("Rated …") must already be in the deck's review log, and the log must stay readable.
@Suite struct StudyCrashTests {
    static let cardCount = 10

    static var deck: String {
        var text = "---\ntopic: T\n---\n\n"
        for n in 1...cardCount { text += "Q: question \(n)\nA: answer \(n)\n\n" }
        return text
    }

    @Test(.timeLimit(.minutes(1)))
    func acknowledgedRatingsSurviveSIGKILL() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "fuzz: true\n")
        try directory.write("t.md", Self.deck)
        let ids = try await Self.ids(in: directory.url)
        try #require(ids.count == Self.cardCount)

        let process = ChildProcess()
        process.executableURL = BadgerProcess.executable
        process.arguments = ["study", "--plain", "--topic", "T", "--count", "10"]
        process.currentDirectoryURL = directory.url
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = PipeReader(output.fileHandleForReading)
        var killed = false
        defer {
            if !killed, process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? input.fileHandleForWriting.close()
        }

        func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        // Three ratings, each acknowledged before the next action is sent.
        var rated: [String] = []
        for index in 1...3 {
            let shown = try #require(
                await reader.waitFor(occurrences: index, of: "\n(Enter: answer", seconds: 15), "card \(index) not shown")
            let question = try #require(Self.lastQuestion(in: shown), "no question text in \(shown)")
            rated.append(try #require(ids[question], "unknown question \(question)"))
            send("")
            try #require(await reader.waitFor(occurrences: index, of: "Answer:\n", seconds: 15) != nil, "answer \(index) not shown")
            send("2")
            let acknowledged = await reader.waitFor(occurrences: index, of: "Rated Good; next review in ", seconds: 15)
            try #require(acknowledged != nil, "rating \(index) not acknowledged:\n\(reader.text)")
        }
        // The fourth: answer and rate, then kill at once without waiting for anything.
        send("")
        send("2")
        #expect(kill(process.processIdentifier, SIGKILL) == 0)
        killed = true
        await ExternalProcess.waitForExit(process)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)

        // The log holds at least the three acknowledged ratings, in order, as FSRS Good (3).
        let log = String(decoding: try Data(contentsOf: directory.url.appendingPathComponent("t.reviews")), as: UTF8.self)
        let records = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let reviews = records.map { $0.components(separatedBy: "\t") }.filter { $0.count >= 4 && $0[1] == "reviewed" }
        #expect(reviews.count >= 3 && reviews.count <= 4, "log:\n\(log)")
        #expect(reviews.prefix(3).map { [$0[2], $0[3]] } == rated.map { [$0, "3"] }, "log:\n\(log)")
        for review in reviews { #expect(review.count == 7 && review[3] == "3", "unexpected log line \(review)") }
        #expect(log.isEmpty || log.hasSuffix("\n"), "partial last line in log:\n\(log)")

        // The collection is still readable: `due` answers (0 or 1, not 2) and state rebuilds.
        let due = try await BadgerProcess.run(["due"], in: directory.url)
        #expect(due.status == 0 || due.status == 1, "badger due: \(due.status) \(due.standardError)")
        let rebuild = try await BadgerProcess.run(["state", "rebuild"], in: directory.url)
        #expect(rebuild.status == 0, "badger state rebuild: \(rebuild.status) \(rebuild.standardError)")
    }

    /// Each card's id, by question text, from `badger compile`.
    static func ids(in directory: URL) async throws -> [String: String] {
        let result = try await BadgerProcess.run(["compile"], in: directory)
        try #require(result.status == 0, "compile failed: \(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        var ids: [String: String] = [:]
        for card in try #require(document["cards"] as? [[String: Any]]) {
            let question = try #require((card["question"] as? [String: Any])?["markdown"] as? String)
            ids[question] = try #require(card["id"] as? String)
        }
        return ids
    }

    /// The text of the last card shown ("Question:\n  question N\n(Enter: answer …"), once it is complete.
    static func lastQuestion(in text: String) -> String? {
        guard let range = text.range(of: "Question:\n", options: .backwards) else { return nil }
        let rest = text[range.upperBound...]
        guard let end = rest.firstIndex(of: "\n") else { return nil }
        return rest[..<end].trimmingCharacters(in: .whitespaces)
    }
}

/// Reads a pipe to its end on a background thread, so the test never blocks on the child.
private final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                lock.lock()
                data.append(chunk)
                lock.unlock()
            }
        }
        thread.start()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until `needle` occurs `count` times; returns the output then, or nil on timeout.
    func waitFor(occurrences count: Int, of needle: String, seconds: Double) async -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let current = text
            if current.components(separatedBy: needle).count - 1 >= count { return current }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }
}

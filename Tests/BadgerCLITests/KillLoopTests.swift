import BadgerTestSupport
import Foundation
import Testing

/// SIGKILL at random moments during `study`, `import` and `state rebuild`, many times over:
/// afterwards every acknowledged rating is in the log, the state rebuilds, decks are either as
/// before or completely imported, and nothing else changed.
///
/// `BADGER_KILL_LOOPS` sets how many kills each test makes: 10 by default (a short loop in
/// `make test`), 200 in `make test-long`, which CI runs too.
@Suite(.serialized) struct KillLoopTests {
    static let loops = ProcessInfo.processInfo.environment["BADGER_KILL_LOOPS"].flatMap(Int.init) ?? 10
    static let cardCount = 12

    static var deck: String {
        var text = "---\ntopic: T\n---\n\n"
        for n in 1...cardCount { text += "Q: question \(n)\nA: answer \(n)\n\n" }
        return text
    }

    @Test(.timeLimit(.minutes(10)))
    func studyKilledAtRandomKeepsEveryAcknowledgedRating() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("t.md", Self.deck)
        _ = try directory.write("notes.txt", "not a deck\n")
        let untouched = try Self.snapshot(directory.url, files: ["t.md", "notes.txt"])
        var random = SeededBytes(seed: 2026)
        var acknowledgedSoFar = 0
        for loop in 0..<Self.loops {
            // Answer and rate every card Good or Fail; the kill lands anywhere in the session.
            let input = String(repeating: "\n2\n\n0\n", count: Self.cardCount) + "q\n"
            let output = try await Self.runAndKill(
                ["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url, input: input,
                afterMilliseconds: Int(random.next()) % 120)
            let acknowledged = output.components(separatedBy: "Rated ").count - 1
            acknowledgedSoFar += acknowledged
            let reviews = try Self.reviewLines(directory.url)
            #expect(reviews >= acknowledgedSoFar, "loop \(loop): \(reviews) reviews logged, \(acknowledgedSoFar) acknowledged")
            // What a kill may leave is at most one cut-off line, which the next run repairs.
            acknowledgedSoFar = reviews
        }
        let rebuild = try await BadgerProcess.run(["state", "rebuild"], in: directory.url)
        #expect(rebuild.status == 0, "\(rebuild.standardError)")
        let lint = try await BadgerProcess.run(["lint"], in: directory.url)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
        #expect(try Self.snapshot(directory.url, files: ["t.md", "notes.txt"]) == untouched)
        #expect(acknowledgedSoFar > 0, "no rating was ever acknowledged: kills too early")
    }

    @Test(.timeLimit(.minutes(10)))
    func importKilledAtRandomLeavesTheDeckWholeOrUnchanged() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("t.md", Self.deck)
        var csv = ""
        for n in 1...500 { csv += "imported \(n); answer \(n); why \(n)\n" }
        _ = try directory.write("words.csv", csv)
        let before = try Self.snapshot(directory.url, files: ["t.md", "words.csv"])
        // Kills land anywhere from the start to a little past the end of an import as long as
        // one takes on this machine (much longer under a sanitizer).
        let started = Date()
        let whole = try await BadgerProcess.run(["import", "words.csv", "--topic", "T"], in: directory.url)
        try #require(whole.status == 0, "\(whole.standardError)")
        let window = max(100, Int(Date().timeIntervalSince(started) * 1200))
        _ = try directory.write("t.md", Self.deck)
        var random = SeededBytes(seed: 7)
        var completed = 0
        for loop in 0..<Self.loops {
            // The last run is killed only if it has not finished within a minute, so that at
            // least one finishes however busy the machine (with ten random kills, none did).
            let arguments = ["import", "words.csv", "--topic", "T"]
            if loop == Self.loops - 1 {
                _ = try await Self.runOrKill(arguments, in: directory.url, seconds: 60)
            } else {
                let delay = Int(random.next()) * window / 256
                _ = try await Self.runAndKill(arguments, in: directory.url, input: nil, afterMilliseconds: delay)
            }
            let deck = String(decoding: try Data(contentsOf: directory.url.appendingPathComponent("t.md")), as: UTF8.self)
            let isOld = deck == Self.deck
            let isComplete = deck.hasPrefix(Self.deck) && deck.contains("Q: imported 500\n") && deck.hasSuffix("\n")
            #expect(isOld || isComplete, "loop \(loop): the deck is half written (\(deck.utf8.count) bytes)")
            if isComplete {
                completed += 1
                let lint = try await BadgerProcess.run(["lint"], in: directory.url)
                #expect(lint.status == 0, "loop \(loop): \(lint.standardOutput)")
                _ = try directory.write("t.md", Self.deck)
            }
        }
        #expect(try Self.snapshot(directory.url, files: ["t.md", "words.csv"]) == before)
        // A temporary file a kill left behind is gone after the next write of that file.
        let finished = try await BadgerProcess.run(["import", "words.csv", "--topic", "T"], in: directory.url)
        #expect(finished.status == 0, "\(finished.standardError)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            !["t.md", "words.csv", ".badger.lock"].contains($0)
        }
        #expect(leftovers.isEmpty, "left behind: \(leftovers)")
        #expect(completed > 0, "no import ever finished before the kill: kills too early")
    }

    @Test(.timeLimit(.minutes(10)))
    func stateRebuildKilledAtRandomLeavesAWholeStateFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var deck = "---\ntopic: T\n---\n\n"
        var log = "# badger review log 1\ttime\treview\tcard\trating(1 Fail..4 Easy)\telapsed_s\tanswer_ms\n"
        _ = try directory.write("t.md", Self.deck)
        let ids = try await Self.ids(in: directory.url)
        for n in 1...2_000 { deck += "Q: question \(n)\nA: answer \(n)\n\n" }
        _ = try directory.write("t.md", deck)
        for (day, id) in ids.enumerated() {
            log += "2026-01-\(day < 9 ? "0" : "")\(day + 1)T08:00:00Z\treview\t\(id)\t3\t-\t-\n"
        }
        _ = try directory.write("t.reviews", log)
        try #require(ids.count == Self.cardCount)
        let rebuild = try await BadgerProcess.run(["state", "rebuild"], in: directory.url)
        try #require(rebuild.status == 0, "\(rebuild.standardError)")
        let state = try Data(contentsOf: directory.url.appendingPathComponent("t.state"))
        let inputs = try Self.snapshot(directory.url, files: ["t.md", "t.reviews"])
        var random = SeededBytes(seed: 11)
        for loop in 0..<Self.loops {
            if loop.isMultiple(of: 2) { try? FileManager.default.removeItem(at: directory.url.appendingPathComponent("t.state")) }
            _ = try await Self.runAndKill(["state", "rebuild"], in: directory.url, input: nil, afterMilliseconds: Int(random.next()) % 80)
            let path = directory.url.appendingPathComponent("t.state").path
            if let now = FileManager.default.contents(atPath: path) {
                #expect(now == state, "loop \(loop): the state file is not the whole rebuilt state (\(now.count) bytes)")
            }
        }
        let final = try await BadgerProcess.run(["state", "rebuild"], in: directory.url)
        #expect(final.status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            !["t.md", "t.reviews", "t.state", ".badger.lock", ".gitattributes", ".gitignore"].contains($0)
        }
        #expect(leftovers.isEmpty, "left behind: \(leftovers)")
        #expect(try Data(contentsOf: directory.url.appendingPathComponent("t.state")) == state)
        #expect(try Self.snapshot(directory.url, files: ["t.md", "t.reviews"]) == inputs)
    }

    // MARK: - Helpers

    /// Starts `badger ARGUMENTS`, feeds it `input`, kills it with SIGKILL after the delay (unless
    /// it ended first) and returns what it printed (standard output and error) before that.
    static func runAndKill(_ arguments: [String], in directory: URL, input: String?, afterMilliseconds delay: Int) async throws -> String {
        let badger = try StartedBadger(arguments, in: directory)
        if let input { badger.send(input) }
        badger.closeInput()
        try await Task.sleep(for: .milliseconds(delay))
        return await badger.killAndCollect()
    }

    /// As `runAndKill`, but killed only if it has not ended within `seconds`: the last run of a
    /// loop, which must be able to finish however busy the machine (a delay measured once at a
    /// quiet moment, four times over, still killed every import under the full suite's load).
    static func runOrKill(_ arguments: [String], in directory: URL, seconds: Double) async throws -> String {
        let badger = try StartedBadger(arguments, in: directory)
        badger.closeInput()
        _ = await badger.waitForExit(seconds: seconds)
        return await badger.killAndCollect()
    }

    /// The number of complete review lines in `t.reviews`.
    static func reviewLines(_ directory: URL) throws -> Int {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("t.reviews").path) else { return 0 }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the last line ending: empty, or a line cut off by the kill
        return lines.count { $0.split(separator: "\t").count == 7 && $0.split(separator: "\t")[1] == "reviewed" }
    }

    static func snapshot(_ directory: URL, files: [String]) throws -> [String: Data] {
        Dictionary(uniqueKeysWithValues: try files.map { ($0, try Data(contentsOf: directory.appendingPathComponent($0))) })
    }

    /// Every card id in the collection, from `badger list`.
    static func ids(in directory: URL) async throws -> [String] {
        let list = try await BadgerProcess.run(["list"], in: directory)
        return list.standardOutput.split(separator: "\n").compactMap { line in
            let id = String(line.prefix(16))
            return id.count == 16 && id.allSatisfy(\.isHexDigit) ? id : nil
        }
    }
}

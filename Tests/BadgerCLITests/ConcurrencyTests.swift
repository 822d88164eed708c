import BadgerTestSupport
import Foundation
import Testing

/// Two writers on one collection: the collection lock lets one work and makes the other wait, then
/// refuse with a message naming the holder. Nothing either of them acknowledged is lost.
@Suite(.serialized) struct ConcurrencyTests {
    /// Twelve cards, so a session of 10 starts without asking to learn ahead.
    static let deck = "---\ntopic: T\n---\n\n" + (1...12).map { "Q: question \($0)\nA: answer \($0)\n" }.joined(separator: "\n")

    @Test(.timeLimit(.minutes(2)))
    func aSecondStudyAndAnImportWaitForTheFirstStudyThenRefuseNamingIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("t.md", Self.deck)
        _ = try directory.write("words.csv", "question 13; answer 13\n")

        // The first session rates one card and stays open, holding the lock.
        let first = try StartedBadger(["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url)
        defer { first.kill() }
        first.send("\n2\n")
        try #require(await first.waitFor("Rated Good", seconds: 20), "first session did not rate: \(first.output)")

        let second = try await BadgerProcess.run(
            ["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url, input: "\n2\nq\n")
        #expect(second.status == 2)
        let namesHolder = second.standardError.contains("in use by badger (pid \(first.pid)): study")
        #expect(namesHolder, "\(second.standardError)")

        let importing = try await BadgerProcess.run(["import", "words.csv", "--topic", "T"], in: directory.url)
        #expect(importing.status == 2)
        let importNamesHolder = importing.standardError.contains("in use by badger (pid \(first.pid)): study")
        #expect(importNamesHolder, "\(importing.standardError)")
        #expect(try String(contentsOf: directory.url.appendingPathComponent("t.md"), encoding: .utf8) == Self.deck)

        // Once the first session ends, both go through, and every rating is in the log.
        first.send("q\nq\n")
        #expect(await first.waitForExit(seconds: 20) == 0)
        let again = try await BadgerProcess.run(
            ["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url, input: "\n3\nq\nq\n")
        #expect(again.status == 0, "\(again.standardError)")
        let imported = try await BadgerProcess.run(["import", "words.csv", "--topic", "T"], in: directory.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let log = try String(contentsOf: directory.url.appendingPathComponent("t.reviews"), encoding: .utf8)
        let reviews = log.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains("\treviewed\t") }
        let ratings = reviews.map { $0.split(separator: "\t")[3] }
        #expect(ratings == ["3", "4"], "log:\n\(log)")
        let deck = try String(contentsOf: directory.url.appendingPathComponent("t.md"), encoding: .utf8)
        #expect(deck.hasPrefix(Self.deck) && deck.contains("Q: question 13"))
    }

    @Test(.timeLimit(.minutes(2)))
    func studiesOneAfterTheOtherBothKeepTheirRatings() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("t.md", Self.deck)
        // Started together: one gets the lock, the other waits (up to 5 s) until it is free.
        let sessions = try (0..<2).map { _ in
            try StartedBadger(["study", "--plain", "--topic", "T", "--count", "10"], in: directory.url)
        }
        defer { sessions.forEach { $0.kill() } }
        for session in sessions { session.send("\n2\nq\nq\n") }
        var statuses: [Int32?] = []
        for session in sessions { statuses.append(await session.waitForExit(seconds: 30)) }
        #expect(statuses == [0, 0], "\(sessions.map(\.output))")
        let log = try String(contentsOf: directory.url.appendingPathComponent("t.reviews"), encoding: .utf8)
        #expect(log.split(separator: "\n").count { !$0.hasPrefix("#") && $0.contains("\treviewed\t") } == 2, "log:\n\(log)")
    }
}

import BadgerTestSupport
import Foundation
import Testing

/// A command given decks of several collections (each with its own badger.yml) takes the
/// collection-wide settings (study day) from the first root by path, and each topic's retention
/// target from its own collection, every time: not from whichever configuration a dictionary
/// happens to yield first in this process.
@Suite struct SeveralRootsTests {
    @Test func statsTakesEachRootsTargetInEveryRun() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("a/badger.yml", "desired_retention: 0.8\n")
        try directory.write("b/badger.yml", "desired_retention: 0.95\n")
        try directory.write("a/a.md", "---\ntopic: A\n---\n\nQ: a?\nA: a\n")
        try directory.write("b/b.md", "---\ntopic: B\n---\n\nQ: b?\nA: b\n")
        // Swift seeds its hashing afresh in every process: six runs pick either root about
        // equally often if the choice depends on a dictionary's order.
        var outputs: Set<String> = []
        for order in [["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"]] {
            let stats = try await BadgerProcess.run(
                ["stats", "--format", "json", "--now", "2026-11-20T09:00:00Z"] + order, in: directory.url)
            #expect(stats.status == 0, "\(stats.standardError)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(stats.standardOutput.utf8)) as? [String: Any])
            let topics = (document["topics"] as? [[String: Any]] ?? []).map { "\($0["topic"]!)=\($0["targetRetention"]!)" }
            #expect(topics == ["A=0.8", "B=0.95"], "\(order)")
            #expect((document["total"] as? [String: Any])?["targetRetention"] is NSNull, "\(order)")
            let roots = (document["collections"] as? [[String: Any]] ?? []).compactMap { $0["root"] as? String }
            #expect(roots.map { ($0 as NSString).lastPathComponent } == ["a", "b"], "\(order)")
            outputs.insert(stats.standardOutput)
        }
        #expect(outputs.count == 1)
        // With --topic, only the collections holding the topics shown.
        let chosen = try await BadgerProcess.run(["stats", "--format", "json", "--topic", "B", "a", "b"], in: directory.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(chosen.standardOutput.utf8)) as? [String: Any])
        #expect(document["collections"] == nil, "\(chosen.standardOutput.prefix(600))")
        #expect((document["total"] as? [String: Any])?["targetRetention"] as? Double == 0.95)
    }
}

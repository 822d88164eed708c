import BadgerTestSupport
import Foundation
import Testing

/// A command given decks of several collections (each with its own badger.yml) takes the
/// collection-wide settings (study day, retention target) from the first root by path, every
/// time: not from whichever configuration a dictionary happens to yield first in this process.
@Suite struct SeveralRootsTests {
    @Test func statsTakesTheFirstRootsSettingsInEveryRun() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("a/badger.yml", "desired_retention: 0.8\n")
        try directory.write("b/badger.yml", "desired_retention: 0.95\n")
        try directory.write("a/a.md", "---\ntopic: A\n---\n\nQ: a?\nA: a\n")
        try directory.write("b/b.md", "---\ntopic: B\n---\n\nQ: b?\nA: b\n")
        // Swift seeds its hashing afresh in every process: six runs pick either root about
        // equally often if the choice depends on a dictionary's order.
        for order in [["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"]] {
            let stats = try await BadgerProcess.run(["stats", "--format", "json"] + order, in: directory.url)
            #expect(stats.status == 0, "\(stats.standardError)")
            #expect(stats.standardOutput.contains(#""targetRetention" : 0.8,"#), "\(order): \(stats.standardOutput.prefix(400))")
            #expect(!stats.standardOutput.contains("0.95"))
        }
    }
}

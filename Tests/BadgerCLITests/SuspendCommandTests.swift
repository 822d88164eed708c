import BadgerTestSupport
import Foundation
import Testing

/// `badger suspend` and `badger unsuspend` as a user runs them.
@Suite struct SuspendCommandTests {
    @Test func suspendedCardsAreListedSoAndLeftOutOfDueUntilUnsuspended() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            "Decks/geo.md", "---\ntopic: Geography\n---\n\nQ: Capital of France?\nA: Paris\n\nQ: Capital of Peru?\nA: Lima\n")
        let list = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url)
        let ids = list.standardOutput.components(separatedBy: "\"id\" : \"").dropFirst().map { String($0.prefix(16)) }
        #expect(ids.count == 2)

        let suspend = try await BadgerProcess.run(["suspend", "--card", String(ids[0].prefix(6)), "--card", ids[0]], in: directory.url)
        #expect(suspend.status == 0, "\(suspend.standardError)")
        #expect(suspend.standardOutput == "suspended 1 card\n")
        #expect(
            try await BadgerProcess.run(["suspend", "--card", ids[0]], in: directory.url).standardOutput
                == "suspended 0 cards (1 already suspended)\n")
        let listed = try await BadgerProcess.run(["list"], in: directory.url).standardOutput
        #expect(listed.split(separator: "\n").first { $0.hasPrefix(ids[0]) }?.hasSuffix("suspended") == true)
        #expect(try await BadgerProcess.run(["due"], in: directory.url).standardOutput.contains("0 due now, 1 new"))

        let unsuspend = try await BadgerProcess.run(["unsuspend", "--card", ids[0]], in: directory.url)
        #expect(unsuspend.standardOutput == "unsuspended 1 card\n")
        #expect(try await BadgerProcess.run(["due"], in: directory.url).standardOutput.contains("0 due now, 2 new"))

        let missing = try await BadgerProcess.run(["suspend"], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("--card ID"))
        let unknown = try await BadgerProcess.run(["suspend", "--card", "ffffffff"], in: directory.url)
        #expect(unknown.status == 2)
    }
}

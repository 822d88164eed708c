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

    /// Thousands of cards at once: ids from a file or standard input, or comma-separated, in
    /// about the time of one (repeating --card thousands of times is quadratic in the
    /// argument parser).
    @Test func manyCardsAreNamedFromAFileStandardInputOrAList() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cards = (0..<3000).map { "Q: question \($0)?\nA: answer \($0)\n" }.joined(separator: "\n")
        try directory.write("Decks/many.md", "---\ntopic: Many\n---\n\n" + cards)
        let list = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url)
        let ids = list.standardOutput.components(separatedBy: "\"id\" : \"").dropFirst().map { String($0.prefix(16)) }
        #expect(ids.count == 3000)
        try directory.write("ids.txt", ids.prefix(2000).joined(separator: "\n") + "\n")
        let started = Date()
        let fromFile = try await BadgerProcess.run(["suspend", "--cards-from", "ids.txt"], in: directory.url)
        #expect(fromFile.standardOutput == "suspended 2000 cards\n", "\(fromFile.standardError)")
        #expect(Date().timeIntervalSince(started) < 20)
        let fromInput = try await BadgerProcess.run(
            ["unsuspend", "--cards-from", "-"], in: directory.url, input: ids.suffix(2500).joined(separator: " "))
        #expect(fromInput.standardOutput == "unsuspended 1500 cards (1000 already not suspended)\n", "\(fromInput.standardError)")
        let listed = try await BadgerProcess.run(
            ["suspend", "--card", ids[0...2].joined(separator: ","), "--card", ids[2999]], in: directory.url)
        #expect(listed.standardOutput == "suspended 1 card (3 already suspended)\n", "\(listed.standardError)")
        let unreadable = try await BadgerProcess.run(["suspend", "--cards-from", "missing.txt"], in: directory.url)
        #expect(unreadable.status == 2 && unreadable.standardError.contains("cannot read missing.txt"))
    }
}

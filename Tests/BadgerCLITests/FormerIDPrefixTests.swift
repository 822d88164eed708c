import BadgerTestSupport
import Foundation
import Testing

/// An id prefix printed before a typo fix (in a script, a note, the terminal's scrollback) still
/// names the card, as the full old id does.
@Suite struct FormerIDPrefixTests {
    @Test func aPrefixOfTheIdBeforeAnEditNamesTheCard() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("Decks/t.md", "---\ntopic: Geography\n---\n\nQ: What is the capital of France?\nA: Paris\n")
        let list = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url)
        let old = try #require(list.standardOutput.components(separatedBy: "\"id\" : \"").dropFirst().first.map { String($0.prefix(16)) })
        #expect(try await BadgerProcess.run(["review", "--card", old, "--rating", "2"], in: directory.url).status == 0)
        try directory.write("Decks/t.md", "---\ntopic: Geography\n---\n\nQ: What is the capital of Frannce?\nA: Paris\n")
        let show = try await BadgerProcess.run(["show", String(old.prefix(6))], in: directory.url)
        #expect(show.status == 0, "\(show.standardError)")
        #expect(show.standardOutput.contains("Frannce"))
        #expect(!show.standardOutput.hasPrefix(old))
        let review = try await BadgerProcess.run(["review", "--card", String(old.prefix(5)), "--rating", "3"], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
    }

    /// An id from between two edits (neither the first, which keys the history, nor the one of
    /// today) names the card in full as it does by a prefix.
    @Test func anIdBetweenTwoEditsNamesTheCardInFull() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func id() async throws -> String {
            let list = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url)
            return try #require(list.standardOutput.components(separatedBy: "\"id\" : \"").dropFirst().first.map { String($0.prefix(16)) })
        }
        try directory.write("t.md", "---\ntopic: Geo\n---\n\nQ: What is the capital of France?\nA: Paris\n")
        #expect(try await BadgerProcess.run(["review", "--card", try await id(), "--rating", "2"], in: directory.url).status == 0)
        try directory.write("t.md", "---\ntopic: Geo\n---\n\nQ: What is the the capital of France?\nA: Paris\n")
        let between = try await id()
        try directory.write("t.md", "---\ntopic: Geo\n---\n\nQ: What is the the capital of Frances?\nA: Paris\n")
        let now = try await id()
        #expect(now != between)
        let show = try await BadgerProcess.run(["show", between], in: directory.url)
        #expect(show.status == 0, "\(show.standardError)")
        #expect(show.standardOutput.hasPrefix(now), "\(show.standardOutput)")
        let review = try await BadgerProcess.run(["review", "--card", between, "--rating", "3"], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(try await BadgerProcess.run(["show", now], in: directory.url).standardOutput.contains("2 reviews"))
    }
}

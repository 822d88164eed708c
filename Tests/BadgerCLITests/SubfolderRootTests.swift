import BadgerTestSupport
import Foundation
import Testing

/// Without badger.yml, a command run in a subfolder of a collection that has been studied reads
/// the collection's logs: a card moved down into the subfolder keeps its history there.
@Suite struct SubfolderRootTests {
    @Test func aCardMovedIntoASubfolderKeepsItsHistoryWhenTheSubfolderIsNamed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("Decks/t.md", "---\ntopic: T\n---\n\nQ: What is 2+2?\nA: 4\n\nQ: What is 3+3?\nA: 6\n")
        let list = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url)
        for id in list.standardOutput.components(separatedBy: "\"id\" : \"").dropFirst().map({ String($0.prefix(16)) }) {
            #expect(
                try await BadgerProcess.run(["review", "--card", id, "--rating", "2", "--at", "2026-11-20T10:00:00Z"], in: directory.url)
                    .status
                    == 0)
        }
        try directory.write("Decks/t.md", "---\ntopic: T\n---\n\nQ: What is 2+2?\nA: 4\n")
        try directory.write("Decks/sub/s.md", "---\ntopic: T\n---\n\nQ: What is 3+3?\nA: 6\n")
        let sub = directory.url.appendingPathComponent("Decks/sub")
        let listed = try await BadgerProcess.run(["list", "."], in: sub)
        #expect(listed.standardOutput.contains("What is 3+3?"))
        #expect(!listed.standardOutput.contains("new"), "\(listed.standardOutput)")
        #expect(try await BadgerProcess.run(["due", "."], in: sub).standardOutput.contains("1 due now, 0 new"))
    }
}

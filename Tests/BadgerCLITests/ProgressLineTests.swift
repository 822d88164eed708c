import BadgerTestSupport
import Foundation
import Testing

/// Loading a collection shows a progress line on a terminal, and never in a pipe. (Loading these
/// 9,000 cards takes a few tenths of a second; the test shows the line from the first moment.)
@Suite struct ProgressLineTests {
    static func collection() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for deck in 1...3 {
            let cards = (1...3000).map { "Q: deck \(deck) question \($0)\nA: answer \($0)\n" }.joined(separator: "\n")
            _ = try directory.write("deck\(deck).md", "---\ntopic: T\(deck)\n---\n\n" + cards)
        }
        return directory
    }

    @Test func aTerminalSeesDecksCountedThenTheLineErased() async throws {
        let directory = try Self.collection()
        defer { directory.remove() }
        let result = try await BadgerProcess.runInTerminal(
            ["lint", "."], in: directory.url, environment: ["BADGER_PROGRESS_AFTER_MS": "0"])
        let output = result.standardOutput
        #expect(output.contains("reading decks: "), "\(output)")
        // The summary follows the erased line: nothing of the progress is left on screen.
        let erased = output.components(separatedBy: "\r\u{1B}[K").last ?? ""
        #expect(erased.hasPrefix("3 decks, 3 topics"), "\(output.debugDescription)")
    }

    @Test func aPipeSeesNoProgress() async throws {
        let directory = try Self.collection()
        defer { directory.remove() }
        let result = try await BadgerProcess.run(["lint", "."], in: directory.url, environment: ["BADGER_PROGRESS_AFTER_MS": "0"])
        #expect(result.status == 0)
        #expect(!result.standardError.contains("reading decks"))
        #expect(!result.standardError.contains("\u{1B}"))
    }
}

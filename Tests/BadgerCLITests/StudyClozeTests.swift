import BadgerTestSupport
import Foundation
import Testing

/// Studying cloze cards: the deletion is hidden in the question and revealed in place.
@Suite struct StudyClozeTests {
    @Test func theDeletionIsHiddenThenRevealedInPlaceAlsoInsideMath() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            "Decks/cloze.md", "---\ntopic: Cloze\n---\n\nC: Euler: $e^{i\\pi} = {{c1::-1}}$, and {{c2::Canberra::a city}} is a capital.\n")
        let result = try await BadgerProcess.run(
            ["study", "--topic", "Cloze", "--count", "10", "--plain"], in: directory.url, input: "n\n\n3\nq\n")
        let output = result.standardOutput
        #expect(output.contains("Euler: e^(iπ) = [?], and Canberra is a capital."), "\(output)\(result.standardError)")
        #expect(output.contains("Euler: e^(iπ) = −1, and Canberra is a capital."), "\(output)")
        // The other deletion is a sibling: it waits for the next day.
        #expect(!output.contains("[a city]"), "\(output)")
        let reviews = try directory.read("Decks/cloze.reviews")
        #expect(reviews.components(separatedBy: "\treviewed\t").count == 2)
        // Shown with its hint, in place, when it is its turn.
        let list = try await BadgerProcess.run(["list"], in: directory.url)
        #expect(list.standardOutput.contains("Euler: $e^{i\\pi} = -1$, and [a city] is a capital."), "\(list.standardOutput)")
    }
}

import BadgerTestSupport
import Foundation
import Testing

/// Cloze cards through every command a user runs on them.
@Suite struct ClozeCommandTests {
    static let deck = """
        ---
        topic: Geography
        ---

        Q: What is the capital of France?
        A: Paris
        C: {{c1::Canberra}} is the capital of {{c2::Australia::country}}.
        E: Not Sydney.

        C: Euler: $e^{i\\pi} = {{c1::-1}}$

        C: [Berlin] is the capital of [Germany].

        """

    func collection() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("geo.md", Self.deck)
        return directory
    }

    @Test func lintCountsClozeCardsAndACLineIsNeverPartOfTheAnswerAbove() async throws {
        let directory = try collection()
        defer { directory.remove() }
        let result = try await BadgerProcess.run(["lint"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.hasSuffix("6 cards (1 text, 0 math, 0 image, 5 cloze): 0 errors and 0 warnings\n"))
    }

    @Test func compileWritesKindNumberAndBothRenderings() async throws {
        let directory = try collection()
        defer { directory.remove() }
        let result = try await BadgerProcess.run(["compile"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]])
        #expect(cards.map { $0["kind"] as? String } == ["text", "cloze", "cloze", "cloze", "cloze", "cloze"])
        #expect(cards.map { $0["cloze"] as? Int } == [nil, 1, 2, 1, 1, 2])
        #expect((cards[0]["answer"] as? [String: Any])?["markdown"] as? String == "Paris")
        let question = try #require(cards[2]["question"] as? [String: String])
        #expect(question["markdown"] == "Canberra is the capital of [country].")
        let answer = try #require(cards[2]["answer"] as? [String: String])
        #expect(answer["html"] == "<p>Canberra is the capital of <strong>Australia</strong>.</p>\n")
        let math = try #require(cards[3]["question"] as? [String: String])
        #expect(math["html"]?.contains("\\boxed{?}") == true)
        #expect(cards[2]["explanation"] != nil)
    }

    @Test func listShowAndReviewNameEachDeletion() async throws {
        let directory = try collection()
        defer { directory.remove() }
        let list = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]])
        let second = try #require(cards.first { $0["cloze"] as? Int == 2 })
        let id = try #require(second["id"] as? String)
        let show = try await BadgerProcess.run(["show", id], in: directory.url)
        #expect(show.standardOutput.contains("cloze c2"))
        #expect(show.standardOutput.contains("Canberra is the capital of [country]."))
        let review = try await BadgerProcess.run(["review", "--card", id, "--rating", "2"], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
        let reviews = try directory.read("geo.reviews")
        #expect(reviews.contains("\tcloze\tCanberra is the capital of {{…}}.\tAustralia\t"))
    }

    @Test func exportAndImportKeepClozeCards() async throws {
        let directory = try collection()
        defer { directory.remove() }
        let export = try await BadgerProcess.run(["export", "-"], in: directory.url)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardOutput.contains("C: {{c1::Berlin}} is the capital of {{c2::Germany}}.;;;no\n"))
        try directory.write("cards.csv", export.standardOutput)
        let target = try TemporaryDirectory()
        defer { target.remove() }
        try target.write("badger.yml", "exclude: []\n")
        try target.write("cards.csv", export.standardOutput)
        let imported = try await BadgerProcess.run(["import", "cards.csv", "--topic", "Geography"], in: target.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let compiled = try await BadgerProcess.run(["compile"], in: target.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(compiled.standardOutput.utf8)) as? [String: Any])
        #expect((document["cards"] as? [[String: Any]])?.count == 6)
        // Exported again, the CSV is the same.
        let again = try await BadgerProcess.run(["export", "-"], in: target.url)
        #expect(again.standardOutput == export.standardOutput)
    }
}

import BadgerDeck
import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerStudy

/// `due`'s retention and freshness read from the memories' logs equal what the columns of every
/// review give: reviews back-dated and spread over two logs (a card moved to another deck and
/// topic), edited and deleted cards, any order.
@Suite struct TrueRetentionFromMemoryTests {
    @Test(arguments: 0..<8 as Range<UInt64>) func equalsTheColumnsFigures(seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        let questions = (1...6).map { "What is \($0)?" }
        func deck(_ topic: String, _ numbers: [Int]) -> String {
            "---\ntopic: \(topic)\n---\n\n" + numbers.map { "Q: \(questions[$0 - 1])\nA: \($0)\n" }.joined(separator: "\n")
        }
        try directory.write("a.md", deck("T", [1, 2, 3, 4]))
        try directory.write("b.md", deck("U", [5, 6]))
        func load() throws -> (DeckCollection, CollectionMemory) { try directory.loadMemory(seed: seed) }
        var random = SeededGenerator(seed: seed)
        var time = Date(timeIntervalSince1970: 1_760_000_000)
        func study(_ count: Int) throws {
            var (collection, memory) = try load()
            for _ in 0..<count {
                let card = collection.cards.randomElement(using: &random)!.id.description
                _ = try memory.recordReview(cardID: card, rating: Rating(rawValue: Int.random(in: 1...4, using: &random))!, at: time)
                time.addTimeInterval(Double(Int.random(in: -172_800...259_200, using: &random)))
            }
        }
        try study(60)
        // Card 4 moves to the other deck and topic, card 2 is edited, card 3 deleted.
        try directory.write("a.md", deck("T", [1, 2]).replacingOccurrences(of: "What is 2?", with: "What is 2 ?"))
        try directory.write("b.md", deck("U", [5, 6, 4]))
        try study(40)
        let (collection, memory) = try load()
        let cards = collection.cards.map { CollectionStatistics.Card(id: $0.id.description, topic: $0.topic) }
        let expected = CollectionStatistics.trueRetention(cards: cards, reviews: memory.reviewColumns)
        #expect(CollectionStatistics.trueRetention(cards: collection.cards, memories: [memory]) == expected)
        #expect(expected.values.contains { $0 != nil })
        var config = CollectionConfig()
        config.scheduler = "fsrs"
        #expect(ParameterFreshness(config: config, memories: [memory]) == ParameterFreshness(config: config, reviews: memory.reviewColumns))
    }
}

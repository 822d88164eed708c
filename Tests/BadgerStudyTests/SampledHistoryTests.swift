import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

/// An automatic re-fit trains on a fixed sample of whole card histories, about
/// `AdaptiveRefit.sampleReviews` reviews, so a collection with a million reviews re-fits in a
/// second instead of minutes and hundreds of megabytes.
@Suite struct SampledHistoryTests {
    @Test func aSampleIsWholeHistoriesOfAboutTheLimitTheSameEveryTime() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "")
        try directory.write("a.md", "---\ntopic: T\n---\n\n" + (1...20).map { "Q: question \($0)?\nA: \($0)\n" }.joined(separator: "\n"))
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path])
        let collection = try DeckCollection.load(files, fileAccess: fileAccess)
        var memory = try CollectionMemory(
            collection: collection, root: files[0].collectionRoot, scheduler: try FSRS6(), fuzzing: false, fileAccess: fileAccess)
        var time = Date(timeIntervalSince1970: 1_760_000_000)
        for (index, card) in collection.cards.enumerated() {
            for _ in 0...(index % 5) {
                _ = try memory.recordReview(cardID: card.id.description, rating: .good, at: time)
                time.addTimeInterval(90_000)
            }
        }
        let all = memory.history.flatMap { $0 }
        #expect(all.count == 60)
        #expect(memory.history(sampledTo: 60).flatMap { $0 } == all)
        let sample = memory.history(sampledTo: 20).flatMap { $0 }
        #expect(sample == memory.history(sampledTo: 20).flatMap { $0 })
        #expect(sample.count >= 20 && sample.count < 25, "whole histories until the limit: \(sample.count)")
        // Every card in the sample has its whole history there.
        func card(_ record: ReviewRecord) -> String? { if case .review(let review) = record { review.cardID } else { nil } }
        let cards = Set(sample.compactMap(card))
        #expect(cards.count < collection.cards.count)
        #expect(sample.count == all.count { card($0).map(cards.contains) ?? false })
    }
}

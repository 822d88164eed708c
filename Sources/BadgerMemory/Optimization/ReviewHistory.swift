import Foundation

/// One card's reviews, the optimizer's input: ratings and times, in any order.
public struct ReviewHistory: Sendable, Equatable {
    /// One review of the card.
    public struct Review: Sendable, Equatable {
        public var rating: Rating
        public var time: Date

        public init(rating: Rating, time: Date) {
            self.rating = rating
            self.time = time
        }
    }

    /// The card's id (its current name).
    public var cardID: String
    public var reviews: [Review]

    public init(cardID: String, reviews: [Review]) {
        self.cardID = cardID
        self.reviews = reviews
    }

    /// Whole histories of `histories`, about `limit` reviews in all: the cards in the order of a
    /// hash of their id (a fixed, unbiased sample), until their reviews reach `limit`; all of
    /// them when there are no more. What an automatic re-fit trains on.
    public static func sample(_ histories: [ReviewHistory], reviews limit: Int) -> [ReviewHistory] {
        guard histories.reduce(0, { $0 + $1.reviews.count }) > limit else { return histories }
        var taken = 0
        var sample: [ReviewHistory] = []
        for history in histories.sorted(by: { (FNV1a.hash($0.cardID), $0.cardID) < (FNV1a.hash($1.cardID), $1.cardID) }) {
            guard taken < limit else { break }
            sample.append(history)
            taken += history.reviews.count
        }
        return sample
    }

    /// The histories in `records`, one per card, under the card's current name (renames are
    /// aliases), in the order cards were first reviewed.
    public static func histories(fromLogs logs: [[ReviewRecord]]) -> [ReviewHistory] {
        let aliases = CardAliases(logs: logs)
        var order: [String] = []
        var reviews: [String: [Review]] = [:]
        for log in logs {
            for case .review(let review) in log {
                let id = aliases.current(review.cardID)
                if reviews[id] == nil { order.append(id) }
                reviews[id, default: []].append(Review(rating: review.rating, time: review.time))
            }
        }
        return order.map { ReviewHistory(cardID: $0, reviews: reviews[$0] ?? []) }
    }
}

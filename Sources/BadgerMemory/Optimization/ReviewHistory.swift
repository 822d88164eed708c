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

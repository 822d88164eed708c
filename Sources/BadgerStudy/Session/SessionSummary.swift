import BadgerMemory
import Foundation

/// What a study session did: shown at its end, before "Learn again" or quit.
public struct SessionSummary: Sendable, Equatable {
    /// Distinct cards rated.
    public var cardsStudied: Int
    /// Ratings made, repeats included.
    public var reviews: Int
    /// Ratings Difficult, Good or Easy.
    public var correct: Int
    /// Ratings Fail.
    public var failed: Int
    /// The mean of the ratings on the product's 0–3 scale; nil without ratings.
    public var averageRating: Double?
    /// From the first card shown to the end of the session.
    public var timeSpent: TimeInterval
    /// The earliest due time among the rated cards afterwards; nil without ratings.
    public var nextDue: Date?

    public init(
        cardsStudied: Int, reviews: Int, correct: Int, failed: Int, averageRating: Double?, timeSpent: TimeInterval,
        nextDue: Date?
    ) {
        self.cardsStudied = cardsStudied
        self.reviews = reviews
        self.correct = correct
        self.failed = failed
        self.averageRating = averageRating
        self.timeSpent = timeSpent
        self.nextDue = nextDue
    }

    /// The summary of `reviews`, with the cards' memory `states` after them.
    public init(reviews: [StudySession.Review], states: [String: MemoryState], startedAt: Date, endedAt: Date) {
        let ids = Set(reviews.map(\.cardID))
        cardsStudied = ids.count
        self.reviews = reviews.count
        correct = reviews.count { $0.rating.isSuccess }
        failed = reviews.count { !$0.rating.isSuccess }
        averageRating =
            reviews.isEmpty ? nil : Double(reviews.reduce(0) { $0 + $1.rating.productValue }) / Double(reviews.count)
        timeSpent = max(0, endedAt.timeIntervalSince(startedAt))
        nextDue = ids.compactMap { states[$0] }.filter { !$0.retired }.map(\.due).min()
    }
}

import Foundation

/// Decides when a card is due next. Pure: the caller passes the time of each review, and the
/// scheduler never reads the clock.
public protocol Scheduler: Sendable {
    /// The card after a review rated `rating` at `time`.
    ///
    /// - Parameters:
    ///   - card: the card before the review (`MemoryState.new(at:)` for a first review).
    ///   - rating: how well it was remembered.
    ///   - time: when the review happened; may be before `card.due` (early) or long after.
    ///   - fuzz: where to draw the random spread of long intervals from; nil for no fuzz.
    func review(_ card: MemoryState, rating: Rating, at time: Date, fuzz: Fuzz?) -> MemoryState
}

extension Scheduler {
    /// The card after each possible rating at `time`, for showing "Good · 4d" before rating.
    public func nextStates(_ card: MemoryState, at time: Date, fuzz: Fuzz?) -> [Rating: MemoryState] {
        Dictionary(uniqueKeysWithValues: Rating.allCases.map { ($0, review(card, rating: $0, at: time, fuzz: fuzz)) })
    }
}

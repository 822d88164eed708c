import Foundation

/// How a learner fares in same-day repeats: reviews made less than a day after the card's
/// previous review (learning and relearning steps), and how many of them were recalled (rated
/// anything but Again).
public struct SameDayOutcomes: Sendable, Equatable {
    /// Same-day repeats in the histories.
    public var repeats: Int
    /// Those rated Hard, Good or Easy.
    public var recalled: Int

    public init(repeats: Int, recalled: Int) {
        self.repeats = repeats
        self.recalled = recalled
    }

    /// Counts the same-day repeats of `histories`.
    public init(histories: [ReviewHistory]) {
        var repeats = 0
        var recalled = 0
        for history in histories {
            let reviews = history.reviews.sorted { $0.time < $1.time }
            for (previous, review) in zip(reviews, reviews.dropFirst()) where review.time.timeIntervalSince(previous.time) < 86_400 {
                repeats += 1
                if review.rating != .again { recalled += 1 }
            }
        }
        self.init(repeats: repeats, recalled: recalled)
    }

    /// The observed recall rate, shrunk towards `prior` by `priorWeight` pseudo-reviews so that a
    /// few repeats do not decide alone; the prior when there are none.
    public func recallRate(prior: Double = 0.9, priorWeight: Double = 20) -> Double {
        (Double(recalled) + prior * priorWeight) / (Double(repeats) + priorWeight)
    }
}

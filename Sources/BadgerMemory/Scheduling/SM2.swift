import Foundation

/// Anki's classic variant of SuperMemo's SM-2, on whole days.
///
/// The card keeps an *ease* factor (`MemoryState.ease`, 2.5 for a new card, never below 1.3)
/// and its current interval (`MemoryState.intervalDays`). Each review first picks the interval
/// from the card as it was (the ease before this review, like Anki), then adjusts the ease.
///
/// **Ease.** Fail −0.20, Difficult −0.15, Good unchanged, Easy +0.15, on every review
/// (learning cards too, as in SuperMemo's SM-2), never below ``minimumEase``. The ease is kept
/// to three decimals, like Anki's per-mille factor, so repeated steps do not drift.
///
/// **Interval.** A *streak* is the run of successful reviews since the card was new or last
/// failed; its position is read from the card, with no extra field:
/// - first success of a streak (card in `.learning` or `.relearning`): ``firstIntervalDays``
///   (1 day) whatever the rating;
/// - second success (card in `.review` with a 1-day interval, which only the first success
///   gives): ``secondIntervalDays`` (6 days) whatever the rating;
/// - later successes, from the previous interval `I` and ease `E`, rounding to the nearest day
///   (halves up):
///   - Difficult: `I × 1.2`, at least `I + 1`;
///   - Good: `I × E`, at least the Difficult interval + 1;
///   - Easy: `I × E × 1.3`, at least the Good interval + 1;
///   so each is at least `I + 1` and Difficult < Good < Easy, as in Anki.
/// - Fail: 1 day.
///
/// Intervals grow from the scheduled interval, not from the time actually elapsed: reviewing
/// early or late changes only `due`, which is `time + intervalDays × 86,400 s`.
///
/// **Fuzz.** With a non-nil `fuzz` and an interval of at least ``fuzzMinimumDays`` (3 days),
/// the interval `I` becomes `max(round(I × f), P + 1)` where `f = 1 + 0.05 × (2u − 1)`,
/// `u = fuzz.unitValue` and `P` the previous interval (for the 6-day second step, `P` is 1).
/// So `f` is in [0.95, 1.05), the result lies between `round(0.95 I)` and `round(1.05 I)`, and
/// the same fuzz always gives the same interval. Intervals under 3 days are never fuzzed.
///
/// **State.** `.learning` with `step` 0 until the first success; `.review` with `step` nil
/// after any success; on Fail a card that had been recalled (in `.review` or `.relearning`)
/// goes to `.relearning` with `step` 0, a never-recalled card stays in `.learning`.
/// `repetitions` counts every successful review (it is not reset; the streak is tracked as
/// above). `lapses` grows by one when a card in `.review` is failed — a card already
/// relearning that fails again is not counted twice, as in Anki. `lastReview` is `time`.
/// FSRS's `stability` and `difficulty`, and Leitner's `box` and `retired`, are left untouched.
public struct SM2: Scheduler {
    /// The ease of a new card.
    public static let startingEase = 2.5
    /// The ease never goes below this.
    public static let minimumEase = 1.3
    /// The interval after the first success of a streak.
    public static let firstIntervalDays = 1
    /// The interval after the second success of a streak.
    public static let secondIntervalDays = 6
    /// The interval after a Fail.
    public static let failIntervalDays = 1
    /// Ease change on Fail.
    public static let failEaseDelta = -0.20
    /// Ease change on Difficult.
    public static let hardEaseDelta = -0.15
    /// Ease change on Easy.
    public static let easyEaseDelta = 0.15
    /// Difficult multiplies the interval by this.
    public static let hardIntervalFactor = 1.2
    /// Easy multiplies the interval by the ease and then by this.
    public static let easyBonus = 1.3
    /// Fuzz spreads an interval by up to this fraction either way.
    public static let fuzzFraction = 0.05
    /// Intervals shorter than this many days are never fuzzed.
    public static let fuzzMinimumDays = 3
    /// Seconds in a scheduling day.
    public static let secondsPerDay: TimeInterval = 86_400

    public init() {}

    public func review(_ card: MemoryState, rating: Rating, at time: Date, fuzz: Fuzz?) -> MemoryState {
        let ease = card.ease ?? Self.startingEase
        let previous = card.intervalDays ?? 0
        var next = card
        let interval: Int

        if rating.isSuccess {
            if card.state != .review || previous < 1 {
                interval = Self.firstIntervalDays
            } else if previous == Self.firstIntervalDays {
                interval = Self.fuzzed(Self.secondIntervalDays, previous: previous, fuzz: fuzz)
            } else {
                let hard = max(Self.rounded(Double(previous) * Self.hardIntervalFactor), previous + 1)
                let good = max(Self.rounded(Double(previous) * ease), hard + 1)
                let easy = max(Self.rounded(Double(previous) * ease * Self.easyBonus), good + 1)
                let chosen = rating == .hard ? hard : rating == .good ? good : easy
                interval = Self.fuzzed(chosen, previous: previous, fuzz: fuzz)
            }
            next.state = .review
            next.step = nil
            next.repetitions = card.repetitions + 1
        } else {
            interval = Self.failIntervalDays
            if card.state == .review {
                next.lapses = card.lapses + 1
            }
            next.state = card.state == .learning ? .learning : .relearning
            next.step = 0
        }

        let delta: Double
        switch rating {
        case .again: delta = Self.failEaseDelta
        case .hard: delta = Self.hardEaseDelta
        case .good: delta = 0
        case .easy: delta = Self.easyEaseDelta
        }
        next.ease = max(Self.minimumEase, ((ease + delta) * 1000).rounded() / 1000)
        next.intervalDays = interval
        next.lastReview = time
        next.due = time.addingTimeInterval(Double(interval) * Self.secondsPerDay)
        return next
    }

    /// Rounds to the nearest whole day, halves up; at least 1.
    private static func rounded(_ days: Double) -> Int {
        max(1, Int(days.rounded(.toNearestOrAwayFromZero)))
    }

    /// The interval spread by ±5% (see the type's documentation), never below `previous + 1`.
    private static func fuzzed(_ days: Int, previous: Int, fuzz: Fuzz?) -> Int {
        guard let fuzz, days >= fuzzMinimumDays else { return days }
        let factor = 1 + fuzzFraction * (2 * fuzz.unitValue - 1)
        return max(rounded(Double(days) * factor), previous + 1)
    }
}

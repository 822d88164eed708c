import Foundation

/// The Leitner system: seven boxes, each reviewed twice as rarely as the one before.
///
/// Box `n` (1 to 7) has an interval of 1, 2, 4, 8, 16, 32 or 64 days (``intervals``). A new
/// card (`box` nil) stands before box 1. After a review at `time`:
/// - **Fail** → box 1. `lapses` grows by one if the card was beyond box 1 (box 2 to 7, or
///   retired); a retired card comes out of retirement.
/// - **Difficult** → stays in its box (a new card goes to box 1; a retired card stays retired).
/// - **Good** → the next box (a new card goes to box 1).
/// - **Easy** → the next box too: Leitner has no skipping, so Easy is the same as Good.
/// - Good or Easy in box 7 (or on a retired card) *retires* the card: `retired` is true, `box`
///   stays 7 and `intervalDays` is ``retirementDays`` (36,500 days, about a century), so `due`
///   is the review time plus 36,500 days.
///
/// `intervalDays` is the new box's interval and `due` is `time + intervalDays × 86,400 s`,
/// wherever `time` falls relative to the old `due`. `state` is `.learning` in box 1 and
/// `.review` in boxes 2 to 7 and when retired; `step` is always nil. `repetitions` counts
/// successful reviews (Difficult, Good, Easy); `lastReview` is `time`. FSRS's and SM-2's
/// variables are left untouched.
///
/// Leitner intervals are fixed, so fuzz is ignored: the `fuzz` argument has no effect.
public struct Leitner: Scheduler {
    /// The interval of box `n`, in days, at index `n - 1`.
    public static let intervals = [1, 2, 4, 8, 16, 32, 64]
    /// The number of boxes.
    public static let boxCount = 7
    /// How far ahead a retired card is due, in days.
    public static let retirementDays = 36_500
    /// Seconds in a scheduling day.
    public static let secondsPerDay: TimeInterval = 86_400

    public init() {}

    public func review(_ card: MemoryState, rating: Rating, at time: Date, fuzz _: Fuzz?) -> MemoryState {
        // nil (new) is 0; boxes out of range are clamped.
        let box = min(max(card.box ?? 0, 0), Self.boxCount)
        var next = card
        var retired = card.retired
        let newBox: Int

        switch rating {
        case .again:
            newBox = 1
            if box > 1 || card.retired {
                next.lapses = card.lapses + 1
            }
            retired = false
        case .hard:
            newBox = max(box, 1)
        case .good, .easy:
            if box >= Self.boxCount {
                newBox = Self.boxCount
                retired = true
            } else {
                newBox = box + 1
            }
        }

        if rating.isSuccess {
            next.repetitions = card.repetitions + 1
        }
        let interval = retired ? Self.retirementDays : Self.intervals[newBox - 1]
        next.box = newBox
        next.retired = retired
        next.state = newBox == 1 && !retired ? .learning : .review
        next.step = nil
        next.intervalDays = interval
        next.lastReview = time
        next.due = time.addingTimeInterval(Double(interval) * Self.secondsPerDay)
        return next
    }
}

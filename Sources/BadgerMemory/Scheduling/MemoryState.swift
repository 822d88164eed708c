import Foundation

/// What the learner remembers of one card: the variables every scheduler keeps.
///
/// FSRS uses `stability` and `difficulty`; SM-2 adds `ease` and `intervalDays`; Leitner uses
/// `box`. All schedulers keep `state`, `step`, `due`, `lastReview`, `lapses` and `repetitions`.
public struct MemoryState: Sendable, Equatable, Codable {
    public var state: LearningState
    /// The index of the current learning or relearning step; nil in the review state.
    public var step: Int?
    /// FSRS: days until recall probability falls to 90%. Nil before the first review.
    public var stability: Double?
    /// FSRS: intrinsic difficulty, 1 (easy) to 10 (hard). Nil before the first review.
    public var difficulty: Double?
    /// When the card is next due.
    public var due: Date
    public var lastReview: Date?
    /// How many times the card was forgotten (rated Fail) after leaving learning.
    public var lapses: Int
    /// How many reviews recalled the card (rated Difficult, Good or Easy).
    public var repetitions: Int
    /// SM-2: the ease factor (2.5 to start, at least 1.3).
    public var ease: Double?
    /// SM-2: the current interval in days.
    public var intervalDays: Int?
    /// Leitner: the box, 1 to 7; `retired` once the card passes box 7.
    public var box: Int?
    public var retired: Bool

    public init(
        state: LearningState = .learning, step: Int? = 0, stability: Double? = nil, difficulty: Double? = nil, due: Date,
        lastReview: Date? = nil, lapses: Int = 0, repetitions: Int = 0, ease: Double? = nil, intervalDays: Int? = nil,
        box: Int? = nil, retired: Bool = false
    ) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
        self.lapses = lapses
        self.repetitions = repetitions
        self.ease = ease
        self.intervalDays = intervalDays
        self.box = box
        self.retired = retired
    }

    /// A card never reviewed, due at `time`.
    public static func new(at time: Date) -> MemoryState {
        MemoryState(due: time)
    }
}

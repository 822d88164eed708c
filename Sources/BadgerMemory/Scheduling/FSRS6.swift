import Foundation

/// The FSRS-6 scheduler, matching py-fsrs 6.3.2's `Scheduler.review_card` exactly.
///
/// Every formula keeps py-fsrs's float64 operation order, and `e ** x` is computed as
/// `pow(2.718281828459045, x)` as Python does, so stability and difficulty agree with py-fsrs to
/// the last bit or two and intervals (rounded half-to-even, like Python's `round`) agree exactly.
/// `Tests/BadgerMemoryTests/Fixtures/generate_fsrs_vectors.py` produces the reference vectors.
///
/// Differences from py-fsrs, all outside what py-fsrs accepts: a Review or Relearning card without
/// stability or difficulty (py-fsrs asserts) starts from the initial values for the rating; a
/// learning step index that is nil or negative counts as 0; a non-finite interval is clamped to
/// 1...maximumInterval instead of raising. With `sameDayIntervals` (badger's own, off by default
/// and in py-fsrs), a card whose interval at the desired retention is under
/// `sameDayLimit` days is due again after that time the same day instead of the next day.
public struct FSRS6: Scheduler {
    /// The 21 weights w[0]...w[20].
    public let parameters: [Double]
    /// The recall probability intervals aim for, 0.70...0.99.
    public let desiredRetention: Double
    /// The steps of a new card, in seconds.
    public let learningSteps: [TimeInterval]
    /// The steps of a forgotten card, in seconds.
    public let relearningSteps: [TimeInterval]
    /// The longest interval in days.
    public let maximumInterval: Int
    /// Whether a card whose memory, by its stability, would fall below the desired retention
    /// within `sameDayLimit` days is seen again that same day, when it does (not sooner than
    /// `sameDayMinimum`), instead of after a whole day: for learners who forget within hours.
    /// Within the day (less than 24 hours after the review before, as FSRS counts it) an
    /// interval never shrinks and a recall doubles it; a card forgotten then stays on them
    /// instead of starting its relearning steps over.
    /// Off, intervals are whole days, at least one, as py-fsrs schedules.
    public let sameDayIntervals: Bool
    /// The longest interval in days unless one is given: 100 years, py-fsrs's and Anki's.
    public static let defaultMaximumInterval = 36_500

    /// The interval, in days, below which `sameDayIntervals` schedules within the day.
    public static let sameDayLimit = 0.5
    /// The shortest same-day interval, in seconds.
    public static let sameDayMinimum: TimeInterval = 600

    /// py-fsrs's `_DECAY`: -w[20].
    let decay: Double
    /// py-fsrs's `_FACTOR`: 0.9^(1 / decay) - 1.
    let factor: Double
    /// `desiredRetention` to the power 1 / decay.
    let retentionPower: Double
    /// e to the power w17 × w18, dividing stability after a lapse on the same day.
    let shortTermDivisor: Double
    /// e to the power w8, scaling stability growth after a recall.
    let recallGrowth: Double
    /// The initial difficulty for each rating, unclamped.
    let initialDifficulties: [Double]
    /// The steps in whole microseconds, as Python's `timedelta` keeps them.
    private let learningMicroseconds: [Double]
    private let relearningMicroseconds: [Double]

    /// Python's `math.e`.
    static let e = 2.718281828459045
    /// py-fsrs's `STABILITY_MIN`.
    static let minimumStability = 0.001
    static let secondsPerDay = 86_400.0

    /// A scheduler, or the reason the configuration is unusable.
    ///
    /// - Throws: `ConfigurationError` unless there are 21 parameters within py-fsrs's bounds, the
    ///   desired retention is within 0.70...0.99, every step is positive, and the maximum interval
    ///   is at least one day. Empty step lists are allowed, as in py-fsrs.
    public init(
        parameters: [Double] = FSRS6.defaultParameters, desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600], maximumInterval: Int = defaultMaximumInterval,
        sameDayIntervals: Bool = false
    ) throws {
        try Self.validate(
            parameters: parameters, desiredRetention: desiredRetention, learningSteps: learningSteps,
            relearningSteps: relearningSteps, maximumInterval: maximumInterval)
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        self.sameDayIntervals = sameDayIntervals
        decay = -parameters[20]
        factor = pow(0.9, 1 / decay) - 1
        // Terms that depend only on the settings, computed once with the same expressions.
        retentionPower = pow(desiredRetention, 1 / decay)
        shortTermDivisor = pow(Self.e, parameters[17] * parameters[18])
        recallGrowth = pow(Self.e, parameters[8])
        initialDifficulties = Rating.allCases.map { parameters[4] - pow(Self.e, parameters[5] * Double($0.rawValue - 1)) + 1 }
        learningMicroseconds = learningSteps.map { ($0 * 1_000_000).roundedHalfEven }
        relearningMicroseconds = relearningSteps.map { ($0 * 1_000_000).roundedHalfEven }
    }

    /// The time until the next review: whole days for Review cards, a step otherwise.
    enum Interval: Equatable {
        case days(Int)
        case microseconds(Double)

        var seconds: TimeInterval {
            switch self {
            case .days(let days): return Double(days) * FSRS6.secondsPerDay
            case .microseconds(let microseconds): return microseconds / 1_000_000
            }
        }
    }

    public func review(_ card: MemoryState, rating: Rating, at time: Date, fuzz: Fuzz?) -> MemoryState {
        var next = card

        // Stability and difficulty.
        let stability: Double
        let difficulty: Double
        // Same-day intervals, for a card reviewed again within the day: it comes back no sooner
        // than the time since the review before, twice that when recalled (expanding, so a few
        // times a day at most): FSRS's short-term terms do not see how far memory fell, and a fit
        // may give them little growth, which would bring the card back every few minutes all day
        // (and a card failed again and again would start over at each lapse). A Good or Easy that
        // leaves stability as it was (parameters with no short-term growth) waits a whole day, as
        // py-fsrs schedules; a Hard that does stays on the expanding intervals (a whole day would
        // put it after Good's).
        var sameDayAllowed = sameDayIntervals
        var sameDayFloor = Self.sameDayMinimum
        var reviewedWithinDay = false
        if let oldStability = card.stability, let oldDifficulty = card.difficulty {
            if let lastReview = card.lastReview, Self.wholeDays(from: lastReview, to: time) < 1 {
                reviewedWithinDay = true
                stability = shortTermStability(oldStability, rating: rating)
                if rating == .good || rating == .easy, !(stability > oldStability) { sameDayAllowed = false }
                sameDayFloor = max(sameDayFloor, (rating == .again ? 1 : 2) * time.timeIntervalSince(lastReview))
            } else {
                stability = nextStability(
                    difficulty: oldDifficulty, stability: oldStability,
                    retrievability: retrievability(of: card, at: time), rating: rating)
            }
            difficulty = nextDifficulty(oldDifficulty, rating: rating)
        } else {
            stability = initialStability(rating)
            difficulty = initialDifficulty(rating, clamp: true)
        }
        next.stability = stability
        next.difficulty = difficulty

        // State, step and interval.
        let interval: Interval
        switch card.state {
        case .learning:
            interval = advance(
                &next, steps: learningMicroseconds, rating: rating, stability: stability, sameDay: sameDayAllowed, floor: sameDayFloor)
        case .relearning:
            interval = advance(
                &next, steps: relearningMicroseconds, rating: rating, stability: stability, sameDay: sameDayAllowed, floor: sameDayFloor)
        case .review:
            // Forgotten within the day: it stays on same-day intervals (no shorter than the one
            // before) rather than starting its relearning steps over, so a card failed again and
            // again is not back every few minutes all day.
            if rating == .again, !relearningMicroseconds.isEmpty, !(sameDayAllowed && reviewedWithinDay) {
                next.state = .relearning
                next.step = 0
                interval = .microseconds(relearningMicroseconds[0])
            } else {
                interval = reviewInterval(stability: stability, sameDay: sameDayAllowed, floor: sameDayFloor)
            }
        }

        var finalInterval = interval
        if let fuzz, next.state == .review, case .days(let days) = interval {
            finalInterval = .days(fuzzedDays(days, unitValue: fuzz.unitValue))
        }

        next.due = time.addingTimeInterval(finalInterval.seconds)
        next.lastReview = time
        if card.state == .review, rating == .again { next.lapses += 1 }
        if rating != .again { next.repetitions += 1 }
        return next
    }

    /// The probability of recalling `card` at `time`, counting whole days since the last review
    /// as py-fsrs does; 0 for a card never reviewed.
    public func retrievability(of card: MemoryState, at time: Date) -> Double {
        guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
        let elapsedDays = max(0, Self.wholeDays(from: lastReview, to: time))
        return pow(1 + factor * elapsedDays / stability, decay)
    }

    /// The probability of recalling `card` at `time` on FSRS-6's forgetting curve with the time
    /// since the last review in fractions of a day (py-fsrs counts whole days, so a card is at
    /// 1 all day): for ordering cards due again within the day.
    public func hourlyRetrievability(of card: MemoryState, at time: Date) -> Double {
        guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
        let elapsedDays = max(0, time.timeIntervalSince(lastReview) / Self.secondsPerDay)
        return pow(1 + factor * elapsedDays / stability, decay)
    }

    /// Moves a Learning or Relearning card along `steps`, as py-fsrs's `review_card` does.
    private func advance(
        _ card: inout MemoryState, steps: [Double], rating: Rating, stability: Double, sameDay: Bool, floor: TimeInterval
    ) -> Interval {
        let step = max(card.step ?? 0, 0)
        func graduate() -> Interval {
            card.state = .review
            card.step = nil
            return reviewInterval(stability: stability, sameDay: sameDay, floor: floor)
        }
        if steps.isEmpty || (step >= steps.count && rating != .again) { return graduate() }
        switch rating {
        case .again:
            card.step = 0
            return .microseconds(steps[0])
        case .hard:
            card.step = step
            if step == 0 && steps.count == 1 { return .microseconds((steps[0] * 1.5).roundedHalfEven) }
            if step == 0 { return .microseconds(((steps[0] + steps[1]) / 2).roundedHalfEven) }
            return .microseconds(steps[step])
        case .good:
            if step + 1 == steps.count { return graduate() }
            card.step = step + 1
            return .microseconds(steps[step + 1])
        case .easy:
            return graduate()
        }
    }

    // MARK: - py-fsrs's formulas, in its operation order

    /// `(later - earlier).days`: whole days, rounded down (negative when `later` is earlier).
    static func wholeDays(from earlier: Date, to later: Date) -> Double {
        (later.timeIntervalSince(earlier) / secondsPerDay).rounded(.down)
    }

    func initialStability(_ rating: Rating) -> Double {
        max(parameters[rating.rawValue - 1], Self.minimumStability)
    }

    func initialDifficulty(_ rating: Rating, clamp: Bool) -> Double {
        let difficulty = initialDifficulties[rating.rawValue - 1]
        return clamp ? Self.clampDifficulty(difficulty) : difficulty
    }

    /// The time until the next review of a Review card, before fuzz: whole days, or with `sameDay`
    /// (`sameDayIntervals`, for a memory that grew) whole seconds, at least `floor`, when that is
    /// under `sameDayLimit` days (seconds, as the review log keeps times and due dates are read).
    func reviewInterval(stability: Double, sameDay: Bool, floor: TimeInterval = sameDayMinimum) -> Interval {
        if sameDay {
            let days = (stability / factor) * (retentionPower - 1)
            let seconds = days * Self.secondsPerDay
            if days.isFinite, days < Self.sameDayLimit, floor < Self.sameDayLimit * Self.secondsPerDay {
                return .microseconds(max(seconds, floor).roundedHalfEven * 1_000_000)
            }
        }
        return .days(nextInterval(stability: stability))
    }

    /// Days until the next review of a Review card, before fuzz: round half-to-even, 1...maximum.
    func nextInterval(stability: Double) -> Int {
        let interval = (stability / factor) * (retentionPower - 1)
        return interval.roundedHalfEven(clampedTo: 1...maximumInterval)
    }

    func shortTermStability(_ stability: Double, rating: Rating) -> Double {
        var increase =
            pow(Self.e, parameters[17] * (Double(rating.rawValue - 3) + parameters[18])) * pow(stability, -parameters[19])
        if rating != .again { increase = max(increase, 1.0) }
        return max(stability * increase, Self.minimumStability)
    }

    func nextDifficulty(_ difficulty: Double, rating: Rating) -> Double {
        let easyDifficulty = initialDifficulty(.easy, clamp: false)
        let deltaDifficulty = -(parameters[6] * Double(rating.rawValue - 3))
        let damped = difficulty + (10.0 - difficulty) * deltaDifficulty / 9.0
        let next = parameters[7] * easyDifficulty + (1 - parameters[7]) * damped
        return Self.clampDifficulty(next)
    }

    func nextStability(difficulty: Double, stability: Double, retrievability: Double, rating: Rating) -> Double {
        let next: Double
        if rating == .again {
            let longTerm =
                parameters[11] * pow(difficulty, -parameters[12]) * (pow(stability + 1, parameters[13]) - 1)
                * pow(Self.e, (1 - retrievability) * parameters[14])
            let shortTerm = stability / shortTermDivisor
            next = min(longTerm, shortTerm)
        } else {
            let hardPenalty = rating == .hard ? parameters[15] : 1
            let easyBonus = rating == .easy ? parameters[16] : 1
            next =
                stability
                * (1 + recallGrowth * (11 - difficulty) * pow(stability, -parameters[9])
                    * (pow(Self.e, (1 - retrievability) * parameters[10]) - 1) * hardPenalty * easyBonus)
        }
        return max(next, Self.minimumStability)
    }

    static func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, 1.0), 10.0)
    }
}

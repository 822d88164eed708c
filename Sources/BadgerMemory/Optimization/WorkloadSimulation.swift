import Foundation

/// Estimates, by simulation, the review workload at each desired retention for a learner whose
/// memory follows FSRS-6 with the given parameters: new cards are introduced each day, every
/// due card is reviewed (recalled with the model's predicted probability; Good when recalled,
/// Again otherwise, then the relearning steps; intervals fuzzed, as a collection's are unless it
/// sets `fuzz: false`, which the simulation does not follow), and the reviews per day and the
/// cards remembered (the sum of their recall probabilities, averaged over the days every card
/// is in play: `measuredDays(…)`) are counted.
///
/// Deterministic: draws come from a `SeededGenerator`, the same for every retention.
public struct WorkloadSimulation: Sendable {
    /// The outcome at one desired retention.
    public struct Point: Sendable, Equatable, Encodable {
        public var desiredRetention: Double
        public var reviewsPerDay: Double
        /// The sum of the cards' recall probabilities at the end of each measured day
        /// (`WorkloadSimulation.measuredDays`), averaged.
        public var remembered: Double
        /// Reviews per card remembered.
        public var reviewsPerRemembered: Double
        /// The retention with the least reviews per card remembered.
        public var isBest: Bool
    }

    public var parameters: [Double]
    public var learningSteps: [TimeInterval]
    public var relearningSteps: [TimeInterval]
    public var cards = 1000
    public var newCardsPerDay = 10
    public var days = 365
    public var seed: UInt64 = 42
    /// The probability of recall in a same-day repeat (a learning or relearning step), such as the
    /// learner's own observed rate; nil means the model's prediction.
    public var sameDayRecall: Double?
    /// Whether the scheduler sees a card again the same day when it expects it forgotten within
    /// hours (`FSRS6.sameDayIntervals`).
    public var sameDayIntervals = false
    /// The longest interval in days, as badger.yml's `maximum_interval` caps a collection's.
    public var maximumInterval = FSRS6.defaultMaximumInterval
    /// The days at the end over which the cards remembered are averaged: every day after the one
    /// the last new card is introduced on, and at least the last half. Cards introduced together
    /// come due together for months, so a shorter window reads where the cohort is in its
    /// intervals more than the retention (over the last 60 days, the cards remembered went down
    /// by 4% from 0.73 to 0.79 for FSRS's default parameters, 1000 cards, 20 new a day).
    public static func measuredDays(days: Int, cards: Int, newCardsPerDay: Int) -> Int {
        let introduced = newCardsPerDay > 0 ? (cards + newCardsPerDay - 1) / newCardsPerDay : days
        return max(1, days - min(introduced, days / 2))
    }

    public init(parameters: [Double], learningSteps: [TimeInterval], relearningSteps: [TimeInterval]) {
        self.parameters = parameters
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
    }

    /// Desired retention 0.70, 0.71, … 0.97 (or `lowest`…`highest` hundredths), the best marked.
    public func sweep(from lowest: Int = 70, through highest: Int = 97) -> [Point] {
        var points = stride(from: lowest, through: highest, by: 1).compactMap { simulate(desiredRetention: Double($0) / 100) }
        if let best = points.indices.min(by: { points[$0].reviewsPerRemembered < points[$1].reviewsPerRemembered }) {
            points[best].isBest = true
        }
        return points
    }

    /// A simulation stops, with no point, once its reviews pass this many per card and day
    /// (ordinary settings make a few hundredths): a card starts its steps over at each Again, so
    /// many steps and a low same-day recall need repeats without end (20 steps recalled half the
    /// time: about two million to graduate one card).
    public static let reviewBudgetPerCardDay = 2

    /// One simulated period at `desiredRetention`; nil when the settings are not a valid
    /// scheduler, or when the reviews pass `reviewBudgetPerCardDay`.
    public func simulate(desiredRetention: Double) -> Point? {
        guard
            let scheduler = try? FSRS6(
                parameters: parameters, desiredRetention: desiredRetention, learningSteps: learningSteps,
                relearningSteps: relearningSteps, maximumInterval: maximumInterval, sameDayIntervals: sameDayIntervals)
        else { return nil }
        var generator = SeededGenerator(seed: seed)
        let start = Date(timeIntervalSince1970: 0)
        var active: [MemoryState] = []
        var reviews = 0
        let measured = Self.measuredDays(days: days, cards: cards, newCardsPerDay: newCardsPerDay)
        var rememberedSum = 0.0
        let budget = cards * days * Self.reviewBudgetPerCardDay
        for day in 0..<days {
            let dayStart = start.addingTimeInterval(Double(day) * 86_400)
            let dayEnd = dayStart.addingTimeInterval(86_400)
            for _ in 0..<newCardsPerDay where active.count < cards { active.append(.new(at: dayStart)) }
            for index in active.indices {
                var card = active[index]
                while card.due < dayEnd {
                    let time = max(card.due, dayStart)
                    var recall = card.lastReview == nil ? 0 : scheduler.retrievability(of: card, at: time)
                    if let sameDayRecall, let last = card.lastReview, time.timeIntervalSince(last) < 86_400 { recall = sameDayRecall }
                    let rating: Rating =
                        card.lastReview != nil && generator.nextUnit() < recall ? .good : (card.lastReview == nil ? .good : .again)
                    // Fuzzed as a collection is by default (whatever its `fuzz`), which also keeps
                    // cards introduced together from staying in step all year.
                    card = scheduler.review(card, rating: rating, at: time, fuzz: Fuzz(seed: generator.next()))
                    reviews += 1
                    if reviews > budget { return nil }
                }
                active[index] = card
            }
            if day >= days - measured {
                rememberedSum += active.reduce(0) { $0 + scheduler.retrievability(of: $1, at: dayEnd) }
            }
        }
        let remembered = rememberedSum / Double(measured)
        let perDay = Double(reviews) / Double(days)
        return Point(
            desiredRetention: desiredRetention, reviewsPerDay: perDay, remembered: remembered,
            reviewsPerRemembered: remembered > 0 ? Double(reviews) / remembered : .infinity, isBest: false)
    }
}

import Foundation

/// Estimates, by simulation, the review workload at each desired retention for a learner whose
/// memory follows FSRS-6 with the given parameters: new cards are introduced each day, every
/// due card is reviewed (recalled with the model's predicted probability; Good when recalled,
/// Again otherwise, then the relearning steps; intervals fuzzed, as a collection's are unless it
/// sets `fuzz: false`, which the simulation does not follow), and the reviews per day and the
/// cards remembered (the sum of their recall probabilities, averaged over every fourth of the
/// days every card is in play: `measuredDays(…)`, `measuredDayStride`) are counted.
///
/// Deterministic: each card draws from a `SeededGenerator` of its own, seeded by its place, the
/// same at every retention (so a card's luck does not depend on the others'). A year of 1000
/// cards is noisy (the reviews per card remembered of one run moved by up to 7% with the seed,
/// as much as neighbouring retentions differ), so each point pools `samples` independent runs.
public struct WorkloadSimulation: Sendable {
    /// The outcome at one desired retention.
    public struct Point: Sendable, Equatable, Encodable {
        public var desiredRetention: Double
        /// Reviews a day in one run of `cards` cards (averaged over the runs).
        public var reviewsPerDay: Double
        /// The sum of one run's cards' recall probabilities at the end of the measured days
        /// (`WorkloadSimulation.measuredDays`, every fourth), averaged over those days and the runs.
        public var remembered: Double
        /// Reviews per card remembered (the runs' reviews over their cards remembered).
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
    /// Independent runs of `cards` cards pooled into each point (at least one): eight cut one
    /// run's noise to about a third, so neighbouring retentions rise in order.
    public var samples = 8
    /// The probability of recall in a same-day repeat (a learning or relearning step), such as the
    /// learner's own observed rate; nil means the model's prediction.
    public var sameDayRecall: Double?
    /// Whether the scheduler sees a card again the same day when it expects it forgotten within
    /// hours (`FSRS6.sameDayIntervals`).
    public var sameDayIntervals = false
    /// The longest interval in days, as badger.yml's `maximum_interval` caps a collection's.
    public var maximumInterval = FSRS6.defaultMaximumInterval
    /// The days at the end over which the cards remembered are averaged (every fourth of them,
    /// `measuredDayStride`): every day after the one the last new card is introduced on, and at
    /// least the last half. Cards introduced together come due together for months, so a shorter
    /// window reads where the cohort is in its intervals more than the retention (over the last
    /// 60 days, the cards remembered went down by 4% from 0.73 to 0.79 for FSRS's default
    /// parameters, 1000 cards, 20 new a day).
    public static func measuredDays(days: Int, cards: Int, newCardsPerDay: Int) -> Int {
        let introduced = newCardsPerDay > 0 ? (cards + newCardsPerDay - 1) / newCardsPerDay : days
        return max(1, days - min(introduced, days / 2))
    }

    /// The cards remembered are read on every fourth measured day, counted back from the last:
    /// every card's recall probability on every measured day took most of the simulation's time,
    /// and a card's recall probability changes little in four days.
    static let measuredDayStride = 4

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

    /// A simulation stops, with no point, once its reviews pass this many per card and day so
    /// far, counting every card of the collection (ordinary settings make a few hundredths): a
    /// card starts its steps over at each Again, so many steps and a low same-day recall need
    /// repeats without end (20 steps recalled half the time: about two million to graduate one
    /// card).
    public static let reviewBudgetPerCardDay = 2

    /// One simulated period at `desiredRetention`; nil when the settings are not a valid
    /// scheduler, or when the reviews pass `reviewBudgetPerCardDay`.
    public func simulate(desiredRetention: Double) -> Point? {
        guard
            let scheduler = try? FSRS6(
                parameters: parameters, desiredRetention: desiredRetention, learningSteps: learningSteps,
                relearningSteps: relearningSteps, maximumInterval: maximumInterval, sameDayIntervals: sameDayIntervals)
        else { return nil }
        // The runs together: cards are independent (no daily limit), so `samples` runs are one
        // run of that many times the cards and new cards a day.
        let runs = max(1, samples)
        let allCards = cards * runs
        var generators: [SeededGenerator] = []
        let start = Date(timeIntervalSince1970: 0)
        var active: [MemoryState] = []
        var reviews = 0
        let measured = Self.measuredDays(days: days, cards: cards, newCardsPerDay: newCardsPerDay)
        var rememberedSum = 0.0
        var sampledDays = 0
        for day in 0..<days {
            let dayStart = start.addingTimeInterval(Double(day) * 86_400)
            let dayEnd = dayStart.addingTimeInterval(86_400)
            // The budget of the days so far: settings no card can pass stop on the first day,
            // not after a year's budget of repeats.
            let budget = allCards * (day + 1) * Self.reviewBudgetPerCardDay
            for _ in 0..<newCardsPerDay * runs where active.count < allCards {
                generators.append(SeededGenerator(seed: Fuzz.mix(seed &+ UInt64(active.count) &* 0xD1B5_4A32_D192_ED03)))
                active.append(.new(at: dayStart))
            }
            for index in active.indices where active[index].due < dayEnd {
                var card = active[index]
                while card.due < dayEnd {
                    let time = max(card.due, dayStart)
                    var recall = card.lastReview == nil ? 0 : scheduler.retrievability(of: card, at: time)
                    if let sameDayRecall, let last = card.lastReview, time.timeIntervalSince(last) < 86_400 { recall = sameDayRecall }
                    let rating: Rating =
                        card.lastReview != nil && generators[index].nextUnit() < recall ? .good : (card.lastReview == nil ? .good : .again)
                    // Fuzzed as a collection is by default (whatever its `fuzz`), which also keeps
                    // cards introduced together from staying in step all year.
                    card = scheduler.review(card, rating: rating, at: time, fuzz: Fuzz(seed: generators[index].next()))
                    reviews += 1
                    if reviews > budget { return nil }
                }
                active[index] = card
            }
            if day >= days - measured, (days - 1 - day) % Self.measuredDayStride == 0 {
                rememberedSum += active.reduce(0) { $0 + scheduler.retrievability(of: $1, at: dayEnd) }
                sampledDays += 1
            }
        }
        // (No day simulated, none read: nothing remembered.)
        let remembered = sampledDays > 0 ? rememberedSum / Double(sampledDays * runs) : 0
        let perDay = Double(reviews) / Double(days * runs)
        return Point(
            desiredRetention: desiredRetention, reviewsPerDay: perDay, remembered: remembered,
            reviewsPerRemembered: remembered > 0 ? Double(reviews) / Double(runs) / remembered : .infinity, isBest: false)
    }
}

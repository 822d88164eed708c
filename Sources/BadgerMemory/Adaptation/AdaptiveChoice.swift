import Foundation

/// What `auto` settings choose for a learner: the desired retention and the same-day steps,
/// from FSRS-6 parameters fitted to the learner's log and the learner's own same-day outcomes.
///
/// Each candidate is judged by a `WorkloadSimulation` with those parameters (a year of study,
/// every due card reviewed; eight runs pooled): the reviews it costs per card remembered
/// (averaged over the days every card is in play).
///
/// - Steps: learning steps none, [10m] or [1m, 10m], and relearning steps none or [10m], with the
///   repeats recalled at the learner's observed same-day rate. A same-day repeat earns its cost
///   only when it lowers the reviews per card remembered by more than `stepMargin`; otherwise
///   the fewer steps win.
/// - Retention: every hundredth within the bounds; the target is the highest retention whose
///   reviews per card remembered are within `retentionTolerance` of the least, so knowledge is
///   bought while it is nearly free. `calibrated(by:within:)` then has FSRS schedule for the
///   target plus the calibration gap (how much more often the parameters predict recall than the
///   learner recalled lately), within the bounds, so that the retention the learner observes is
///   the target even where FSRS's memory model fits the learner poorly.
///
/// Deterministic: the simulations are seeded.
public struct AdaptiveChoice: Sendable, Equatable {
    /// The retention FSRS schedules for: the target, corrected by the calibration gap.
    public var desiredRetention: Double
    /// The retention the learner should observe, chosen by the simulation; nil when fixed.
    public var targetRetention: Double?
    public var learningSteps: [TimeInterval]
    public var relearningSteps: [TimeInterval]
    /// One sentence for `badger stats` and `badger due`: "retention 0.87, chosen because …".
    public var reason: String

    public init(
        desiredRetention: Double, learningSteps: [TimeInterval], relearningSteps: [TimeInterval], reason: String,
        targetRetention: Double? = nil
    ) {
        self.desiredRetention = desiredRetention
        self.targetRetention = targetRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.reason = reason
    }

    /// What is fixed and what is chosen.
    public struct Request: Sendable {
        public var parameters: [Double]
        /// The retention range for `desired_retention: auto`; nil keeps `fixedRetention`.
        public var retentionBounds: ClosedRange<Double>?
        public var fixedRetention: Double = 0.9
        /// nil chooses the steps; a list keeps it.
        public var fixedLearningSteps: [TimeInterval]?
        public var fixedRelearningSteps: [TimeInterval]?
        /// Cards, new cards a day and days of each simulation.
        public var cards = 1000
        public var newCardsPerDay = 20
        public var days = 365
        /// Whether FSRS schedules within the day a card it expects forgotten within hours.
        public var sameDayIntervals = false
        /// The longest interval in days (`maximum_interval`): the simulations schedule as the collection does.
        public var maximumInterval = FSRS6.defaultMaximumInterval

        public init(parameters: [Double]) { self.parameters = parameters }
    }

    /// The relative saving a same-day step must bring to be kept.
    public static let stepMargin = 0.01
    /// How far above the least reviews per card remembered the chosen retention may be.
    public static let retentionTolerance = 0.05

    static let learningCandidates: [[TimeInterval]] = [[], [600], [60, 600]]
    static let relearningCandidates: [[TimeInterval]] = [[], [600]]

    /// The simulation each candidate of `request` is judged by: its cards, days and same-day
    /// intervals, with `learning` and `relearning` steps and same-day repeats recalled at
    /// `sameDayRecall`. `badger optimize --retention` prints its sweep.
    public static func simulation(
        _ request: Request, learning: [TimeInterval], relearning: [TimeInterval], sameDayRecall: Double
    ) -> WorkloadSimulation {
        var simulation = WorkloadSimulation(parameters: request.parameters, learningSteps: learning, relearningSteps: relearning)
        simulation.cards = request.cards
        simulation.newCardsPerDay = request.newCardsPerDay
        simulation.days = request.days
        simulation.sameDayRecall = sameDayRecall
        simulation.sameDayIntervals = request.sameDayIntervals
        simulation.maximumInterval = request.maximumInterval
        return simulation
    }

    /// The settings for `request`, judged with the same-day recall rate of `outcomes`.
    public static func choose(_ request: Request, outcomes: SameDayOutcomes) -> AdaptiveChoice {
        let sameDay = outcomes.recallRate()
        func simulation(_ learning: [TimeInterval], _ relearning: [TimeInterval]) -> WorkloadSimulation {
            Self.simulation(request, learning: learning, relearning: relearning, sameDayRecall: sameDay)
        }
        let probe =
            request.retentionBounds.map { (($0.lowerBound + $0.upperBound) / 2 * 100).rounded() / 100 } ?? request.fixedRetention
        // Each pair of steps simulated once: the relearning candidates meet the learning steps
        // just chosen, one pair of which the learning candidates already tried.
        var costs: [[[TimeInterval]]: Double] = [:]
        func cost(_ learning: [TimeInterval], _ relearning: [TimeInterval]) -> Double {
            if let known = costs[[learning, relearning]] { return known }
            let value = simulation(learning, relearning).simulate(desiredRetention: probe)?.reviewsPerRemembered ?? .infinity
            costs[[learning, relearning]] = value
            return value
        }
        func pick(_ candidates: [[TimeInterval]], cost: ([TimeInterval]) -> Double) -> (steps: [TimeInterval], saving: Double) {
            let costs = candidates.map(cost)
            let best = costs.min() ?? .infinity
            // The fewest steps whose cost is within the margin of the best.
            let index = costs.firstIndex { $0 <= best * (1 + stepMargin) } ?? 0
            return (candidates[index], costs[0] > 0 ? 1 - costs[index] / costs[0] : 0)
        }
        var learning = request.fixedLearningSteps ?? [60, 600]
        var relearning = request.fixedRelearningSteps ?? [600]
        var stepNotes: [String] = []
        let recalled =
            outcomes.repeats == 0
            ? "no same-day repeats yet: recall of one taken as \(Int((sameDay * 100).rounded()))%"
            : "same-day repeats recalled \(Int((sameDay * 100).rounded()))%"
        if request.fixedLearningSteps == nil {
            let (steps, saving) = pick(learningCandidates) { cost($0, relearning) }
            learning = steps
            stepNotes.append(
                steps.isEmpty
                    ? "learning steps none: a same-day repeat of a new card did not save its cost (\(recalled))"
                    : "learning steps \(describe(steps)): they save \(percent(saving)) of reviews per card remembered (\(recalled))")
        }
        if request.fixedRelearningSteps == nil {
            let (steps, saving) = pick(relearningCandidates) { cost(learning, $0) }
            relearning = steps
            stepNotes.append(
                steps.isEmpty
                    ? "relearning steps none: a same-day repeat after a lapse did not save its cost"
                    : "relearning steps \(describe(steps)): they save \(percent(saving)) of reviews per card remembered")
        }
        var retention = request.fixedRetention
        var target: Double?
        var retentionNote: String?
        if let bounds = request.retentionBounds {
            let lowest = Int((bounds.lowerBound * 100).rounded())
            let highest = Int((bounds.upperBound * 100).rounded())
            let points = simulation(learning, relearning).sweep(from: lowest, through: highest)
            if let least = points.min(by: { $0.reviewsPerRemembered < $1.reviewsPerRemembered }),
                let chosen = points.last(where: { $0.reviewsPerRemembered <= least.reviewsPerRemembered * (1 + retentionTolerance) })
            {
                retention = chosen.desiredRetention
                target = retention
                retentionNote = Self.retentionReason(chosen: chosen, least: least, points: points, bounds: bounds)
            } else {
                retentionNote =
                    "retention \(String(format: "%.2f", retention)) kept: at every retention allowed the simulation passed "
                    + "\(WorkloadSimulation.reviewBudgetPerCardDay) reviews per card a day (each Fail starts the steps over: "
                    + "learning steps \(describe(learning)), relearning steps \(describe(relearning)))"
            }
        }
        if request.sameDayIntervals, request.fixedLearningSteps == nil || request.fixedRelearningSteps == nil {
            stepNotes.append("a card expected to fall below the target within half a day is seen again that day, when it does")
        }
        let reason = ([retentionNote].compactMap { $0 } + stepNotes).joined(separator: "; ")
        return AdaptiveChoice(
            desiredRetention: retention, learningSteps: learning, relearningSteps: relearning, reason: reason, targetRetention: target)
    }

    /// Why `chosen` was chosen from the swept `points`: the highest within the tolerance of the
    /// least, or, when it is the least itself, that every retention above it costs more.
    static func retentionReason(
        chosen: WorkloadSimulation.Point, least: WorkloadSimulation.Point, points: [WorkloadSimulation.Point],
        bounds: ClosedRange<Double>
    ) -> String {
        func number(_ value: Double) -> String { String(format: "%.2f", value) }
        let range = "from \(number(bounds.lowerBound)) to \(number(bounds.upperBound))"
        let start = "retention \(number(chosen.desiredRetention)), chosen because "
        if points.count == 1 {
            return start + "the bounds allow only \(number(chosen.desiredRetention)); its simulated reviews per card remembered: "
                + number(chosen.reviewsPerRemembered)
        }
        guard chosen.desiredRetention == least.desiredRetention else {
            return start + "it is the highest \(range) whose simulated reviews per card remembered ("
                + number(chosen.reviewsPerRemembered) + ") are within \(Int(retentionTolerance * 100))% of the least ("
                + number(least.reviewsPerRemembered) + ", at \(number(least.desiredRetention)))"
        }
        let leastNote = start + "its simulated reviews per card remembered (\(number(chosen.reviewsPerRemembered))) are the least \(range)"
        guard let next = points.first(where: { $0.desiredRetention > chosen.desiredRetention }) else { return leastNote }
        return leastNote + " and every higher retention costs more than \(Int(retentionTolerance * 100))% more ("
            + "\(number(next.reviewsPerRemembered)) at \(number(next.desiredRetention)))"
    }

    /// This choice with FSRS scheduling for the target plus `gap` (how much more often the
    /// fitted parameters predict recall than the learner recalled), in hundredths within
    /// `bounds` (the range the user allows, for what FSRS schedules as for the target), and the
    /// reason saying so after the retention's; unchanged when the retention is fixed or the gap
    /// rounds to nothing.
    public func calibrated(by gap: Double, within bounds: ClosedRange<Double>) -> AdaptiveChoice {
        guard let target = targetRetention else { return self }
        func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        let corrected = min(hundredths(bounds.upperBound), max(hundredths(bounds.lowerBound), hundredths(target + gap)))
        guard corrected != target else { return self }
        var choice = self
        choice.desiredRetention = corrected
        let note =
            "FSRS schedules for \(String(format: "%.2f", corrected)) because, near that retention, your recent reviews were recalled "
            + String(format: "%.1f", abs(gap) * 100) + " points \(gap > 0 ? "less" : "more") often than the fitted parameters predict"
        var parts = reason.components(separatedBy: "; ")
        parts.insert(note, at: min(1, parts.count))
        choice.reason = parts.joined(separator: "; ")
        return choice
    }

    /// Whether `reason` (a choice's, as `adaptive_reason` keeps it) names each setting given
    /// with that value: the target retention, what FSRS schedules for (the target when no
    /// calibration moved it), the learning and relearning steps; nil for a setting not
    /// automatic. Values edited by hand since the choice, or a reason emptied, are not named.
    public static func reason(
        _ reason: String, explainsTarget target: Double?, scheduled: Double?, learningSteps: [TimeInterval]?,
        relearningSteps: [TimeInterval]?
    ) -> Bool {
        let parts = reason.components(separatedBy: "; ")
        func value(after prefix: String, upTo end: Character) -> String? {
            parts.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count).prefix { $0 != end }) }
        }
        func hundredths(_ retention: Double) -> String { String(format: "%.2f", retention) }
        func steps(_ list: [TimeInterval]) -> String { list.isEmpty ? "none" : describe(list) }
        var named = false
        if let target {
            guard let written = value(after: "retention ", upTo: ","), written == hundredths(target),
                (value(after: "FSRS schedules for ", upTo: " ") ?? written) == hundredths(scheduled ?? target)
            else { return false }
            named = true
        }
        for (name, list) in [("learning steps ", learningSteps), ("relearning steps ", relearningSteps)] {
            guard let list else { continue }
            guard value(after: name, upTo: ":") == steps(list) else { return false }
            named = true
        }
        return named
    }

    /// Steps as `[1m, 10m]`, or `[]`.
    public static func describe(_ steps: [TimeInterval]) -> String {
        "["
            + steps.map { $0 >= 60 && $0.truncatingRemainder(dividingBy: 60) == 0 ? "\(Int($0 / 60))m" : "\(Int($0))s" }.joined(
                separator: ", ")
            + "]"
    }

    static func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }
}

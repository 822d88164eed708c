import Foundation
import Testing

@testable import BadgerMemory

/// The automatic settings: same-day outcomes, the step decision and the retention choice, on
/// synthetic histories and parameters (small simulations, so they run quickly in debug builds).
@Suite struct AdaptiveChoiceTests {
    static let start = Date(timeIntervalSince1970: 1_767_600_000)

    static func request(bounds: ClosedRange<Double>? = 0.80...0.95) -> AdaptiveChoice.Request {
        var request = AdaptiveChoice.Request(parameters: FSRS6.defaultParameters)
        request.retentionBounds = bounds
        request.cards = 200
        request.newCardsPerDay = 10
        request.days = 120
        return request
    }

    @Test func sameDayRepeatsAreCountedAndShrunkTowardsThePrior() {
        let minute = 60.0
        let histories = [
            ReviewHistory(
                cardID: "a",
                reviews: [
                    .init(rating: .good, time: Self.start), .init(rating: .again, time: Self.start + minute),
                    .init(rating: .good, time: Self.start + 10 * minute), .init(rating: .good, time: Self.start + 2 * 86_400),
                ]),
            ReviewHistory(cardID: "b", reviews: [.init(rating: .good, time: Self.start + 5), .init(rating: .hard, time: Self.start + 65)]),
        ]
        let outcomes = SameDayOutcomes(histories: histories)
        #expect(outcomes == SameDayOutcomes(repeats: 3, recalled: 2))
        #expect(abs(outcomes.recallRate(prior: 0.9, priorWeight: 20) - (2 + 18) / 23.0) < 1e-12)
        #expect(SameDayOutcomes(repeats: 0, recalled: 0).recallRate() == 0.9)
    }

    @Test func stepsThatSaveNothingAreDroppedAndTheChoiceSaysWhy() {
        // Same-day repeats always recalled: they cannot catch a card that was not learnt, and
        // with the default short-term terms they add little stability.
        let choice = AdaptiveChoice.choose(Self.request(), outcomes: SameDayOutcomes(repeats: 1000, recalled: 1000))
        #expect(choice.learningSteps == [])
        #expect(choice.reason.contains("learning steps none"))
        #expect(choice.reason.hasPrefix("retention \(String(format: "%.2f", choice.desiredRetention)), chosen because"))
    }

    /// Without a same-day repeat the rate is the prior, and the reason says so instead of
    /// reporting it as observed.
    @Test func theReasonSaysWhenNoSameDayRepeatWasSeen() {
        let none = AdaptiveChoice.choose(Self.request(), outcomes: SameDayOutcomes(repeats: 0, recalled: 0))
        #expect(none.reason.contains("no same-day repeats yet: recall of one taken as 90%"), "\(none.reason)")
        #expect(!none.reason.contains("same-day repeats recalled"))
        let seen = AdaptiveChoice.choose(Self.request(), outcomes: SameDayOutcomes(repeats: 1000, recalled: 1000))
        #expect(seen.reason.contains("same-day repeats recalled 100%"), "\(seen.reason)")
    }

    /// A collection whose `maximum_interval` caps intervals is simulated with the cap: at one
    /// day every card in play is reviewed every day, which the uncapped simulation (its
    /// settings chosen for a schedule the collection never gets) did not show.
    @Test func theSimulationsCapIntervalsAtTheMaximumInterval() throws {
        var capped = Self.request()
        capped.maximumInterval = 1
        let daily = AdaptiveChoice.simulation(capped, learning: [], relearning: [], sameDayRecall: 0.9)
        let uncapped = AdaptiveChoice.simulation(Self.request(), learning: [], relearning: [], sameDayRecall: 0.9)
        let everyDay = try #require(daily.simulate(desiredRetention: 0.9))
        let spaced = try #require(uncapped.simulate(desiredRetention: 0.9))
        // 200 cards at 10 a day over 120 days: about 200 × 100 + 10 × 20 × 19 / 2 reviews, each day's new cards once.
        #expect(everyDay.reviewsPerDay > 160, "\(everyDay)")
        #expect(spaced.reviewsPerDay < everyDay.reviewsPerDay / 3, "\(spaced)")
        let outcomes = SameDayOutcomes(repeats: 50, recalled: 45)
        #expect(
            AdaptiveChoice.choose(capped, outcomes: outcomes).reason != AdaptiveChoice.choose(Self.request(), outcomes: outcomes).reason)
    }

    @Test func theRetentionIsChosenWithinTheBoundsAndIsTheSameEveryRun() {
        let outcomes = SameDayOutcomes(repeats: 50, recalled: 45)
        let first = AdaptiveChoice.choose(Self.request(bounds: 0.82...0.88), outcomes: outcomes)
        let second = AdaptiveChoice.choose(Self.request(bounds: 0.82...0.88), outcomes: outcomes)
        #expect(first == second)
        #expect((0.82...0.88).contains(first.desiredRetention))
        // A single-point range leaves no choice.
        let pinned = AdaptiveChoice.choose(Self.request(bounds: 0.91...0.91), outcomes: outcomes)
        #expect(pinned.desiredRetention == 0.91)
    }

    @Test func theChosenRetentionIsTheHighestWithinToleranceOfTheLeastWork() {
        let request = Self.request()
        let choice = AdaptiveChoice.choose(request, outcomes: SameDayOutcomes(repeats: 0, recalled: 0))
        var simulation = WorkloadSimulation(
            parameters: request.parameters, learningSteps: choice.learningSteps, relearningSteps: choice.relearningSteps)
        simulation.cards = request.cards
        simulation.newCardsPerDay = request.newCardsPerDay
        simulation.days = request.days
        simulation.sameDayRecall = SameDayOutcomes(repeats: 0, recalled: 0).recallRate()
        let points = simulation.sweep(from: 80, through: 95)
        let least = points.map(\.reviewsPerRemembered).min()!
        let within = points.filter { $0.reviewsPerRemembered <= least * (1 + AdaptiveChoice.retentionTolerance) }
        #expect(choice.desiredRetention == within.map(\.desiredRetention).max())
    }

    /// The reason is never circular: when the least work is the choice itself (at the lower
    /// bound, typically), it says so and what the next retention up would cost.
    @Test func theRetentionReasonNamesTheLeastWorkWithoutGoingInACircle() {
        func point(_ retention: Double, _ cost: Double) -> WorkloadSimulation.Point {
            .init(desiredRetention: retention, reviewsPerDay: 0, remembered: 0, reviewsPerRemembered: cost, isBest: false)
        }
        let rising = [point(0.85, 10.93), point(0.86, 11.62), point(0.87, 12.4)]
        #expect(
            AdaptiveChoice.retentionReason(chosen: rising[0], least: rising[0], points: rising, bounds: 0.85...0.87)
                == "retention 0.85, chosen because its simulated reviews per card remembered (10.93) are the least from 0.85 to 0.87 "
                + "and every higher retention costs more than 5% more (11.62 at 0.86)")
        #expect(
            AdaptiveChoice.retentionReason(
                chosen: rising[2], least: rising[2], points: [point(0.86, 13.0), rising[2]], bounds: 0.86...0.87)
                == "retention 0.87, chosen because its simulated reviews per card remembered (12.40) are the least from 0.86 to 0.87")
        #expect(
            AdaptiveChoice.retentionReason(chosen: rising[2], least: rising[2], points: [rising[2]], bounds: 0.87...0.87)
                == "retention 0.87, chosen because the bounds allow only 0.87; its simulated reviews per card remembered: 12.40"
        )
        let flat = [point(0.85, 10.0), point(0.86, 10.3), point(0.87, 11.0)]
        #expect(
            AdaptiveChoice.retentionReason(chosen: flat[1], least: flat[0], points: flat, bounds: 0.85...0.87)
                == "retention 0.86, chosen because it is the highest from 0.85 to 0.87 whose simulated reviews per card remembered "
                + "(10.30) are within 5% of the least (10.00, at 0.85)")
    }

    @Test func theScheduledRetentionMakesUpForRecallBelowWhatTheParametersPredict() {
        let outcomes = SameDayOutcomes(repeats: 50, recalled: 45)
        let calibrated = AdaptiveChoice.choose(Self.request(bounds: 0.85...0.85), outcomes: outcomes)
        #expect(calibrated.desiredRetention == 0.85 && calibrated.targetRetention == 0.85)
        let corrected = calibrated.calibrated(by: 0.062, within: 0.70...0.99)
        #expect(corrected.targetRetention == 0.85)
        #expect(corrected.desiredRetention == 0.91)
        #expect(
            corrected.reason.contains(
                "FSRS schedules for 0.91 because, near that retention, your recent reviews were recalled 6.2 points less often"))
        #expect(calibrated.calibrated(by: 0.5, within: 0.70...0.99).desiredRetention == 0.99)
        // Within the bounds the user set: bounds of one value leave nothing to correct.
        #expect(calibrated.calibrated(by: 0.062, within: 0.85...0.85) == calibrated)
    }

    /// Twenty one-minute steps recalled a third of the time need millions of repeats to pass
    /// (each Fail starts them over): the simulation stops at its review budget instead of
    /// running for hours, and the retention stays, saying why.
    @Test(.timeLimit(.minutes(1))) func stepsNoCardCanPassStopTheSimulationAtItsBudget() {
        var simulation = WorkloadSimulation(
            parameters: FSRS6.defaultParameters, learningSteps: Array(repeating: 60, count: 20), relearningSteps: [])
        simulation.sameDayRecall = 0.3
        #expect(simulation.simulate(desiredRetention: 0.9) == nil)
        simulation.learningSteps = [60, 600]
        #expect(simulation.simulate(desiredRetention: 0.9) != nil)
        var request = Self.request(bounds: 0.80...0.95)
        request.fixedRetention = 0.9
        request.fixedLearningSteps = Array(repeating: 60, count: 20)
        let choice = AdaptiveChoice.choose(request, outcomes: SameDayOutcomes(repeats: 10_000, recalled: 3_000))
        #expect(choice.desiredRetention == 0.9 && choice.targetRetention == nil)
        #expect(
            choice.reason.hasPrefix("retention 0.90 kept: at every retention allowed the simulation passed 2 reviews per card a day"),
            "\(choice.reason)")
    }

    @Test func fixedSettingsAreKept() {
        var request = Self.request(bounds: nil)
        request.fixedRetention = 0.93
        request.fixedLearningSteps = [120]
        request.fixedRelearningSteps = []
        let choice = AdaptiveChoice.choose(request, outcomes: SameDayOutcomes(repeats: 10, recalled: 2))
        #expect(choice == AdaptiveChoice(desiredRetention: 0.93, learningSteps: [120], relearningSteps: [], reason: ""))
    }
}

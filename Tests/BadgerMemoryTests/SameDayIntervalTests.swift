import Foundation
import Testing

@testable import BadgerMemory

/// `FSRS6.sameDayIntervals`: a card FSRS expects to fall below the desired retention within half
/// a day is seen again that day, when it does, instead of a whole day later; with it off (the
/// default) intervals are py-fsrs's whole days.
@Suite struct SameDayIntervalTests {
    static let start = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05T09:00:00Z

    /// The default parameters with the initial stabilities of a learner who forgets within hours.
    static let forgetful: [Double] = [0.02, 0.05, 0.1, 0.3] + Array(FSRS6.defaultParameters.dropFirst(4))

    static func scheduler(_ parameters: [Double], sameDay: Bool, retention: Double = 0.9) throws -> FSRS6 {
        try FSRS6(parameters: parameters, desiredRetention: retention, learningSteps: [], relearningSteps: [], sameDayIntervals: sameDay)
    }

    /// FSRS-6's interval for `stability` at `retention`, in seconds, unrounded (a same-day
    /// interval is this rounded half-to-even to whole seconds).
    static func exactInterval(stability: Double, parameters: [Double], retention: Double) -> Double {
        let decay = -parameters[20]
        let factor = pow(0.9, 1 / decay) - 1
        return stability / factor * (pow(retention, 1 / decay) - 1) * 86_400
    }

    @Test func aCardForgottenWithinHoursIsDueAgainThatDayWhenItFallsToTheTarget() throws {
        let on = try Self.scheduler(Self.forgetful, sameDay: true)
        let card = on.review(.new(at: Self.start), rating: .good, at: Self.start, fuzz: nil)
        let seconds = card.due.timeIntervalSince(Self.start)
        let expected = Self.exactInterval(stability: 0.1, parameters: Self.forgetful, retention: 0.9)
        #expect(expected < 43_200 && expected > 600)
        #expect(seconds == expected.rounded(.toNearestOrEven), "\(seconds) vs \(expected)")
        #expect(card.state == .review)
        // At that time FSRS predicts what it aims for (py-fsrs counts whole days, so the
        // continuous curve is used here): the desired retention.
        let decay = -Self.forgetful[20]
        let factor = pow(0.9, 1 / decay) - 1
        #expect(abs(pow(1 + factor * (seconds / 86_400) / 0.1, decay) - 0.9) < 1e-9)

        let off = try Self.scheduler(Self.forgetful, sameDay: false)
        #expect(off.review(.new(at: Self.start), rating: .good, at: Self.start, fuzz: nil).due == Self.start.addingTimeInterval(86_400))
    }

    @Test func theSameDayRepeatGrowsTheStabilityAsFSRSsShortTermFormulaSays() throws {
        let on = try Self.scheduler(Self.forgetful, sameDay: true)
        let off = try Self.scheduler(Self.forgetful, sameDay: false)
        let first = on.review(.new(at: Self.start), rating: .good, at: Self.start, fuzz: nil)
        let second = on.review(first, rating: .good, at: first.due, fuzz: nil)
        // The same review under py-fsrs's rules (a repeat within the day).
        #expect(second.stability == off.shortTermStability(0.1, rating: .good))
        #expect(second.stability! > first.stability!)
        #expect(second.due > first.due)
    }

    /// Fitted short-term terms may give a same-day recall almost no growth (w17 × w18 near 0,
    /// w19 large): each repeat would come back a few minutes later, all day. A recall within the
    /// day comes back no sooner than twice the time since the review before, so a few times a
    /// day at most, then a whole day later.
    @Test func sameDayRecallsExpandSoACardComesBackAFewTimesADayAtMost() throws {
        var flat = Self.forgetful
        (flat[17], flat[18], flat[19]) = (0.01, 0.01, 0.8)
        let on = try Self.scheduler(flat, sameDay: true, retention: 0.85)
        var card = on.review(.new(at: Self.start), rating: .good, at: Self.start, fuzz: nil)
        var previous = card.due.timeIntervalSince(Self.start)
        var repeats = 0
        while card.due.timeIntervalSince(Self.start) < 86_400, repeats < 100 {
            let at = card.due
            card = on.review(card, rating: .good, at: at, fuzz: nil)
            let interval = card.due.timeIntervalSince(at)
            #expect(interval >= 2 * previous || interval >= 86_400, "\(interval) after \(previous)")
            previous = interval
            repeats += 1
        }
        #expect(repeats <= 7, "\(repeats) repeats within the day")
        #expect(card.due.timeIntervalSince(card.lastReview!) >= 86_400)
    }

    /// A card failed again and again (Again, Good, Good, …) does not start over at each lapse:
    /// within the day, no interval is shorter than the one before, and a recall doubles it.
    @Test func aCardFailedAgainAndAgainStillComesBackAFewTimesADayAtMost() throws {
        let on = try Self.scheduler(Self.forgetful, sameDay: true, retention: 0.85)
        let card = on.review(.new(at: Self.start), rating: .good, at: Self.start, fuzz: nil)
        let most = Self.mostReviewsInADay(of: card, failedEveryThirdReview: 60, by: on)
        #expect(most <= 9, "\(most) reviews within a day")
    }

    /// Reviews `card` `count` times, each when it comes due (Again, Good, Good, …): the most
    /// reviews within any 24 hours.
    static func mostReviewsInADay(of card: MemoryState, failedEveryThirdReview count: Int, by scheduler: FSRS6) -> Int {
        var card = card
        var times: [Date] = []
        let pattern: [Rating] = [.again, .good, .good]
        for index in 0..<count {
            let at = card.due
            card = scheduler.review(card, rating: pattern[index % pattern.count], at: at, fuzz: nil)
            times.append(at)
        }
        return times.indices.map { start in times[start...].prefix { $0.timeIntervalSince(times[start]) < 86_400 }.count }.max()!
    }

    /// With relearning steps: after them a card comes back no sooner than twice the last step,
    /// and one forgotten within the day stays on same-day intervals instead of starting the
    /// steps over, so a card failed every third review is seen a handful of times a day.
    @Test func aCardLeavingItsStepsStillExpands() throws {
        let on = try FSRS6(
            parameters: Self.forgetful, desiredRetention: 0.85, learningSteps: [60, 600], relearningSteps: [600], sameDayIntervals: true)
        var card = on.review(.new(at: Self.start), rating: .good, at: Self.start, fuzz: nil)
        card = on.review(card, rating: .good, at: card.due, fuzz: nil)
        #expect(card.state == .review)
        #expect(card.due.timeIntervalSince(card.lastReview!) >= 1_200, "twice the last step at least")
        let most = Self.mostReviewsInADay(of: card, failedEveryThirdReview: 90, by: on)
        #expect(most <= 10, "\(most) reviews within a day")
    }

    @Test func aSameDayRepeatThatDoesNotGrowTheMemoryExpandsOrWaitsAWholeDay() throws {
        let on = try Self.scheduler(Self.forgetful, sameDay: true)
        let first = on.review(.new(at: Self.start), rating: .hard, at: Self.start, fuzz: nil)
        let firstInterval = first.due.timeIntervalSince(Self.start)
        #expect(firstInterval < 43_200)
        // Hard within the day: FSRS's short-term formula keeps the stability as it was; the card
        // comes back at twice the time since the review before (not a whole day, which would put
        // it after Good's), until that passes half a day.
        let hard = on.review(first, rating: .hard, at: first.due, fuzz: nil)
        #expect(hard.stability == first.stability)
        #expect(abs(hard.due.timeIntervalSince(first.due) - 2 * firstInterval) < 0.001)
        let good = on.review(first, rating: .good, at: first.due, fuzz: nil)
        let easy = on.review(first, rating: .easy, at: first.due, fuzz: nil)
        #expect(hard.due <= good.due && good.due <= easy.due, "\(hard.due) \(good.due) \(easy.due)")
        // Parameters whose short-term growth is nothing (w17 × w18 = 0, w19 = 0) behave the same for Good.
        var flat = Self.forgetful
        flat[17] = 0
        flat[19] = 0
        let still = try Self.scheduler(flat, sameDay: true)
        let seen = still.review(.new(at: Self.start), rating: .good, at: Self.start, fuzz: nil)
        let again = still.review(seen, rating: .good, at: seen.due, fuzz: nil)
        #expect(again.due.timeIntervalSince(seen.due) == 86_400)
    }

    /// Forgotten within the day: seen again that day, no sooner than the time since the review
    /// before (so a card failed again and again is not back every few minutes).
    @Test func aCardForgottenWithinTheDayComesBackThatDayNoSoonerThanBefore() throws {
        let on = try Self.scheduler(Self.forgetful, sameDay: true)
        let first = on.review(.new(at: Self.start), rating: .good, at: Self.start, fuzz: nil)
        let forgotten = on.review(first, rating: .again, at: first.due, fuzz: nil)
        let wait = forgotten.due.timeIntervalSince(first.due)
        let before = first.due.timeIntervalSince(Self.start)
        #expect(abs(wait - before) < 0.001, "\(wait) after \(before)")
        #expect(wait < 43_200)
    }

    @Test func neverSoonerThanTenMinutes() throws {
        let tiny: [Double] = [0.001, 0.001, 0.001, 0.001] + Array(FSRS6.defaultParameters.dropFirst(4))
        let on = try Self.scheduler(tiny, sameDay: true)
        let card = on.review(.new(at: Self.start), rating: .again, at: Self.start, fuzz: nil)
        #expect(card.due.timeIntervalSince(Self.start) == FSRS6.sameDayMinimum)
    }

    @Test func cardsRememberedForHalfADayOrMoreKeepWholeDaysAndFuzz() throws {
        let on = try Self.scheduler(FSRS6.defaultParameters, sameDay: true)
        let off = try Self.scheduler(FSRS6.defaultParameters, sameDay: false)
        var a = MemoryState.new(at: Self.start)
        var b = a
        let fuzz = Fuzz(cardID: "abc", reviewIndex: 3)
        for rating in [Rating.good, .good, .hard, .good, .easy, .good] {
            a = on.review(a, rating: rating, at: a.due, fuzz: fuzz)
            b = off.review(b, rating: rating, at: b.due, fuzz: fuzz)
            #expect(a == b)
        }
        #expect(a.due.timeIntervalSince(a.lastReview!) >= 86_400)
    }

    @Test func aLapseWithoutRelearningStepsComesBackWithinTheDay() throws {
        let on = try Self.scheduler(Self.forgetful, sameDay: true)
        var card = on.review(.new(at: Self.start), rating: .easy, at: Self.start, fuzz: nil)
        card = on.review(card, rating: .good, at: card.due, fuzz: nil)
        let later = card.due.addingTimeInterval(3 * 86_400)
        let lapsed = on.review(card, rating: .again, at: later, fuzz: Fuzz(cardID: "abc", reviewIndex: 2))
        #expect(lapsed.lapses == 1)
        let seconds = lapsed.due.timeIntervalSince(later)
        #expect(seconds < 43_200 && seconds >= FSRS6.sameDayMinimum, "\(seconds)")
        let expected = Self.exactInterval(stability: lapsed.stability!, parameters: Self.forgetful, retention: 0.9)
        #expect(expected != expected.rounded())
        #expect(seconds == max(expected, 600).rounded(.toNearestOrEven), "fuzz must leave a same-day interval alone")
    }
}

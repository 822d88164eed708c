import Foundation
import Testing

@testable import BadgerMemory

@Suite struct FSRS6Tests {
    static let start = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05T09:00:00Z
    static let day: TimeInterval = 86_400

    /// A card reviewed with `ratings`, each at its due time, starting new at `start`.
    static func reviewedAtDue(_ ratings: [Rating], scheduler: FSRS6, fuzz: Fuzz? = nil) -> [MemoryState] {
        var card = MemoryState.new(at: start)
        var states: [MemoryState] = []
        for rating in ratings {
            card = scheduler.review(card, rating: rating, at: card.due, fuzz: fuzz)
            states.append(card)
        }
        return states
    }

    static func intervalDays(_ card: MemoryState) -> Double {
        card.due.timeIntervalSince(card.lastReview!) / day
    }

    // MARK: - Configuration

    @Test func defaultsAreFSRS6s() throws {
        let scheduler = try FSRS6()
        #expect(scheduler.desiredRetention == 0.9)
        #expect(scheduler.parameters == FSRS6.defaultParameters)
        #expect(FSRS6.defaultParameters.count == 21)
        #expect(FSRS6.defaultParameters.first == 0.212 && FSRS6.defaultParameters.last == 0.1542)
        #expect(scheduler.learningSteps == [60, 600])
        #expect(scheduler.relearningSteps == [600])
        #expect(scheduler.maximumInterval == 36500)
        for (value, allowed) in zip(FSRS6.defaultParameters, FSRS6.parameterBounds) { #expect(allowed.contains(value)) }
    }

    @Test(arguments: [0.69, 0.6999, 0.991, 1.0, 0.0, -0.9, 90])
    func retentionOutsideSeventyToNinetyNineThrows(retention: Double) {
        #expect(throws: FSRS6.ConfigurationError.desiredRetentionOutOfRange(retention)) {
            try FSRS6(desiredRetention: retention)
        }
    }

    @Test func retentionBoundsAndNaN() throws {
        _ = try FSRS6(desiredRetention: 0.70)
        _ = try FSRS6(desiredRetention: 0.99)
        #expect(throws: FSRS6.ConfigurationError.self) { try FSRS6(desiredRetention: .nan) }
        let error = FSRS6.ConfigurationError.desiredRetentionOutOfRange(0.5)
        #expect(error.description == "Desired retention must be between 0.70 and 0.99 (70% to 99%), but it is 0.5.")
    }

    @Test(arguments: [0, 1, 17, 19, 20, 22])
    func wrongParameterCountThrows(count: Int) {
        let parameters = Array((FSRS6.defaultParameters + FSRS6.defaultParameters).prefix(count))
        #expect(throws: FSRS6.ConfigurationError.wrongParameterCount(count)) { try FSRS6(parameters: parameters) }
        #expect(
            FSRS6.ConfigurationError.wrongParameterCount(count).description
                == (count == 1
                    ? "FSRS-6 needs exactly 21 parameters, but 1 was given."
                    : "FSRS-6 needs exactly 21 parameters, but \(count) were given."))
    }

    @Test func parametersOutsidePyFSRSBoundsThrow() throws {
        var parameters = FSRS6.defaultParameters
        parameters[20] = 0.9
        #expect(throws: FSRS6.ConfigurationError.parameterOutOfBounds(index: 20, value: 0.9, allowed: 0.1...0.8)) {
            try FSRS6(parameters: parameters)
        }
        parameters = FSRS6.defaultParameters
        parameters[0] = 0
        #expect(throws: FSRS6.ConfigurationError.parameterOutOfBounds(index: 0, value: 0, allowed: 0.001...100)) {
            try FSRS6(parameters: parameters)
        }
        parameters[0] = .nan
        #expect(throws: FSRS6.ConfigurationError.self) { try FSRS6(parameters: parameters) }
        #expect(
            FSRS6.ConfigurationError.parameterOutOfBounds(index: 20, value: 0.9, allowed: 0.1...0.8).description
                == "FSRS parameter w[20] is 0.9, outside its allowed range 0.1 to 0.8.")
        // Bounds are inclusive, as in py-fsrs.
        parameters = FSRS6.defaultParameters
        parameters[20] = 0.8
        parameters[8] = 0
        _ = try FSRS6(parameters: parameters)
    }

    @Test func stepsMustBePositiveAndMaximumAtLeastOneDay() throws {
        #expect(throws: FSRS6.ConfigurationError.invalidLearningStep(index: 1, seconds: 0)) {
            try FSRS6(learningSteps: [60, 0])
        }
        #expect(throws: FSRS6.ConfigurationError.invalidRelearningStep(index: 0, seconds: -600)) {
            try FSRS6(relearningSteps: [-600])
        }
        #expect(throws: FSRS6.ConfigurationError.self) { try FSRS6(learningSteps: [.infinity]) }
        #expect(throws: FSRS6.ConfigurationError.maximumIntervalTooSmall(0)) { try FSRS6(maximumInterval: 0) }
        #expect(
            FSRS6.ConfigurationError.invalidLearningStep(index: 1, seconds: 0).description
                == "Learning step 2 must be a positive duration, but it is 0.0 seconds.")
        _ = try FSRS6(learningSteps: [], relearningSteps: [], maximumInterval: 1)
    }

    // MARK: - Scheduling

    @Test func learningStepsAreOneThenTenMinutesBeforeTheFirstDay() throws {
        let scheduler = try FSRS6()
        let new = MemoryState.new(at: Self.start)

        let again = scheduler.review(new, rating: .again, at: Self.start, fuzz: nil)
        #expect(again.state == .learning && again.step == 0)
        #expect(again.due.timeIntervalSince(Self.start) == 60)

        let hard = scheduler.review(new, rating: .hard, at: Self.start, fuzz: nil)
        #expect(hard.state == .learning && hard.step == 0)
        #expect(hard.due.timeIntervalSince(Self.start) == 330)  // halfway between the steps, as py-fsrs

        let good = scheduler.review(new, rating: .good, at: Self.start, fuzz: nil)
        #expect(good.state == .learning && good.step == 1)
        #expect(good.due.timeIntervalSince(Self.start) == 600)
        #expect(good.lastReview == Self.start)

        let graduated = scheduler.review(good, rating: .good, at: good.due, fuzz: nil)
        #expect(graduated.state == .review && graduated.step == nil)
        #expect(graduated.due.timeIntervalSince(good.due) >= Self.day)
        #expect(graduated.due.timeIntervalSince(good.due).truncatingRemainder(dividingBy: Self.day) == 0)

        let easy = scheduler.review(new, rating: .easy, at: Self.start, fuzz: nil)
        #expect(easy.state == .review && easy.step == nil)
        #expect(easy.due.timeIntervalSince(Self.start) == 8 * Self.day)
    }

    @Test func relearningAfterALapse() throws {
        let scheduler = try FSRS6()
        let states = Self.reviewedAtDue([.good, .good, .good, .again], scheduler: scheduler)
        let lapsed = states[3]
        #expect(lapsed.state == .relearning && lapsed.step == 0)
        #expect(lapsed.due.timeIntervalSince(lapsed.lastReview!) == 600)
        let hard = scheduler.review(lapsed, rating: .hard, at: lapsed.due, fuzz: nil)
        #expect(hard.state == .relearning && hard.step == 0)
        #expect(hard.due.timeIntervalSince(lapsed.due) == 900)  // 1.5 × the only step
        let good = scheduler.review(lapsed, rating: .good, at: lapsed.due, fuzz: nil)
        #expect(good.state == .review && good.step == nil)
        #expect(Self.intervalDays(good) >= 1)
    }

    @Test func retrievabilityAtTheDueTimeIsTheDesiredRetention() throws {
        for retention in [0.8, 0.9, 0.95] {
            let scheduler = try FSRS6(desiredRetention: retention)
            var generator = SeededGenerator(seed: 42)
            var checked = 0
            for _ in 0..<200 {
                var card = MemoryState.new(at: Self.start)
                for _ in 0..<12 {
                    let rating = Rating(rawValue: Int.random(in: 1...4, using: &generator))!
                    let late = Double.random(in: -0.5...2, using: &generator) * (card.due.timeIntervalSince(card.lastReview ?? card.due))
                    card = scheduler.review(card, rating: rating, at: card.due.addingTimeInterval(late), fuzz: nil)
                    #expect(scheduler.retrievability(of: card, at: card.lastReview!) == 1)
                    // Intervals are whole days rounded from the stability, so the match is close
                    // only once a day is a small part of the interval and the cap does not bind.
                    guard card.state == .review, let stability = card.stability, stability >= 10 else { continue }
                    let days = Self.intervalDays(card)
                    guard days.rounded() < Double(scheduler.maximumInterval) else { continue }
                    let recall = scheduler.retrievability(of: card, at: card.due)
                    #expect(abs(recall - retention) <= 0.01, "R=\(recall) at due, S=\(stability), \(days)d")
                    checked += 1
                }
            }
            #expect(checked > 300)
        }
    }

    @Test func retrievabilityFallsWithTimeAndIsZeroForNewCards() throws {
        let scheduler = try FSRS6()
        #expect(scheduler.retrievability(of: .new(at: Self.start), at: Self.start) == 0)
        let card = Self.reviewedAtDue([.easy], scheduler: scheduler)[0]
        let values = [0, 1, 8, 30, 365].map {
            scheduler.retrievability(of: card, at: Self.start.addingTimeInterval(Double($0) * Self.day))
        }
        #expect(values[0] == 1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 > $1 })
        #expect(abs(values[2] - 0.9) < 0.01)  // due after 8 days, stability 8.2956
        // Whole days only: 23 hours later is still day 0.
        #expect(scheduler.retrievability(of: card, at: Self.start.addingTimeInterval(23 * 3600)) == 1)
    }

    @Test func intervalsGrowOnSuccessAndShrinkAfterAFail() throws {
        let scheduler = try FSRS6()
        for rating in [Rating.hard, .good, .easy] {
            let states = Self.reviewedAtDue([.good, .good] + Array(repeating: rating, count: 8), scheduler: scheduler)
            let intervals = states.dropFirst().map(Self.intervalDays)
            #expect(zip(intervals, intervals.dropFirst()).allSatisfy { $0 < $1 || $1 == 36500 }, "\(rating): \(intervals)")
        }
        let states = Self.reviewedAtDue([.good, .good, .good, .good, .good, .again, .good], scheduler: scheduler)
        let before = Self.intervalDays(states[4])
        let after = Self.intervalDays(states[6])
        #expect(after < before)
        #expect(states[5].stability! < states[4].stability!)
        #expect(states[5].difficulty! > states[4].difficulty!)
    }

    @Test func easyRunsStopAtTheMaximumInterval() throws {
        let scheduler = try FSRS6()
        let states = Self.reviewedAtDue(Array(repeating: .easy, count: 12), scheduler: scheduler)
        #expect(states.map(Self.intervalDays).max() == 36500)
        let short = try FSRS6(maximumInterval: 30)
        #expect(Self.reviewedAtDue(Array(repeating: .easy, count: 6), scheduler: short).map(Self.intervalDays).max() == 30)
    }

    @Test func lapsesAndRepetitionsAreCounted() throws {
        let scheduler = try FSRS6()
        let ratings: [Rating] = [.again, .good, .good, .good, .again, .again, .good, .easy, .hard, .again, .good]
        let states = Self.reviewedAtDue(ratings, scheduler: scheduler)
        // Lapses count Fail on a Review card only: review 5 (Review) and 10 (Review); review 6 is relearning.
        #expect(states.map(\.lapses) == [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2])
        #expect(states.map(\.repetitions) == [0, 1, 2, 3, 3, 3, 4, 5, 6, 6, 7])
    }

    @Test func otherSchedulersFieldsAreKept() throws {
        let scheduler = try FSRS6()
        let card = MemoryState(due: Self.start, ease: 2.5, intervalDays: 3, box: 2, retired: false)
        let next = scheduler.review(card, rating: .good, at: Self.start, fuzz: nil)
        #expect(next.ease == 2.5 && next.intervalDays == 3 && next.box == 2 && next.retired == false)
    }

    @Test func reviewCardsWithoutMemoryStartFromTheInitialValues() throws {
        let scheduler = try FSRS6()
        let migrated = MemoryState(state: .review, step: nil, due: Self.start, lastReview: Self.start.addingTimeInterval(-9 * Self.day))
        let next = scheduler.review(migrated, rating: .good, at: Self.start, fuzz: nil)
        #expect(next.stability == FSRS6.defaultParameters[2])
        #expect(next.state == .review && Self.intervalDays(next) == 2)
    }

    @Test func farFutureDatesSchedule() throws {
        let scheduler = try FSRS6()
        let year2200 = Date(timeIntervalSince1970: 7_258_118_400)  // 2200-01-01T00:00:00Z
        var card = MemoryState.new(at: year2200)
        for _ in 0..<12 {
            card = scheduler.review(card, rating: .easy, at: card.due, fuzz: nil)
        }
        #expect(Self.intervalDays(card) == 36500)
        #expect(card.due.timeIntervalSince(card.lastReview!) == 36500 * Self.day)
    }

    @Test func roundingIsHalfToEvenLikePython() {
        #expect([0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 2.4999999, 2.5000001].map(\.roundedHalfEven) == [0, 2, 2, 4, 0, -2, 2, 3])
        #expect(2.5.roundedHalfEven(clampedTo: 1...100) == 2)
        #expect(0.4.roundedHalfEven(clampedTo: 1...100) == 1)
        #expect(Double.infinity.roundedHalfEven(clampedTo: 1...36500) == 36500)
        #expect(Double.nan.roundedHalfEven(clampedTo: 1...36500) == 1)
    }

    @Test func nextIntervalRoundsTheStabilityHalfToEven() throws {
        let scheduler = try FSRS6()
        // With retention 0.9 the raw interval is the stability (to an ulp).
        #expect(scheduler.nextInterval(stability: 10.499) == 10)
        #expect(scheduler.nextInterval(stability: 10.501) == 11)
        #expect(scheduler.nextInterval(stability: 0.001) == 1)
        #expect(scheduler.nextInterval(stability: 1e9) == 36500)
    }

    // MARK: - Fuzz

    /// py-fsrs 6.3.2's `_get_fuzzed_interval` with `random` patched to return `unit`, for
    /// maximum intervals 36500 and 100: (days, unit, fuzzed, fuzzed with maximum 100).
    static let pyFSRSFuzz: [(Int, Double, Int, Int)] = [
        (1, 0.0, 1, 1), (1, 0.999999, 1, 1), (2, 0.0, 2, 2), (2, 0.999999, 2, 2),
        (3, 0.0, 2, 2), (3, 0.25, 3, 3), (3, 0.5, 4, 4), (3, 0.999999, 5, 5),
        (5, 0.0, 4, 4), (5, 0.25, 5, 5), (5, 0.5, 6, 6), (5, 0.999999, 7, 7),
        (7, 0.0, 5, 5), (7, 0.25, 6, 6), (7, 0.5, 8, 8), (7, 0.999999, 10, 10),
        (8, 0.0, 6, 6), (8, 0.25, 7, 7), (8, 0.5, 8, 8), (8, 0.999999, 11, 11),
        (10, 0.0, 8, 8), (10, 0.25, 9, 9), (10, 0.5, 10, 10), (10, 0.999999, 13, 13),
        (15, 0.0, 13, 13), (15, 0.25, 14, 14), (15, 0.5, 16, 16), (15, 0.999999, 18, 18),
        (20, 0.0, 17, 17), (20, 0.25, 19, 19), (20, 0.5, 20, 20), (20, 0.999999, 24, 24),
        (21, 0.0, 18, 18), (21, 0.25, 20, 20), (21, 0.5, 22, 22), (21, 0.999999, 25, 25),
        (30, 0.0, 27, 27), (30, 0.25, 29, 29), (30, 0.5, 30, 30), (30, 0.999999, 34, 34),
        (60, 0.0, 55, 55), (60, 0.25, 58, 58), (60, 0.5, 60, 60), (60, 0.999999, 66, 66),
        (100, 0.0, 93, 93), (100, 0.25, 97, 95), (100, 0.5, 100, 97), (100, 0.999999, 108, 100),
        (365, 0.0, 345, 100), (365, 0.25, 355, 100), (365, 0.5, 366, 100), (365, 0.999999, 386, 100),
        (1000, 0.0, 948, 100), (1000, 0.25, 974, 100), (1000, 0.5, 1000, 100), (1000, 0.999999, 1053, 100),
        (36500, 0.0, 34673, 100), (36500, 0.25, 35130, 100), (36500, 0.5, 35587, 100), (36500, 0.999999, 36500, 100),
    ]

    @Test func fuzzMatchesPyFSRSForTheSameRandomNumber() throws {
        let scheduler = try FSRS6()
        let capped = try FSRS6(maximumInterval: 100)
        for (days, unit, fuzzed, fuzzedCapped) in Self.pyFSRSFuzz {
            #expect(scheduler.fuzzedDays(days, unitValue: unit) == fuzzed, "\(days)d at \(unit)")
            #expect(capped.fuzzedDays(days, unitValue: unit) == fuzzedCapped, "\(days)d at \(unit), maximum 100")
        }
    }

    @Test func fuzzIsDeterministicAndStaysInPyFSRSsRange() throws {
        let scheduler = try FSRS6()
        let graduated = Self.reviewedAtDue([.good, .good, .good, .good], scheduler: scheduler)[2]
        let time = graduated.due
        let plain = scheduler.review(graduated, rating: .good, at: time, fuzz: nil)
        let days = Int(Self.intervalDays(plain))
        #expect(days >= 7)
        let range = scheduler.fuzzRange(days: days)

        var seen = Set<Int>()
        for index in 0..<400 {
            let fuzz = Fuzz(cardID: "card-\(index)", reviewIndex: 4)
            let first = scheduler.review(graduated, rating: .good, at: time, fuzz: fuzz)
            let again = scheduler.review(graduated, rating: .good, at: time, fuzz: fuzz)
            #expect(first == again)
            #expect(first.stability == plain.stability && first.difficulty == plain.difficulty)
            let fuzzed = Int(Self.intervalDays(first))
            // py-fsrs draws min + random × (max − min + 1) and rounds, so max + 1 is reachable.
            #expect(fuzzed >= range.lowerBound && fuzzed <= range.upperBound + 1, "\(fuzzed) outside \(range)")
            #expect(fuzzed == scheduler.fuzzedDays(days, unitValue: fuzz.unitValue))
            seen.insert(fuzzed)
        }
        #expect(seen.count >= range.count, "different seeds spread over the range: \(seen.sorted())")
    }

    @Test func fuzzLeavesStepsAndShortIntervalsAlone() throws {
        let scheduler = try FSRS6()
        let fuzz = Fuzz(seed: 7)
        let new = MemoryState.new(at: Self.start)
        for rating in [Rating.again, .hard, .good] {
            #expect(
                scheduler.review(new, rating: rating, at: Self.start, fuzz: fuzz)
                    == scheduler.review(new, rating: rating, at: Self.start, fuzz: nil))
        }
        let learning = Self.reviewedAtDue([.again, .good], scheduler: scheduler)[1]
        let graduated = scheduler.review(learning, rating: .good, at: learning.due, fuzz: fuzz)
        #expect(graduated.state == .review && Self.intervalDays(graduated) < 3)
        #expect(graduated == scheduler.review(learning, rating: .good, at: learning.due, fuzz: nil))
        for days in 0...2 { #expect(scheduler.fuzzedDays(days, unitValue: 0.99) == days) }
    }

    // MARK: - Properties

    @Test(arguments: [false, true])
    func randomHistoriesKeepTheInvariants(fuzzed: Bool) throws {
        let scheduler = try FSRS6()
        var generator = SeededGenerator(seed: fuzzed ? 2026 : 1_767_603_600)
        let gaps: [ClosedRange<TimeInterval>] = [
            0...59, 60...3600, 3600...Self.day, Self.day...30 * Self.day, 30 * Self.day...3650 * Self.day,
        ]
        for history in 0..<2000 {
            var card = MemoryState.new(at: Self.start)
            var time = Self.start
            var lapses = 0
            var repetitions = 0
            for index in 0..<Int.random(in: 1...30, using: &generator) {
                if index > 0 {
                    if Bool.random(using: &generator) {
                        time = max(time, card.due)
                    } else {
                        time += TimeInterval.random(in: gaps.randomElement(using: &generator)!, using: &generator).rounded()
                    }
                }
                let rating = Rating.allCases.randomElement(using: &generator)!
                let fuzz = fuzzed ? Fuzz(cardID: "history-\(history)", reviewIndex: index) : nil
                let before = card
                card = scheduler.review(card, rating: rating, at: time, fuzz: fuzz)
                if before.state == .review && rating == .again { lapses += 1 }
                if rating != .again { repetitions += 1 }

                let context = "history \(history) review \(index + 1): \(rating) at \(time) → \(card)"
                let stability = try #require(card.stability)
                let difficulty = try #require(card.difficulty)
                #expect(stability >= 0.001 && stability.isFinite, "\(context)")
                #expect((1...10).contains(difficulty), "\(context)")
                #expect(card.due > time, "\(context)")
                #expect(card.lastReview == time)
                #expect(card.lapses == lapses && card.repetitions == repetitions)
                let interval = card.due.timeIntervalSince(time)
                switch card.state {
                case .review:
                    #expect(card.step == nil)
                    #expect(interval >= Self.day && interval <= 36500 * Self.day, "\(context)")
                    #expect(interval.truncatingRemainder(dividingBy: Self.day) == 0, "\(context)")
                case .learning, .relearning:
                    #expect(card.step != nil && interval < Self.day, "\(context)")
                }
            }
        }
    }
}

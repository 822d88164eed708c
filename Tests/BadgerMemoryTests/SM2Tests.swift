import BadgerMemory
import Foundation
import Testing

/// A fixed-seed 64-bit linear congruential generator (Knuth's MMIX constants), with the high
/// bits folded into the low ones, so the property loops are the same on every run.
private struct SM2TestGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

private let start = Date(timeIntervalSince1970: 1_700_000_000)
private let day: TimeInterval = 86_400

/// Reviews a new card with `ratings`, each at the moment it falls due, and returns every state.
private func history(_ ratings: [Rating], fuzz: Fuzz? = nil) -> [MemoryState] {
    var card = MemoryState.new(at: start)
    var states: [MemoryState] = []
    for rating in ratings {
        card = SM2().review(card, rating: rating, at: card.due, fuzz: fuzz)
        states.append(card)
    }
    return states
}

/// A card in review with the given interval and ease, due at `start`.
private func reviewCard(intervalDays: Int, ease: Double) -> MemoryState {
    MemoryState(
        state: .review, step: nil, due: start, lastReview: start - Double(intervalDays) * day, repetitions: 5,
        ease: ease, intervalDays: intervalDays)
}

@Suite struct SM2Tests {
    @Test func goodGoodGoodGivesOneSixFifteenDays() {
        let states = history([.good, .good, .good, .good])
        #expect(states.map(\.intervalDays) == [1, 6, 15, 38])  // 15 × 2.5 = 37.5 rounds up
        #expect(states.map(\.ease) == [2.5, 2.5, 2.5, 2.5])
        #expect(states.map(\.repetitions) == [1, 2, 3, 4])
        #expect(states.allSatisfy { $0.state == .review && $0.step == nil && $0.lapses == 0 })
        for state in states {
            let reviewed = try! #require(state.lastReview)
            #expect(state.due == reviewed + Double(state.intervalDays!) * day)
        }
        #expect(states[2].due == start + 22 * day)  // 1 + 6 + 15 days after the first review
    }

    @Test func newCardStartsLearning() {
        let card = MemoryState.new(at: start)
        #expect(card.state == .learning && card.step == 0 && card.ease == nil)
        let next = SM2().review(card, rating: .good, at: start, fuzz: nil)
        #expect(next.state == .review && next.step == nil)
        #expect(next.ease == SM2.startingEase)
        #expect(next.lastReview == start)
        #expect(next.due == start + day)
    }

    @Test func firstTwoStepsIgnoreTheRatingButNotTheEase() {
        let easy = history([.easy, .easy])
        #expect(easy.map(\.intervalDays) == [1, 6])
        #expect(easy.map(\.ease) == [2.65, 2.8])
        let hard = history([.hard, .hard])
        #expect(hard.map(\.intervalDays) == [1, 6])
        #expect(hard.map(\.ease) == [2.35, 2.2])
    }

    @Test func easyRaisesEaseAndAddsTheBonus() {
        let states = history([.good, .good, .easy, .easy])
        // 6 × 2.5 × 1.3 = 19.5 → 20, then 20 × 2.65 × 1.3 = 68.9 → 69.
        #expect(states.map(\.intervalDays) == [1, 6, 20, 69])
        #expect(states.map(\.ease) == [2.5, 2.5, 2.65, 2.8])
    }

    @Test func hardLowersEaseAndMultipliesByOnePointTwo() {
        let states = history([.good, .good, .hard, .good])
        // 6 × 1.2 = 7.2 → 7; then 7 × 2.35 = 16.45 → 16.
        #expect(states.map(\.intervalDays) == [1, 6, 7, 16])
        #expect(states.map(\.ease) == [2.5, 2.5, 2.35, 2.35])
    }

    @Test func hardAddsAtLeastOneDay() {
        // 3 × 1.2 = 3.6 → 4, but 2 × 1.2 = 2.4 → 2 is raised to 3.
        #expect(SM2().review(reviewCard(intervalDays: 3, ease: 2.5), rating: .hard, at: start, fuzz: nil).intervalDays == 4)
        #expect(SM2().review(reviewCard(intervalDays: 2, ease: 2.5), rating: .hard, at: start, fuzz: nil).intervalDays == 3)
    }

    @Test func buttonsAreStrictlyOrderedAtLowEase() {
        let next = SM2().nextStates(reviewCard(intervalDays: 2, ease: 1.3), at: start, fuzz: nil)
        // Hard max(2.4 → 2, 3) = 3; Good max(2.6 → 3, 4) = 4; Easy max(3.38 → 3, 5) = 5.
        #expect(next[.hard]?.intervalDays == 3)
        #expect(next[.good]?.intervalDays == 4)
        #expect(next[.easy]?.intervalDays == 5)
        #expect(next[.again]?.intervalDays == 1)
    }

    @Test func easeNeverFallsBelowOnePointThree() {
        let hard = history(Array(repeating: .hard, count: 12))
        #expect(hard.map(\.ease!) == [2.35, 2.2, 2.05, 1.9, 1.75, 1.6, 1.45, 1.3, 1.3, 1.3, 1.3, 1.3])
        #expect(hard.last?.ease == SM2.minimumEase)
        let failed = history(Array(repeating: .again, count: 10))
        #expect(failed.last?.ease == 1.3)
        // Easy climbs back from the floor.
        let recovered = SM2().review(hard.last!, rating: .easy, at: hard.last!.due, fuzz: nil)
        #expect(recovered.ease == 1.45)
    }

    @Test func failResetsTheStreakAndCountsALapse() {
        let states = history([.good, .good, .good, .again, .good, .good, .good])
        let failed = states[3]
        #expect(failed.intervalDays == 1)
        #expect(failed.lapses == 1)
        #expect(failed.state == .relearning)
        #expect(failed.step == 0)
        #expect(failed.ease == 2.3)
        #expect(failed.repetitions == 3)
        #expect(failed.due == failed.lastReview! + day)
        // The streak restarts at 1 and 6 days, then multiplies by the lowered ease: 6 × 2.3 = 13.8 → 14.
        #expect(states[4...].map(\.intervalDays) == [1, 6, 14])
        #expect(states[4...].allSatisfy { $0.state == .review && $0.lapses == 1 })
        #expect(states.last?.repetitions == 6)
    }

    @Test func failingANeverRecalledCardIsNoLapse() {
        let states = history([.again, .again, .good])
        #expect(states[0].state == .learning && states[0].step == 0 && states[0].lapses == 0)
        #expect(states[1].state == .learning && states[1].lapses == 0)
        #expect(states[0].ease == 2.3 && states[1].ease == 2.1)
        #expect(states[2].state == .review && states[2].intervalDays == 1)
    }

    @Test func failingWhileRelearningCountsOnlyOneLapse() {
        let states = history([.good, .good, .again, .again, .good, .again])
        #expect(states.map(\.lapses) == [0, 0, 1, 1, 1, 2])
        #expect(states.map(\.state) == [.review, .review, .relearning, .relearning, .review, .relearning])
    }

    @Test func intervalsGrowFromTheScheduleNotTheElapsedTime() {
        let card = reviewCard(intervalDays: 10, ease: 2.5)
        let early = SM2().review(card, rating: .good, at: start - 5 * day, fuzz: nil)
        let late = SM2().review(card, rating: .good, at: start + 30 * day, fuzz: nil)
        #expect(early.intervalDays == 25 && late.intervalDays == 25)
        #expect(early.due == start + 20 * day)
        #expect(late.due == start + 55 * day)
    }

    @Test func fuzzIsDeterministicAndWithinFivePercent() {
        let card = reviewCard(intervalDays: 15, ease: 2.5)  // Good without fuzz: 38 days.
        let fuzz = Fuzz(cardID: "card-1", reviewIndex: 3)
        let first = SM2().review(card, rating: .good, at: start, fuzz: fuzz)
        let second = SM2().review(card, rating: .good, at: start, fuzz: fuzz)
        #expect(first == second)
        let expected = Int((38 * (1 + 0.05 * (2 * fuzz.unitValue - 1))).rounded())
        #expect(first.intervalDays == expected)
        #expect(first.due == start + Double(expected) * day)

        var seen = Set<Int>()
        for seed in UInt64(0)..<500 {
            let fuzzed = SM2().review(card, rating: .good, at: start, fuzz: Fuzz(seed: seed))
            let days = try! #require(fuzzed.intervalDays)
            #expect((36...40).contains(days))  // round(38 × 0.95) ... round(38 × 1.05)
            #expect(fuzzed.ease == 2.5)
            seen.insert(days)
        }
        #expect(seen.count >= 4)  // the spread is used, not a constant offset
    }

    @Test func fuzzLeavesShortIntervalsAlone() {
        for seed in UInt64(0)..<200 {
            let states = history([.good, .good, .again], fuzz: Fuzz(seed: seed))
            // 1 day is under the 3-day minimum; 6 × [0.95, 1.05) always rounds back to 6.
            #expect(states.map(\.intervalDays) == [1, 6, 1])
        }
    }

    @Test func randomHistoriesKeepTheInvariants() {
        var generator = SM2TestGenerator(state: 0x5EED_0002)
        for _ in 0..<1_000 {
            var card = MemoryState.new(at: start)
            var time = start
            var fails = 0
            let useFuzz = Bool.random(using: &generator)
            let length = Int.random(in: 1...40, using: &generator)
            for index in 0..<length {
                let rating = Rating.allCases.randomElement(using: &generator)!
                // Anywhere from well before the due time to long after it.
                let offset = Double(Int.random(in: -5 * 86_400...20 * 86_400, using: &generator))
                time = max(time, card.due + offset)
                let fuzz = useFuzz ? Fuzz(cardID: "random", reviewIndex: index) : nil
                let plain = SM2().review(card, rating: rating, at: time, fuzz: nil)
                let next = SM2().review(card, rating: rating, at: time, fuzz: fuzz)
                if rating == .again { fails += 1 }

                let interval = try! #require(next.intervalDays)
                let ease = try! #require(next.ease)
                #expect(interval >= 1)
                #expect(ease >= SM2.minimumEase)
                #expect(ease <= SM2.startingEase + 0.15 * Double(index + 1) + 1e-9)
                #expect(next.due > time)
                #expect(next.due == time + Double(interval) * day)
                #expect(next.lastReview == time)
                #expect(next.repetitions + fails == index + 1)
                #expect(next.lapses <= fails)
                #expect((next.step == nil) == (next.state == .review))
                #expect(next.state == (rating == .again ? (card.state == .learning ? .learning : .relearning) : .review))
                if rating.isSuccess, card.state == .review, let previous = card.intervalDays, previous > 1 {
                    #expect(interval >= previous + 1)
                }
                // Fuzz only moves the interval within ±5% (after rounding) of the unfuzzed one.
                let base = Double(plain.intervalDays!)
                #expect(Double(interval) >= (base * 0.95).rounded() && Double(interval) <= (base * 1.05).rounded())
                #expect(next.ease == plain.ease && next.state == plain.state && next.lapses == plain.lapses)
                card = next
            }
        }
    }
}

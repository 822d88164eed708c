import BadgerMemory
import Foundation
import Testing

/// A fixed-seed 64-bit linear congruential generator (Knuth's MMIX constants), with the high
/// bits folded into the low ones, so the property loops are the same on every run.
private struct LeitnerTestGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

private let start = Date(timeIntervalSince1970: 1_700_000_000)
private let day: TimeInterval = 86_400

/// Reviews `card` with `ratings`, each at the moment it falls due, and returns every state.
private func history(_ ratings: [Rating], from card: MemoryState = .new(at: start)) -> [MemoryState] {
    var card = card
    var states: [MemoryState] = []
    for rating in ratings {
        card = Leitner().review(card, rating: rating, at: card.due, fuzz: nil)
        states.append(card)
    }
    return states
}

@Suite struct LeitnerTests {
    @Test func goodClimbsTheLadderAndRetiresAfterBoxSeven() {
        let states = history(Array(repeating: .good, count: 8))
        #expect(states.map(\.box) == [1, 2, 3, 4, 5, 6, 7, 7])
        #expect(states.map(\.intervalDays) == [1, 2, 4, 8, 16, 32, 64, 36_500])
        #expect(states.map(\.retired) == [false, false, false, false, false, false, false, true])
        #expect(states.map(\.state) == [.learning, .review, .review, .review, .review, .review, .review, .review])
        #expect(states.map(\.repetitions) == Array(1...8))
        #expect(states.allSatisfy { $0.step == nil && $0.lapses == 0 && $0.ease == nil })
        for state in states {
            #expect(state.due == state.lastReview! + Double(state.intervalDays!) * day)
        }
        // The first review is at `start`; the next six follow 1 + 2 + … + 32 = 63 days later.
        #expect(states[6].lastReview == start + 63 * day)
        #expect(states[7].due == start + 127 * day + 36_500 * day)
    }

    @Test func easyIsTheSameAsGood() {
        let easy = history(Array(repeating: .easy, count: 8))
        let good = history(Array(repeating: .good, count: 8))
        #expect(easy == good)
    }

    @Test func failGoesBackToBoxOne() {
        let states = history([.good, .good, .good, .good, .again])
        let failed = states[4]
        #expect(failed.box == 1)
        #expect(failed.intervalDays == 1)
        #expect(failed.lapses == 1)
        #expect(failed.state == .learning)
        #expect(failed.repetitions == 4)
        #expect(failed.due == failed.lastReview! + day)
    }

    @Test func failInBoxOneOrNewIsNoLapse() {
        let states = history([.again, .again, .hard, .again, .good, .again, .again])
        #expect(states.map(\.box) == [1, 1, 1, 1, 2, 1, 1])
        #expect(states.map(\.lapses) == [0, 0, 0, 0, 0, 1, 1])
        #expect(states.map(\.repetitions) == [0, 0, 1, 1, 2, 2, 2])
    }

    @Test func hardStaysInItsBox() {
        let states = history([.hard, .hard, .good, .good, .hard, .hard])
        #expect(states.map(\.box) == [1, 1, 2, 3, 3, 3])
        #expect(states.map(\.intervalDays) == [1, 1, 2, 4, 4, 4])
        #expect(states.map(\.repetitions) == [1, 2, 3, 4, 5, 6])
        #expect(states.map(\.state) == [.learning, .learning, .review, .review, .review, .review])
    }

    @Test func retiredCards() {
        let retired = history(Array(repeating: .good, count: 8)).last!
        let again = Leitner().nextStates(retired, at: retired.due, fuzz: nil)
        #expect(again[.good]?.retired == true && again[.good]?.intervalDays == 36_500)
        #expect(again[.easy]?.retired == true)
        #expect(again[.hard]?.retired == true && again[.hard]?.box == 7)
        let failed = try! #require(again[.again])
        #expect(failed.retired == false && failed.box == 1 && failed.lapses == 1 && failed.state == .learning)
    }

    @Test func fuzzIsIgnored() {
        let card = history([.good, .good, .good]).last!
        for seed in UInt64(0)..<50 {
            for rating in Rating.allCases {
                #expect(
                    Leitner().review(card, rating: rating, at: card.due, fuzz: Fuzz(seed: seed))
                        == Leitner().review(card, rating: rating, at: card.due, fuzz: nil))
            }
        }
    }

    @Test func dueCountsFromTheReviewNotTheOldDue() {
        let card = history([.good, .good, .good]).last!  // box 3, due in 4 days
        let early = Leitner().review(card, rating: .good, at: card.due - 3 * day, fuzz: nil)
        let late = Leitner().review(card, rating: .good, at: card.due + 10 * day, fuzz: nil)
        #expect(early.due == card.due - 3 * day + 8 * day)
        #expect(late.due == card.due + 18 * day)
    }

    @Test func randomHistoriesKeepTheInvariants() {
        var generator = LeitnerTestGenerator(state: 0x5EED_0007)
        for _ in 0..<1_000 {
            var card = MemoryState.new(at: start)
            var time = start
            var fails = 0
            let length = Int.random(in: 1...40, using: &generator)
            for index in 0..<length {
                let rating = Rating.allCases.randomElement(using: &generator)!
                let offset = Double(Int.random(in: -5 * 86_400...20 * 86_400, using: &generator))
                time = max(time, card.due + offset)
                let next = Leitner().review(card, rating: rating, at: time, fuzz: Fuzz(seed: UInt64(index)))
                if rating == .again { fails += 1 }

                let box = try! #require(next.box)
                let interval = try! #require(next.intervalDays)
                #expect((1...7).contains(box))
                #expect(interval == (next.retired ? Leitner.retirementDays : Leitner.intervals[box - 1]))
                #expect(next.due > time)
                #expect(next.due == time + Double(interval) * day)
                #expect(next.lastReview == time)
                #expect(next.step == nil)
                #expect(next.state == (box == 1 ? .learning : .review))
                #expect(next.repetitions + fails == index + 1)
                #expect(next.lapses <= fails)
                if next.retired { #expect(box == 7) }
                let oldBox = card.box ?? 0
                switch rating {
                case .again: #expect(box == 1)
                case .hard: #expect(box == max(oldBox, 1))
                case .good, .easy: #expect(box == min(oldBox + 1, 7))
                }
                card = next
            }
        }
    }
}

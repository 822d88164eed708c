import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerMemory

/// `KeyedStates` gives back exactly the states put in, packed or not: every optional absent or
/// present, numbers at and beyond 32 bits, odd doubles.
@Suite struct KeyedStatesTests {
    static func randomState(_ random: inout SeededGenerator) -> MemoryState {
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &random) ? value : nil }
        let ints = [0, 1, 7, -3, Int(Int32.max), Int(Int32.min), Int(Int32.max) + 1, Int.max, Int.min]
        let doubles = [0, -0.0, 1.5, 1e-300, .infinity, -2.25, Double.greatestFiniteMagnitude, 0.1 + 0.2]
        func int() -> Int { Bool.random(using: &random) ? ints.randomElement(using: &random)! : Int.random(in: 0..<400, using: &random) }
        func double() -> Double { doubles.randomElement(using: &random)! + Double.random(in: 0..<1, using: &random) }
        // Whole seconds (as reviews are) or not, within 32 bits or beyond.
        func time() -> Double { Bool.random(using: &random) ? Double(Int.random(in: -1 << 33...1 << 33, using: &random)) : double() }
        return MemoryState(
            state: LearningState.allCases.randomElement(using: &random)!, step: maybe(int()), stability: maybe(double()),
            difficulty: maybe(double()), due: Date(timeIntervalSinceReferenceDate: time()),
            lastReview: maybe(Date(timeIntervalSinceReferenceDate: time())), lapses: int(), repetitions: int(), ease: maybe(double()),
            intervalDays: maybe(int()), box: maybe(int()), retired: Bool.random(using: &random))
    }

    @Test(arguments: 0..<20 as Range<UInt64>) func statesComeBackExactly(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var states = KeyedStates()
        var expected: [UInt64: MemoryState] = [:]
        for _ in 0..<300 {
            let key = UInt64.random(in: 0..<120, using: &random)
            let state = Self.randomState(&random)
            states[key] = state
            expected[key] = state
            #expect(states[key] == state)
        }
        #expect(states.count == expected.count)
        #expect(states.dictionary == expected)
        #expect(Set(states.keys) == Set(expected.keys))
        for (key, state) in states.pairs { #expect(expected[key] == state) }
        #expect(states[999] == nil && !states.contains(999))
    }

    @Test func eachSchedulersStatesPackAndOthersAreKeptAsTheyAre() {
        let time = Date(timeIntervalSince1970: 1_760_000_000)
        let fsrs = MemoryState(
            state: .review, stability: 3.1415, difficulty: 5.5, due: time.addingTimeInterval(86_400 * 3), lastReview: time, lapses: 2,
            repetitions: 7)
        let sm2 = MemoryState(state: .review, due: time, lastReview: time, repetitions: 3, ease: 2.3, intervalDays: 6)
        let leitner = MemoryState(step: 2, due: time, lapses: Int(UInt16.max), box: Int(Int32.min))
        for state in [fsrs, sm2, leitner, .new(at: time)] { #expect(PackedMemoryState(exactly: state)?.state == state) }
        var others: [MemoryState] = []
        for change: (inout MemoryState) -> Void in [
            { $0.repetitions = Int(UInt16.max) + 1 }, { $0.lapses = -1 }, { $0.step = 256 },
            { $0.due = $0.due.addingTimeInterval(0.5) }, { $0.lastReview = time.addingTimeInterval(-0.25) },
            { $0.due = Date(timeIntervalSinceReferenceDate: Double(Int32.max) + 1) }, { $0.ease = 2.5 },
            {
                $0.box = 1
                $0.intervalDays = 1
            },
        ] {
            var other = fsrs
            change(&other)
            others.append(other)
        }
        for other in others { #expect(PackedMemoryState(exactly: other) == nil) }
        // Kept all the same.
        var states = KeyedStates()
        for (index, state) in ([fsrs, sm2, leitner] + others).enumerated() { states[UInt64(index)] = state }
        for (index, state) in ([fsrs, sm2, leitner] + others).enumerated() { #expect(states[UInt64(index)] == state) }
        #expect(MemoryLayout<PackedMemoryState>.stride == 40)
    }
}

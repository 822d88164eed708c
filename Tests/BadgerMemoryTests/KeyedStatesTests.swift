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
        return MemoryState(
            state: LearningState.allCases.randomElement(using: &random)!, step: maybe(int()), stability: maybe(double()),
            difficulty: maybe(double()), due: Date(timeIntervalSinceReferenceDate: double()),
            lastReview: maybe(Date(timeIntervalSince1970: double())), lapses: int(), repetitions: int(), ease: maybe(double()),
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

    @Test func aStateFittingThirtyTwoBitsIsPackedAndOneBeyondIsNot() {
        let small = MemoryState(step: 2, due: Date(timeIntervalSince1970: 1_760_000_000), lapses: Int(Int32.max), box: Int(Int32.min))
        #expect(PackedMemoryState(exactly: small)?.state == small)
        var large = small
        large.repetitions = Int(Int32.max) + 1
        #expect(PackedMemoryState(exactly: large) == nil)
        #expect(MemoryLayout<PackedMemoryState>.stride == 64)
    }
}

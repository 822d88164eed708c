import Foundation

/// A `MemoryState` in 64 bytes instead of about 150 (each of its optionals takes a word and a
/// flag): how `KeyedStates` keeps one per card with a history. Made only from a state it gives
/// back exactly (`init?(exactly:)`); `KeyedStates` keeps any other as it is.
struct PackedMemoryState: Sendable {
    private var stability: Double
    private var difficulty: Double
    /// Seconds since the reference date, as `Date` keeps them.
    private var due: Double
    private var lastReview: Double
    private var ease: Double
    private var step: Int32
    private var lapses: Int32
    private var repetitions: Int32
    private var intervalDays: Int32
    private var box: Int32
    private var learningState: UInt8
    /// Which optionals are present (`Flag`), and whether the card is retired.
    private var flags: UInt8

    private enum Flag {
        static let step: UInt8 = 1
        static let stability: UInt8 = 2
        static let difficulty: UInt8 = 4
        static let lastReview: UInt8 = 8
        static let ease: UInt8 = 16
        static let intervalDays: UInt8 = 32
        static let box: UInt8 = 64
        static let retired: UInt8 = 128
    }

    /// A value that stands for no state (a slot whose state is kept unpacked).
    static let placeholder = PackedMemoryState()

    private init() {
        (stability, difficulty, due, lastReview, ease) = (0, 0, 0, 0, 0)
        (step, lapses, repetitions, intervalDays, box) = (0, 0, 0, 0, 0)
        (learningState, flags) = (0, 0)
    }

    /// `state` packed; nil when a number of it does not fit in 32 bits.
    init?(exactly state: MemoryState) {
        self.init()
        guard let lapses = Int32(exactly: state.lapses), let repetitions = Int32(exactly: state.repetitions) else { return nil }
        self.lapses = lapses
        self.repetitions = repetitions
        func small(_ value: Int?, _ flag: UInt8) -> Int32?? {
            guard let value else { return .some(nil) }
            guard let packed = Int32(exactly: value) else { return nil }
            flags |= flag
            return .some(packed)
        }
        func real(_ value: Double?, _ flag: UInt8) -> Double {
            guard let value else { return 0 }
            flags |= flag
            return value
        }
        guard let step = small(state.step, Flag.step), let intervalDays = small(state.intervalDays, Flag.intervalDays),
            let box = small(state.box, Flag.box)
        else { return nil }
        self.step = step ?? 0
        self.intervalDays = intervalDays ?? 0
        self.box = box ?? 0
        stability = real(state.stability, Flag.stability)
        difficulty = real(state.difficulty, Flag.difficulty)
        lastReview = real(state.lastReview?.timeIntervalSinceReferenceDate, Flag.lastReview)
        ease = real(state.ease, Flag.ease)
        due = state.due.timeIntervalSinceReferenceDate
        if state.retired { flags |= Flag.retired }
        switch state.state {
        case .learning: learningState = 0
        case .review: learningState = 1
        case .relearning: learningState = 2
        }
    }

    /// The state it was made from.
    var state: MemoryState {
        func has(_ flag: UInt8) -> Bool { flags & flag != 0 }
        return MemoryState(
            state: learningState == 0 ? .learning : learningState == 1 ? .review : .relearning, step: has(Flag.step) ? Int(step) : nil,
            stability: has(Flag.stability) ? stability : nil, difficulty: has(Flag.difficulty) ? difficulty : nil,
            due: Date(timeIntervalSinceReferenceDate: due),
            lastReview: has(Flag.lastReview) ? Date(timeIntervalSinceReferenceDate: lastReview) : nil, lapses: Int(lapses),
            repetitions: Int(repetitions), ease: has(Flag.ease) ? ease : nil,
            intervalDays: has(Flag.intervalDays) ? Int(intervalDays) : nil,
            box: has(Flag.box) ? Int(box) : nil, retired: has(Flag.retired))
    }
}

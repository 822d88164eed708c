import Foundation

/// A `MemoryState` in 40 bytes instead of about 150 (each of its optionals takes a word and a
/// flag): how `KeyedStates` keeps one per card with a history. Made only from a state it gives
/// back exactly (`init?(exactly:)`): FSRS's (stability and difficulty), SM-2's (ease and
/// interval) and Leitner's (box) states, with whole-second times between 1933 and 2069 and
/// small counts; `KeyedStates` keeps any other as it is.
struct PackedMemoryState: Sendable {
    /// The stability, or the ease (`Flag.ease`).
    private var stabilityOrEase: Double
    private var difficulty: Double
    /// Whole seconds since the reference date, as `Date` keeps them.
    private var due: Int32
    private var lastReview: Int32
    /// The interval in days, or the box (`Flag.box`).
    private var intervalOrBox: Int32
    private var lapses: UInt16
    private var repetitions: UInt16
    private var step: UInt8
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
        (stabilityOrEase, difficulty, due, lastReview, intervalOrBox) = (0, 0, 0, 0, 0)
        (lapses, repetitions, step, learningState, flags) = (0, 0, 0, 0, 0)
    }

    /// `state` packed; nil when it does not fit.
    init?(exactly state: MemoryState) {
        self.init()
        guard let lapses = UInt16(exactly: state.lapses), let repetitions = UInt16(exactly: state.repetitions),
            state.stability == nil || state.ease == nil, state.intervalDays == nil || state.box == nil
        else { return nil }
        self.lapses = lapses
        self.repetitions = repetitions
        /// Whole seconds since the reference date that fit in 32 bits.
        func seconds(_ date: Date) -> Int32? {
            let value = date.timeIntervalSinceReferenceDate
            guard let whole = Int32(exactly: value), Double(whole).bitPattern == value.bitPattern else { return nil }
            return whole
        }
        guard let due = seconds(state.due) else { return nil }
        self.due = due
        if let last = state.lastReview {
            guard let whole = seconds(last) else { return nil }
            lastReview = whole
            flags |= Flag.lastReview
        }
        if let step = state.step {
            guard let small = UInt8(exactly: step) else { return nil }
            self.step = small
            flags |= Flag.step
        }
        if let interval = state.intervalDays ?? state.box {
            guard let small = Int32(exactly: interval) else { return nil }
            intervalOrBox = small
            flags |= state.intervalDays != nil ? Flag.intervalDays : Flag.box
        }
        if let real = state.stability ?? state.ease {
            stabilityOrEase = real
            flags |= state.stability != nil ? Flag.stability : Flag.ease
        }
        if let difficulty = state.difficulty {
            self.difficulty = difficulty
            flags |= Flag.difficulty
        }
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
            stability: has(Flag.stability) ? stabilityOrEase : nil, difficulty: has(Flag.difficulty) ? difficulty : nil,
            due: Date(timeIntervalSinceReferenceDate: Double(due)),
            lastReview: has(Flag.lastReview) ? Date(timeIntervalSinceReferenceDate: Double(lastReview)) : nil, lapses: Int(lapses),
            repetitions: Int(repetitions), ease: has(Flag.ease) ? stabilityOrEase : nil,
            intervalDays: has(Flag.intervalDays) ? Int(intervalOrBox) : nil,
            box: has(Flag.box) ? Int(intervalOrBox) : nil, retired: has(Flag.retired))
    }
}

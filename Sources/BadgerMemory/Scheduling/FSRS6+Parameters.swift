import Foundation

extension FSRS6 {
    /// FSRS-6's default weights, exactly py-fsrs 6.3.2's `DEFAULT_PARAMETERS`.
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
        1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// The allowed range of each weight, py-fsrs's `LOWER_BOUNDS_PARAMETERS` and `UPPER_BOUNDS_PARAMETERS`.
    public static let parameterBounds: [ClosedRange<Double>] = [
        0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4, 0.001...0.75, 0...4.5,
        0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4, 0...1, 1...6, 0...2, 0...2, 0...0.8, 0.1...0.8,
    ]

    /// The allowed desired retention.
    public static let desiredRetentionRange: ClosedRange<Double> = 0.70...0.99

    /// Why a scheduler could not be made from a configuration.
    public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
        /// FSRS-6 has 21 weights; `count` were given.
        case wrongParameterCount(Int)
        /// Weight number `index` (0-based) is outside `allowed` (the first such weight).
        case parameterOutOfBounds(index: Int, value: Double, allowed: ClosedRange<Double>)
        /// The desired retention is outside 0.70...0.99.
        case desiredRetentionOutOfRange(Double)
        /// A learning step is zero, negative or not a number; `index` is 0-based.
        case invalidLearningStep(index: Int, seconds: TimeInterval)
        /// A relearning step is zero, negative or not a number; `index` is 0-based.
        case invalidRelearningStep(index: Int, seconds: TimeInterval)
        /// The maximum interval is below one day.
        case maximumIntervalTooSmall(Int)

        public var description: String {
            switch self {
            case .wrongParameterCount(let count):
                return "FSRS-6 needs exactly 21 parameters, but \(count) \(count == 1 ? "was" : "were") given."
            case .parameterOutOfBounds(let index, let value, let allowed):
                return
                    "FSRS parameter w[\(index)] is \(value), outside its allowed range \(allowed.lowerBound) to \(allowed.upperBound)."
            case .desiredRetentionOutOfRange(let value):
                return "Desired retention must be between 0.70 and 0.99 (70% to 99%), but it is \(value)."
            case .invalidLearningStep(let index, let seconds):
                return "Learning step \(index + 1) must be a positive duration, but it is \(seconds) seconds."
            case .invalidRelearningStep(let index, let seconds):
                return "Relearning step \(index + 1) must be a positive duration, but it is \(seconds) seconds."
            case .maximumIntervalTooSmall(let days):
                return "The maximum interval must be at least 1 day, but it is \(days)."
            }
        }
    }

    static func validate(
        parameters: [Double], desiredRetention: Double, learningSteps: [TimeInterval], relearningSteps: [TimeInterval],
        maximumInterval: Int
    ) throws(ConfigurationError) {
        guard parameters.count == parameterBounds.count else { throw .wrongParameterCount(parameters.count) }
        for (index, (value, allowed)) in zip(parameters, parameterBounds).enumerated() where !allowed.contains(value) {
            throw .parameterOutOfBounds(index: index, value: value, allowed: allowed)
        }
        guard desiredRetentionRange.contains(desiredRetention) else {
            throw .desiredRetentionOutOfRange(desiredRetention)
        }
        for (index, step) in learningSteps.enumerated() where !(step > 0 && step.isFinite) {
            throw .invalidLearningStep(index: index, seconds: step)
        }
        for (index, step) in relearningSteps.enumerated() where !(step > 0 && step.isFinite) {
            throw .invalidRelearningStep(index: index, seconds: step)
        }
        guard maximumInterval >= 1 else { throw .maximumIntervalTooSmall(maximumInterval) }
    }
}

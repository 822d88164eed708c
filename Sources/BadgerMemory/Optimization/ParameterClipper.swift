import Foundation

/// fsrs-rs's per-parameter clamps, applied after every optimizer step.
///
/// They are the scheduler's bounds (`FSRS6.parameterBounds`), except that with more than one
/// relearning step w17 and w18 are capped lower, so a lapse followed by several same-day steps
/// cannot end with a stability above the one it started from.
public enum ParameterClipper {
    /// `parameters` with each weight moved into its allowed range.
    public static func clip(_ parameters: [Double], relearningSteps: Int = 1) -> [Double] {
        var bounds = FSRS6.parameterBounds
        if relearningSteps > 1 {
            let w = parameters
            let limit = -(log(w[11]) + log(pow(2, w[13]) - 1) + w[14] * 0.3) / Double(relearningSteps)
            let ceiling = min(max(limit, 0.01).squareRoot(), 2)
            bounds[17] = 0...ceiling
            bounds[18] = 0...ceiling
        }
        return zip(parameters, bounds).map { value, range in
            value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
        }
    }
}

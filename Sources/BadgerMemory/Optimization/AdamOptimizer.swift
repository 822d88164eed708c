import Foundation

/// The Adam update rule (β1 0.9, β2 0.999, ε 1e-8, bias-corrected), as fsrs-rs configures it.
struct AdamOptimizer {
    private var firstMoment: [Double]
    private var secondMoment: [Double]
    private var steps = 0
    let beta1 = 0.9
    let beta2 = 0.999
    let epsilon = 1e-8

    init(count: Int) {
        firstMoment = Array(repeating: 0, count: count)
        secondMoment = Array(repeating: 0, count: count)
    }

    /// Moves `parameters` one step against `gradient` at `learningRate`.
    mutating func step(_ parameters: inout [Double], gradient: [Double], learningRate: Double) {
        steps += 1
        let correction1 = 1 - pow(beta1, Double(steps))
        let correction2 = 1 - pow(beta2, Double(steps))
        for index in parameters.indices {
            let g = gradient[index]
            firstMoment[index] = beta1 * firstMoment[index] + (1 - beta1) * g
            secondMoment[index] = beta2 * secondMoment[index] + (1 - beta2) * g * g
            let mean = firstMoment[index] / correction1
            let variance = secondMoment[index] / correction2
            parameters[index] -= learningRate * mean / (variance.squareRoot() + epsilon)
        }
    }
}

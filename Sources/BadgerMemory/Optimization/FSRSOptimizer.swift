import Foundation

/// Fits FSRS-6's 21 parameters to review histories the way the reference optimizer, fsrs-rs,
/// does (`FSRS.compute_parameters`):
///
/// 1. Items: one per review made a day or more after the card's previous review (`TrainingSet`).
/// 2. Outliers dropped (`OutlierFilter`), initial stabilities w0–w3 pre-trained from first-review
///    outcomes (`InitialStability`); the other parameters start from the defaults.
/// 3. Adam (learning rate 0.04, cosine-annealed to 0 over all steps) for 5 epochs over batches of
///    512 items sorted by history length, the batch order shuffled each epoch by a seeded
///    generator. The objective per batch is the summed binary cross-entropy of predicted recall,
///    each item weighted by recency (0.25 + 0.75 x³, x its place in time from 0 to 1), plus an
///    L2 pull towards the starting parameters, Σ (w − w₀)² / σ² × batch / items, with fsrs-rs's
///    per-parameter σ. All 21 parameters train, including the decay w20 and the short-term w17–w19.
/// 4. After every step the parameters are clamped (`ParameterClipper`); after each epoch the
///    whole objective is measured and the best epoch's parameters kept; w0–w3 are finally made
///    non-decreasing as after pre-training.
///
/// Gradients are exact (reverse mode through the review recurrence, `RecallModel`). Pure and
/// deterministic: the same histories and configuration give the same parameters.
public struct FSRSOptimizer: Sendable {
    /// Training settings; the defaults are fsrs-rs's.
    public struct Configuration: Sendable, Equatable {
        public var epochs = 5
        public var batchSize = 512
        public var learningRate = 0.04
        /// Items with a longer history (in reviews) are left out of training.
        public var maximumSequenceLength = 256
        /// The weight of the pull towards the starting parameters.
        public var gamma = 1.0
        public var seed: UInt64 = 2023
        /// The number of relearning steps, which bounds w17 and w18 (see `ParameterClipper`).
        public var relearningSteps = 1

        public init() {}
    }

    /// fsrs-rs's σ of each parameter in its L2 pull (the spread of parameters across users).
    static let parameterSpread: [Double] = [
        6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25, 1.03, 0.31, 0.32, 0.14, 0.27,
    ]

    /// Fewer training items than this and fsrs-rs does not train (it only pre-trains w0–w3).
    public static let minimumItems = 64

    /// A fit, or why there is none.
    public enum Outcome: Sendable, Equatable {
        case fitted(Fit)
        /// `have` items could be used; `need` are required.
        case tooFewReviews(have: Int, need: Int)
    }

    /// Fitted parameters and what they were fitted on.
    public struct Fit: Sendable, Equatable {
        public var parameters: [Double]
        /// The parameters training started from: pre-trained w0–w3, default w4–w20.
        public var initialParameters: [Double]
        /// How many items training used (after the outlier filter and the length limit).
        public var trainingItems: Int
        /// The best epoch's mean objective (weighted log-loss plus the L2 pull).
        public var objective: Double
    }

    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// What `fit` trains on: the items left after the outlier filter, and the pre-trained
    /// initial stabilities; or its refusal.
    private func prepare(_ set: TrainingSet) -> Result<
        (training: [TrainingSet.Item], stabilities: [Double], counts: [Int: Int]), Refusal
    > {
        let usable = set.items.count
        guard usable >= Self.minimumItems else { return .failure(Refusal(have: usable, need: Self.minimumItems)) }
        let averageRecall = Double(set.items.lazy.filter { set.isRecall($0) }.count) / Double(usable)
        let (kept, initialization) = OutlierFilter.filter(set)
        let training = kept.filter { $0.position + 1 <= configuration.maximumSequenceLength }
        guard training.count >= Self.minimumItems,
            let (stabilities, counts) = InitialStability.pretrain(set, items: initialization, averageRecall: averageRecall)
        else { return .failure(Refusal(have: min(training.count, usable), need: Self.minimumItems)) }
        return .success((training, stabilities, counts))
    }

    /// Why `fit` would refuse `set` (too few items left to train on), found without training;
    /// nil when it would fit.
    public func refusal(of set: TrainingSet) -> Refusal? {
        if case .failure(let refusal) = prepare(set) { return refusal }
        return nil
    }

    /// Too few items to train on: `have` could be used, `need` are required.
    public struct Refusal: Error, Sendable, Equatable {
        public var have: Int
        public var need: Int
    }

    /// Fits the parameters to every item of `set`.
    public func fit(_ set: TrainingSet) -> Outcome {
        let training: [TrainingSet.Item]
        let stabilities: [Double]
        let counts: [Int: Int]
        switch prepare(set) {
        case .failure(let refusal): return .tooFewReviews(have: refusal.have, need: refusal.need)
        case .success(let prepared): (training, stabilities, counts) = prepared
        }
        let initial = stabilities + FSRS6.defaultParameters[4...]
        let weights = Self.recencyWeights(count: training.count)
        let (trained, objective) = train(set, items: training, weights: weights, initial: initial)
        let smoothed =
            InitialStability.smoothAndFill(
                Dictionary(uniqueKeysWithValues: (1...4).map { ($0, trained[$0 - 1]) }), counts: counts) ?? Array(trained[0..<4])
        return .fitted(
            Fit(
                parameters: smoothed + trained[4...], initialParameters: initial, trainingItems: training.count,
                objective: objective))
    }

    /// fsrs-rs's recency weights for `count` items in time order: 0.25 for the oldest to 1 for the newest.
    static func recencyWeights(count: Int) -> [Double] {
        let span = max(Double(count) - 1, 1)
        return (0..<count).map { 0.25 + 0.75 * pow(Double($0) / span, 3) }
    }

    private func train(_ set: TrainingSet, items: [TrainingSet.Item], weights: [Double], initial: [Double]) -> ([Double], Double) {
        // Batches of items of similar history length; within a length, time order.
        let order = items.indices.sorted { (items[$0].position, $0) < (items[$1].position, $1) }
        let batches = stride(from: 0, to: order.count, by: configuration.batchSize).map {
            Array(order[$0..<min($0 + configuration.batchSize, order.count)])
        }
        let total = items.count
        let iterations = Double((total / configuration.batchSize + 1) * configuration.epochs)
        var generator = SeededGenerator(seed: configuration.seed)
        var adam = AdamOptimizer(count: initial.count)
        var w = initial
        var best = (parameters: initial, objective: Double.infinity)
        var iteration = 0.0
        let objective = Objective(set: set, items: items, weights: weights, maximumLength: configuration.maximumSequenceLength)
        for _ in 0..<configuration.epochs {
            for batch in batches.shuffled(using: &generator) {
                iteration += 1
                let learningRate = configuration.learningRate * (1 + cos(Double.pi * iteration / iterations)) / 2
                var gradient = objective.lossAndGradient(w: w, indices: batch).gradient
                addPenalty(w: w, initial: initial, share: Double(batch.count) / Double(total), gradient: &gradient)
                adam.step(&w, gradient: gradient, learningRate: learningRate)
                w = ParameterClipper.clip(w, relearningSteps: configuration.relearningSteps)
            }
            let loss = objective.totalLoss(w: w)
            let mean = (loss + penalty(w: w, initial: initial)) / Double(total)
            if mean < best.objective { best = (w, mean) }
        }
        return best
    }

    private func penalty(w: [Double], initial: [Double]) -> Double {
        var sum = 0.0
        for index in w.indices {
            let difference = (w[index] - initial[index]) / Self.parameterSpread[index]
            sum += difference * difference
        }
        return configuration.gamma * sum
    }

    private func addPenalty(w: [Double], initial: [Double], share: Double, gradient: inout [Double]) {
        for index in w.indices {
            let spread = Self.parameterSpread[index]
            gradient[index] += configuration.gamma * share * 2 * (w[index] - initial[index]) / (spread * spread)
        }
    }
}

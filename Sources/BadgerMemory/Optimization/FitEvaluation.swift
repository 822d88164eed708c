import Foundation

/// How well parameters predict a set of reviews: log-loss, RMSE over binned predictions,
/// calibration, and observed against predicted retention, in total and per group of cards.
public struct FitEvaluation: Sendable, Equatable {
    /// Predictions that share a bin: how many, the mean predicted recall, the share recalled.
    public struct Bin: Sendable, Equatable {
        public var count: Int
        public var predicted: Double
        public var observed: Double
    }

    /// How many reviews were predicted.
    public var count: Int
    /// Mean binary cross-entropy of the predictions (lower is better).
    public var logLoss: Double
    /// fsrs-rs's RMSE(bins): reviews binned by elapsed days, number of reviews and lapses (its
    /// `r_matrix_index`), the root of the count-weighted mean squared gap between the mean
    /// predicted and observed recall of each bin.
    public var rmseBins: Double
    /// Mean predicted recall and share recalled over all reviews.
    public var total: Bin
    /// Ten bins by predicted recall, 0–10% … 90–100%: the calibration picture.
    public var calibration: [Bin]
    /// `total` per group, keyed by the name the caller gave each card.
    public var groups: [String: Bin]

    /// Predicts every item of `set` with `parameters`; `group` names each card's group.
    public init(parameters: [Double], set: TrainingSet, group: (String) -> String = { _ in "" }) {
        var loss = 0.0
        var totalBin = Accumulator()
        var calibrationBins = Array(repeating: Accumulator(), count: 10)
        var matrix: [[Int]: Accumulator] = [:]
        var groupBins: [String: Accumulator] = [:]
        let predictions = Self.predictions(parameters: parameters, set: set)
        for (item, predicted) in zip(set.items, predictions) {
            let recalled = set.isRecall(item)
            loss += RecallModel.logLoss(predicted, recalled: recalled, weight: 1).loss
            totalBin.add(predicted, recalled)
            calibrationBins[min(Int(predicted * 10), 9)].add(predicted, recalled)
            matrix[Self.matrixIndex(set: set, item: item), default: Accumulator()].add(predicted, recalled)
            groupBins[group(set.cardIDs[item.card]), default: Accumulator()].add(predicted, recalled)
        }
        count = set.items.count
        logLoss = count == 0 ? 0 : loss / Double(count)
        var squared = 0.0
        // In a fixed order, so the sum is the same every run.
        for bin in matrix.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }).map(\.value) {
            let gap = bin.predicted / Double(bin.count) - bin.recalled / Double(bin.count)
            squared += gap * gap * Double(bin.count)
        }
        rmseBins = count == 0 ? 0 : (squared / Double(count)).squareRoot()
        total = totalBin.bin
        calibration = calibrationBins.map(\.bin)
        groups = groupBins.mapValues(\.bin)
    }

    /// The predicted recall of every item of `set`, in order. Each card's reviews are walked
    /// once, its items in position order (walking each item's history from the start, the
    /// same numbers, was quadratic in a card's reviews).
    public static func predictions(parameters: [Double], set: TrainingSet) -> [Double] {
        let order = set.items.indices.sorted { (set.items[$0].card, set.items[$0].position) < (set.items[$1].card, set.items[$1].position) }
        var predictions = Array(repeating: 0.0, count: set.items.count)
        parameters.withUnsafeBufferPointer { w in
            let c = RecallModel.Coefficients(w)
            set.ratings.withUnsafeBufferPointer { ratings in
                set.deltas.withUnsafeBufferPointer { deltas in
                    var card = -1
                    var done = 0
                    var state = (s: 0.0, d: 0.0)
                    for index in order {
                        let item = set.items[index]
                        if item.card != card { (card, done) = (item.card, 0) }
                        let start = set.starts[card]
                        state = RecallModel.forward(
                            w: w, c: c, ratings: ratings, deltas: deltas, start: start + done, count: item.position - done, steps: nil,
                            from: done == 0 ? nil : state)
                        done = item.position
                        predictions[index] = c.retrievability(days: deltas[start + item.position], stability: state.s)
                    }
                }
            }
        }
        return predictions
    }

    /// fsrs-rs's `r_matrix_index`: bins of elapsed days, review count and lapse count.
    static func matrixIndex(set: TrainingSet, item: TrainingSet.Item) -> [Int] {
        let days = set.elapsedDays(item)
        let daysBin = Int((2.48 * pow(3.62, (log(days) / log(3.62)).rounded(.down)) * 100).rounded())
        let length = Double(set.longTermReviewCount(item)) + 1
        let lengthBin = Int((1.99 * pow(1.89, (log(length) / log(1.89)).rounded(.down))).rounded())
        let lapses = set.lapseCount(item)
        guard lapses > 0 else { return [daysBin, lengthBin, 0] }
        let lapseBin = Int((1.65 * pow(1.73, (log(Double(lapses)) / log(1.73)).rounded(.down))).rounded())
        return [daysBin, lengthBin, lapseBin]
    }

    private struct Accumulator {
        var count = 0
        var predicted = 0.0
        var recalled = 0.0

        mutating func add(_ prediction: Double, _ wasRecalled: Bool) {
            count += 1
            predicted += prediction
            recalled += wasRecalled ? 1 : 0
        }

        var bin: Bin {
            count == 0
                ? Bin(count: 0, predicted: 0, observed: 0)
                : Bin(count: count, predicted: predicted / Double(count), observed: recalled / Double(count))
        }
    }
}

import Foundation

/// The optimizer's objective over items: the summed, weighted log-loss of predicted recall, and
/// optionally its exact gradient.
struct Objective {
    let set: TrainingSet
    let maximumLength: Int

    /// The weighted log-loss of `items[indices]`; adds its gradient into `gradient` when given.
    func loss(w: [Double], items: [TrainingSet.Item], weights: [Double], indices: [Int], gradient: inout [Double]?) -> Double {
        var total = 0.0
        let steps = UnsafeMutablePointer<RecallModel.Step>.allocate(capacity: maximumLength + 1)
        defer { steps.deallocate() }
        set.ratings.withUnsafeBufferPointer { ratings in
            set.deltas.withUnsafeBufferPointer { deltas in
                for index in indices {
                    let item = items[index]
                    let start = set.starts[item.card]
                    let (s, _) = RecallModel.forward(
                        w: w, ratings: ratings, deltas: deltas, start: start, count: item.position,
                        steps: gradient == nil ? nil : steps)
                    let days = deltas[start + item.position]
                    let r = RecallModel.retrievability(days: days, stability: s, w: w)
                    let (loss, gR) = RecallModel.logLoss(r, recalled: ratings[start + item.position] > 1, weight: weights[index])
                    total += loss
                    if gradient != nil, gR != 0 {
                        let gS = RecallModel.curveBackward(days: days, s: s, r: r, gR: gR, w: w, gw: &gradient!)
                        RecallModel.backward(w: w, steps: steps, count: item.position, gS: gS, gD: 0, gw: &gradient!)
                    }
                }
            }
        }
        return total
    }
}

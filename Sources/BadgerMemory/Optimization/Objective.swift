import Dispatch
import Foundation

/// The optimizer's objective over items: the summed, weighted log-loss of predicted recall, and
/// its exact gradient.
struct Objective: @unchecked Sendable {
    let set: TrainingSet
    let items: [TrainingSet.Item]
    let weights: [Double]
    let maximumLength: Int
    /// The items of each card, in position order: (card, [(position, weight)]).
    private let itemsByCard: [(card: Int, targets: [(position: Int, weight: Double)])]

    init(set: TrainingSet, items: [TrainingSet.Item], weights: [Double], maximumLength: Int) {
        self.set = set
        self.items = items
        self.weights = weights
        self.maximumLength = maximumLength
        var byCard: [Int: [(Int, Double)]] = [:]
        for (item, weight) in zip(items, weights) { byCard[item.card, default: []].append((item.position, weight)) }
        itemsByCard = byCard.keys.sorted().map { card in (card, (byCard[card] ?? []).sorted { $0.0 < $1.0 }) }
    }

    /// The weighted log-loss of `items[indices]` and its gradient, computed in two halves at once
    /// and added in a fixed order, so the result does not depend on thread timing.
    func lossAndGradient(w: [Double], indices: [Int]) -> (loss: Double, gradient: [Double]) {
        let halves = indices.count >= 64 ? 2 : 1
        let size = (indices.count + halves - 1) / halves
        // Each half writes only its own slot; reads happen after both finish.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<(Double, [Double])>.allocate(capacity: halves)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: halves) { half in
            let part = indices[min(half * size, indices.count)..<min((half + 1) * size, indices.count)]
            var gradient = Array(repeating: 0.0, count: w.count)
            let loss = accumulate(w: w, indices: part, gradient: &gradient)
            (results.baseAddress! + half).initialize(to: (loss, gradient))
        }
        var loss = 0.0
        var gradient = Array(repeating: 0.0, count: w.count)
        for half in 0..<halves {
            loss += results[half].0
            for index in gradient.indices { gradient[index] += results[half].1[index] }
        }
        _ = results.baseAddress.map { $0.deinitialize(count: halves) }
        return (loss, gradient)
    }

    private func accumulate(w: [Double], indices: ArraySlice<Int>, gradient: inout [Double]) -> Double {
        var total = 0.0
        let steps = UnsafeMutablePointer<RecallModel.Step>.allocate(capacity: maximumLength + 1)
        defer { steps.deallocate() }
        w.withUnsafeBufferPointer { w in
            let c = RecallModel.Coefficients(w)
            set.ratings.withUnsafeBufferPointer { ratings in
                set.deltas.withUnsafeBufferPointer { deltas in
                    set.starts.withUnsafeBufferPointer { starts in
                        items.withUnsafeBufferPointer { items in
                            weights.withUnsafeBufferPointer { weights in
                                gradient.withUnsafeMutableBufferPointer { gw in
                                    for index in indices {
                                        let item = items[index]
                                        let start = starts[item.card]
                                        let (s, _) = RecallModel.forward(
                                            w: w, c: c, ratings: ratings, deltas: deltas, start: start, count: item.position, steps: steps)
                                        let days = deltas[start + item.position]
                                        let r = c.retrievability(days: days, stability: s)
                                        let (loss, gR) = RecallModel.logLoss(
                                            r, recalled: ratings[start + item.position] > 1, weight: weights[index])
                                        total += loss
                                        if gR != 0 {
                                            let gS = RecallModel.curveBackward(days: days, s: s, r: r, gR: gR, c: c, gw: gw)
                                            RecallModel.backward(w: w, c: c, steps: steps, count: item.position, gS: gS, gD: 0, gw: gw)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return total
    }

    /// The weighted log-loss of all items, walking each card's reviews once (the same sum as
    /// predicting item by item, as every item's history is a prefix of its card's reviews).
    func totalLoss(w: [Double]) -> Double {
        var total = 0.0
        w.withUnsafeBufferPointer { w in
            let c = RecallModel.Coefficients(w)
            set.ratings.withUnsafeBufferPointer { ratings in
                set.deltas.withUnsafeBufferPointer { deltas in
                    for (card, targets) in itemsByCard {
                        let start = set.starts[card]
                        var done = 0
                        var state = (s: 0.0, d: 0.0)
                        for (position, weight) in targets {
                            state = RecallModel.forward(
                                w: w, c: c, ratings: ratings, deltas: deltas, start: start + done, count: position - done, steps: nil,
                                from: done == 0 ? nil : state)
                            done = position
                            let r = c.retrievability(days: deltas[start + position], stability: state.s)
                            total += RecallModel.logLoss(r, recalled: ratings[start + position] > 1, weight: weight).loss
                        }
                    }
                }
            }
        }
        return total
    }
}

import Foundation

/// fsrs-rs's pre-training of the initial stabilities w0–w3 from first-review outcomes.
///
/// Cards are grouped by their first rating and by the delay before their first review a day or
/// more later; each group's recall rate is smoothed towards the average recall (one pseudo-review)
/// and the stability that best explains the groups under the default forgetting curve is found by
/// ternary search over 0.001–100 days, with a small pull towards the default (|s − default| / 16).
/// Ratings never seen are filled in from the others with fsrs-rs's fixed ratios, and the four
/// stabilities are made non-decreasing.
enum InitialStability {
    static let maximum = 100.0

    /// Recall observed after one delay: the share recalled and how many reviews.
    struct Group {
        var days: Double
        var recall: Double
        var count: Double
    }

    /// w0–w3 and how many reviews each first rating had (ratings without any are absent).
    static func pretrain(
        _ set: TrainingSet, items: [TrainingSet.Item], averageRecall: Double
    ) -> (stabilities: [Double], counts: [Int: Int])? {
        var outcomes: [Int: [Double: (recalled: Double, count: Double)]] = [:]
        for item in items {
            let key = set.firstLongTermDelta(item)
            var entry = outcomes[set.firstRating(item), default: [:]][key] ?? (0, 0)
            entry.recalled += set.isRecall(item) ? 1 : 0
            entry.count += 1
            outcomes[set.firstRating(item), default: [:]][key] = entry
        }
        var counts: [Int: Int] = [:]
        var stabilities: [Int: Double] = [:]
        for (rating, delays) in outcomes {
            let groups = delays.sorted { $0.key < $1.key }.map {
                Group(days: $0.key, recall: $0.value.recalled / $0.value.count, count: $0.value.count)
            }
            counts[rating] = Int(groups.reduce(0) { $0 + $1.count })
            stabilities[rating] = search(groups, averageRecall: averageRecall, defaultStability: FSRS6.defaultParameters[rating - 1])
        }
        guard let filled = smoothAndFill(stabilities, counts: counts) else { return nil }
        return (filled, counts)
    }

    /// The stability minimising the smoothed log-loss of `groups`.
    static func search(_ groups: [Group], averageRecall: Double, defaultStability: Double) -> Double {
        let smoothed = groups.map { ($0.days, ($0.recall * $0.count + averageRecall) / ($0.count + 1), $0.count) }
        let decay = -FSRS6.defaultParameters[20]
        let factor = pow(0.9, 1 / decay) - 1
        func loss(_ s: Double) -> Double {
            var total = 0.0
            for (days, recall, count) in smoothed {
                let predicted = pow(1 + days / s * factor, decay)
                total += -(recall * log(predicted) + (1 - recall) * log(1 - predicted)) * count
            }
            return total + abs(s - defaultStability) / 16
        }
        var low = RecallModel.minimumStability
        var high = maximum
        var best = defaultStability
        var iterations = 0
        while high - low > Double.ulpOfOne && iterations < 1000 {
            iterations += 1
            let first = low + (high - low) / 3
            let second = high - (high - low) / 3
            if loss(first) < loss(second) { high = second } else { low = first }
            best = (high + low) / 2
        }
        return best
    }

    /// Makes the stabilities non-decreasing in the rating (trusting the rating with more
    /// reviews) and fills in missing ratings; nil when no rating has any.
    static func smoothAndFill(_ stabilities: [Int: Double], counts: [Int: Int]) -> [Double]? {
        var known = stabilities.filter { counts[$0.key] != nil }
        for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
            guard let smallValue = known[small], let bigValue = known[big], smallValue > bigValue else { continue }
            if (counts[small] ?? 0) > (counts[big] ?? 0) { known[big] = smallValue } else { known[small] = bigValue }
        }
        let w1 = 0.41
        let w2 = 0.54
        var s: [Double?] = [nil, known[1], known[2], known[3], known[4]]
        switch known.count {
        case 0:
            return nil
        case 1:
            let (rating, value) = known.first!
            let ratio = value / FSRS6.defaultParameters[rating - 1]
            return FSRS6.defaultParameters[0..<4].sorted().map { clamp($0 * ratio) }
        case 2:
            switch (s[1], s[2], s[3], s[4]) {
            case (nil, nil, let r3?, let r4?):
                let r2 = pow(r3, 1 / (1 - w2)) * pow(r4, 1 - 1 / (1 - w2))
                s[2] = r2
                s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, nil, let r4?):
                let r3 = pow(r2, 1 - w2) * pow(r4, w2)
                s[3] = r3
                s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, let r3?, nil):
                s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
                s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, nil, let r4?):
                let share = w1 / (w1 + w2 - w1 * w2)
                let share2 = w2 / (w1 + w2 - w1 * w2)
                s[2] = pow(r1, share) * pow(r4, 1 - share)
                s[3] = pow(r1, 1 - share2) * pow(r4, share2)
            case (let r1?, nil, let r3?, nil):
                let r2 = pow(r1, w1) * pow(r3, 1 - w1)
                s[2] = r2
                s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            case (let r1?, let r2?, nil, nil):
                let r3 = pow(r1, 1 - 1 / (1 - w1)) * pow(r2, 1 / (1 - w1))
                s[3] = r3
                s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default: break
            }
        case 3:
            switch (s[1], s[2], s[3], s[4]) {
            case (nil, let r2?, let r3?, _): s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, let r3?, _): s[2] = pow(r1, w1) * pow(r3, 1 - w1)
            case (_, let r2?, nil, let r4?): s[3] = pow(r2, 1 - w2) * pow(r4, w2)
            case (_, let r2?, let r3?, nil): s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default: break
            }
        default: break
        }
        let values = s[1...4].compactMap { $0 }
        guard values.count == 4 else { return nil }
        return values.map(clamp)
    }

    private static func clamp(_ value: Double) -> Double { min(max(value, RecallModel.minimumStability), maximum) }
}

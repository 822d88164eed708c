/// fsrs-rs's outlier filter. Cards are grouped by the rating of their first review and the
/// days before their first review a day or more later; in each first-rating group the
/// smallest delay groups (about 5% of the cards, at least 20) are dropped, and so are groups
/// of fewer than 6 cards or with delays over 100 days (365 after Easy). Every item of a card in
/// a dropped group is left out of training.
public enum OutlierFilter {
    /// What it leaves out, in the words messages use.
    public static let summary =
        "the rarest first intervals of each first rating, at least 20 cards' worth, any first interval fewer than 6 cards share, and any over 100 days, 365 after Easy"

    /// The items of `set` that survive, and the survivors used to pre-train initial stability
    /// (the items predicting a card's first review a day or more after the previous one).
    static func filter(_ set: TrainingSet) -> (kept: [TrainingSet.Item], initialization: [TrainingSet.Item]) {
        let initialization = set.items.filter { set.longTermReviewCount($0) == 1 }
        var groups: [Int: [Double: [TrainingSet.Item]]] = [:]
        for item in initialization {
            groups[set.firstRating(item), default: [:]][set.firstLongTermDelta(item), default: []].append(item)
        }
        var removed: Set<[Double]> = []
        var keptInitialization: [TrainingSet.Item] = []
        for rating in groups.keys.sorted() {
            // Smallest groups first; among equal sizes, shorter delays first.
            let subgroups = (groups[rating] ?? [:]).sorted { ($0.value.count, $0.key) < ($1.value.count, $1.key) }
            let total = subgroups.reduce(0) { $0 + $1.value.count }
            var removedCount = 0
            for (delta, items) in subgroups {
                if removedCount + items.count >= max(20, total / 20) {
                    if items.count < 6 || delta > (rating != 4 ? 100 : 365) {
                        removed.insert([Double(rating), delta])
                    } else {
                        keptInitialization.append(contentsOf: items)
                    }
                } else {
                    removedCount += items.count
                    removed.insert([Double(rating), delta])
                }
            }
        }
        let kept = set.items.filter { !removed.contains([Double(set.firstRating($0)), set.firstLongTermDelta($0)]) }
        return (kept, keptInitialization)
    }
}

import Foundation

/// Review histories as the optimizer sees them, built the way fsrs-rs builds its `FSRSItem`s:
/// one item per review made at least a whole day (24 hours) after the card's previous review,
/// holding every earlier review of the card as its history. Same-day reviews are history only
/// (they move memory through the short-term terms w17–w19) and are never predicted.
///
/// Days are counted as the scheduler counts them: whole 24-hour periods, rounded down.
public struct TrainingSet: Sendable {
    /// One review to predict: the review at `position` of card `card`, after reviews 0..<position.
    public struct Item: Sendable, Equatable {
        /// Index into `cardIDs`.
        public let card: Int
        /// Index of the predicted review within its card; the history is the reviews before it.
        public let position: Int
        public let time: Date
    }

    /// Every card's id, in byte order (histories with the same id in the order given).
    public let cardIDs: [String]
    /// Ratings (1–4) of every review of every card, card after card, each card's in time order.
    let ratings: [Double]
    /// Whole days since the card's previous review (0 for a card's first review).
    let deltas: [Double]
    /// Where each card's reviews start in `ratings` and `deltas`.
    let starts: [Int]
    /// For each review: how many of the card's reviews up to and including it came a day or
    /// more after the previous one, and how many before it were lapses (Again a day or more
    /// after the previous review). Counted once here, so that no item walks its history again
    /// (that was quadratic in a card's reviews: minutes for one card reviewed 20,000 times).
    let longTermCounts: [Int32]
    let lapseCounts: [Int32]
    /// For each card: the days before its first review a day or more after the previous (0
    /// when it has none).
    let firstLongTermDeltas: [Double]
    /// The items, in time order (ties by card, then position).
    public private(set) var items: [Item]

    /// Builds the items of `histories`; reviews are sorted by time within each card, and cards
    /// by id, so that the same reviews give the same fit whatever order they come in (a merge,
    /// a renamed deck and a simulator's file list them differently; reviews made at the same
    /// second are ordered by card).
    public init(histories unordered: [ReviewHistory]) {
        let keys = unordered.map { Array($0.cardID.utf8) }
        let histories = unordered.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) || (keys[$0] == keys[$1] && $0 < $1) }
            .map { unordered[$0] }
        var ratings: [Double] = []
        var deltas: [Double] = []
        var starts: [Int] = []
        var longTermCounts: [Int32] = []
        var lapseCounts: [Int32] = []
        var firstLongTermDeltas: [Double] = []
        var items: [Item] = []
        for (card, history) in histories.enumerated() {
            starts.append(ratings.count)
            let reviews = history.reviews.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element)
            var previous: Date?
            var longTerm: Int32 = 0
            var lapses: Int32 = 0
            var firstLongTermDelta: Double?
            for (position, review) in reviews.enumerated() {
                let days = previous.map { max(0, (review.time.timeIntervalSince($0) / 86_400).rounded(.down)) } ?? 0
                let isLongTerm = position > 0 && days >= 1
                if isLongTerm {
                    longTerm += 1
                    if firstLongTermDelta == nil { firstLongTermDelta = days }
                }
                ratings.append(Double(review.rating.rawValue))
                deltas.append(days)
                longTermCounts.append(longTerm)
                lapseCounts.append(lapses)
                if isLongTerm, review.rating == .again { lapses += 1 }
                if isLongTerm { items.append(Item(card: card, position: position, time: review.time)) }
                previous = review.time
            }
            firstLongTermDeltas.append(firstLongTermDelta ?? 0)
        }
        items.sort { ($0.time, $0.card, $0.position) < ($1.time, $1.card, $1.position) }
        self.cardIDs = histories.map(\.cardID)
        self.ratings = ratings
        self.deltas = deltas
        self.starts = starts
        self.longTermCounts = longTermCounts
        self.lapseCounts = lapseCounts
        self.firstLongTermDeltas = firstLongTermDeltas
        self.items = items
    }

    private init(copying other: TrainingSet, items: [Item]) {
        cardIDs = other.cardIDs
        ratings = other.ratings
        deltas = other.deltas
        starts = other.starts
        longTermCounts = other.longTermCounts
        lapseCounts = other.lapseCounts
        firstLongTermDeltas = other.firstLongTermDeltas
        self.items = items
    }

    /// The same cards with only `items`.
    public func with(items: [Item]) -> TrainingSet { TrainingSet(copying: self, items: items) }

    /// A time-ordered split: the earliest items to train on, the latest `testFraction` to test.
    /// The test items keep their whole history, including reviews made during training.
    public func split(testFraction: Double) -> (train: TrainingSet, test: TrainingSet) {
        let testCount = Int((Double(items.count) * testFraction).rounded())
        let cut = items.count - min(max(testCount, 0), items.count)
        return (with(items: Array(items[..<cut])), with(items: Array(items[cut...])))
    }

    /// Index of review `position` of `card` in the flat arrays.
    @inline(__always) func index(_ card: Int, _ position: Int) -> Int { starts[card] + position }

    /// Whether the item's review was a recall (anything but Again).
    public func isRecall(_ item: Item) -> Bool { ratings[index(item.card, item.position)] > 1 }

    /// The rating of the card's first review.
    func firstRating(_ item: Item) -> Int { Int(ratings[starts[item.card]]) }

    /// Whole days before the predicted review.
    func elapsedDays(_ item: Item) -> Double { deltas[index(item.card, item.position)] }

    /// How many of the item's reviews (history and predicted one) came a day or more after the previous.
    func longTermReviewCount(_ item: Item) -> Int { Int(longTermCounts[index(item.card, item.position)]) }

    /// Days before the card's first review made a day or more after the previous one (every
    /// item is such a review, so its card has one).
    func firstLongTermDelta(_ item: Item) -> Double { firstLongTermDeltas[item.card] }

    /// How many of the item's history reviews were lapses (Again a day or more after the previous review).
    func lapseCount(_ item: Item) -> Int { Int(lapseCounts[index(item.card, item.position)]) }
}

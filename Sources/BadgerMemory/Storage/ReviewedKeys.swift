/// The card keys that have reviews in a set of logs, each with a dense slot (`0..<count`), and
/// the slot of every review, found through each log's key places (`KeyColumn`): no dictionary
/// and nothing kept per record, where a dictionary of 100,000 keys takes about 4 MB and a
/// lookup per review.
public struct ReviewedKeys: Sendable {
    /// The keys with reviews: a key's slot is its place here.
    public let table: KeyTable
    /// How many reviews each slot has.
    public let reviewCounts: [Int32]
    /// How many reviews in all.
    public let reviewCount: Int
    /// Per log, the slot of each of its key places; -1 for a place without reviews.
    private let slotOfPlace: [[Int32]]

    /// The reviewed keys of `logs`, where `key` maps a key as a log names it to the card's key
    /// (format 1 renames).
    public init(logs: [CompactLog], key: (UInt64) -> UInt64) {
        var countsOfPlace: [[Int32]] = []
        var reviewed: [UInt64] = []
        var total = 0
        for log in logs {
            var counts = [Int32](repeating: 0, count: log.keys.distinctCount)
            for index in 0..<log.count where log.isReview(index) { counts[log.keys.place(at: index)] += 1 }
            for place in counts.indices where counts[place] > 0 {
                reviewed.append(key(log.keys.key(atPlace: place)))
                total += Int(counts[place])
            }
            countsOfPlace.append(counts)
        }
        let (table, slotOfReviewed) = KeyTable.make(reviewed)
        reviewed = []
        var reviewCounts = [Int32](repeating: 0, count: table.count)
        var slotOfPlace: [[Int32]] = []
        var next = 0
        for counts in countsOfPlace {
            var slots = [Int32](repeating: -1, count: counts.count)
            for place in counts.indices where counts[place] > 0 {
                slots[place] = slotOfReviewed[next]
                reviewCounts[Int(slots[place])] += counts[place]
                next += 1
            }
            slotOfPlace.append(slots)
        }
        self.table = table
        self.reviewCounts = reviewCounts
        self.slotOfPlace = slotOfPlace
        reviewCount = total
    }

    /// How many keys have reviews.
    public var count: Int { table.count }

    /// The slot of the review at `index` of log `log` (one of `logs`, in their order).
    @inline(__always) public func slot(ofReviewAt index: Int, in log: CompactLog, number: Int) -> Int {
        Int(slotOfPlace[number][log.keys.place(at: index)])
    }
}

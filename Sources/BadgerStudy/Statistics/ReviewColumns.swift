import BadgerMemory
import Foundation

/// Every review of a collection's logs as columns of numbers: the card each is credited to (an
/// index into `cardIDs`), its time and its rating, log by log in each log's order. What
/// `CollectionStatistics` and `ParameterFreshness` read: the same reviews as a history of
/// records (`CollectionMemory.history`), at about 13 bytes a review instead of a record each.
public struct ReviewColumns: Sendable, Equatable {
    /// The card ids reviews are credited to, each once.
    public private(set) var cardIDs: [String] = []
    /// Per review: its card, an index into `cardIDs`.
    public private(set) var cards: [Int32] = []
    /// Per review: seconds since 1970.
    public private(set) var times = SecondsColumn()
    /// Per review: the rating's raw value (1 Fail … 4 Easy).
    public private(set) var ratings: [UInt8] = []
    /// Where each log's reviews end (exclusive), one entry per log.
    public private(set) var logEnds: [Int] = []
    private var slotOfID: [String: Int32] = [:]

    public init() {}

    /// The reviews of `logs` (other records are skipped), each credited to `naming` of the id
    /// it names (the id itself unless given).
    public init(logs: [[ReviewRecord]], naming: (String) -> String = { $0 }) {
        let total = logs.reduce(0) { $0 + $1.count }
        reserve(total)
        for records in logs {
            for case .review(let review) in records {
                append(card: slot(naming(review.cardID)), time: review.time.timeIntervalSince1970, rating: review.rating)
            }
            endLog()
        }
    }

    /// How many reviews.
    public var count: Int { cards.count }

    /// The index of card `id` in `cardIDs`, added if new.
    public mutating func slot(_ id: String) -> Int32 {
        if let known = slotOfID[id] { return known }
        let slot = Int32(cardIDs.count)
        cardIDs.append(id)
        slotOfID[id] = slot
        return slot
    }

    /// Makes room for `count` more reviews.
    public mutating func reserve(_ count: Int) {
        cards.reserveCapacity(cards.count + count)
        times.reserveCapacity(times.count + count)
        ratings.reserveCapacity(ratings.count + count)
    }

    /// Appends a review of the log being read.
    @inline(__always) public mutating func append(card: Int32, time: Double, rating: Rating) {
        cards.append(card)
        times.append(time)
        ratings.append(UInt8(rating.rawValue))
    }

    /// Ends the log being read: the reviews appended next belong to the next log.
    public mutating func endLog() { logEnds.append(cards.count) }

    /// The rating of review `index`.
    @inline(__always) public func rating(_ index: Int) -> Rating { Rating(rawValue: Int(ratings[index])) ?? .good }

    /// The columns of several collections one after the other (their logs in order), a card
    /// id that two of them credit being one card.
    public static func joined(_ parts: [ReviewColumns]) -> ReviewColumns {
        guard parts.count != 1 else { return parts[0] }
        var result = ReviewColumns()
        result.reserve(parts.reduce(0) { $0 + $1.count })
        for part in parts {
            let slots = part.cardIDs.map { result.slot($0) }
            var start = 0
            for end in part.logEnds {
                for index in start..<end {
                    result.append(card: slots[Int(part.cards[index])], time: part.times[index], rating: part.rating(index))
                }
                result.endLog()
                start = end
            }
        }
        return result
    }

    public static func == (lhs: ReviewColumns, rhs: ReviewColumns) -> Bool {
        lhs.cardIDs == rhs.cardIDs && lhs.cards == rhs.cards && lhs.times == rhs.times && lhs.ratings == rhs.ratings
            && lhs.logEnds == rhs.logEnds
    }
}

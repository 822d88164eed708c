import BadgerDeck
import BadgerMemory
import Foundation

/// Whether a collection's FSRS parameters fit its review log: stale once the log has grown by
/// half since they were fitted, or when they were never fitted and the log is big enough to fit
/// them (`minimumReviews`). Only FSRS collections are ever stale.
public struct ParameterFreshness: Sendable, Equatable {
    /// Reviews made a day or more after the card's previous review that `badger optimize`
    /// needs: fsrs-rs trains on 64 or more, and optimize trains on the earliest 80%.
    public static let minimumReviews = 80

    /// Whether badger.yml holds fitted parameters.
    public var fitted: Bool
    /// The day they were fitted.
    public var fittedOn: String?
    /// The reviews in the logs when they were fitted.
    public var reviewsAtFit: Int?
    /// The reviews in the logs now.
    public var reviews: Int
    /// The reviews made a day or more after the card's previous review.
    public var predictableReviews: Int
    public var isStale: Bool

    public init(config: CollectionConfig, logs: [[ReviewRecord]]) {
        self.init(config: config, reviews: ReviewColumns(logs: logs))
    }

    /// The freshness of `config`'s parameters for the `reviews` of all logs, in the logs' order.
    public init(config: CollectionConfig, reviews columns: ReviewColumns) {
        // Each card's latest review so far, by its index in `columns.cardIDs`; NaN before any.
        var lastReview = [Double](repeating: .nan, count: columns.cardIDs.count)
        let reviews = columns.count
        var predictable = 0
        for index in 0..<reviews {
            let card = Int(columns.cards[index])
            let time = columns.times[index]
            if time - lastReview[card] >= 86_400 { predictable += 1 }
            lastReview[card] = time
        }
        self.init(config: config, reviews: reviews, predictableReviews: predictable)
    }

    /// The freshness of `config`'s parameters for the reviews of `memory`'s logs: the same as
    /// from its `reviewColumns`, found without them (one time per card instead of a record of
    /// numbers per review, and no card-id strings).
    public init(config: CollectionConfig, memory: CollectionMemory) {
        // Whom a review of each key is credited to, as `reviewColumns` credits it (the card that
        // continues the key, else the key itself), as numbers: each credited id's slot.
        var slotOfKey: [UInt64: Int32] = [:]
        var slotOfCredited: [UInt64: Int32] = [:]
        slotOfKey.reserveCapacity(memory.matching.keyOfCard.count)
        slotOfCredited.reserveCapacity(memory.matching.keyOfCard.count)
        func slot(credited: UInt64) -> Int32 {
            if let known = slotOfCredited[credited] { return known }
            let slot = Int32(slotOfCredited.count)
            slotOfCredited[credited] = slot
            return slot
        }
        for (content, key) in memory.matching.keyOfCard.numbers { slotOfKey[key] = slot(credited: content) }
        var lastReview: [Double] = []
        var reviews = 0
        var predictable = 0
        for log in memory.logs {
            let records = log.log
            for index in 0..<records.count where records.isReview(index) {
                let key = memory.ledger.key(ofNumber: records.keys[index])
                let card: Int
                if let known = slotOfKey[key] {
                    card = Int(known)
                } else {
                    let slot = slot(credited: key)
                    slotOfKey[key] = slot
                    card = Int(slot)
                }
                if card >= lastReview.count { lastReview += repeatElement(.nan, count: slotOfCredited.count - lastReview.count) }
                let time = TimeInterval(records.times[index])
                if time - lastReview[card] >= 86_400 { predictable += 1 }
                lastReview[card] = time
                reviews += 1
            }
        }
        self.init(config: config, reviews: reviews, predictableReviews: predictable)
    }

    /// The freshness of `config`'s parameters for a log of `reviews` reviews, of which
    /// `predictableReviews` were made a day or more after their card's previous review.
    public init(config: CollectionConfig, reviews: Int, predictableReviews predictable: Int) {
        fitted = config.fsrsParameters != nil
        fittedOn = config.fsrsParametersFitted
        reviewsAtFit = config.fsrsParametersReviews
        self.reviews = reviews
        predictableReviews = predictable
        if config.scheduler != "fsrs" {
            isStale = false
        } else if fitted {
            isStale = reviews * 2 >= (config.fsrsParametersReviews ?? 0) * 3 && reviews > (config.fsrsParametersReviews ?? 0)
        } else {
            isStale = predictable >= Self.minimumReviews
        }
    }

    /// What to tell the user when the parameters are stale, else nil.
    public var advice: String? {
        guard isStale else { return nil }
        if fitted {
            let when = fittedOn.map { " on \($0)" } ?? ""
            return
                "FSRS parameters are stale: fitted\(when) to a log of \(reviewsAtFit ?? 0) reviews, which now holds \(reviews); run `badger optimize --apply` to refit them."
        }
        return
            "FSRS uses its default parameters, but \(predictableReviews) of your reviews could fit them to you: run `badger optimize --apply`."
    }
}

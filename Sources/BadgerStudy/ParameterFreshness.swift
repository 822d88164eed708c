import BadgerDeck
import BadgerMemory
import Foundation

/// Whether a collection's FSRS parameters fit its review log. Only with a log big enough to fit
/// them (`minimumReviews`), and only in FSRS collections, are they ever stale: once the log has
/// grown by half since they were fitted, or since a fit was refused (`fsrs_fit_refused_reviews`),
/// or when they were never fitted and no fit was refused, or when badger.yml holds fits git
/// merged from several clones; or when automatic settings are due to be chosen for them
/// (`choiceIsStale`).
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
    /// The reviews in the logs when a fit was last refused (since the last fit), if one was.
    public var reviewsAtRefusedFit: Int?
    /// The reviews in the logs now.
    public var reviews: Int
    /// The reviews made a day or more after the card's previous review.
    public var predictableReviews: Int
    public var isStale: Bool
    /// Whether `badger study` re-fits stale parameters at the end of a session (`adapt`, FSRS).
    public var refitsAfterSession: Bool
    /// Whether the parameters are fresh but the automatic settings are due to be chosen
    /// (`choiceStaleness` says why).
    public var choiceIsStale: Bool
    /// Why, when `choiceIsStale` (`CollectionConfig.adaptiveChoiceStaleness`).
    public var choiceStaleness: [String] = []
    /// Whether badger.yml holds two fits or more (git merged clones that each re-fitted).
    public var mergedFits = false
    /// Whether the parameters were written by hand (from Anki, or `optimize --histories`):
    /// `fsrs_parameters` without the `fsrs_parameters_reviews` every fit writes. Never fitted to
    /// this log, they are stale once it could fit them, as the defaults are; `advice` and the
    /// re-fit's message say they are replaced, and that `adapt: false` keeps them.
    public var ownParameters: Bool

    /// The size a log of `earlier` reviews has once it has grown by half (at least one more);
    /// `Int.max` past it (a count edited into badger.yml overflowed, and trapped every command).
    public static func grownByHalf(_ earlier: Int) -> Int {
        let (grown, overflow) = earlier.addingReportingOverflow(max(1, earlier / 2 + earlier % 2))
        return overflow ? .max : grown
    }

    /// Whether `config`'s parameters are the learner's own (`ownParameters`).
    public static func ownParameters(_ config: CollectionConfig) -> Bool {
        // Every fit writes the reviews it was fitted to.
        config.fsrsParameters != nil && config.fsrsParametersReviews == nil && !config.mergedFits
    }

    public init(config: CollectionConfig, logs: [[ReviewRecord]]) {
        self.init(config: config, reviews: ReviewColumns(logs: logs))
    }

    /// The freshness of `config`'s parameters for the `reviews` of all logs, in the logs' order.
    public init(config: CollectionConfig, reviews columns: ReviewColumns) {
        let predictable = Self.predictableReviews(cards: columns.cardIDs.count) { visit in
            for index in 0..<columns.count { visit(Int(columns.cards[index]), columns.times[index]) }
        }
        self.init(config: config, reviews: columns.count, predictableReviews: predictable)
    }

    /// The freshness of `config`'s parameters for the reviews of `memory`'s logs: the same as
    /// from its `reviewColumns`, found without them (one time per card instead of a record of
    /// numbers per review, and no card-id strings). `reviewColumns` credits a key's reviews to
    /// the one card that continues it (or to the key): the same grouping as by key, but for a
    /// history that continues in no card whose key is also the id of a card that continues
    /// another (the columns, which go by id, then read both as one card).
    public init(config: CollectionConfig, memory: CollectionMemory) {
        self.init(config: config, memories: [memory])
    }

    /// The same for the reviews of several memories (their cards are their own).
    public init(config: CollectionConfig, memories: [CollectionMemory]) {
        var (reviews, predictable) = (0, 0)
        for memory in memories {
            let logs = memory.logs.map(\.log)
            let ledger = memory.ledger
            let reviewed = ReviewedKeys(logs: logs, key: { ledger.key(ofNumber: $0) })
            reviews += reviewed.reviewCount
            predictable += Self.predictableReviews(cards: reviewed.count) { visit in
                for (number, log) in logs.enumerated() {
                    for index in 0..<log.count where log.isReview(index) {
                        visit(reviewed.slot(ofReviewAt: index, in: log, number: number), TimeInterval(log.times[index]))
                    }
                }
            }
        }
        self.init(config: config, reviews: reviews, predictableReviews: predictable)
    }

    /// How many reviews came a day or more after their card's previous review, in time order
    /// whatever order `reviews` visits them in (a log with back-dated lines, a deck's reviews in
    /// two logs): one pass when they come in time order, as they nearly always do, else a sort
    /// of (card, time) pairs.
    static func predictableReviews(cards: Int, _ reviews: ((Int, Double) -> Void) -> Void) -> Int {
        // Each card's latest review so far; NaN before any.
        var lastReview = [Double](repeating: .nan, count: cards)
        var predictable = 0
        var inOrder = true
        reviews { card, time in
            if time < lastReview[card] { inOrder = false }
            if time - lastReview[card] >= 86_400 { predictable += 1 }
            lastReview[card] = time
        }
        guard !inOrder else { return predictable }
        var pairs: [(card: Int32, time: Double)] = []
        reviews { card, time in pairs.append((Int32(card), time)) }
        pairs.sort { $0.card != $1.card ? $0.card < $1.card : $0.time < $1.time }
        // A card's first review never counts (as above: nothing came before it).
        return pairs.indices.dropFirst().count { index in
            pairs[index - 1].card == pairs[index].card && pairs[index].time - pairs[index - 1].time >= 86_400
        }
    }

    /// The freshness of `config`'s parameters for a log of `reviews` reviews, of which
    /// `predictableReviews` were made a day or more after their card's previous review.
    public init(config: CollectionConfig, reviews: Int, predictableReviews predictable: Int) {
        fitted = config.fsrsParameters != nil
        ownParameters = Self.ownParameters(config)
        // What a fit recorded beside parameters removed since describes none in use.
        fittedOn = fitted ? config.fsrsParametersFitted : nil
        reviewsAtFit = fitted ? config.fsrsParametersReviews : nil
        reviewsAtRefusedFit = config.fsrsFitRefusedReviews
        self.reviews = reviews
        predictableReviews = predictable
        choiceIsStale = false
        refitsAfterSession = config.adapt && config.scheduler == "fsrs"
        /// Whether the logs have half as many reviews again as `earlier`.
        func grownByHalf(since earlier: Int) -> Bool { reviews >= Self.grownByHalf(earlier) }
        if config.scheduler != "fsrs" {
            isStale = false
        } else if fitted {
            // A re-fit refused since (too few reviews left after the outlier filter) waits, as a
            // first fit does, until the log has grown by half again. Fits merged by git are
            // replaced by one. Either needs the reviews a fit needs.
            isStale =
                predictable >= Self.minimumReviews
                && (config.mergedFits || grownByHalf(since: max(config.fsrsParametersReviews ?? 0, config.fsrsFitRefusedReviews ?? 0)))
            mergedFits = config.mergedFits
            if !isStale, !config.adaptiveChoiceCurrent, predictable >= Self.minimumReviews {
                choiceIsStale = true
                choiceStaleness = config.adaptiveChoiceStaleness
                isStale = true
            }
        } else {
            // A fit the optimizer refused (too few reviews left after its outlier filter)
            // records the log's size: the next try waits until the log has grown by half.
            isStale = predictable >= Self.minimumReviews && config.fsrsFitRefusedReviews.map(grownByHalf) ?? true
        }
    }

    /// Why no fit could be stored (`AdaptiveRefit.storageProblem`), when the caller looked; the
    /// advice then says so instead of promising a fit.
    public var storageProblem: String?

    /// Why a fit now would be refused (too few reviews left after the outlier filter), when the
    /// caller looked (`lookForRefusal`): the advice then says so instead of promising a fit.
    public var fitRefusal: FSRSOptimizer.Refusal?

    /// Up to how many predictable reviews `lookForRefusal` checks. The filter goes by cards and
    /// their first intervals, so even a log of thousands of reviews over a hundred cards can
    /// leave too few; up to this size the check takes a fraction of a second, and a larger log
    /// is left unchecked so that `due` stays fast (the session's own fit still says so).
    public static let refusalCheckLimit = 20_000

    /// Finds whether a fit of stale parameters to `histories` (made only when needed) would be
    /// refused, as the end of a session would find it, for a log small enough to check.
    public mutating func lookForRefusal(histories: () -> [ReviewHistory]) {
        guard isStale, !choiceIsStale, predictableReviews < Self.refusalCheckLimit else { return }
        fitRefusal = FSRSOptimizer().refusal(of: TrainingSet(histories: histories()))
    }

    /// What to tell the user when the parameters are stale, else nil.
    public var advice: String? {
        guard isStale, let (statement, remedy) = adviceParts else { return nil }
        if let storageProblem { return statement + "; no fit can be stored until this is mended: \(storageProblem)." }
        guard let fitRefusal else { return statement + remedy + "." }
        let records = refitsAfterSession ? " (the end of the next `badger study` session records that)" : ""
        return statement
            + "; a fit now would find too few: after leaving out outliers (\(OutlierFilter.summary)), \(fitRefusal.have) are left to train on and fitting needs \(fitRefusal.need), so it waits for more reviews\(records)."
    }

    /// What is stale, and what will fit or choose them (with its separator), as if any fit
    /// could be stored; nil when nothing is to be said.
    private var adviceParts: (statement: String, remedy: String)? {
        if choiceIsStale {
            return (
                "The automatic settings are not chosen for your fitted parameters yet"
                    + (choiceStaleness.isEmpty ? "" : " (\(choiceStaleness.joined(separator: "; ")))"),
                refitsAfterSession
                    ? ": the end of the next `badger study` session chooses them, or run `badger optimize --apply`"
                    : ": run `badger optimize --apply` to choose them (`adapt: false` keeps a session from doing it)"
            )
        }
        if fitted, mergedFits {
            return (
                "badger.yml holds fits from several clones, merged by git (each clone uses the same values meanwhile)",
                refitsAfterSession
                    ? ": the end of the next `badger study` session fits them to the whole log, or run `badger optimize --apply`"
                    : ": run `badger optimize --apply` to fit them to the whole log"
            )
        }
        if ownParameters {
            // `adapt: false` keeps them: nothing to advise.
            guard refitsAfterSession else { return nil }
            return (
                "The FSRS parameters in badger.yml were written by hand, not fitted to this log (no `fsrs_parameters_reviews`), and \(predictableReviews) of your reviews could fit them to you",
                ": the end of the next `badger study` session replaces them with parameters fitted to your reviews (write `adapt: false` to keep them), or run `badger optimize --apply`"
            )
        }
        if fitted {
            let when = fittedOn.map { " on \($0)" } ?? ""
            // A refusal from before the fit in use (a merge can leave one) is not news.
            let tried =
                reviewsAtRefusedFit.flatMap { $0 > reviewsAtFit ?? 0 ? $0 : nil }.map {
                    " (a re-fit when it held \($0) had too few left to train on after leaving out outliers)"
                } ?? ""
            return (
                "FSRS parameters are stale: fitted\(when) to a log of \(reviewsAtFit ?? 0) reviews, which now holds \(reviews)\(tried)",
                refitsAfterSession
                    ? "; the end of the next `badger study` session re-fits them, or run `badger optimize --apply`"
                    : "; run `badger optimize --apply` to refit them"
            )
        }
        let tried =
            reviewsAtRefusedFit.map { " (a fit when the log held \($0) reviews had too few left to train on after leaving out outliers)" }
            ?? ""
        return (
            "FSRS uses its default parameters, but \(predictableReviews) of your reviews could fit them to you\(tried)",
            refitsAfterSession
                ? ": the end of the next `badger study` session fits them, or run `badger optimize --apply`"
                : ": run `badger optimize --apply`"
        )
    }
}

import BadgerDeck
import BadgerMemory
import Foundation

/// What `badger due` and `badger stats` add about the schedule's fit: each topic's observed
/// retention against the desired retention, and whether the FSRS parameters are stale.
public struct RetentionCheck: Sendable {
    /// The parameters' state, as JSON.
    public struct Parameters: Encodable, Sendable {
        public var fitted: Bool
        public var fittedOn: String?
        public var reviewsAtFit: Int?
        public var reviews: Int
        public var stale: Bool
        public var advice: String?
        /// Why the `auto` settings are what they are, when any setting is `auto`.
        public var adaptive: String?

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(fitted, forKey: .fitted)
            try container.encode(fittedOn, forKey: .fittedOn)
            try container.encode(reviewsAtFit, forKey: .reviewsAtFit)
            try container.encode(reviews, forKey: .reviews)
            try container.encode(stale, forKey: .stale)
            try container.encode(advice, forKey: .advice)
            try container.encodeIfPresent(adaptive, forKey: .adaptive)
        }

        enum CodingKeys: String, CodingKey { case fitted, fittedOn, reviewsAtFit, reviews, stale, advice, adaptive }
    }

    /// The collection root checked ("" when not said).
    public var root = ""
    /// The desired retention, for FSRS collections.
    public var target: Double?
    /// Whether the target is chosen by the automatic settings (`desired_retention: auto`).
    public var targetIsAutomatic = false
    /// Observed (true) retention per topic; nil before any review-state review.
    public var retention: [String: Double?]
    public var parameters: Parameters

    public init(config: CollectionConfig, logs: [[ReviewRecord]], statistics: CollectionStatistics) {
        self.init(config: config, reviews: ReviewColumns(logs: logs), statistics: statistics)
    }

    /// The check of `config` against the `reviews` of all logs (`StudiedCollection.reviewColumns`)
    /// and their `statistics`.
    public init(config: CollectionConfig, reviews: ReviewColumns, statistics: CollectionStatistics) {
        self.init(
            config: config, retention: Self.retention(of: statistics), freshness: ParameterFreshness(config: config, reviews: reviews))
    }

    /// The check of `config` with each topic's true retention and the parameters' freshness given.
    private init(config: CollectionConfig, retention: [String: Double?], freshness: ParameterFreshness) {
        // What the learner should observe: the chosen target, not the (calibrated) retention FSRS schedules for.
        target = config.scheduler == "fsrs" ? config.targetInForce : nil
        targetIsAutomatic = config.scheduler == "fsrs" && config.adaptiveRetention
        self.retention = retention
        parameters = Parameters(
            fitted: freshness.fitted, fittedOn: freshness.fittedOn, reviewsAtFit: freshness.reviewsAtFit, reviews: freshness.reviews,
            stale: freshness.isStale, advice: freshness.advice,
            adaptive: Self.adaptiveNote(
                config, predictableReviews: freshness.predictableReviews, storageProblem: freshness.storageProblem))
    }

    /// "Automatic settings: retention 0.87, chosen because …", or nil when no setting is `auto`;
    /// `predictableReviews` (made a day or more after the card's previous review) says whether
    /// anything can choose them yet; `storageProblem`, why no fit could be stored (then nothing
    /// is promised of a session or `optimize --apply`).
    public static func adaptiveNote(_ config: CollectionConfig, predictableReviews: Int = .max, storageProblem: String? = nil) -> String? {
        guard config.scheduler == "fsrs", config.hasAutomaticSettings else { return nil }
        let blocked = storageProblem.map { "no fit can store them until this is mended: \($0)" }
        let inForce = AdaptiveChoice(
            desiredRetention: config.desiredRetention, learningSteps: config.learningSteps, relearningSteps: config.relearningSteps,
            reason: "", targetRetention: config.targetInForce)
        if config.fsrsParameters != nil, config.adaptiveChoiceCurrent, !config.mergedFits {
            // A choice whose reason was deleted, emptied or no longer matches the values (edited
            // by hand): what is in force, which the reason must not be taken to explain.
            let unexplained =
                config.adaptiveReason == nil
                ? "badger.yml has no `adaptive_reason`"
                : AdaptiveChoice.reason(
                    config.adaptiveReason ?? "", explainsTarget: config.adaptiveRetention ? config.targetInForce : nil,
                    scheduled: config.adaptiveRetention ? config.desiredRetention : nil,
                    learningSteps: config.adaptiveLearningSteps ? config.learningSteps : nil,
                    relearningSteps: config.adaptiveRelearningSteps ? config.relearningSteps : nil)
                    ? nil : "`adaptive_reason` in badger.yml does not explain these values"
            if let unexplained {
                return "Automatic settings: \(AdaptiveRefit.describe(inForce, config: config)) (why is not recorded: \(unexplained))."
            }
        }
        if config.adaptiveReason != nil, config.fsrsParameters != nil, !config.adaptiveChoiceCurrent || config.mergedFits {
            // The reason was written for other settings, or for one of several fits git merged:
            // what is in force instead.
            let merged = config.mergedFits ? " (git merged several clones' fits)" : ""
            let when =
                predictableReviews < ParameterFreshness.minimumReviews
                ? "choosing them needs \(ParameterFreshness.minimumReviews) reviews made a day or more after the card's previous one (\(predictableReviews) so far)"
                : ParameterFreshness.ownParameters(config) && !config.adapt
                    ? "with FSRS parameters of your own and `adapt: false`, nothing chooses them"
                    : blocked
                        ?? (config.adapt
                            ? "the end of the next `badger study` session chooses them, or `badger optimize --apply`"
                            : "`badger optimize --apply` chooses them (`adapt: false` keeps a session from doing it)")
            return
                "Automatic settings in force until they are chosen afresh\(merged): \(AdaptiveRefit.describe(inForce, config: config)); \(when)."
        }
        if let reason = config.adaptiveReason {
            // Only what is still automatic (a setting written by hand since the fit is in force,
            // not the choice), and same-day intervals only while they are on.
            let settings = [
                "retention ": config.adaptiveRetention, "learning steps ": config.adaptiveLearningSteps,
                "relearning steps ": config.adaptiveRelearningSteps,
            ]
            let parts = reason.components(separatedBy: "; ").filter { part in
                if part.hasPrefix("FSRS schedules for ") { return config.adaptiveRetention }
                if part.hasPrefix("a card expected to fall below the target") { return config.sameDayIntervals }
                return settings.first { part.hasPrefix($0.key) }?.value ?? true
            }
            // A choice for none of the settings automatic now (made `auto` since): said below.
            if parts.contains(where: { part in settings.keys.contains { part.hasPrefix($0) } }) {
                return "Automatic settings: " + parts.joined(separator: "; ") + "."
            }
        }
        var used: [String] = []
        if config.adaptiveRetention { used.append("retention " + String(format: "%.2f", config.desiredRetention)) }
        if config.adaptiveLearningSteps { used.append("the default learning steps") }
        if config.adaptiveRelearningSteps { used.append("the default relearning steps") }
        let listed = used.count > 1 ? used.dropLast().joined(separator: ", ") + " and " + used.last! : used.joined()
        let retention = "Automatic settings: " + listed
        let needed = ParameterFreshness.minimumReviews
        guard predictableReviews >= needed else {
            return retention
                + " until \(needed) of your reviews came a day or more after the card's previous one (\(predictableReviews) so far): choosing them needs that many."
        }
        if ParameterFreshness.ownParameters(config), !config.adapt {
            return retention
                + ": with FSRS parameters of your own and `adapt: false`, nothing chooses them (`badger optimize --apply` would fit parameters to your reviews in place of yours, and choose them)."
        }
        guard config.fsrsParameters == nil else {
            let when =
                blocked
                ?? (config.adapt
                    ? "at the end of the next `badger study` session, or by `badger optimize --apply`"
                    : "by `badger optimize --apply`: `adapt: false` keeps a session from choosing them")
            return retention + " until they are chosen for your fitted parameters (\(when))."
        }
        // After a refused fit, the next try waits for the log to grow by half (`optimize
        // --apply` now would be refused as that fit was).
        let nextTry = config.fsrsFitRefusedReviews.map {
            "once the log holds \(ParameterFreshness.grownByHalf($0)) reviews (a fit at \($0) had too few left to train on after leaving out outliers)"
        }
        let when =
            blocked
            ?? (config.adapt
                ? "at the end of a `badger study` session \(nextTry ?? "once they are stale, or by `badger optimize --apply`")"
                : "by `badger optimize --apply`\(nextTry.map { " " + $0 } ?? ""): `adapt: false` turns off re-fitting after a session")
        return retention + " until the parameters are first fitted (\(when))."
    }

    /// One check per collection root of `studied`, in path order, each of its own settings, logs
    /// and cards: commands given several collections (`badger due A C`) compare each topic with
    /// its own collection's target and judge each collection's parameters by its own log.
    /// `storageProblem` says why no fit could be stored in a root (`AdaptiveRefit.storageProblem`),
    /// so that stale parameters are not promised a fit. With one root, `statistics` (the review
    /// columns and figures a caller has already) spares passes over its logs.
    public static func perCollection(
        studied: StudiedCollection, statistics: (reviews: ReviewColumns, figures: CollectionStatistics)? = nil,
        storageProblem: (String) -> String? = { _ in nil }
    ) -> [RetentionCheck] {
        let roots = studied.configs.keys.sorted()
        func check(_ config: CollectionConfig, root: String?, retention: [String: Double?], freshness: ParameterFreshness) -> RetentionCheck
        {
            var freshness = freshness
            // Looked for where anything would be promised: a fit, or a choice of `auto` settings.
            if freshness.isStale || (config.scheduler == "fsrs" && config.hasAutomaticSettings), let root {
                freshness.storageProblem = storageProblem(root)
                // A fit the outlier filter would refuse is not promised either.
                freshness.lookForRefusal {
                    ReviewHistory.histories(fromLogs: studied.history(ofRoot: root))
                }
            }
            var check = RetentionCheck(config: config, retention: retention, freshness: freshness)
            check.root = root ?? ""
            return check
        }
        func check(_ config: CollectionConfig, _ cards: [Card], _ memories: [CollectionMemory], root: String?) -> RetentionCheck {
            check(
                config, root: root, retention: CollectionStatistics.trueRetention(cards: cards, memories: memories),
                freshness: ParameterFreshness(config: config, memories: memories))
        }
        guard roots.count > 1 else {
            guard let statistics else {
                return [check(studied.primaryConfig, studied.collection.cards, studied.memories, root: roots.first)]
            }
            return [
                check(
                    studied.primaryConfig, root: roots.first,
                    retention: Self.retention(of: statistics.figures),
                    freshness: ParameterFreshness(config: studied.primaryConfig, reviews: statistics.reviews))
            ]
        }
        return roots.map { root in
            check(
                studied.configs[root] ?? CollectionConfig(), studied.collection.cards.filter { $0.file.collectionRoot == root },
                studied.memories.filter { $0.root == root }, root: root)
        }
    }

    /// Each topic's true retention in `statistics`.
    private static func retention(of statistics: CollectionStatistics) -> [String: Double?] {
        Dictionary(statistics.topics.map { ($0.name, $0.figures.trueRetention) }, uniquingKeysWith: { first, _ in first })
    }

    /// The checks of the collections whose cards have `topic` (a topic name can be in several).
    public static func checks(holding topic: String, in checks: [RetentionCheck]) -> [RetentionCheck] {
        checks.filter { $0.retention.keys.contains(topic) }
    }

    /// The target `topic` is measured against: its collection's, or the one every collection
    /// holding it has; nil when they differ (or none has a target).
    public static func target(ofTopic topic: String, in checks: [RetentionCheck]) -> Double? {
        let holders = Self.checks(holding: topic, in: checks)
        return commonTarget(of: holders.isEmpty ? Array(checks.prefix(1)) : holders)
    }

    /// The target every one of `checks` has, when they all have the same; else nil.
    public static func commonTarget(of checks: [RetentionCheck]) -> Double? {
        let targets = Set(checks.map(\.target))
        return targets.count == 1 ? targets.first ?? nil : nil
    }

    /// The text of each check; with several, each line names its collection (`label` of the root).
    public static func text(of checks: [RetentionCheck], label: (String) -> String) -> String {
        guard checks.count > 1 else { return checks.first?.text ?? "" }
        return checks.map { check in
            let name = UntrustedText.sanitized(label(check.root))
            return check.text.split(separator: "\n").map { "\(name): \($0)\n" }.joined()
        }.joined()
    }

    /// `Retention vs target 90%: Algebra 92.0%, French 85.5%`, and the stale-parameter advice;
    /// empty before any review.
    public var text: String {
        var lines: [String] = []
        let observed = retention.compactMap { name, share in share.map { (name, $0) } }.sorted { $0.0 < $1.0 }
        if let target, !observed.isEmpty {
            let list = observed.map { "\(UntrustedText.sanitized($0.0)) \(String(format: "%.1f%%", $0.1 * 100))" }
            lines.append("Retention vs target \(String(format: "%.0f%%", target * 100)): " + list.joined(separator: ", "))
        }
        // The advice may name a path (a link badger.yml leads to).
        if let advice = parameters.advice { lines.append(UntrustedText.sanitized(advice)) }
        if let adaptive = parameters.adaptive { lines.append(UntrustedText.sanitized(adaptive)) }
        return lines.map { $0 + "\n" }.joined()
    }
}

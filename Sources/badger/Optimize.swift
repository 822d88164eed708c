import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct Optimize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fit FSRS-6's 21 parameters to your review log.",
            discussion: """
                FSRS's default parameters are an average over many learners. This fits them to
                your own reviews the way the reference optimizer (fsrs-rs) does: pre-training
                the initial stabilities from first-review outcomes, then minimising the
                log-loss of predicted recall with Adam, within each parameter's bounds,
                including same-day reviews (the short-term terms) and the decay of the
                forgetting curve.

                Only reviews made a day or more after the card's previous review are predicted.
                They are split by time: the earliest 80% train, the latest 20% test. On the
                test reviews it prints, for the current and the fitted parameters: log-loss,
                RMSE over binned predictions (fsrs-rs's RMSE(bins): reviews binned by days
                elapsed, number of reviews and lapses), observed against predicted retention in
                total and per topic, and a calibration chart of predicted against observed
                recall.

                --apply stores the fitted parameters in badger.yml (fsrs_parameters, with
                fsrs_parameters_fitted and fsrs_parameters_reviews), keeping the rest of the
                file, with what `auto` settings choose with them (and says what they
                chose), and logs the fit in badger.fits; every later scheduling uses them. It
                needs \(Self.minimumReviews) predictable reviews; with fewer it says how many
                more are needed and changes nothing. When too few are left after leaving out
                outliers (fsrs-rs drops the rarest first intervals of each first rating, at
                least 20 cards' worth, so a rating fewer cards got is not trained on), it
                records the log's size (fsrs_fit_refused_reviews) and keeps parameters fitted
                before, so that neither `badger due` nor the end of a study session asks for a
                fit again until the log has grown by half.
                The parameters stored are fitted again on every review (the end of a study
                session fits a log of more than about 40,000 reviews on a fixed sample of
                them; the report tests a fit to the earliest 80% on the rest). Given several
                collections, the report pools their reviews (each collection's cards its
                own; "current" is the parameters of the one whose path sorts first), and
                --apply fits each to its own reviews; one that cannot take a fit is left
                out, said, with exit status 2.

                --histories fits instead on histories in the `badger schedule replay` format
                (a file, a pipe or - for standard input; ratings 1 Again to 4 Easy, as the
                log has them; all of them, no split) and
                prints the parameters; with --format json just the JSON array, which `badger
                schedule replay --params` accepts.

                --settings (with --histories) prints everything the automatic settings
                (desired_retention, learning_steps and relearning_steps all auto) would choose
                for those histories; with --format json one object {"fsrs_parameters": [21
                numbers], "desired_retention": r, "learning_steps": ["1m", …],
                "relearning_steps": […], "same_day_intervals": true, "reason": "…",
                "target_retention": t, "schema_version": 1}, which `badger schedule replay
                --settings` accepts. desired_retention is what FSRS schedules for;
                target_retention, the retention the simulation chose and the learner should
                observe (they differ when calibration corrects FSRS's predictions; both stay
                within the bounds, 0.85 to 0.95 unless --retention-bounds 0.80,0.95 gives
                others). --maximum-interval DAYS chooses them for a collection whose
                badger.yml sets maximum_interval, and adds "maximum_interval" to the object;
                --no-same-day-intervals (or --same-day-intervals) for one that sets
                same_day_intervals.
                With too few reviews to fit (as `badger study` would not fit yet) it
                gives the defaults, and reason says why.

                --retention also simulates, with the fitted parameters (with --apply, the ones
                stored), a year of study at each desired retention from 0.70 to 0.97, as the
                automatic settings simulate it (1000 cards, 20 new a day, eight runs pooled,
                your same-day recall, the steps in force), and marks the one with the least
                review work per card remembered.

                Examples:
                  badger optimize
                  badger optimize --apply
                  badger optimize --format json | jq .after.logLoss
                  badger optimize --histories histories.json --format json > fitted.json
                  badger schedule replay histories.json --params fitted.json
                  badger optimize --histories histories.json --format json --settings > settings.json
                  badger schedule replay histories.json --settings settings.json
                """)

        /// Predictable reviews needed: fsrs-rs trains only with 64 or more, and 80% train.
        static let minimumReviews = ParameterFreshness.minimumReviews
        static let testFraction = 0.2

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @OptionGroup var collection: CollectionOptions

        @Flag(help: "Store the fitted parameters in badger.yml.")
        var apply = false

        @Option(help: ArgumentHelp("Fit on these histories (schedule replay's JSON format) instead of the collection.", valueName: "file"))
        var histories: String?

        @Flag(help: "With --histories: print the parameters and the settings `auto` would choose (retention, steps).")
        var settings = false

        @Option(
            help: ArgumentHelp(
                "With --settings: the range the automatic retention is chosen from, as badger.yml's desired_retention_bounds (default 0.85,0.95).",
                valueName: "low,high"))
        var retentionBounds: String?

        @Option(
            help: ArgumentHelp(
                "With --settings: the longest interval in days, as badger.yml's maximum_interval (default 36500); the settings are chosen for it and the object holds it.",
                valueName: "days"))
        var maximumInterval: Int?

        @Flag(
            inversion: .prefixedNo, exclusivity: .exclusive,
            help:
                "With --settings: choose as a collection whose badger.yml sets same_day_intervals (default: on once fitted, as automatic steps have it)."
        )
        var sameDayIntervals: Bool?

        @Flag(help: "Also estimate the daily workload for desired retention 0.70–0.97.")
        var retention = false

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        /// The moment to report at, for reproducible output (tests, documentation).
        @Option(help: .hidden)
        var now: String?

        /// Print how long reading and fitting took to standard error (for the benchmark).
        @Flag(help: .hidden)
        var timings = false

        func validate() throws {
            // Within the times the fit log and badger.yml's fitted date are written in.
            if let now, !(Timestamp.parse(now).map(HistoryFile.isKept) ?? false) {
                throw ValidationError(
                    "--now \"\(UntrustedText.sanitized(now))\" is not an ISO-8601 time from 1970 to 9999 such as 2026-11-21T09:30:00Z")
            }
            if histories != nil, apply {
                throw ValidationError("--apply stores parameters fitted on the collection; it cannot be used with --histories")
            }
            if settings, histories == nil {
                throw ValidationError("--settings needs --histories (a collection's own settings are in badger.yml)")
            }
            if retentionBounds != nil, !settings {
                throw ValidationError(
                    "--retention-bounds is for --settings (a collection's bounds are badger.yml's desired_retention_bounds)")
            }
            if maximumInterval != nil, !settings {
                throw ValidationError("--maximum-interval is for --settings (a collection's is badger.yml's maximum_interval)")
            }
            if sameDayIntervals != nil, !settings {
                throw ValidationError(
                    "--same-day-intervals and --no-same-day-intervals are for --settings (a collection's is badger.yml's same_day_intervals)"
                )
            }
            if let maximumInterval, !(1...CollectionConfig.longestInterval).contains(maximumInterval) {
                throw ValidationError(
                    "--maximum-interval must be a whole number of days from 1 to \(CollectionConfig.longestInterval), not \(maximumInterval)"
                )
            }
            if let retentionBounds,
                let part = Self.boundParts(retentionBounds).first(where: {
                    Double($0) != nil && !$0.hasPrefix("-") && CollectionConfig.decimal(Substring($0)) == nil
                })
            {
                // .8 and 8e-1 are numbers to YAML, not to this option: say so, not "must be two numbers".
                throw ValidationError(
                    "--retention-bounds: \"\(UntrustedText.sanitized(part))\" is not a decimal number such as 0.85 (write 0.80,0.95)")
            }
            if let retentionBounds, Self.bounds(retentionBounds) == nil {
                throw ValidationError(
                    "--retention-bounds \"\(UntrustedText.sanitized(retentionBounds))\" must be \(CollectionConfig.retentionBoundsRule.replacingOccurrences(of: "[0.80, 0.95]", with: "0.80,0.95"))"
                )
            }
            if settings, retention {
                throw ValidationError(
                    "--settings prints the settings `auto` would choose; --retention's workload table is not part of it (run them apart)")
            }
            if histories != nil, retention {
                throw ValidationError(
                    "--retention simulates a collection's workload with its badger.yml; with --histories, --settings chooses the retention (run `badger optimize --histories FILE --settings`)"
                )
            }
            if histories != nil, !collection.paths.isEmpty {
                throw ValidationError("give either --histories or collection paths, not both")
            }
        }

        func run() throws {
            if let histories {
                let started = Date()
                let read = try HistoryFile.read(histories)
                try runOnHistories(read, readSeconds: Date().timeIntervalSince(started))
                return
            }
            let studied = try collection.loadStudied(lockingFor: apply ? "badger optimize --apply" : nil)
            // Its locks are held until the settings are written, not only until its last use.
            defer { withExtendedLifetime(studied) {} }
            // Nothing is fitted (a long wait on a big log) that could not be stored: a collection
            // that cannot take a fit is left out (said, and the exit status 2), the others fit.
            var blocked: [String: String] = [:]
            if apply {
                for root in studied.configs.keys.sorted() {
                    blocked[root] = AdaptiveRefit.storageProblem(in: root, fileAccess: LocalFileSystem())
                }
                if !blocked.isEmpty, blocked.count == studied.configs.count {
                    for (root, problem) in blocked.sorted(by: { $0.key < $1.key }) {
                        Terminal.standardError.write(
                            "badger: error: no fit can be stored in \(UntrustedText.sanitized(root)): \(UntrustedText.sanitized(problem)); nothing was fitted\n"
                        )
                    }
                    throw ExitStatus.usageOrIO.code
                }
            }
            // Said last, after the report: exit status 2 when a collection could not take its fit.
            func endIfBlocked() throws {
                guard !blocked.isEmpty else { return }
                Terminal.standardError.write(
                    "badger: error: \(blocked.count) of the collections could not take a fit: "
                        + blocked.keys.sorted().map { UntrustedText.sanitized(DisplayPath.of($0)) }.joined(separator: ", ") + "\n")
                throw ExitStatus.usageOrIO.code
            }
            let moment = now.flatMap(Timestamp.parse) ?? Date()
            // Each root's logs, made once for the report and the fits --apply stores.
            let roots = studied.configs.keys.sorted()
            let logsByRoot = Dictionary(uniqueKeysWithValues: roots.map { ($0, studied.history(ofRoot: $0)) })
            let reviewCount = logsByRoot.values.joined().reduce(0) { total, log in
                total + log.count { if case .review = $0 { true } else { false } }
            }
            // Each collection's cards are its own: a card two collections hold (the same deck in
            // both, two clones) is two histories, not one interleaved.
            let histories = roots.flatMap { ReviewHistory.histories(fromLogs: logsByRoot[$0] ?? []) }
            let set = TrainingSet(histories: histories)
            let config = studied.primaryConfig
            guard set.items.count >= Self.minimumReviews else {
                report(tooFew: set.items.count)
                return
            }
            let (train, test) = set.split(testFraction: Self.testFraction)
            var settings = FSRSOptimizer.Configuration()
            settings.relearningSteps = config.relearningSteps.count
            let outcome = FSRSOptimizer(configuration: settings).fit(train)
            guard case .fitted(let fit) = outcome else {
                if case .tooFewReviews(let have, let need) = outcome {
                    // Applied: fitted on every review. A fit
                    // refused again is recorded, so that neither `due` nor a session asks for
                    // one until the log has grown by half.
                    let fits = apply ? try storeFits(studied: studied, logs: logsByRoot, now: moment, blocking: &blocked) : nil
                    let refit = fits?.stored.first
                    var lines = [
                        "After leaving out outliers (\(OutlierFilter.summary)), \(have) reviews of the earliest 80% are left to train on; fitting needs \(need)."
                    ]
                    let collections = fits.flatMap {
                        studied.configs.count > 1 ? Self.collections(studied: studied, $0, blocked: blocked) : nil
                    }
                    if let collections {
                        lines += OptimizeReport.lines(of: collections)
                        if !(fits?.stored.isEmpty ?? true) { collection.refreshStatesAfterNewSettings() }
                    } else if let refusal = refit?.refusal {
                        let which = refit.map { ParameterFreshness.ownParameters($0.config) } == true ? "written by hand" : "fitted before"
                        let kept =
                            refit?.automatic == nil
                            ? ""
                            : " The automatic settings were chosen for the parameters \(which), which stay (logged in badger.fits): \(refit?.automatic?.summary ?? "")."
                        lines.append(
                            "Fitting on all reviews leaves \(refusal.trainable); badger.yml records the log's size (fsrs_fit_refused_reviews), and the next try is when the log has grown by half.\(kept)"
                        )
                    } else if let refit {
                        lines.append("Fitted on all reviews instead and stored in badger.yml (fsrs_parameters), logged in badger.fits.")
                        if let automatic = refit.automatic { lines.append(automatic.line) }
                        collection.refreshStatesAfterNewSettings()
                    } else {
                        lines.append("Nothing was changed.")
                    }
                    switch format {
                    case .text: Terminal.standardOutput.write(lines.map { $0 + "\n" }.joined())
                    case .json:
                        struct Refused: Encodable {
                            var refused: [String: Int]
                            var stored: [Double]?
                            var automatic: OptimizeReport.Automatic?
                            var collections: [OptimizeReport.StoredCollection]?
                            var message: String
                        }
                        let refused = Refused(
                            refused: ["trainable": have, "needed": need],
                            stored: refit?.refusal == nil ? refit?.parameters.map(CollectionConfig.asStored) : nil,
                            automatic: refit?.automatic,
                            collections: collections, message: lines.joined(separator: " "))
                        Terminal.standardOutput.write(try JSONOutput.text(refused))
                    }
                }
                try endIfBlocked()
                return
            }
            let topics = Dictionary(studied.collection.cards.map { ($0.id.description, $0.topic) }, uniquingKeysWith: { first, _ in first })
            let group: (String) -> String = { topics[$0] ?? "(deleted cards)" }
            let current = config.fsrsParameters ?? FSRS6.defaultParameters
            var result = OptimizeReport(
                reviews: reviewCount, cards: histories.count, trainItems: train.items.count, testItems: test.items.count,
                before: FitEvaluation(parameters: current, set: test, group: group),
                after: FitEvaluation(parameters: fit.parameters, set: test, group: group), current: current, fitted: fit.parameters,
                applied: apply, workload: nil)
            if studied.configs.count > 1 { result.pooledRoots = studied.configs.keys.sorted() }
            // Simulated with the parameters stored when --apply stores some, else with this fit.
            var simulated: (parameters: [Double], config: CollectionConfig, stored: Bool) = (fit.parameters, config, false)
            // Fitted again on every review, the latest 20% included.
            if apply {
                let fits = try storeFits(studied: studied, logs: logsByRoot, now: moment, blocking: &blocked)
                let refit = fits.stored.first
                // Several collections: each got a fit to its own reviews, or said why not.
                if studied.configs.count > 1 { result.collections = Self.collections(studied: studied, fits, blocked: blocked) }
                if let refit, refit.config.scheduler != "fsrs" { result.unusedBy = refit.config.scheduler }
                if let refusal = refit?.refusal {
                    result.applied = false
                    result.refused = ["trainable": refusal.trainable, "needed": refusal.needed]
                    result.applyNote =
                        "Not stored: fitting on every review, as a study session does, leaves \(refusal.trainable) after leaving out outliers (it needs \(refusal.needed)); badger.yml records the log's size (fsrs_fit_refused_reviews), and the next try is when the log has grown by half."
                } else {
                    result.stored = refit?.parameters.map(CollectionConfig.asStored)
                    result.automatic = refit?.automatic
                    if refit != nil { collection.refreshStatesAfterNewSettings() }
                    // In the settings they were stored with.
                    if retention, let refit, let parameters = refit.parameters {
                        let written = refit.refit.writes.first { $0.path.hasSuffix("/" + CollectionConfig.fileName) }
                        let stored = written.flatMap { try? CollectionConfig(yaml: $0.text, path: $0.path) } ?? refit.config
                        simulated = (parameters, stored, true)
                        if studied.configs.count > 1 { result.workloadRoot = refit.root }
                    }
                }
            }
            if retention {
                result.workload = workload(parameters: simulated.parameters, config: simulated.config, histories: histories)
                result.workloadOfStored = simulated.stored
            }
            switch format {
            case .text: Terminal.standardOutput.write(result.text)
            case .json: Terminal.standardOutput.write(try JSONOutput.text(result))
            }
            try endIfBlocked()
        }

        /// Fits each collection root's parameters to its own reviews, as the end of a study
        /// session does, and stores them in its badger.yml with what its `auto` settings choose,
        /// logged in its badger.fits; a refused fit is recorded. Each root's refit, in path order;
        /// `tooFew`, each root with too few predictable reviews to fit, with how many it has.
        /// Roots in `blocked` are skipped, and one of several whose fit cannot be written is added.
        /// `logs` holds each root's logs (`StudiedCollection.history(ofRoot:)`).
        private func storeFits(
            studied: StudiedCollection, logs logsByRoot: [String: [[ReviewRecord]]], now: Date, blocking blocked: inout [String: String]
        ) throws -> (
            stored: [StoredFit], tooFew: [String: Int]
        ) {
            var stored: [StoredFit] = []
            var tooFew: [String: Int] = [:]
            try reportingStorageErrors {
                for root in studied.configs.keys.sorted() where blocked[root] == nil {
                    let logs = logsByRoot[root] ?? []
                    let config = studied.configs[root] ?? studied.primaryConfig
                    guard
                        let refit = AdaptiveRefit.fit(
                            root: root, config: config, logs: logs, fileAccess: LocalFileSystem(), now: now, timeZone: .current)
                    else {
                        tooFew[root] = TrainingSet(histories: ReviewHistory.histories(fromLogs: logs)).items.count
                        continue
                    }
                    // One of several collections that cannot take its fit (its badger.yml saved
                    // while the fit ran) is left out, said with the others' reports.
                    do { try refit.store(in: root) } catch StorageError.writeFailed(_, let reason) where studied.configs.count > 1 {
                        blocked[root] = reason
                        continue
                    }
                    // Described with the settings the fit followed (badger.yml may have been saved since it was loaded).
                    stored.append(StoredFit(root: root, refit: refit, config: refit.config ?? config))
                }
            }
            return (stored, tooFew)
        }

        /// What each collection of `studied` got from `fits` (or why it got none), in path order.
        static func collections(
            studied: StudiedCollection, _ fits: (stored: [StoredFit], tooFew: [String: Int]), blocked: [String: String]
        ) -> [OptimizeReport.StoredCollection] {
            studied.configs.keys.sorted().compactMap { root in
                if let problem = blocked[root] { return OptimizeReport.StoredCollection(root: root, blocked: problem) }
                if let have = fits.tooFew[root] {
                    return OptimizeReport.StoredCollection(root: root, tooFew: ["have": have, "needed": minimumReviews])
                }
                return fits.stored.first { $0.root == root }.map {
                    OptimizeReport.StoredCollection(
                        root: $0.root, stored: $0.refusal == nil ? $0.parameters.map(CollectionConfig.asStored) : nil,
                        refused: $0.refusal.map { ["trainable": $0.trainable, "needed": $0.needed] }, automatic: $0.automatic,
                        unusedBy: $0.config.scheduler == "fsrs" ? nil : $0.config.scheduler)
                }
            }
        }

        /// A refit stored in a collection root, with the root's settings.
        struct StoredFit {
            var root: String
            var refit: AdaptiveRefit
            var config: CollectionConfig
            var refusal: AdaptiveRefit.Refusal? { refit.refusal }
            var parameters: [Double]? { refit.parameters }

            /// What its automatic settings chose; nil when none is automatic (or nothing was chosen).
            var automatic: OptimizeReport.Automatic? {
                guard let choice = refit.choice else { return nil }
                let summary = AdaptiveRefit.describe(choice, config: config)
                guard !summary.isEmpty else { return nil }
                return OptimizeReport.Automatic(
                    desiredRetention: config.adaptiveRetention ? choice.desiredRetention : nil,
                    targetRetention: config.adaptiveRetention ? choice.targetRetention : nil,
                    learningSteps: config.adaptiveLearningSteps ? choice.learningSteps.map(CollectionConfig.durationText) : nil,
                    relearningSteps: config.adaptiveRelearningSteps ? choice.relearningSteps.map(CollectionConfig.durationText) : nil,
                    summary: summary, reason: choice.reason, unusedBy: config.scheduler == "fsrs" ? nil : config.scheduler)
            }
        }

        private func runOnHistories(_ histories: [ReviewHistory], readSeconds: TimeInterval) throws {
            if settings {
                let chosen = SettingsFile.chosen(
                    for: histories, bounds: retentionBounds.flatMap(Self.bounds), maximumInterval: maximumInterval,
                    sameDayIntervals: sameDayIntervals)
                switch format {
                case .json: Terminal.standardOutput.write(try JSONOutput.text(chosen))
                case .text:
                    Terminal.standardOutput.write(
                        """
                        desired_retention: \(String(format: "%.2f", chosen.desiredRetention))
                        target_retention: \(String(format: "%.2f", chosen.targetRetention ?? chosen.desiredRetention))
                        learning_steps: [\(chosen.learningSteps.joined(separator: ", "))]
                        relearning_steps: [\(chosen.relearningSteps.joined(separator: ", "))]
                        same_day_intervals: \(chosen.sameDayIntervals ?? false)\(chosen.maximumInterval.map { "\nmaximum_interval: \(Int($0))" } ?? "")
                        fsrs_parameters: [\(chosen.fsrsParameters.map { String(format: "%.4f", $0) }.joined(separator: ", "))]
                        Why: \(chosen.reason ?? "")

                        """)
                }
                return
            }
            let started = Date()
            let set = TrainingSet(histories: histories)
            let outcome = FSRSOptimizer().fit(set)
            if timings {
                Terminal.standardError.write(
                    String(
                        format: "timings: read %.3f s, fit %.3f s (items and training)\n", readSeconds, Date().timeIntervalSince(started)))
            }
            guard case .fitted(let fit) = outcome else {
                let have: Int
                if case .tooFewReviews(let left, _) = outcome { have = left } else { have = set.items.count }
                // Enough reviews, but too few left after the outlier filter: said as such.
                let left =
                    have < set.items.count && set.items.count >= FSRSOptimizer.minimumItems
                    ? "; of them, \(have) are left to train on after leaving out outliers (\(OutlierFilter.summary))"
                    : ""
                Terminal.standardError.write(
                    "badger: error: the histories have \(set.items.count) reviews made a day or more after the card's previous review\(left); fitting needs at least \(FSRSOptimizer.minimumItems)\n"
                )
                throw ExitStatus.usageOrIO.code
            }
            switch format {
            case .json:
                Terminal.standardOutput.write(try JSONOutput.text(fit.parameters))
            case .text:
                let evaluation = FitEvaluation(parameters: fit.parameters, set: set)
                Terminal.standardOutput.write(
                    """
                    Fitted FSRS-6 to \(set.items.count) reviews of \(histories.count) cards (\(fit.trainingItems) after the outlier filter).
                    Log-loss on them: \(String(format: "%.4f", evaluation.logLoss)), RMSE(bins) \(String(format: "%.2f%%", evaluation.rmseBins * 100)).
                    Parameters:
                      \(OptimizeReport.parameterList(fit.parameters))

                    """)
            }
        }

        /// The parts of "0.80,0.95" between its commas, without the spaces around them.
        static func boundParts(_ text: String) -> [String] {
            text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }

        /// "0.80,0.95" as badger.yml's `desired_retention_bounds` reads `[0.80, 0.95]`, or nil.
        static func bounds(_ text: String) -> ClosedRange<Double>? {
            // Decimal numbers such as 0.85 (Double would also read 0x0.ep0 and 8.5e-1).
            let parts = boundParts(text).map { CollectionConfig.decimal(Substring($0)) }
            guard parts.count == 2, let low = parts[0], let high = parts[1] else { return nil }
            return CollectionConfig.retentionBounds(low: low, high: high)
        }

        private func report(tooFew have: Int) {
            let message = OptimizeReport.tooFewMessage(have: have, need: Self.minimumReviews)
            switch format {
            case .text: Terminal.standardOutput.write(message + "\n")
            case .json:
                let output = ["tooFewReviews": ["have": have, "need": Self.minimumReviews, "more": Self.minimumReviews - have]]
                Terminal.standardOutput.write((try? JSONOutput.text(output)) ?? "{}\n")
            }
        }

        /// The workload at each retention, simulated as the automatic settings simulate it (the
        /// same cards, new cards a day and same-day recall), with the steps in force, so that its
        /// figures and the ones `badger stats` explains a chosen retention with agree.
        private func workload(parameters: [Double], config: CollectionConfig, histories: [ReviewHistory]) -> [WorkloadSimulation.Point] {
            var request = AdaptiveChoice.Request(parameters: parameters)
            request.sameDayIntervals = config.sameDayIntervalsWhenFitted
            request.maximumInterval = config.maximumInterval
            return AdaptiveChoice.simulation(
                request, learning: config.learningSteps, relearning: config.relearningSteps,
                sameDayRecall: SameDayOutcomes(histories: histories).recallRate()
            ).sweep()
        }
    }
}

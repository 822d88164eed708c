import BadgerDeck
import BadgerMemory
import Foundation

/// Re-fitting a collection's FSRS parameters without a chore: at the end of a study session,
/// when the parameters are stale (`ParameterFreshness`), fit them to the whole log, choose the
/// `auto` settings (`AdaptiveChoice`), and say so in one line.
///
/// Pure: it reads `badger.yml` and the fit log through the `FileAccess` it is given, takes the
/// clock as `now`, and returns the files to write (whole new contents) with the message; the
/// caller writes them under the collection lock.
public struct AdaptiveRefit: Sendable, Equatable {
    /// The append-only log of fits at the collection root, one line per fit, so every schedule
    /// can be reproduced from the files.
    public static let fitLogName = "badger.fits"

    /// Why no fit could be stored in the collection `root`, or nil: badger.yml or badger.fits a
    /// folder, a link out of the collection or to nothing, made read-only, or badger.yml in a
    /// form a fit cannot be added to (a flow mapping, quoted keys), or a folder that cannot be
    /// written. Found before fitting, so that a session does not fit in vain and `due` does not
    /// promise what no fit can do. Links and permissions are looked up on disk (as the write
    /// does, `AtomicFile`); `fileAccess` reads badger.yml.
    public static func storageProblem(in root: String, fileAccess: any FileAccess) -> String? {
        for name in [CollectionConfig.fileName, fitLogName] {
            let path = (root == "/" ? "" : root) + "/" + name
            do {
                try AtomicFile.requireWritable(try AtomicFile.target(ofCollectionFile: path, within: root))
            } catch StorageError.writeFailed(let failed, let reason) {
                // Through a link: the file it leads to, named.
                return failed == path ? "\(name): \(reason)" : "\(name) (a link to \(failed)): \(reason)"
            } catch {
                return "\(name): \(error)"
            }
        }
        let path = CollectionConfig.path(inRoot: root)
        guard fileAccess.kind(atPath: path) != nil, let bytes = try? fileAccess.contents(atPath: path),
            let text = try? CollectionConfig.text(bytes, path: path)
        else { return nil }
        // A probe: the smallest edit a fit makes (storing checks the real one again).
        do {
            _ = try CollectionConfig(yaml: CollectionConfig.settingRefusedFit(in: text, reviews: 1), path: path)
        } catch {
            // An empty document written as YAML's null (`~`) or closed by `...`: that line is the obstacle.
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            if (try? CollectionConfig(yaml: text, path: path)) == CollectionConfig(),
                let obstacle = lines.first(where: { ["~", "null", "Null", "NULL", "..."].contains($0) })
            {
                return "badger.yml holds no settings, and a fit cannot add its own after its `\(obstacle)` line: delete that line"
            }
            return "badger.yml is in a form a fit cannot be added to (write its settings as plain `key: value` lines)"
        }
        return nil
    }
    /// How many reviews an automatic re-fit trains on at most (`CollectionMemory.history(sampledTo:)`):
    /// a fit to them takes well under a second and a few megabytes; a million would take seconds
    /// and hundreds of megabytes.
    public static let sampleReviews = 40_000

    /// A file and its new contents.
    public struct Write: Sendable, Equatable {
        public var path: String
        /// The file's new content, byte for byte (badger.fits keeps every byte it held).
        public var bytes: [UInt8]
        /// The file's content the new one was made from ([] for no file), when it must still be
        /// there to be replaced: badger.yml and badger.fits, which you may edit (or `git pull`)
        /// while a fit runs.
        public var madeFrom: [UInt8]?
        /// The content as text (replacement characters for bytes not UTF-8).
        public var text: String { String(decoding: bytes, as: UTF8.self) }

        public init(path: String, text: String, madeFrom: [UInt8]? = nil) {
            self.init(path: path, bytes: Array(text.utf8), madeFrom: madeFrom)
        }
        public init(path: String, bytes: [UInt8], madeFrom: [UInt8]? = nil) {
            self.path = path
            self.bytes = bytes
            self.madeFrom = madeFrom
        }
    }

    /// Why the optimizer fitted nothing: after its outlier filter, `trainable` reviews were left
    /// and it needs `needed`.
    public struct Refusal: Sendable, Equatable {
        public var trainable: Int
        public var needed: Int
    }

    public var writes: [Write]

    /// The first of `writes` whose file no longer holds what its new content was made from
    /// (`Write.madeFrom`): writing it would lose what changed.
    public static func changed(_ writes: [Write], fileAccess: any FileAccess) -> Write? {
        writes.first { write in write.madeFrom.map { ((try? fileAccess.contents(atPath: write.path)) ?? []) != $0 } ?? false }
    }

    /// One line for the end of the session.
    public var message: String
    /// The fitted parameters and the settings chosen with them; after a refusal, the parameters
    /// fitted before when the automatic settings were due to be chosen with them, else nil.
    public var parameters: [Double]?
    public var choice: AdaptiveChoice?
    /// Why nothing was fitted (the optimizer refused the log): the log's size is recorded
    /// (`fsrs_fit_refused_reviews`), so that the next try waits until the log has grown by half
    /// instead of repeating after every session; parameters fitted before stay.
    public var refusal: Refusal?
    /// The settings the fit followed: badger.yml as it read it to add its keys (the caller's
    /// copy may be older), for what is said about it.
    public var config: CollectionConfig?

    /// The refit for a collection root after a session, or nil when none is due: `enabled` is
    /// false (`--no-adapt`), badger.yml says `adapt: false`, the scheduler is not FSRS, the
    /// parameters are fresh, or there are too few reviews to fit. Fresh parameters whose
    /// automatic settings are due to be chosen get them without a fit. A fit the optimizer
    /// refuses (`refusal`) records the log's size, and keeps parameters fitted before (choosing
    /// automatic settings due with them).
    ///
    /// - Parameters:
    ///   - root: the collection root (holding badger.yml).
    ///   - config: its settings, as read.
    ///   - logs: every review of the root's logs (`CollectionMemory.history`); made only when
    ///     the parameters are stale.
    ///   - freshness: the parameters' freshness, when the caller knows it (from
    ///     `ParameterFreshness(config:memory:)`, without a record per review); else found from `logs`.
    ///   - now: the moment of the fit, for the fit log and `fsrs_parameters_fitted`.
    ///   - timeZone: the learner's, for the study day of the fit.
    public static func afterSession(
        root: String, config: CollectionConfig, logs makeLogs: @autoclosure () -> [[ReviewRecord]],
        freshness known: ParameterFreshness? = nil, fileAccess: any FileAccess, now: Date, timeZone: TimeZone = .current,
        enabled: Bool = true
    ) -> AdaptiveRefit? {
        guard enabled, config.adapt, config.scheduler == "fsrs" else { return nil }
        var made: [[ReviewRecord]]?
        let freshness: ParameterFreshness
        if let known {
            freshness = known
        } else {
            made = makeLogs()
            freshness = ParameterFreshness(config: config, logs: made!)
        }
        guard freshness.isStale else { return nil }
        let logs = made ?? makeLogs()
        let choosingOnly = Self.choosesOnly(freshness: freshness, config: config)
        guard
            var refit = fit(
                root: root, config: config, logs: logs, fileAccess: fileAccess, now: now, timeZone: timeZone,
                parameters: choosingOnly ? config.fsrsParameters : nil, totalReviews: freshness.reviews, choosingOnly: choosingOnly)
        else {
            return nil
        }
        // What is said follows the settings the fit followed.
        let config = refit.config ?? config
        let when = freshness.fittedOn.map { " on \($0)" } ?? ""
        if choosingOnly, let choice = refit.choice {
            refit.message =
                "Chose the automatic settings for your FSRS parameters (fitted\(when) to \(freshness.reviewsAtFit ?? 0) reviews): \(describe(choice, config: config)); due dates follow them; `badger stats` explains."
            return refit
        }
        var before =
            freshness.mergedFits
            ? "badger.yml held fits from several clones, merged by git"
            : freshness.ownParameters
                ? "replacing the ones written by hand in badger.yml, never fitted to this log: badger.fits keeps them, and `adapt: false` would have"
                : freshness.fitted
                    ? "the log grew from \(freshness.reviewsAtFit ?? 0) to \(freshness.reviews) reviews since the last fit"
                    : "they were never fitted"
        let sampled = logs.reduce(0) { total, log in total + log.count { if case .review = $0 { true } else { false } } }
        if let refusal = refit.refusal {
            let left =
                "after leaving out outliers (\(OutlierFilter.summary)), \(refusal.trainable) are left to train on, and fitting needs \(refusal.needed)"
            guard freshness.fitted else {
                refit.message =
                    "Could not fit your FSRS parameters to your \(freshness.reviews) reviews yet: \(left); the next try is when the log has grown by half."
                return refit
            }
            let chosen = refit.choice.map { "; the automatic settings were chosen for them: " + describe($0, config: config) } ?? ""
            // Merged fits are kept as read: each key's greatest value, not one fit's.
            let kept =
                freshness.mergedFits
                ? "the merged ones stay"
                : freshness.ownParameters
                    ? "the ones written by hand in badger.yml stay"
                    : "the ones fitted\(when) to \(freshness.reviewsAtFit ?? 0) reviews stay"
            refit.message =
                "Could not re-fit your FSRS parameters to your \(freshness.reviews) reviews: \(left); \(kept)\(chosen), and the next try is when the log has grown by half."
            return refit
        }
        guard let choice = refit.choice else { return nil }
        if sampled < freshness.reviews { before = "trained on a fixed sample of \(sampled) of them; " + before }
        let settings = describe(choice, config: config)
        let chosen = settings.isEmpty ? "" : "; " + settings
        // Every card is scheduled again with them, the ones just rated too (the session's
        // "next review in" said what the old ones gave). `stats` explains only automatic settings.
        let explained = "; due dates follow them" + (settings.isEmpty ? "." : "; `badger stats` explains.")
        refit.message = "Re-fitted your FSRS parameters to \(freshness.reviews) reviews (\(before))\(chosen)\(explained)"
        return refit
    }

    /// Whether the end of a session only chooses the automatic settings, keeping the
    /// parameters: they are still fresh for the log, and only the choice is due (`auto` set
    /// after the fit, the bounds moved).
    public static func choosesOnly(freshness: ParameterFreshness, config: CollectionConfig) -> Bool {
        freshness.choiceIsStale && config.fsrsParameters != nil
    }

    /// "retention 0.87, learning steps []": the automatic settings of `config` as `choice` has them;
    /// empty when none is automatic.
    public static func describe(_ choice: AdaptiveChoice, config: CollectionConfig) -> String {
        var settings: [String] = []
        if config.adaptiveRetention { settings.append(retentionPhrase(choice)) }
        if config.adaptiveLearningSteps { settings.append("learning steps " + AdaptiveChoice.describe(choice.learningSteps)) }
        if config.adaptiveRelearningSteps { settings.append("relearning steps " + AdaptiveChoice.describe(choice.relearningSteps)) }
        return settings.joined(separator: ", ")
    }

    /// "retention 0.85 (FSRS schedules for 0.89)": what the learner should observe, and what FSRS
    /// schedules for when calibration moved it.
    static func retentionPhrase(_ choice: AdaptiveChoice) -> String {
        let target = String(format: "%.2f", choice.targetRetention ?? choice.desiredRetention)
        let scheduled = String(format: "%.2f", choice.desiredRetention)
        return "retention " + target + (target == scheduled ? "" : " (FSRS schedules for " + scheduled + ")")
    }

    /// Fits the parameters to every predictable review of `logs`, chooses the `auto` settings,
    /// and returns badger.yml with both and the fit log with one more line; nil with too few
    /// reviews to fit. `badger optimize --apply` logs its fits the same way. When the optimizer
    /// refuses the log (too few reviews left after its outlier filter), badger.yml records the
    /// log's size and the refusal says why; parameters fitted before stay, and automatic settings
    /// due to be chosen (`auto` set after the fit) are chosen with them and logged as `chosen`.
    ///
    /// - Parameter totalReviews: how many reviews the logs hold, when `logs` is a sample of them
    ///   (`CollectionMemory.history(sampledTo:)`): the count the parameters are fresh for.
    public static func fit(
        root: String, config: CollectionConfig, logs: [[ReviewRecord]], fileAccess: any FileAccess, now: Date, timeZone: TimeZone,
        parameters fitted: [Double]? = nil, totalReviews: Int? = nil, choosingOnly: Bool = false
    ) -> AdaptiveRefit? {
        let reviews =
            totalReviews ?? logs.reduce(0) { total, log in total + log.count { if case .review = $0 { true } else { false } } }
        let histories = ReviewHistory.histories(fromLogs: logs)
        let directory = root == "/" ? "" : root
        let configPath = CollectionConfig.path(inRoot: root)
        let logPath = directory + "/" + fitLogName
        // As read now: the fit is added to it, and only to it (see `Write.madeFrom`), and follows
        // its settings, not those of the caller's copy, which may be older (edited while the
        // session or the report's fit ran: parameters written then were replaced unrecorded).
        let configBytes = (try? fileAccess.contents(atPath: configPath)) ?? []
        let config = (try? CollectionConfig(bytes: configBytes, path: configPath)) ?? config
        let parameters: [Double]
        var refusal: Refusal?
        // Fits git merged into the file give way to this one.
        var configText = CollectionConfig.removingMergedFits(from: String(decoding: configBytes, as: UTF8.self))
        // Whether the settings are chosen for parameters fitted before, which stay as recorded.
        var keeping = choosingOnly && fitted != nil
        if let fitted {
            parameters = fitted
        } else {
            let set = TrainingSet(histories: histories)
            guard set.items.count >= ParameterFreshness.minimumReviews else { return nil }
            var settings = FSRSOptimizer.Configuration()
            settings.relearningSteps = max(1, config.relearningSteps.count)
            switch FSRSOptimizer(configuration: settings).fit(set) {
            case .fitted(let fit):
                // As stored: the settings are chosen for what will schedule, so choosing them
                // again from badger.yml (after an edit of the bounds, say) gives the same.
                parameters = CollectionConfig.asStored(fit.parameters)
            case .tooFewReviews(let have, let need):
                refusal = Refusal(trainable: have, needed: need)
                configText = CollectionConfig.settingRefusedFit(in: configText, reviews: reviews)
                // Parameters fitted before stay; only automatic settings due to be chosen (or
                // merged from several clones' choices, which the rewrite would leave one
                // value of each key from either) are chosen, with them.
                guard let kept = config.fsrsParameters, !config.adaptiveChoiceCurrent || (config.mergedFits && config.hasAutomaticSettings)
                else {
                    return AdaptiveRefit(
                        writes: [Write(path: configPath, text: configText, madeFrom: configBytes)], message: "", refusal: refusal,
                        config: config)
                }
                parameters = kept
                keeping = true
            }
        }
        let choice = choose(config: config, parameters: parameters, histories: histories)
        if !keeping {
            var finder = StudyDateFinder(timeZone: timeZone, startHour: config.dayStartHour)
            configText = CollectionConfig.settingFittedParameters(
                in: configText, parameters: parameters, fitted: finder.date(of: now).description, reviews: reviews)
        }
        if config.hasAutomaticSettings {
            configText = CollectionConfig.settingAdaptiveChoice(
                in: configText, retention: choice.desiredRetention, targetRetention: choice.targetRetention,
                learningSteps: choice.learningSteps,
                relearningSteps: choice.relearningSteps, reason: choice.reason, sameDayIntervals: config.sameDayIntervalsWhenFitted,
                bounds: config.adaptiveRetention ? config.retentionBounds : nil, maximumInterval: config.maximumInterval)
        }
        // Appended to the bytes it holds, whatever they are (a note in Latin-1 stays as written).
        let logBytes = (try? fileAccess.contents(atPath: logPath)) ?? []
        var log = logBytes
        if let last = log.last, last != UInt8(ascii: "\n") { log.append(UInt8(ascii: "\n")) }
        // Parameters this fit replaces that no fit logged (written by hand, edited on a fit's
        // line, pasted beside it or merged from a clone that did) are kept in the log.
        let replaced =
            keeping ? [] : Self.unlogged(CollectionConfig.parameterCopies(in: String(decoding: configBytes, as: UTF8.self)), in: logBytes)
        log +=
            fitLogLine(
                at: now, kind: keeping ? "chosen" : "fit", reviews: reviews, parameters: parameters, choice: choice,
                sameDayIntervals: config.sameDayIntervalsWhenFitted, replacing: replaced
            ).utf8
        // The fit is logged before badger.yml uses it: a log that cannot be written leaves both as they were.
        return AdaptiveRefit(
            writes: [
                Write(path: logPath, bytes: log, madeFrom: logBytes), Write(path: configPath, text: configText, madeFrom: configBytes),
            ], message: "",
            parameters: parameters,
            choice: choice, refusal: refusal, config: config)
    }

    /// The settings the collection would use with `parameters`: what its `auto` settings choose,
    /// and its fixed settings as they are.
    public static func choose(config: CollectionConfig, parameters: [Double], histories: [ReviewHistory]) -> AdaptiveChoice {
        var request = AdaptiveChoice.Request(parameters: parameters)
        request.retentionBounds = config.adaptiveRetention ? config.retentionBounds : nil
        request.fixedRetention = config.desiredRetention
        request.fixedLearningSteps = config.adaptiveLearningSteps ? nil : config.learningSteps
        request.fixedRelearningSteps = config.adaptiveRelearningSteps ? nil : config.relearningSteps
        request.sameDayIntervals = config.sameDayIntervalsWhenFitted
        request.maximumInterval = config.maximumInterval
        let choice = AdaptiveChoice.choose(request, outcomes: SameDayOutcomes(histories: histories))
        guard let target = choice.targetRetention else { return choice }
        return choice.calibrated(
            by: calibrationGap(parameters: parameters, histories: histories, target: target), within: config.retentionBounds)
    }

    /// How far above the target FSRS must schedule for the learner to observe the target:
    /// the predicted recall at which the learner's observed recall reaches `target`, minus the
    /// target, read off the calibration of the latest half of the reviews made a day or more
    /// after the card's previous review (bins of 10% predicted recall with 30 reviews or more,
    /// observed recall made non-decreasing, interpolated linearly, extended with slope 1 beyond
    /// the bins) and shrunk towards 0 by 100 pseudo-reviews. Where FSRS's memory model fits
    /// the learner well, it is near 0.
    public static func calibrationGap(parameters: [Double], histories: [ReviewHistory], target: Double) -> Double {
        let (_, recent) = TrainingSet(histories: histories).split(testFraction: 0.5)
        let evaluation = FitEvaluation(parameters: parameters, set: recent)
        var points = evaluation.calibration.filter { $0.count >= 30 }.map { (predicted: $0.predicted, observed: $0.observed) }
        guard !points.isEmpty else { return 0 }
        for index in points.indices.dropFirst() { points[index].observed = max(points[index].observed, points[index - 1].observed) }
        let needed: Double
        if target <= points[0].observed {
            needed = points[0].predicted - (points[0].observed - target)
        } else if let above = points.firstIndex(where: { $0.observed >= target }) {
            let low = points[above - 1]
            let high = points[above]
            let span = high.observed - low.observed
            needed = span > 0 ? low.predicted + (target - low.observed) / span * (high.predicted - low.predicted) : high.predicted
        } else {
            let top = points[points.count - 1]
            needed = top.predicted + (target - top.observed)
        }
        let count = Double(points.count == 0 ? 0 : evaluation.count)
        return (needed - target) * count / (count + 100)
    }

    /// `2026-11-25T09:00:00Z\tfit\treviews=1234\tretention=0.87\ttarget_retention=0.85\tlearning_steps=[]\trelearning_steps=[10m]\tsame_day_intervals=true\tparameters=[…]`
    /// (`target_retention` when the retention is automatic); `chosen` instead of `fit` when the
    /// settings were chosen for the parameters fitted before (a re-fit refused, or `auto` set
    /// after the fit). Everything the schedule depends on, so that it can be reproduced; and,
    /// last, `replaced_parameters=[…]` for each of the parameters the fit replaced that no fit
    /// logged (written by hand, or edited on a fit's line).
    public static func fitLogLine(
        at time: Date, kind: String = "fit", reviews: Int, parameters: [Double], choice: AdaptiveChoice, sameDayIntervals: Bool,
        replacing replaced: [[Double]] = []
    ) -> String {
        func steps(_ list: [TimeInterval]) -> String { "[" + list.map(CollectionConfig.durationText).joined(separator: ", ") + "]" }
        let target = choice.targetRetention.map { ["target_retention=" + String(format: "%.2f", $0)] } ?? []
        let fields =
            [Timestamp.format(time), kind, "reviews=\(reviews)", "retention=" + String(format: "%.2f", choice.desiredRetention)] + target
            + [
                "learning_steps=" + steps(choice.learningSteps), "relearning_steps=" + steps(choice.relearningSteps),
                "same_day_intervals=\(sameDayIntervals)",
                "parameters=[" + parameters.map { String(format: "%.4f", $0) }.joined(separator: ", ") + "]",
            ] + replaced.map { "replaced_parameters=[" + $0.map { "\($0)" }.joined(separator: ", ") + "]" }
        return fields.joined(separator: "\t") + "\n"
    }

    /// Of `copies` (parameters in badger.yml), those no line of the fit log `log` fitted
    /// (`parameters=[…]`), each once, in their order.
    static func unlogged(_ copies: [[Double]], in log: [UInt8]) -> [[Double]] {
        var logged: Set<[Double]> = []
        for line in String(decoding: log, as: UTF8.self).split(separator: "\n") {
            guard let start = line.range(of: "\tparameters=[")?.upperBound, let end = line[start...].firstIndex(of: "]") else { continue }
            let values = line[start..<end].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            logged.insert(CollectionConfig.asStored(values))
        }
        var seen = logged
        return copies.filter { seen.insert($0).inserted }
    }
}

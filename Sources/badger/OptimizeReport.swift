import BadgerDeck
import BadgerMemory
import Foundation

/// What `badger optimize` prints: the current and the fitted parameters on the test reviews.
struct OptimizeReport: Encodable {
    /// One set of parameters on the test reviews.
    struct Side: Encodable {
        var parameters: [Double]
        var logLoss: Double
        var rmseBins: Double
        var observedRetention: Double
        var predictedRetention: Double
        var topics: [Topic]
        var calibration: [Bin]

        init(parameters: [Double], evaluation: FitEvaluation) {
            self.parameters = parameters
            logLoss = evaluation.logLoss
            rmseBins = evaluation.rmseBins
            observedRetention = evaluation.total.observed
            predictedRetention = evaluation.total.predicted
            topics = evaluation.groups.sorted { $0.key < $1.key }.map {
                Topic(topic: $0.key, reviews: $0.value.count, observed: $0.value.observed, predicted: $0.value.predicted)
            }
            calibration = evaluation.calibration.enumerated().map { index, bin in
                Bin(
                    from: Double(index) / 10, to: Double(index + 1) / 10, reviews: bin.count, predicted: bin.predicted,
                    observed: bin.observed)
            }
        }
    }

    struct Topic: Encodable {
        var topic: String
        var reviews: Int
        var observed: Double
        var predicted: Double
    }

    struct Bin: Encodable {
        var from: Double
        var to: Double
        var reviews: Int
        var predicted: Double
        var observed: Double
    }

    var schemaVersion = 1
    var reviews: Int
    var cards: Int
    var trainReviews: Int
    var testReviews: Int
    var rmseBinning = "fsrs-rs RMSE(bins): by days elapsed, number of reviews and lapses"
    var before: Side
    var after: Side
    var applied: Bool
    /// With --apply: the parameters stored, fitted again on every review, where `after` is fitted
    /// on the earliest 80% to be tested on the rest.
    var stored: [Double]?
    /// With --apply, when the fit to every review was refused: why (reviews left after the
    /// outlier filter, and needed), and what happened instead.
    var refused: [String: Int]?
    var applyNote: String?
    var workload: [WorkloadSimulation.Point]?
    /// With `workload`: whether it is of the parameters stored (with --apply) rather than the
    /// report's fit.
    var workloadOfStored: Bool?
    /// With several collections, the one whose stored parameters `workload` simulates.
    var workloadRoot: String?
    /// With --apply and `auto` settings: what they chose with the stored parameters.
    var automatic: Automatic?
    /// With --apply in a collection whose scheduler is not FSRS: its name (the parameters are
    /// stored, and not used).
    var unusedBy: String?
    /// With --apply over several collections: what each stored, fitted to its own reviews (the
    /// report above is over all of them; `stored` and `automatic` are the first's).
    var collections: [StoredCollection]?
    /// Over several collections: their roots, whose logs the report pools (its `current`
    /// parameters are the first's); --apply fits each to its own.
    var pooledRoots: [String]?

    struct StoredCollection: Encodable {
        var root: String
        var stored: [Double]?
        var refused: [String: Int]?
        var automatic: Automatic?
        var unusedBy: String?
        /// Too few reviews to fit (`have` made a day or more after the card's previous one,
        /// `needed`): nothing was written.
        var tooFew: [String: Int]?
        /// Why no fit could be stored there (a read-only badger.yml, say): nothing was fitted.
        var blocked: String?
    }

    /// "scheduling uses them from now on", or that `scheduler` does not.
    static func use(by scheduler: String?) -> String {
        scheduler.map { "`scheduler: \($0)` does not use them (FSRS would)" } ?? "scheduling uses them from now on"
    }

    /// What each of several collections stored, a line or two each, named by folder.
    static func lines(of collections: [StoredCollection]) -> [String] {
        var lines = ["Each collection fitted again on every review of its own, and stored in its badger.yml (fsrs_parameters):"]
        for collection in collections {
            let name = UntrustedText.sanitized(DisplayPath.of(collection.root))
            if let blocked = collection.blocked {
                lines.append("  \(name): not fitted: no fit can be stored: \(UntrustedText.sanitized(blocked))")
            } else if let tooFew = collection.tooFew {
                lines.append(
                    "  \(name): not fitted: \(tooFew["have"] ?? 0) reviews made a day or more after the card's previous one, and fitting needs \(tooFew["needed"] ?? 0); nothing was changed"
                )
            } else if let refused = collection.refused {
                lines.append(
                    "  \(name): not stored: \(refused["trainable"] ?? 0) reviews are left after leaving out outliers (it needs \(refused["needed"] ?? 0)); badger.yml records the log's size"
                )
            } else {
                if let stored = collection.stored {
                    lines.append("  \(name): " + parameterList(stored) + "; " + use(by: collection.unusedBy))
                }
                if let automatic = collection.automatic { lines.append("  \(name): " + automatic.line) }
            }
        }
        return lines
    }

    /// The automatic settings chosen with the stored parameters (as badger.yml keeps them);
    /// those that are not automatic are absent.
    struct Automatic: Encodable {
        var desiredRetention: Double?
        var targetRetention: Double?
        var learningSteps: [String]?
        var relearningSteps: [String]?
        /// "retention 0.86 (FSRS schedules for 0.88), learning steps []": the automatic ones only.
        var summary: String
        var reason: String
        /// The scheduler in force when it is not FSRS: nothing chosen is used until FSRS is.
        var unusedBy: String?

        /// The line the text report gives it.
        var line: String {
            let unused = unusedBy.map { ", for FSRS (`scheduler: \($0)` uses none of them)" } ?? ""
            return "Automatic settings chosen with them\(unused): \(summary); `badger stats` explains."
        }
    }

    init(
        reviews: Int, cards: Int, trainItems: Int, testItems: Int, before: FitEvaluation, after: FitEvaluation, current: [Double],
        fitted: [Double], applied: Bool, workload: [WorkloadSimulation.Point]?
    ) {
        self.reviews = reviews
        self.cards = cards
        trainReviews = trainItems
        testReviews = testItems
        self.before = Side(parameters: current, evaluation: before)
        self.after = Side(parameters: fitted, evaluation: after)
        self.applied = applied
        self.workload = workload
        workloadOfStored = workload == nil ? nil : false
    }

    static func tooFewMessage(have: Int, need: Int) -> String {
        "Not enough reviews to fit FSRS-6: it needs \(need) reviews made a day or more after the card's previous review, "
            + "and the log has \(have); \(need - have) more are needed. Nothing was changed."
    }

    static func parameterList(_ parameters: [Double]) -> String {
        "[" + parameters.map { String(format: "%.4f", $0) }.joined(separator: ", ") + "]"
    }

    private static func percent(_ value: Double) -> String { String(format: "%5.1f%%", value * 100) }

    var text: String {
        var lines: [String] = []
        if let pooledRoots, let first = pooledRoots.first {
            let names = pooledRoots.map { UntrustedText.sanitized(DisplayPath.of($0)) }
            lines.append(
                "Pooled over \(pooledRoots.count) collections (\(names.joined(separator: ", "))); \"current\" is the parameters of \(UntrustedText.sanitized(DisplayPath.of(first))), and --apply fits each collection to its own reviews."
            )
        }
        lines.append(
            "The logs hold \(reviews) reviews of \(cards) cards; \(trainReviews + testReviews) came a day or more after the card's previous review."
        )
        lines.append("Fitted FSRS-6 to the earliest \(trainReviews) of those and tested on the latest \(testReviews).")
        lines.append("")
        lines.append("Test reviews           current   fitted")
        lines.append("  log-loss             " + String(format: "%7.4f  %7.4f", before.logLoss, after.logLoss))
        lines.append("  RMSE(bins)           " + Self.percent(before.rmseBins) + "   " + Self.percent(after.rmseBins))
        lines.append("  predicted retention  " + Self.percent(before.predictedRetention) + "   " + Self.percent(after.predictedRetention))
        lines.append("  observed retention   " + Self.percent(after.observedRetention))
        lines.append("")
        lines.append("Per topic              reviews  observed  predicted (current, fitted)")
        for (old, new) in zip(before.topics, after.topics) {
            let name = UntrustedText.sanitized(new.topic)
            let padded = DisplayWidth.padded(DisplayWidth.of(name) <= 22 ? name : DisplayWidth.clipped(name, to: 22), to: 22)
            lines.append(
                "  \(padded)" + String(format: "%6d", new.reviews) + "   " + Self.percent(new.observed) + "   "
                    + Self.percent(old.predicted) + "  " + Self.percent(new.predicted))
        }
        lines.append("")
        lines.append("Calibration of the fitted parameters (test reviews): │ predicted, █ observed")
        for bin in after.calibration where bin.reviews > 0 {
            let width = 40
            let observed = Int((bin.observed * Double(width)).rounded())
            let marker = min(Int((bin.predicted * Double(width)).rounded()), width)
            var bar = Array(String(repeating: "█", count: observed) + String(repeating: " ", count: width + 1 - observed))
            bar[marker] = "│"
            let label = String(format: "%3.0f–%3.0f%%", bin.from * 100, bin.to * 100)
            lines.append(
                "  \(label) " + String(bar)
                    + String(format: " %5.1f%% observed, %5.1f%% predicted, ", bin.observed * 100, bin.predicted * 100)
                    + (bin.reviews == 1 ? "1 review" : "\(bin.reviews) reviews"))
        }
        lines.append("")
        lines.append("RMSE(bins) is fsrs-rs's: reviews binned by days elapsed, number of reviews and lapses.")
        if let workload {
            lines.append("")
            let which =
                workloadOfStored == true
                ? "the parameters stored" + (workloadRoot.map { " in " + UntrustedText.sanitized(DisplayPath.of($0)) } ?? "")
                : "the fitted parameters"
            let size = AdaptiveChoice.Request(parameters: [])
            lines.append(
                "Simulated workload (\(size.cards) cards, \(size.newCardsPerDay) new a day, \(size.days) days, \(which) and the steps in force, as `auto` simulates):"
            )
            lines.append("  retention  reviews/day  remembered  reviews per card remembered")
            for point in workload {
                lines.append(
                    String(
                        format: "  %8.0f%%  %11.1f  %10.0f  %8.2f", point.desiredRetention * 100, point.reviewsPerDay, point.remembered,
                        point.reviewsPerRemembered) + (point.isBest ? "  ← least work per card remembered" : ""))
            }
        }
        lines.append("")
        lines.append("Fitted parameters:")
        lines.append("  " + Self.parameterList(after.parameters))
        // Several collections: what each stored, whatever the first one's outcome.
        if let collections {
            lines += Self.lines(of: collections)
            return lines.joined(separator: "\n") + "\n"
        }
        if let applyNote {
            lines.append(applyNote)
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append(
            applied
                ? "Stored in badger.yml (fsrs_parameters), fitted again on every review; \(Self.use(by: unusedBy)):"
                : pooledRoots == nil
                    ? "Not applied: run `badger optimize --apply` to store them in badger.yml."
                    : "Not applied: `badger optimize --apply` fits each collection to its own reviews and stores them in its badger.yml.")
        if applied, let stored { lines.append("  " + Self.parameterList(stored)) }
        if applied, let automatic { lines.append(automatic.line) }
        return lines.joined(separator: "\n") + "\n"
    }
}

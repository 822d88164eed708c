import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

/// Everything the automatic settings choose, as `badger optimize --histories FILE --format json
/// --settings` prints it and `badger schedule replay --settings` reads it: a public contract for
/// outside simulators.
///
/// `{"desired_retention": 0.87, "fsrs_parameters": [21 numbers], "learning_steps": ["1m", "10m"],
/// "reason": "…", "relearning_steps": ["10m"], "same_day_intervals": true, "schema_version": 1}`;
/// `reason`, `same_day_intervals` (false when absent), `maximum_interval` (badger.yml's, 36500
/// days when absent) and `schema_version` are optional on input.
struct SettingsFile: Codable, Equatable {
    static let schemaVersion = 1

    var fsrsParameters: [Double]
    var desiredRetention: Double
    var learningSteps: [String]
    var relearningSteps: [String]
    /// Whether FSRS schedules within the day a card it expects forgotten within hours
    /// (`FSRS6.sameDayIntervals`); absent means false, as py-fsrs schedules.
    var sameDayIntervals: Bool?
    var reason: String?
    /// The longest interval in days, as `maximum_interval` in badger.yml (nothing automatic
    /// chooses it: printed only when `--maximum-interval` is given), 36500 when absent. A
    /// number, so that 2.5 is reported as a maximum_interval (JSONDecoder calls it invalid JSON
    /// for an Int).
    var maximumInterval: Double?
    /// The retention the learner should observe (the simulation's choice), when it differs from
    /// what FSRS schedules for; on input only checked (0.70 to 0.99), never used to schedule.
    var targetRetention: Double?
    var schemaVersion: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case fsrsParameters = "fsrs_parameters"
        case desiredRetention = "desired_retention"
        case learningSteps = "learning_steps"
        case relearningSteps = "relearning_steps"
        case sameDayIntervals = "same_day_intervals"
        case reason
        case maximumInterval = "maximum_interval"
        case targetRetention = "target_retention"
        case schemaVersion = "schema_version"
    }

    /// What a collection with `desired_retention`, `learning_steps` and `relearning_steps` all
    /// `auto` (within retention `bounds`, badger.yml's default unless given, and intervals of
    /// at most `maximumInterval` days, which the object then holds, and `same_day_intervals` as
    /// `sameDayIntervals` sets it when given) would use after studying `histories`: FSRS-6
    /// fitted to them and the settings chosen with those parameters; with too few reviews to
    /// fit (as `badger study` would not fit yet), the defaults.
    static func chosen(
        for histories: [ReviewHistory], bounds: ClosedRange<Double>? = nil, maximumInterval: Int? = nil, sameDayIntervals: Bool? = nil
    ) -> SettingsFile {
        var config = CollectionConfig()
        if let bounds { config.retentionBounds = bounds }
        if let maximumInterval { config.maximumInterval = maximumInterval }
        config.sameDayIntervalsSetting = sameDayIntervals
        config.adaptiveRetention = true
        config.adaptiveLearningSteps = true
        config.adaptiveRelearningSteps = true
        config.desiredRetention = CollectionConfig.fallbackRetention(in: config.retentionBounds)
        // As `badger study` re-fits: on a fixed sample of whole histories.
        let histories = ReviewHistory.sample(histories, reviews: AdaptiveRefit.sampleReviews)
        let set = TrainingSet(histories: histories)
        let parameters: [Double]
        let predictable = "\(set.items.count) review\(set.items.count == 1 ? "" : "s") made a day or more after the card's previous review"
        func defaults(_ why: String) -> SettingsFile {
            SettingsFile(
                fsrsParameters: FSRS6.defaultParameters, desiredRetention: config.desiredRetention,
                learningSteps: config.learningSteps.map(CollectionConfig.durationText),
                relearningSteps: config.relearningSteps.map(CollectionConfig.durationText), sameDayIntervals: config.sameDayIntervals,
                reason: "the defaults: " + why, maximumInterval: maximumInterval.map(Double.init), targetRetention: config.desiredRetention,
                schemaVersion: schemaVersion)
        }
        guard set.items.count >= ParameterFreshness.minimumReviews else {
            return defaults("\(predictable), and fitting needs \(ParameterFreshness.minimumReviews)")
        }
        switch FSRSOptimizer().fit(set) {
        // As badger.yml stores them (four decimals), as a collection chooses with them and schedules.
        case .fitted(let fit): parameters = CollectionConfig.asStored(fit.parameters)
        case .tooFewReviews(let have, let need):
            return defaults(
                "of \(predictable), \(have) are left to train on after leaving out outliers (\(OutlierFilter.summary)), and fitting needs \(need)"
            )
        }
        let choice = AdaptiveRefit.choose(config: config, parameters: parameters, histories: histories)
        return SettingsFile(
            fsrsParameters: parameters, desiredRetention: choice.desiredRetention,
            learningSteps: choice.learningSteps.map(CollectionConfig.durationText),
            relearningSteps: choice.relearningSteps.map(CollectionConfig.durationText), sameDayIntervals: config.sameDayIntervalsWhenFitted,
            reason: choice.reason, maximumInterval: maximumInterval.map(Double.init),
            targetRetention: choice.targetRetention, schemaVersion: schemaVersion)
    }

    /// Reads and checks the settings in `path` (or inline JSON starting with `{`, unless a file
    /// has that name); problems end the command with status 2.
    static func read(_ path: String) throws -> SettingsFile {
        // JSON given inline, or the file it is in, named in every message.
        let inline = InputFile.inlineJSON(path)
        let source = inline != nil ? "--settings" : "--settings \(UntrustedText.sanitized(path))"
        let data: Data
        if let inline {
            data = Data(inline.utf8)
        } else {
            switch InputFile.contents(of: path) {
            case .success(let contents): data = contents
            case .failure(let failure): return try fail("\(source): \(failure.reason) (give a file or a JSON object)")
            }
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines.union(["\u{FEFF}"]))
        // An array, not JSON cut short (`[` alone is a syntax error, said with its place below).
        if text.hasPrefix("["), (try? JSONSerialization.jsonObject(with: data)) is [Any] {
            return try fail(
                "\(source): this is a JSON array; --settings takes an object (as `badger optimize --histories FILE --format json --settings` prints), and parameters alone go to --params"
            )
        }
        if text.hasPrefix("desired_retention:") {
            return try fail(
                "\(source): this is the text that `badger optimize --settings` prints without `--format json`; give it the JSON object that `--format json` prints"
            )
        }
        let settings: SettingsFile
        let form =
            #"{"fsrs_parameters": [21 numbers], "desired_retention": 0.9, "learning_steps": ["1m", "10m"], "relearning_steps": ["10m"]}"#
        do {
            settings = try DecodingProblem.decode(SettingsFile.self, from: data)
        } catch {
            return try fail(
                "\(source): \(UntrustedText.sanitized(DecodingProblem.words(error, in: data, expecting: .object, form: form)))"
            )
        }
        // A key misspelt would be left out silently and change the schedule (same_day_interval).
        let known = CodingKeys.allCases.map(\.rawValue)
        let object = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            let guess = DidYouMean.suggestion(for: unknown, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
            return try fail(
                "\(source): unknown key \"\(UntrustedText.sanitized(unknown))\"\(guess); the keys are \(known.joined(separator: ", "))")
        }
        // An optional key given as null (the required ones are refused above): read as absent,
        // "same_day_intervals": null scheduled as false without a word.
        if let null = object.keys.sorted().first(where: { object[$0] is NSNull }) {
            let kind = [
                "same_day_intervals": "true or false",
                "maximum_interval": "a whole number of days from 1 to \(CollectionConfig.longestInterval)",
                "target_retention": "a number from \(retentionRange)", "reason": "a string", "schema_version": "\(schemaVersion)",
            ]
            return try fail("\(source): `\(null)` is null; leave it out, or write \(kind[null] ?? "a value")")
        }
        if let version = settings.schemaVersion, version != schemaVersion {
            return try fail(
                "\(source): schema_version \(version) is not one this badger reads (\(schemaVersion)); leave it out or write \(schemaVersion)"
            )
        }
        _ = try settings.scheduler(source: source)
        return settings
    }

    /// The FSRS-6 scheduler these settings describe; problems end the command with status 2,
    /// named after `source` (`--settings FILE`, or `--settings` for inline JSON).
    func scheduler(source: String = "--settings") throws -> FSRS6 {
        func seconds(_ steps: [String], _ name: String) throws -> [Double] {
            if let problem = CollectionConfig.tooManySteps(steps.count) { _ = try Self.fail("\(source): \(name) " + problem) }
            return try steps.map { step in
                switch CollectionConfig.step(step) {
                case .success(let seconds): return seconds
                case .failure(let problem):
                    _ = try Self.fail("\(source): \(name): " + problem.words(UntrustedText.sanitized(step)))
                    return 0
                }
            }
        }
        // Not used to schedule, yet checked as badger.yml checks `adaptive_target_retention`
        // (1.5 was taken without a word).
        if let target = targetRetention, !FSRS6.desiredRetentionRange.contains(target) {
            _ = try Self.fail("\(source): target_retention must be a number from \(Self.retentionRange), not \(target)")
        }
        let days = maximumInterval ?? Double(CollectionConfig.longestInterval)
        guard days == days.rounded(), (1...Double(CollectionConfig.longestInterval)).contains(days) else {
            let given = days == days.rounded() && abs(days) < 1e15 ? String(Int(days)) : String(days)
            _ = try Self.fail(
                "\(source): maximum_interval must be a whole number of days from 1 to \(CollectionConfig.longestInterval), not \(given)")
            return try FSRS6()
        }
        let maximum = Int(days)
        let learning = try seconds(learningSteps, "learning_steps")
        let relearning = try seconds(relearningSteps, "relearning_steps")
        // As badger.yml: no step longer than the longest interval.
        for (name, steps, seconds) in [("learning_steps", learningSteps, learning), ("relearning_steps", relearningSteps, relearning)] {
            if let index = CollectionConfig.firstStep(in: seconds, longerThan: maximum) {
                _ = try Self.fail(
                    "\(source): \(name): a step of \"\(UntrustedText.sanitized(steps[index]))\" is longer than maximum_interval (\(CollectionConfig.days(maximum)))"
                )
            }
        }
        do {
            return try FSRS6(
                parameters: fsrsParameters, desiredRetention: desiredRetention, learningSteps: learning, relearningSteps: relearning,
                maximumInterval: maximum, sameDayIntervals: sameDayIntervals ?? false)
        } catch {
            _ = try Self.fail("\(source): \(error)")
            return try FSRS6()
        }
    }

    /// "0.70 to 0.99": FSRS-6's retentions, which a target is checked against.
    private static var retentionRange: String {
        String(format: "%.2f to %.2f", FSRS6.desiredRetentionRange.lowerBound, FSRS6.desiredRetentionRange.upperBound)
    }

    private static func fail(_ message: String) throws -> SettingsFile {
        Terminal.standardError.write("badger: error: \(message)\n")
        throw ExitStatus.usageOrIO.code
    }
}

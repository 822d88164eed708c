import BadgerDeck
import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerStudy

/// The refit at the end of a study session: stale parameters are fitted and the fit logged,
/// fresh ones and `--no-adapt` / `adapt: false` leave everything alone.
@Suite struct AdaptiveRefitTests {
    static let start = Date(timeIntervalSince1970: 1_767_600_000)
    static let now = start + 200 * 86_400

    /// 40 cards, each reviewed on days 0, 1, 3, 8, 20 and 45 (the fourth card of every five
    /// forgotten once): 200 reviews a day or more apart.
    static func logs() -> [[ReviewRecord]] {
        var records: [ReviewRecord] = []
        for card in 0..<40 {
            for (index, day) in [0, 1, 3, 8, 20, 45].enumerated() {
                let rating: Rating = card % 5 == 3 && index == 3 ? .again : .good
                records.append(
                    .review(.init(time: start + Double(day) * 86_400 + Double(card) * 60, cardID: "card\(card)", rating: rating)))
            }
        }
        return [records.sorted { $0.time < $1.time }]
    }

    /// FSRS-6's default parameters as badger.yml holds them.
    static let parameterList = FSRS6.defaultParameters.map { String(format: "%.4f", $0) }.joined(separator: ", ")

    /// The refit at the end of a session of a collection whose badger.yml is `yaml` (in a new
    /// directory, which the caller removes) and whose logs are `logs`.
    static func refit(_ yaml: String, logs: [[ReviewRecord]] = logs(), enabled: Bool = true) throws -> (
        AdaptiveRefit?, TemporaryDirectory
    ) {
        let directory = try TemporaryDirectory()
        try directory.write("badger.yml", yaml)
        let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
        let refit = AdaptiveRefit.afterSession(
            root: directory.url.path, config: config, logs: logs, fileAccess: LocalFileSystem(), now: now,
            timeZone: TimeZone(identifier: "UTC")!, enabled: enabled)
        return (refit, directory)
    }

    @Test func staleParametersAreRefittedLoggedAndAnnouncedInOneLine() throws {
        let (refit, directory) = try Self.refit("desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n")
        defer { directory.remove() }
        let found = try #require(refit)
        let choice = try #require(found.choice)
        #expect(!found.message.contains("\n"))
        #expect(found.message.hasPrefix("Re-fitted your FSRS parameters to 240 reviews (they were never fitted); retention 0."))
        #expect(found.writes.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["badger.fits", "badger.yml"])
        let config = try CollectionConfig(yaml: found.writes[1].text, path: "badger.yml")
        #expect(config.fsrsParameters?.count == 21)
        #expect(config.fsrsParametersReviews == 240)
        #expect(config.fsrsParametersFitted == "2026-07-24")
        #expect(config.adaptiveRetention)
        #expect(config.desiredRetention == choice.desiredRetention)
        #expect(config.learningSteps == choice.learningSteps)
        #expect(config.adaptiveReason == choice.reason)
        // The fit log: one line with the time, the reviews, the settings and the parameters.
        let line = found.writes[0].text
        #expect(line.hasPrefix("2026-07-24T"))
        #expect(line.contains("\tfit\treviews=240\tretention=\(String(format: "%.2f", choice.desiredRetention))\t"))
        #expect(line.hasSuffix("]\n"))
        #expect(line.split(separator: "\n").count == 1)
    }

    /// badger.yml saved while the fit ran (an editor, a `git pull`) is found changed before
    /// anything is written: the fit's text, made from the file as it was, would drop the edit.
    /// Deleted or emptied counts as changed, and so does a line added to badger.fits.
    @Test func aBadgerYmlChangedDuringTheFitIsFoundBeforeItIsWritten() throws {
        let yaml = "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n"
        let (refit, directory) = try Self.refit(yaml)
        defer { directory.remove() }
        let found = try #require(refit)
        #expect(found.writes.map { $0.madeFrom } == [[], Array(yaml.utf8)])
        #expect(AdaptiveRefit.changed(found.writes, fileAccess: LocalFileSystem()) == nil)
        // badger.fits is written whole too (its bytes and the new line): a note added meanwhile counts.
        try directory.write("badger.fits", "# a note\n")
        #expect(AdaptiveRefit.changed(found.writes, fileAccess: LocalFileSystem())?.path.hasSuffix("/badger.fits") == true)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("badger.fits"))
        #expect(AdaptiveRefit.changed(found.writes, fileAccess: LocalFileSystem()) == nil)
        for edited in [yaml + "fuzz: false  # mine\n", ""] {
            try directory.write("badger.yml", edited)
            #expect(AdaptiveRefit.changed(found.writes, fileAccess: LocalFileSystem())?.path.hasSuffix("/badger.yml") == true)
        }
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("badger.yml"))
        #expect(AdaptiveRefit.changed(found.writes, fileAccess: LocalFileSystem())?.path.hasSuffix("/badger.yml") == true)
    }

    /// The fit follows badger.yml as it reads it to add its keys, not the caller's older copy:
    /// a retention set by hand while the session (or optimize's report) ran was logged as an
    /// automatic 0.85 beside a badger.yml saying 0.8, and parameters written then were replaced
    /// without being recorded.
    @Test func theFitFollowsBadgerYmlAsItAddsToIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let older = try CollectionConfig(
            yaml: "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n", path: "badger.yml")
        let saved = "desired_retention: 0.8\nlearning_steps: auto\nrelearning_steps: auto\nfsrs_parameters: [\(Self.parameterList)]\n"
        try directory.write("badger.yml", saved)
        let refit = try #require(
            AdaptiveRefit.fit(
                root: directory.url.path, config: older, logs: Self.logs(), fileAccess: LocalFileSystem(), now: Self.now,
                timeZone: TimeZone(identifier: "UTC")!))
        #expect(refit.choice?.desiredRetention == 0.8 && refit.choice?.targetRetention == nil)
        let written = try CollectionConfig(yaml: refit.writes[1].text, path: "badger.yml")
        #expect(!written.adaptiveRetention && written.desiredRetention == 0.8)
        #expect(
            refit.writes[0].text.contains("\tretention=0.80\t") && refit.writes[0].text.contains("replaced_parameters=["),
            "\(refit.writes[0].text)")
    }

    /// Parameters written by hand with the key quoted (`"fsrs_parameters":`, as YAML reads it
    /// alike) are replaced by the fit and recorded: the fit added its own beside them, and
    /// badger.yml, with the key twice, could not be written.
    @Test func parametersWrittenWithTheKeyQuotedAreReplacedAndRecorded() throws {
        let pasted = FSRS6.defaultParameters.map { String(format: "%.4f", $0 * 1.02) }.joined(separator: ", ")
        for quote in ["\"", "'"] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let yaml = "desired_retention: auto\n\(quote)fsrs_parameters\(quote): [\(pasted)]\nfuzz: true\n"
            try directory.write("badger.yml", yaml)
            let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
            let refit = try #require(
                AdaptiveRefit.fit(
                    root: directory.url.path, config: config, logs: Self.logs(), fileAccess: LocalFileSystem(), now: Self.now,
                    timeZone: TimeZone(identifier: "UTC")!))
            let written = refit.writes[1].text
            #expect(!written.contains("fsrs_parameters\(quote):") && written.contains("fuzz: true\n"), "\(written)")
            #expect(try CollectionConfig(yaml: written, path: "badger.yml").fsrsParameters == refit.parameters)
            let expected = "replaced_parameters=[" + pasted.split(separator: ", ").map { "\(Double($0)!)" }.joined(separator: ", ") + "]"
            #expect(refit.writes[0].text.contains(expected), "\(refit.writes[0].text)")
        }
    }

    /// Parameters a fit replaces are kept in the fit log unless a fit logged them: yours pasted
    /// between the markers beside a fit's (read as a merge of two clones' fits), and a fit's
    /// line edited by hand, which were dropped without a record.
    @Test func parametersNoFitLoggedAreKeptInTheLogWhenReplaced() throws {
        let fitted = Self.parameterList
        let pasted = FSRS6.defaultParameters.map { String(format: "%.4f", $0 * 1.02) }.joined(separator: ", ")
        let fitLog = "2026-06-01T09:00:00Z\tfit\treviews=100\tretention=0.90\tparameters=[\(fitted)]\n"
        let block = { (lines: String) in
            "desired_retention: auto\n\(CollectionConfig.fitsMarker)\n\(lines)fsrs_parameters_fitted: \"2026-06-01\"\nfsrs_parameters_reviews: 100\n\(CollectionConfig.fitsEndMarker)\n"
        }
        for (yaml, recorded) in [
            (block("fsrs_parameters: [\(fitted)]\nfsrs_parameters: [\(pasted)]\n"), [pasted]),
            (block("fsrs_parameters: [\(pasted)]\n"), [pasted]),
            (block("fsrs_parameters: [\(fitted)]\n"), []),
        ] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("badger.yml", yaml)
            try directory.write(AdaptiveRefit.fitLogName, fitLog)
            let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
            let refit = try #require(
                AdaptiveRefit.fit(
                    root: directory.url.path, config: config, logs: Self.logs(), fileAccess: LocalFileSystem(), now: Self.now,
                    timeZone: TimeZone(identifier: "UTC")!))
            let line = try #require(refit.writes[0].text.split(separator: "\n").last)
            let replaced = line.split(separator: "\t").filter { $0.hasPrefix("replaced_parameters=[") }
            let expected = recorded.map { list in
                "replaced_parameters=[" + list.split(separator: ", ").map { "\(Double($0)!)" }.joined(separator: ", ") + "]"
            }
            #expect(replaced.map(String.init) == expected, "\(line)")
        }
    }

    /// The fit's `fsrs_parameters` line deleted and yours written outside its run (the date and
    /// count it left behind): yours, as parameters written by hand are.
    @Test func parametersApartFromTheFitsDateAndCountAreYours() throws {
        let lines =
            "\(CollectionConfig.fitsMarker)\nfsrs_parameters_fitted: \"2026-06-01\"\nfsrs_parameters_reviews: 100\n\(CollectionConfig.fitsEndMarker)\nfuzz: true\n"
        let yours = try CollectionConfig(yaml: lines + "fsrs_parameters: [\(Self.parameterList)]\n", path: "badger.yml")
        #expect(yours.fsrsParameters != nil && yours.fsrsParametersReviews == nil && yours.fsrsParametersFitted == nil)
        #expect(ParameterFreshness.ownParameters(yours))
        let fits = try CollectionConfig(
            yaml: lines.replacingOccurrences(
                of: "fsrs_parameters_fitted", with: "fsrs_parameters: [\(Self.parameterList)]\nfsrs_parameters_fitted"),
            path: "badger.yml")
        #expect(fits.fsrsParametersReviews == 100 && !ParameterFreshness.ownParameters(fits))
    }

    @Test func theFitLogGrowsByOneLinePerFit() throws {
        let (refit, directory) = try Self.refit("fuzz: true\n")
        defer { directory.remove() }
        let found = try #require(refit)
        try directory.write("badger.fits", "2026-01-01T00:00:00Z\tfit\treviews=100\n")
        let yaml = try directory.read("badger.yml")
        let second = try #require(
            AdaptiveRefit.fit(
                root: directory.url.path, config: try CollectionConfig(yaml: yaml, path: "badger.yml"), logs: Self.logs(),
                fileAccess: LocalFileSystem(), now: Self.now, timeZone: TimeZone(identifier: "UTC")!))
        #expect(second.writes[0].text.split(separator: "\n").count == 2)
        #expect(second.writes[0].text.hasPrefix("2026-01-01T00:00:00Z\tfit\treviews=100\n"))
        // Explicit settings stay as they are; no automatic choice is written.
        #expect(!found.writes[1].text.contains("adaptive_"))
        // No automatic setting: nothing for `badger stats` to explain.
        #expect(found.message.hasSuffix("(they were never fitted); due dates follow them."))
    }

    /// 10 cards reviewed a day apart 15 times: 140 reviews to fit, each card's first interval
    /// in a group of fewer than 20 cards, which the optimizer's outlier filter leaves out.
    static func refusedLogs(cards: Int = 10) -> [[ReviewRecord]] {
        var records: [ReviewRecord] = []
        for day in 0..<15 {
            for card in 0..<cards {
                let time = start + Double(day * 86_400 + card * 60)
                records.append(.review(.init(time: time, cardID: "card\(card)", rating: .good)))
            }
        }
        return [records]
    }

    @Test func aRefusedFitIsRecordedSoThatItIsTriedAgainOnlyWhenTheLogHasGrownByHalf() throws {
        let yaml = "desired_retention: auto\n"
        let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
        #expect(ParameterFreshness(config: config, logs: Self.refusedLogs()).isStale)
        let (made, directory) = try Self.refit(yaml, logs: Self.refusedLogs())
        defer { directory.remove() }
        let refit = try #require(made)
        #expect(refit.parameters == nil && refit.choice == nil)
        #expect(refit.refusal == AdaptiveRefit.Refusal(trainable: 0, needed: 64))
        #expect(
            refit.message
                == "Could not fit your FSRS parameters to your 150 reviews yet: after leaving out outliers (the rarest first intervals of each first rating, at least 20 cards' worth, any first interval fewer than 6 cards share, and any over 100 days, 365 after Easy), 0 are left to train on, and fitting needs 64; the next try is when the log has grown by half."
        )
        // Only the log's size is written: no parameters, no fit log line.
        #expect(
            refit.writes == [
                AdaptiveRefit.Write(
                    path: directory.url.path + "/badger.yml",
                    text: yaml + CollectionConfig.fitsMarker + "\nfsrs_fit_refused_reviews: 150\n" + CollectionConfig.fitsEndMarker + "\n",
                    madeFrom: Array(yaml.utf8))
            ])
        let recorded = try CollectionConfig(yaml: refit.writes[0].text, path: "badger.yml")
        let fresh = ParameterFreshness(config: recorded, logs: Self.refusedLogs())
        #expect(!fresh.isStale && fresh.advice == nil)
        // 15 cards: 225 reviews, half as many again.
        let grown = ParameterFreshness(config: recorded, logs: Self.refusedLogs(cards: 15))
        #expect(grown.isStale)
        #expect(
            grown.advice?.contains("(a fit when the log held 150 reviews had too few left to train on after leaving out outliers)") == true,
            "\(grown.advice ?? "")")
        // `fsrs_parameters` deleted to go back to the defaults, the fit's other keys left: stale
        // at once, as before (the refusal has a key of its own).
        let reset = try CollectionConfig(yaml: "fsrs_parameters_reviews: 4210\n", path: "badger.yml")
        let afterReset = ParameterFreshness(config: reset, logs: Self.refusedLogs())
        #expect(afterReset.isStale && afterReset.advice?.contains("too few left") == false)
        // A fit removes the refusal.
        let refitted = CollectionConfig.settingFittedParameters(
            in: refit.writes[0].text, parameters: FSRS6.defaultParameters, fitted: "2026-07-24", reviews: 300)
        #expect(!refitted.contains("fsrs_fit_refused_reviews"))
    }

    /// A re-fit the outlier filter refuses keeps the parameters fitted before, says so once and
    /// records the log's size, so the next session does not try again (each one did, silently).
    @Test func aRefusedReFitKeepsTheParametersAndWaitsForTheLogToGrowByHalf() throws {
        let parameters = Self.parameterList
        let yaml = "fsrs_parameters: [\(parameters)]\nfsrs_parameters_fitted: \"2026-07-01\"\nfsrs_parameters_reviews: 90\n"
        let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
        #expect(ParameterFreshness(config: config, logs: Self.refusedLogs()).isStale)
        let (made, directory) = try Self.refit(yaml, logs: Self.refusedLogs())
        defer { directory.remove() }
        let refit = try #require(made)
        #expect(refit.parameters == nil && refit.choice == nil)
        #expect(
            refit.message
                == "Could not re-fit your FSRS parameters to your 150 reviews: after leaving out outliers (the rarest first intervals of each first rating, at least 20 cards' worth, any first interval fewer than 6 cards share, and any over 100 days, 365 after Easy), 0 are left to train on, and fitting needs 64; the ones fitted on 2026-07-01 to 90 reviews stay, and the next try is when the log has grown by half."
        )
        #expect(
            refit.writes == [
                AdaptiveRefit.Write(
                    path: directory.url.path + "/badger.yml",
                    text: CollectionConfig.fitsMarker + "\n" + yaml + "fsrs_fit_refused_reviews: 150\n" + CollectionConfig.fitsEndMarker
                        + "\n", madeFrom: Array(yaml.utf8))
            ])
        let recorded = try CollectionConfig(yaml: refit.writes[0].text, path: "badger.yml")
        #expect(recorded.fsrsParameters == config.fsrsParameters)
        let fresh = ParameterFreshness(config: recorded, logs: Self.refusedLogs())
        #expect(!fresh.isStale && fresh.advice == nil)
        let grown = ParameterFreshness(config: recorded, logs: Self.refusedLogs(cards: 15))
        #expect(grown.isStale)
        #expect(
            grown.advice?.contains(
                "which now holds 225 (a re-fit when it held 150 had too few left to train on after leaving out outliers)")
                == true, "\(grown.advice ?? "")")
    }

    /// A re-fit of a badger.yml holding fits git merged from two clones writes one fit.
    @Test func aReFitReplacesMergedFitsWithOne() throws {
        let parameters = Self.parameterList
        let other = FSRS6.defaultParameters.map { String(format: "%.4f", $0 * 1.01) }.joined(separator: ", ")
        let yaml =
            "desired_retention: auto\nfsrs_parameters: [\(parameters)]\nfsrs_parameters: [\(other)]\nfsrs_parameters_fitted: \"2026-01-04\"\nfsrs_parameters_fitted: \"2026-01-05\"\nfsrs_parameters_reviews: 40\nfsrs_parameters_reviews: 41\nadaptive_retention: 0.85\nadaptive_retention: 0.86\n"
        let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
        let (made, directory) = try Self.refit(yaml, logs: Self.logs())
        defer { directory.remove() }
        let refit = try #require(made)
        #expect(refit.message.contains("(badger.yml held fits from several clones, merged by git)"), "\(refit.message)")
        let written = try #require(refit.writes.first { $0.path.hasSuffix("/badger.yml") }).text
        for key in ["fsrs_parameters:", "fsrs_parameters_reviews:", "adaptive_retention:"] {
            #expect(written.components(separatedBy: "\n" + key).count == 2, "\(key) in \(written)")
        }
        #expect(try !CollectionConfig(yaml: written, path: "badger.yml").mergedFits)
    }

    /// `auto` set after the parameters were fitted (or the bounds moved), the log not grown by
    /// half since: the settings are chosen for the parameters as they are, without a fit (a
    /// session tried a fit, and a refused one again before the log had grown by half).
    /// A fit chooses the automatic settings for its parameters as badger.yml stores them (four
    /// decimals), so choosing them again from the file (after the bounds or maximum_interval
    /// moved and moved back) gives what the fit chose: learning steps [] at the fit and [1m,
    /// 10m] when chosen again were seen, one simulated figure a hundredth apart.
    @Test func settingsChosenAgainFromTheFileAreTheFitsChoice() throws {
        let yaml = "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n"
        let (made, directory) = try Self.refit(yaml)
        defer { directory.remove() }
        let refit = try #require(made)
        let parameters = try #require(refit.parameters)
        #expect(parameters == CollectionConfig.asStored(parameters))
        let written = try CollectionConfig(yaml: refit.writes[1].text, path: "badger.yml")
        #expect(written.fsrsParameters == parameters)
        let histories = ReviewHistory.histories(fromLogs: Self.logs())
        let again = AdaptiveRefit.choose(config: written, parameters: try #require(written.fsrsParameters), histories: histories)
        #expect(again == refit.choice)
    }

    @Test func settingsDueToBeChosenForFreshParametersAreChosenWithoutAFit() throws {
        let parameters = Self.parameterList
        let yaml =
            "desired_retention: auto\nfsrs_parameters: [\(parameters)]\nfsrs_parameters_fitted: \"2026-07-01\"\nfsrs_parameters_reviews: 140\nfsrs_fit_refused_reviews: 145\n"
        let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
        let freshness = ParameterFreshness(config: config, logs: Self.refusedLogs())
        #expect(freshness.isStale && freshness.choiceIsStale)
        let (made, directory) = try Self.refit(yaml, logs: Self.refusedLogs())
        defer { directory.remove() }
        let refit = try #require(made)
        let choice = try #require(refit.choice)
        #expect(refit.refusal == nil && refit.parameters == config.fsrsParameters)
        #expect(
            refit.message
                == "Chose the automatic settings for your FSRS parameters (fitted on 2026-07-01 to 140 reviews): \(AdaptiveRefit.retentionPhrase(choice)); due dates follow them; `badger stats` explains."
        )
        let written = try CollectionConfig(yaml: refit.writes[1].text, path: "badger.yml")
        #expect(written.fsrsParameters == config.fsrsParameters && written.fsrsParametersFitted == "2026-07-01")
        #expect(written.fsrsParametersReviews == 140 && written.fsrsFitRefusedReviews == 145)
        #expect(written.adaptiveChoiceCurrent && written.desiredRetention == choice.desiredRetention)
        #expect(!ParameterFreshness(config: written, logs: Self.refusedLogs()).isStale)
        #expect(refit.writes[0].text.contains("\tchosen\treviews=150\tretention="), "\(refit.writes[0].text)")
    }

    /// `auto` set after the parameters were fitted, and the re-fit refused: the automatic
    /// settings are chosen with the parameters fitted before (else every session tried again).
    @Test func aRefusedReFitStillChoosesTheAutomaticSettingsWithTheParametersKept() throws {
        let parameters = Self.parameterList
        let yaml =
            "learning_steps: auto\nfsrs_parameters: [\(parameters)]\nfsrs_parameters_fitted: \"2026-07-01\"\nfsrs_parameters_reviews: 90\n"
        let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
        #expect(!config.adaptiveChoiceCurrent)
        #expect(ParameterFreshness(config: config, logs: Self.refusedLogs()).isStale)
        let (made, directory) = try Self.refit(yaml, logs: Self.refusedLogs())
        defer { directory.remove() }
        let refit = try #require(made)
        let choice = try #require(refit.choice)
        #expect(refit.parameters == config.fsrsParameters)
        #expect(refit.refusal != nil)
        #expect(
            refit.message.hasPrefix("Could not re-fit your FSRS parameters to your 150 reviews: ")
                && refit.message.contains(
                    "the ones fitted on 2026-07-01 to 90 reviews stay; the automatic settings were chosen for them: learning steps "),
            "\(refit.message)")
        let written = try CollectionConfig(yaml: refit.writes[1].text, path: "badger.yml")
        #expect(written.fsrsParameters == config.fsrsParameters)
        #expect(written.fsrsParametersFitted == "2026-07-01" && written.fsrsParametersReviews == 90)
        #expect(written.fsrsFitRefusedReviews == 150)
        #expect(written.learningSteps == choice.learningSteps)
        #expect(!ParameterFreshness(config: written, logs: Self.refusedLogs()).isStale)
        let log = try #require(refit.writes.first { $0.path.hasSuffix("/badger.fits") })
        #expect(log.text.split(separator: "\t").dropFirst().first == "chosen", "\(log.text)")
        #expect(log.text.contains("reviews=150\t"))
    }

    /// The line at the end of a session names the chosen target, and what FSRS schedules for
    /// when calibration moved it (it named only the scheduled value, which `stats` does not call
    /// the retention).
    @Test func theRefitLineNamesTheTargetAndWhatFSRSSchedulesFor() throws {
        let (refit, directory) = try Self.refit("desired_retention: auto\n")
        defer { directory.remove() }
        let found = try #require(refit)
        let choice = try #require(found.choice)
        let target = String(format: "%.2f", choice.targetRetention ?? choice.desiredRetention)
        let scheduled = String(format: "%.2f", choice.desiredRetention)
        let expected = target == scheduled ? "; retention \(target);" : "; retention \(target) (FSRS schedules for \(scheduled));"
        #expect(found.message.contains(expected), "\(found.message)")
        // Calibration moved the retention: both are named; else the one.
        let moved = AdaptiveChoice(desiredRetention: 0.886, learningSteps: [], relearningSteps: [], reason: "", targetRetention: 0.85)
        #expect(AdaptiveRefit.retentionPhrase(moved) == "retention 0.85 (FSRS schedules for 0.89)")
        let fixed = AdaptiveChoice(desiredRetention: 0.9, learningSteps: [], relearningSteps: [], reason: "")
        #expect(AdaptiveRefit.retentionPhrase(fixed) == "retention 0.90")
    }

    @Test func freshParametersAreLeftAlone() throws {
        let parameters = FSRS6.defaultParameters.map { String($0) }.joined(separator: ", ")
        let (refit, directory) = try Self.refit("fsrs_parameters: [\(parameters)]\nfsrs_parameters_reviews: 200\n")
        defer { directory.remove() }
        #expect(refit == nil)
    }

    @Test func parametersFittedToAThirdOfTheLogAreStale() throws {
        let parameters = FSRS6.defaultParameters.map { String($0) }.joined(separator: ", ")
        let (refit, directory) = try Self.refit("fsrs_parameters: [\(parameters)]\nfsrs_parameters_reviews: 80\n")
        defer { directory.remove() }
        #expect(try #require(refit).message.contains("(the log grew from 80 to 240 reviews since the last fit)"))
    }

    @Test func noAdaptAndAdaptFalseTurnItOff() throws {
        let (off, first) = try Self.refit("desired_retention: auto\n", enabled: false)
        defer { first.remove() }
        #expect(off == nil)
        let (setting, second) = try Self.refit("desired_retention: auto\nadapt: false\n")
        defer { second.remove() }
        #expect(setting == nil)
        let (other, third) = try Self.refit("scheduler: sm2\n")
        defer { third.remove() }
        #expect(other == nil)
    }

    /// 200 cards reviewed on days 0, 2, 5 and 9, every later review rated `rating`.
    static func histories(_ rating: Rating) -> [ReviewHistory] {
        (0..<200).map { card in
            ReviewHistory(
                cardID: "c\(card)",
                reviews: [0, 2, 5, 9].enumerated().map { index, day in
                    .init(rating: index == 0 ? .good : rating, time: start + Double(day) * 86_400 + Double(card))
                })
        }
    }

    @Test func recallBelowThePredictionRaisesTheScheduledRetentionAndAboveLowersIt() {
        let forgotten = AdaptiveRefit.calibrationGap(parameters: FSRS6.defaultParameters, histories: Self.histories(.again), target: 0.85)
        #expect(forgotten > 0.5)
        let remembered = AdaptiveRefit.calibrationGap(parameters: FSRS6.defaultParameters, histories: Self.histories(.good), target: 0.85)
        #expect(remembered < 0)
        #expect(AdaptiveRefit.calibrationGap(parameters: FSRS6.defaultParameters, histories: [], target: 0.85) == 0)
        // Applied to a choice: the target stays, FSRS schedules for more, within the bounds.
        let choice = AdaptiveChoice(
            desiredRetention: 0.87, learningSteps: [], relearningSteps: [], reason: "retention 0.87", targetRetention: 0.87)
        let raised = choice.calibrated(by: forgotten, within: 0.70...0.99)
        #expect(raised.desiredRetention == 0.99 && raised.targetRetention == 0.87)
        #expect(raised.reason.hasPrefix("retention 0.87; FSRS schedules for 0.99 because"))
        #expect(choice.calibrated(by: forgotten, within: 0.85...0.95).desiredRetention == 0.95)
        #expect(choice.calibrated(by: -0.05, within: 0.70...0.99).desiredRetention == 0.82)
        let floored = choice.calibrated(by: -0.05, within: 0.85...0.95)
        #expect(floored.desiredRetention == 0.85 && floored.reason.contains("FSRS schedules for 0.85 because"))
        #expect(choice.calibrated(by: -0.05, within: 0.87...0.95) == choice)
    }
}

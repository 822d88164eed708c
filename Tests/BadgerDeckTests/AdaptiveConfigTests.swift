import Testing

@testable import BadgerDeck

/// badger.yml's automatic settings: `auto` for the desired retention and the steps, the bounds
/// the retention is chosen within, `adapt`, and what a fit writes back.
@Suite struct AdaptiveConfigTests {
    /// Parameters a fit wrote (its choice applies only with them).
    static let fitted =
        "fsrs_parameters: [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]\n"

    @Test func autoSettingsAreReadWithTheDefaultsUntilAFitChooses() throws {
        let config = try CollectionConfig(
            yaml: "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n", path: "badger.yml")
        #expect(config.adaptiveRetention)
        #expect(config.adaptiveLearningSteps)
        #expect(config.adaptiveRelearningSteps)
        #expect(config.adapt)
        #expect(config.retentionBounds == 0.85...0.95)
        #expect(config.desiredRetention == 0.9)
        #expect(config.learningSteps == [60, 600])
        #expect(config.relearningSteps == [600])
    }

    @Test func explicitValuesKeepWorkingAndAreNotAuto() throws {
        let config = try CollectionConfig(yaml: "desired_retention: 0.85\nlearning_steps: [30s]\nadapt: false\n", path: "badger.yml")
        #expect(!config.adaptiveRetention)
        #expect(!config.adaptiveLearningSteps)
        #expect(config.desiredRetention == 0.85)
        #expect(config.learningSteps == [30])
        #expect(!config.adapt)
    }

    @Test func boundsAreReadAndMoveTheRetentionUsedBeforeAFit() throws {
        let config = try CollectionConfig(yaml: "desired_retention: auto\ndesired_retention_bounds: [0.75, 0.85]\n", path: "badger.yml")
        #expect(config.retentionBounds == 0.75...0.85)
        #expect(config.desiredRetention == 0.85)
    }

    @Test func aFitsChoiceAppliesOnlyWhereTheSettingIsAuto() throws {
        let written = CollectionConfig.settingAdaptiveChoice(
            in: "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: [5m]\n" + Self.fitted, retention: 0.87, learningSteps: [],
            relearningSteps: [600], reason: "retention 0.87, chosen because \"it\" is cheapest")
        #expect(written.contains("adaptive_retention: 0.87\nadaptive_learning_steps: []\nadaptive_relearning_steps: [10m]\n"))
        let config = try CollectionConfig(yaml: written, path: "badger.yml")
        #expect(config.desiredRetention == 0.87)
        #expect(config.learningSteps == [])
        #expect(config.relearningSteps == [300])
        #expect(config.adaptiveReason == "retention 0.87, chosen because \"it\" is cheapest")
        // Written again, the old values are replaced, not repeated.
        let again = CollectionConfig.settingAdaptiveChoice(
            in: written, retention: 0.9, learningSteps: [60], relearningSteps: [], reason: "again")
        #expect(again.components(separatedBy: "adaptive_retention").count == 2)
        #expect(try CollectionConfig(yaml: again, path: "badger.yml").learningSteps == [60])
    }

    /// `fsrs_parameters` removed (as an error message suggests, to go back to the defaults) with
    /// the fit's choice left behind: `auto` is as before any fit (0.9 and the usual steps), not
    /// the choice made for parameters no longer used.
    @Test func aChoiceWithoutTheParametersItWasChosenForIsIgnored() throws {
        let yaml =
            "desired_retention: auto\nlearning_steps: auto\nadaptive_target_retention: 0.85\nadaptive_retention: 0.88\nadaptive_learning_steps: []\nadaptive_reason: \"r\"\n"
        let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
        #expect(config.desiredRetention == 0.9 && config.targetRetention == nil)
        #expect(config.learningSteps == [60, 600])
        #expect(config.adaptiveReason == nil)
        let withParameters = try CollectionConfig(yaml: yaml + Self.fitted, path: "badger.yml")
        #expect(withParameters.desiredRetention == 0.88 && withParameters.learningSteps == [])
    }

    /// badger.yml merged without the union driver holds conflict markers: named as such (it
    /// was a YAML error quoting lines with `\u{A}` in them).
    @Test func conflictMarkersInBadgerYmlAreNamed() throws {
        let yaml = "fuzz: true\n<<<<<<< HEAD\ndesired_retention: 0.9\n=======\ndesired_retention: 0.85\n>>>>>>> other\n"
        #expect {
            try CollectionConfig(yaml: yaml, path: "badger.yml")
        } throws: { error in
            "\(error)".contains("holds git merge conflict markers (lines 2–6)")
        }
        #expect {
            try CollectionConfig(yaml: "fuzz: [true\nday_start_hour: 4\n", path: "badger.yml")
        } throws: { error in
            "\(error)".contains("not valid YAML: ") && !"\(error)".contains("\n")
        }
    }

    /// The automatic settings' simulations cap intervals at `maximum_interval`: a choice made
    /// with another (or before the cap was simulated, when one is set) is made afresh.
    @Test func changingTheMaximumIntervalAfterAFitHasTheSettingsChosenAfresh() throws {
        let base = "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n" + Self.fitted
        func choice(_ maximumInterval: Int) -> String {
            CollectionConfig.settingAdaptiveChoice(
                in: base, retention: 0.87, targetRetention: 0.87, learningSteps: [], relearningSteps: [600], reason: "r",
                maximumInterval: maximumInterval)
        }
        let uncapped = choice(36500)
        #expect(!uncapped.contains("adaptive_maximum_interval"))
        #expect(try CollectionConfig(yaml: uncapped, path: "badger.yml").adaptiveChoiceCurrent)
        #expect(try !CollectionConfig(yaml: uncapped + "maximum_interval: 30\n", path: "badger.yml").adaptiveChoiceCurrent)
        let capped = choice(30)
        #expect(capped.contains("adaptive_maximum_interval: 30\n"))
        #expect(try CollectionConfig(yaml: capped + "maximum_interval: 30\n", path: "badger.yml").adaptiveChoiceCurrent)
        #expect(try !CollectionConfig(yaml: capped + "maximum_interval: 60\n", path: "badger.yml").adaptiveChoiceCurrent)
        // `due` and `stats` say which change it was.
        #expect(
            try CollectionConfig(yaml: capped + "maximum_interval: 60\n", path: "badger.yml").adaptiveChoiceStaleness
                == ["`maximum_interval` is 60 days and the automatic settings were chosen with 30 days"])
        #expect(try !CollectionConfig(yaml: capped, path: "badger.yml").adaptiveChoiceCurrent)
        #expect(throws: CollectionError.self) { try CollectionConfig(yaml: "adaptive_maximum_interval: 0\n", path: "badger.yml") }
    }

    @Test func switchingSameDayIntervalsAfterAFitHasTheSettingsChosenAfresh() throws {
        let base = "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n" + Self.fitted
        let written = CollectionConfig.settingAdaptiveChoice(
            in: base, retention: 0.87, targetRetention: 0.87, learningSteps: [], relearningSteps: [600], reason: "r",
            sameDayIntervals: true)
        #expect(written.contains("adaptive_same_day_intervals: true"))
        #expect(try CollectionConfig(yaml: written, path: "badger.yml").adaptiveChoiceCurrent)
        #expect(
            try CollectionConfig(yaml: written + "same_day_intervals: false\n", path: "badger.yml").adaptiveChoiceStaleness
                == [
                    "same-day intervals are off (`same_day_intervals`, on by default with automatic steps) and the automatic settings were chosen with them on"
                ])
        // A fit from before the key was written is taken as it is.
        let older = CollectionConfig.settingAdaptiveChoice(
            in: base, retention: 0.87, targetRetention: 0.87, learningSteps: [], relearningSteps: [600], reason: "r")
        #expect(try CollectionConfig(yaml: older + "same_day_intervals: false\n", path: "badger.yml").adaptiveChoiceCurrent)
        #expect(throws: CollectionError.self) { try CollectionConfig(yaml: "adaptive_same_day_intervals: 3\n", path: "badger.yml") }
        // With no setting automatic any more, what a fit chose is not asked for again.
        let fixed = written.replacingOccurrences(of: "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n", with: "")
        #expect(try CollectionConfig(yaml: fixed, path: "badger.yml").adaptiveChoiceCurrent)
    }

    @Test func chosenValuesAreIgnoredWhenTheSettingIsExplicit() throws {
        let config = try CollectionConfig(
            yaml: "desired_retention: 0.9\nadaptive_retention: 0.8\nadaptive_learning_steps: []\n", path: "badger.yml")
        #expect(config.desiredRetention == 0.9)
        #expect(config.learningSteps == [60, 600])
    }

    @Test(arguments: [
        (
            "fuzz: true\ndesired_retention: automatic\n",
            "line 2: `desired_retention` must be a number from 0.70 to 0.99, such as 0.9, or auto"
        ),
        (
            "desired_retention_bounds: [0.95, 0.80]\n",
            "line 1: `desired_retention_bounds` must be two numbers from 0.70 to 0.99, the lower first"
        ),
        ("\n\ndesired_retention_bounds: [0.5, 0.9]\n", "line 3: `desired_retention_bounds` must be two numbers"),
        ("desired_retention_bounds: 0.9\n", "line 1: `desired_retention_bounds` must be two numbers"),
        ("learning_steps: sometimes\n", "line 1: `learning_steps` must be a list of durations such as [1m, 10m], or auto"),
        ("\nrelearning_steps: Auto\n", "line 2: `relearning_steps` must be a list of durations"),
        // A card starts its steps over at each Again: a fit's simulation of 60 took minutes.
        (
            "learning_steps: [\(Array(repeating: "1m", count: 21).joined(separator: ", "))]\n",
            "line 1: `learning_steps` has 21 steps; badger takes at most 20"
        ),
        ("relearning_steps:\n" + String(repeating: "  - 1m\n", count: 60), "line 1: `relearning_steps` has 60 steps"),
        // A bad step of a list written an item a line is named by its own line.
        ("fuzz: true\nrelearning_steps:\n  - 1m\n  - 10m\n  - 2x\n", "line 5: `relearning_steps`: "),
        // A step that is no text at all is named as what it is (it read `"" is not a duration`).
        ("learning_steps:\n  - 1m\n  - {a: 1}\n", "line 3: `learning_steps`: item 2 is a mapping; write a duration such as 30s"),
        ("learning_steps:\n  - [2m]\n", "line 2: `learning_steps`: item 1 is a list; write a duration"),
        ("learning_steps: [1m, \"\"]\n", "line 1: `learning_steps`: item 2 is empty; write a duration"),
        // Parameters written an item a line: the one that is not a number, by its own line.
        (
            "fsrs_parameters:\n" + String(repeating: "  - 0.5\n", count: 6) + "  - x\n" + String(repeating: "  - 0.5\n", count: 14),
            "line 8: `fsrs_parameters` must be a list of 21 numbers (as `badger optimize --apply` writes): item 7, \"x\", is not a number"
        ),
        (
            "fsrs_parameters: [1, .nan]\n",
            "line 1: `fsrs_parameters` must be a list of 21 numbers (as `badger optimize --apply` writes): item 2"
        ),
        (
            "fsrs_parameters: [1, 2]\n",
            "line 1: `fsrs_parameters` must be a list of 21 numbers (as `badger optimize --apply` writes), not 2"
        ),
        ("adapt: maybe\n", "line 1: `adapt` must be true or false"),
        ("adaptive_retention: 2\n", "line 1: `adaptive_retention` must be a number from 0.70 to 0.99"),
        ("fsrs_parameters_fitted: \"tomorrow\"\n", "line 1: `fsrs_parameters_fitted` must be a date such as 2026-11-22"),
        ("fsrs_parameters_fitted: 2026-13-01\n", "line 1: `fsrs_parameters_fitted` must be a date"),
        ("fsrs_parameters_fitted: 2026-02-29\n", "line 1: `fsrs_parameters_fitted` must be a date"),
        ("fsrs_parameters_fitted: \"+123-11-22\"\n", "line 1: `fsrs_parameters_fitted` must be a date"),
        ("fsrs_parameters_fitted: 0000-01-01\n", "line 1: `fsrs_parameters_fitted` must be a date"),
        // A fit-written key twice (as git's union merge of two clones' fits leaves it): every
        // copy is checked, also the one not used (it was passed over unread).
        (
            "fsrs_parameters_reviews: 200\nfuzz: true\nfsrs_parameters_reviews: banana\n",
            "line 3: `fsrs_parameters_reviews` must be a whole number of reviews"
        ),
        ("fsrs_parameters_reviews: -5\nfsrs_parameters_reviews: 200\n", "line 1: `fsrs_parameters_reviews` must be a whole number"),
        // 0.95 is the copy used; the other is checked all the same.
        ("adaptive_retention: 0.95\nadaptive_retention: 0.5\n", "line 2: `adaptive_retention` must be a number from 0.70 to 0.99"),
    ])
    func badValuesAreErrorsWithTheirLine(yaml: String, message: String) {
        do {
            _ = try CollectionConfig(yaml: yaml, path: "badger.yml")
            Issue.record("no error for \(yaml)")
        } catch let CollectionError.badConfig(path, problem) {
            #expect(path == "badger.yml")
            #expect(problem.hasPrefix(message), "\(problem)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func sameDayIntervalsFollowTheAutomaticStepsOnceFittedUnlessSet() throws {
        let fitted = Self.fitted
        #expect(try CollectionConfig(yaml: "learning_steps: auto\n" + fitted, path: "badger.yml").sameDayIntervals)
        #expect(try CollectionConfig(yaml: "relearning_steps: auto\n" + fitted, path: "badger.yml").sameDayIntervals)
        // Until the first fit, whole days, as py-fsrs schedules; the choice is made for them on.
        for yaml in ["learning_steps: auto\n", "relearning_steps: auto\n"] {
            let unfitted = try CollectionConfig(yaml: yaml, path: "badger.yml")
            #expect(!unfitted.sameDayIntervals)
            #expect(unfitted.sameDayIntervalsWhenFitted)
        }
        #expect(try CollectionConfig(yaml: "learning_steps: auto\nsame_day_intervals: true\n", path: "badger.yml").sameDayIntervals)
        #expect(try !CollectionConfig(yaml: "desired_retention: auto\n", path: "badger.yml").sameDayIntervals)
        #expect(!CollectionConfig().sameDayIntervals)
        #expect(try !CollectionConfig(yaml: "learning_steps: auto\nsame_day_intervals: false\n", path: "badger.yml").sameDayIntervals)
        #expect(try CollectionConfig(yaml: "learning_steps: [1m]\nsame_day_intervals: true\n", path: "badger.yml").sameDayIntervals)
        #expect(throws: CollectionError.badConfig(path: "badger.yml", problem: "line 1: `same_day_intervals` must be true or false")) {
            try CollectionConfig(yaml: "same_day_intervals: sometimes\n", path: "badger.yml")
        }
    }

    @Test func durationsAreWrittenInTheirLargestWholeUnit() {
        #expect([30, 60, 600, 5400, 7200, 86_400].map(CollectionConfig.durationText) == ["30s", "1m", "10m", "90m", "2h", "1d"])
    }
}

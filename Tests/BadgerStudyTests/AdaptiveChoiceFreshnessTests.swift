import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation
import Testing

/// Automatic settings are chosen afresh when they were never chosen for the fitted parameters
/// (`auto` set after a fit) or the bounds moved away from the chosen target, without waiting for
/// the log to grow by half; and the retention observed is compared with the chosen target.
@Suite struct AdaptiveChoiceFreshnessTests {
    static let parameters = FSRS6.defaultParameters.map { String(format: "%.4f", $0) }.joined(separator: ", ")
    static let fitted = "fsrs_parameters: [\(parameters)]\nfsrs_parameters_fitted: \"2026-11-20\"\nfsrs_parameters_reviews: 400\n"

    static func freshness(_ yaml: String) throws -> ParameterFreshness {
        ParameterFreshness(config: try CollectionConfig(yaml: yaml, path: "badger.yml"), reviews: 410, predictableReviews: 300)
    }

    /// Every reason a fit writes explains the values it writes beside it: read back, `due` and
    /// `stats` give the reason, never "why is not recorded" (which is for values edited by hand).
    /// Calibrated or not, bounds of one value, fixed retention or fixed steps, same-day intervals off.
    @Test func aFitsOwnReasonExplainsItsValuesReadBack() throws {
        for settings in [
            "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n",
            "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\nsame_day_intervals: false\n",
            "desired_retention: auto\ndesired_retention_bounds: [0.90, 0.90]\nlearning_steps: auto\n",
            "desired_retention: 0.9\nlearning_steps: auto\nrelearning_steps: auto\n",
            "desired_retention: auto\nlearning_steps: [1m]\nrelearning_steps: []\n",
        ] {
            let config = try CollectionConfig(yaml: settings, path: "badger.yml")
            let uncalibrated = AdaptiveRefit.choose(config: config, parameters: FSRS6.defaultParameters, histories: [])
            for choice in [uncalibrated, uncalibrated.calibrated(by: 0.03, within: config.retentionBounds)] {
                var text = CollectionConfig.settingFittedParameters(
                    in: settings, parameters: FSRS6.defaultParameters, fitted: "2026-11-27", reviews: 400)
                text = CollectionConfig.settingAdaptiveChoice(
                    in: text, retention: choice.desiredRetention, targetRetention: choice.targetRetention,
                    learningSteps: choice.learningSteps, relearningSteps: choice.relearningSteps, reason: choice.reason,
                    sameDayIntervals: config.sameDayIntervalsWhenFitted, bounds: config.adaptiveRetention ? config.retentionBounds : nil)
                let note = RetentionCheck.adaptiveNote(try CollectionConfig(yaml: text, path: "badger.yml")) ?? ""
                #expect(note == "Automatic settings: " + choice.reason + ".", "\(settings)\(note)")
            }
        }
    }

    @Test func autoTurnedOnAfterAFitIsChosenAtTheNextSession() throws {
        #expect(try !Self.freshness(Self.fitted).isStale)
        let turnedOn = try Self.freshness("desired_retention: auto\nlearning_steps: auto\n" + Self.fitted)
        #expect(turnedOn.isStale && turnedOn.choiceIsStale)
        // The advice names what happened, not every change that could have.
        #expect(
            turnedOn.advice?.hasPrefix(
                "The automatic settings are not chosen for your fitted parameters yet (`desired_retention` is `auto` and no fit chose it for these parameters; `learning_steps` is `auto` and no fit chose them for these parameters): "
            ) == true, "\(turnedOn.advice ?? "")")
        let chosen = try Self.freshness(
            "desired_retention: auto\nlearning_steps: auto\n" + Self.fitted
                + "adaptive_retention: 0.88\nadaptive_target_retention: 0.86\nadaptive_learning_steps: []\n")
        #expect(!chosen.isStale)
        // What FSRS schedules for outside the bounds (calibration before it kept within them): chosen afresh.
        let outside = try Self.freshness(
            "desired_retention: auto\nlearning_steps: auto\n" + Self.fitted
                + "adaptive_retention: 0.74\nadaptive_target_retention: 0.86\nadaptive_learning_steps: []\n")
        #expect(
            outside.choiceStaleness == [
                "FSRS schedules for 0.74, outside `desired_retention_bounds` [0.85, 0.95], for a target of 0.86"
            ])
        // Bounds moved away from the chosen target: chosen afresh.
        let moved = try Self.freshness(
            "desired_retention: auto\ndesired_retention_bounds: [0.90, 0.95]\n" + Self.fitted
                + "adaptive_retention: 0.84\nadaptive_target_retention: 0.86\n")
        #expect(moved.choiceIsStale)
        // Bounds narrowed with the target still inside: chosen afresh within the new ones.
        let chosenWithin = "adaptive_retention: 0.90\nadaptive_target_retention: 0.90\nadaptive_retention_bounds: [0.90, 0.95]\n"
        let narrowed = try Self.freshness("desired_retention: auto\ndesired_retention_bounds: [0.85, 0.92]\n" + Self.fitted + chosenWithin)
        #expect(narrowed.choiceStaleness == ["`desired_retention_bounds` changed from [0.90, 0.95] to [0.85, 0.92]"])
        #expect(
            try !Self.freshness("desired_retention: auto\ndesired_retention_bounds: [0.90, 0.95]\n" + Self.fitted + chosenWithin).isStale)
        // Automatic steps chosen for 0.86, the retention then set to 0.92 by hand: chosen afresh.
        let steps = "learning_steps: auto\n" + Self.fitted + "adaptive_retention: 0.86\nadaptive_learning_steps: []\n"
        #expect(
            try Self.freshness("desired_retention: 0.92\n" + steps).choiceStaleness == [
                "`desired_retention` is 0.92 and the steps were chosen for 0.86"
            ])
        #expect(try !Self.freshness("desired_retention: 0.86\n" + steps).isStale)
        // Values with a third decimal of 5: what a fit writes for them reads back as current
        // (every session chose afresh, forever).
        for (bounds, retention) in [(0.855...0.95, 0.9), (0.85...0.945, 0.9), (0.85...0.95, 0.875), (0.85...0.95, 0.905)] {
            let auto = retention == 0.9 ? "desired_retention: auto\n" : "desired_retention: \(retention)\nlearning_steps: auto\n"
            let text = auto + "desired_retention_bounds: [\(bounds.lowerBound), \(bounds.upperBound)]\n" + Self.fitted
            // A fit writes the bounds as read (moved inward to hundredths).
            let read = try CollectionConfig(yaml: text, path: "badger.yml").retentionBounds
            let written = CollectionConfig.settingAdaptiveChoice(
                in: text, retention: retention, targetRetention: retention == 0.9 ? 0.9 : nil, learningSteps: [], relearningSteps: [600],
                reason: "r", bounds: retention == 0.9 ? read : nil)
            #expect(try CollectionConfig(yaml: written, path: "badger.yml").adaptiveChoiceCurrent, "\(written)")
        }
        // Bounds not in hundredths are moved inward to them (the retention is chosen in
        // hundredths, never outside the bounds); bounds holding no hundredth are refused.
        let inward = try CollectionConfig(yaml: "desired_retention_bounds: [0.855, 0.945]\n", path: "badger.yml")
        #expect(inward.retentionBounds == 0.86...0.94)
        #expect(throws: CollectionError.self) {
            try CollectionConfig(yaml: "desired_retention_bounds: [0.854, 0.856]\n", path: "badger.yml")
        }
        let within = try Self.freshness(
            "desired_retention: auto\ndesired_retention_bounds: [0.855, 0.945]\n" + Self.fitted
                + "adaptive_retention: 0.86\nadaptive_target_retention: 0.86\nadaptive_retention_bounds: [0.86, 0.94]\n")
        #expect(!within.choiceIsStale && !within.isStale)
    }

    /// A setting written by hand after the fit is in force at once: the explanation `due` and
    /// `stats` print leaves out what was chosen for it (it said "retention 0.85, chosen because
    /// …" under a retention of 0.93 set by hand).
    @Test func theExplanationLeavesOutWhatIsNoLongerAutomatic() throws {
        let reason =
            "retention 0.85, chosen because it is the highest; FSRS schedules for 0.87 because …; learning steps none: …; relearning steps [10m]: …"
        let chosen =
            Self.fitted + "adaptive_retention: 0.87\nadaptive_target_retention: 0.85\nadaptive_learning_steps: []\n"
            + "adaptive_relearning_steps: [10m]\nadaptive_reason: \"\(reason)\"\n"
        let all = "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n"
        #expect(
            RetentionCheck.adaptiveNote(try CollectionConfig(yaml: all + chosen, path: "badger.yml")) == "Automatic settings: \(reason).")
        let byHand = "desired_retention: 0.93\nlearning_steps: auto\nrelearning_steps: [1m]\n"
        // (Chosen for another retention: the steps in force until they are chosen afresh.)
        #expect(
            RetentionCheck.adaptiveNote(try CollectionConfig(yaml: byHand + chosen, path: "badger.yml"))
                == "Automatic settings in force until they are chosen afresh: learning steps []; the end of the next `badger study` session chooses them, or `badger optimize --apply`."
        )
        let stepsOnly = "desired_retention: 0.87\nlearning_steps: auto\nrelearning_steps: [1m]\n"
        #expect(
            RetentionCheck.adaptiveNote(try CollectionConfig(yaml: stepsOnly + chosen, path: "badger.yml"))
                == "Automatic settings: learning steps none: ….")
        // Same-day intervals are named only while they are on.
        let sameDay = reason + "; a card expected to fall below the target within half a day is seen again that day, when it does"
        let withSameDay = chosen.replacingOccurrences(of: reason, with: sameDay)
        #expect(
            RetentionCheck.adaptiveNote(try CollectionConfig(yaml: all + withSameDay, path: "badger.yml"))
                == "Automatic settings: \(sameDay).")
        let off = try CollectionConfig(yaml: all + "same_day_intervals: false\n" + withSameDay, path: "badger.yml")
        #expect(RetentionCheck.adaptiveNote(off)?.contains("a card expected to fall") == false, "\(RetentionCheck.adaptiveNote(off) ?? "")")
        // Nothing chosen is automatic now (retention made `auto` since, steps fixed): not an empty sentence.
        let none = try CollectionConfig(
            yaml: "desired_retention: auto\nlearning_steps: [1m]\nrelearning_steps: [10m]\n" + Self.fitted
                + "adaptive_learning_steps: []\nadaptive_relearning_steps: [10m]\nadaptive_reason: \"learning steps none: …; relearning steps [10m]: …\"\n",
            path: "badger.yml")
        let note = try #require(RetentionCheck.adaptiveNote(none))
        #expect(note.hasPrefix("Automatic settings in force until they are chosen afresh: retention 0.90;"), "\(note)")
        // Bounds moved above the choice: what FSRS schedules for is within them meanwhile, and said so.
        let moved = try CollectionConfig(yaml: all + "desired_retention_bounds: [0.90, 0.95]\n" + chosen, path: "badger.yml")
        #expect(moved.desiredRetention == 0.90)
        #expect(
            RetentionCheck.adaptiveNote(moved)?.hasPrefix(
                "Automatic settings in force until they are chosen afresh: retention 0.90, learning steps [], relearning steps [10m];")
                == true,
            "\(RetentionCheck.adaptiveNote(moved) ?? "")")
        // The reason deleted by hand: what was chosen, which is in force (it said "the default
        // learning steps … until they are chosen" while the chosen ones scheduled).
        let noReason = try CollectionConfig(
            yaml: all + chosen.replacingOccurrences(of: "adaptive_reason: \"\(reason)\"\n", with: ""), path: "badger.yml")
        #expect(noReason.learningSteps == [] && noReason.relearningSteps == [600])
        #expect(
            RetentionCheck.adaptiveNote(noReason)
                == "Automatic settings: retention 0.85 (FSRS schedules for 0.87), learning steps [], relearning steps [10m] (why is not recorded: badger.yml has no `adaptive_reason`)."
        )
        // The reason emptied, or the values it explains edited by hand since: what is in force,
        // never the reason's numbers (nor "the default steps until they are chosen", which no
        // session would do: the choice is current).
        for (from, to) in [
            ("adaptive_reason: \"\(reason)\"", "adaptive_reason: \"\""), ("adaptive_reason: \"\(reason)\"", "adaptive_reason: 42"),
            ("adaptive_retention: 0.87", "adaptive_retention: 0.93"),
            ("adaptive_target_retention: 0.85", "adaptive_target_retention: 0.86"),
            ("adaptive_learning_steps: []", "adaptive_learning_steps: [3h]"),
            ("adaptive_relearning_steps: [10m]", "adaptive_relearning_steps: []"),
        ] {
            let edited = try CollectionConfig(yaml: all + chosen.replacingOccurrences(of: from, with: to), path: "badger.yml")
            #expect(edited.adaptiveChoiceCurrent)
            let note = RetentionCheck.adaptiveNote(edited) ?? ""
            #expect(note.hasPrefix("Automatic settings: retention 0.8"), "\(to): \(note)")
            #expect(
                note.hasSuffix(" (why is not recorded: `adaptive_reason` in badger.yml does not explain these values)."), "\(to): \(note)")
            #expect(
                note.contains(
                    AdaptiveRefit.describe(
                        AdaptiveChoice(
                            desiredRetention: edited.desiredRetention, learningSteps: edited.learningSteps,
                            relearningSteps: edited.relearningSteps, reason: "", targetRetention: edited.targetInForce), config: edited)),
                "\(note)")
        }
        // Two clones' fits merged by git: the values in force, not one fit's reason.
        let merged = try CollectionConfig(
            yaml: all + withSameDay + "adaptive_retention: 0.91\nfsrs_parameters_reviews: 401\n", path: "badger.yml")
        #expect(merged.mergedFits)
        #expect(
            RetentionCheck.adaptiveNote(merged)?.hasPrefix(
                "Automatic settings in force until they are chosen afresh (git merged several clones' fits): retention 0.85 (FSRS schedules for 0.91)"
            ) == true, "\(RetentionCheck.adaptiveNote(merged) ?? "")")
    }

    /// After a refused first fit, the explanation says when the next try is (the log grown by
    /// half), as the staleness rule has it.
    @Test func afterARefusedFitTheNoteSaysWhenTheNextTryIs() throws {
        let config = try CollectionConfig(yaml: "desired_retention: auto\nfsrs_fit_refused_reviews: 301\n", path: "badger.yml")
        let note = try #require(RetentionCheck.adaptiveNote(config))
        #expect(note.contains("once the log holds 452 reviews (a fit at 301 had too few left to train on"), "\(note)")
        // Not `optimize --apply`, which would be refused now as that fit was; with `adapt:
        // false` it is the only way, once the log has grown.
        #expect(!note.contains("optimize --apply"), "\(note)")
        let off = try CollectionConfig(yaml: "desired_retention: auto\nadapt: false\nfsrs_fit_refused_reviews: 301\n", path: "badger.yml")
        let offNote = try #require(RetentionCheck.adaptiveNote(off))
        #expect(offNote.contains("by `badger optimize --apply` once the log holds 452 reviews (a fit at 301 had too few"), "\(offNote)")
        let never = try #require(RetentionCheck.adaptiveNote(try CollectionConfig(yaml: "desired_retention: auto\n", path: "badger.yml")))
        #expect(note != never && never.contains("once they are stale, or by `badger optimize --apply`"), "\(never)")
        #expect(!ParameterFreshness(config: config, reviews: 451, predictableReviews: 300).isStale)
        #expect(ParameterFreshness(config: config, reviews: 452, predictableReviews: 300).isStale)
        #expect(ParameterFreshness.grownByHalf(0) == 1 && ParameterFreshness.grownByHalf(1) == 2 && ParameterFreshness.grownByHalf(4) == 6)
        #expect(ParameterFreshness.grownByHalf(3) == 5 && ParameterFreshness.grownByHalf(7) == 11)
        // A count edited into badger.yml past Int.max / 3 trapped every command that reads it.
        #expect(ParameterFreshness.grownByHalf(3_074_457_345_618_258_603) == 4_611_686_018_427_387_905)
        #expect(ParameterFreshness.grownByHalf(.max - 1) == .max && ParameterFreshness.grownByHalf(.max) == .max)
    }

    /// What `due` and `stats` say while the settings wait to be chosen for fitted parameters:
    /// not "until the parameters are first fitted", and with `adapt: false` not that a session
    /// chooses them.
    @Test func theAdviceNamesWhatChoosesTheSettingsForFittedParameters() throws {
        // Parameters removed by hand take what their fit recorded along (`due --format json`
        // said `fitted: false` beside the removed fit's day and review count).
        let removed = try CollectionConfig(
            yaml: "fsrs_parameters_fitted: \"2026-11-20\"\nfsrs_parameters_reviews: 400\n", path: "badger.yml")
        let gone = ParameterFreshness(config: removed, reviews: 410, predictableReviews: 300)
        #expect(!gone.fitted && gone.fittedOn == nil && gone.reviewsAtFit == nil)
        let turnedOn = "desired_retention: auto\nlearning_steps: auto\n" + Self.fitted
        let note = RetentionCheck.adaptiveNote(try CollectionConfig(yaml: turnedOn, path: "badger.yml"))
        #expect(
            note
                == "Automatic settings: retention 0.90 and the default learning steps until they are chosen for your fitted parameters (at the end of the next `badger study` session, or by `badger optimize --apply`)."
        )
        let off = try CollectionConfig(yaml: turnedOn + "adapt: false\n", path: "badger.yml")
        #expect(
            RetentionCheck.adaptiveNote(off)?.contains("by `badger optimize --apply`: `adapt: false` keeps a session from choosing them")
                == true)
        let advice = ParameterFreshness(config: off, reviews: 410, predictableReviews: 300).advice ?? ""
        #expect(
            advice.hasSuffix("run `badger optimize --apply` to choose them (`adapt: false` keeps a session from doing it)."), "\(advice)")
        #expect(!advice.contains("session chooses"))
        let never = RetentionCheck.adaptiveNote(try CollectionConfig(yaml: "desired_retention: auto\n", path: "badger.yml"))
        #expect(never?.contains("until the parameters are first fitted") == true)
        // Too few reviews to fit: nothing will choose them yet, and the note says so.
        let few = RetentionCheck.adaptiveNote(try CollectionConfig(yaml: turnedOn, path: "badger.yml"), predictableReviews: 32)
        #expect(
            few?.hasSuffix(
                "until 80 of your reviews came a day or more after the card's previous one (32 so far): choosing them needs that many.")
                == true, "\(few ?? "")")
    }

    /// Fits git merged into badger.yml are replaced by one fit at the next session, and `due`
    /// says so; parameters are only ever stale with the reviews a fit needs (pasted parameters
    /// in a small collection got advice nothing could follow).
    @Test func mergedFitsAreStaleAndStalenessNeedsTheReviewsAFitNeeds() throws {
        let merged = try CollectionConfig(
            yaml: Self.fitted + "fsrs_parameters_fitted: \"2026-11-21\"\nfsrs_parameters_reviews: 405\n", path: "badger.yml")
        #expect(merged.mergedFits)
        let freshness = ParameterFreshness(config: merged, reviews: 410, predictableReviews: 300)
        #expect(freshness.isStale && freshness.mergedFits)
        #expect(
            freshness.advice?.hasPrefix("badger.yml holds fits from several clones, merged by git") == true, "\(freshness.advice ?? "")")
        #expect(!ParameterFreshness(config: merged, reviews: 410, predictableReviews: 79).isStale)
        let pasted = try CollectionConfig(yaml: "fsrs_parameters: [\(Self.parameters)]\n", path: "badger.yml")
        #expect(!ParameterFreshness(config: pasted, reviews: 80, predictableReviews: 32).isStale)
        #expect(ParameterFreshness(config: pasted, reviews: 300, predictableReviews: 200).isStale)
    }

    @Test func theRetentionCheckComparesWithTheChosenTargetNotTheScheduledRetention() throws {
        let config = try CollectionConfig(
            yaml: "desired_retention: auto\n" + Self.fitted + "adaptive_retention: 0.88\nadaptive_target_retention: 0.86\n",
            path: "badger.yml")
        #expect(config.desiredRetention == 0.88)
        let check = RetentionCheck(
            config: config, reviews: ReviewColumns(logs: []),
            statistics: CollectionStatistics(
                cards: [], states: CardStates(memories: []), reviews: ReviewColumns(logs: []), now: Date(),
                day: StudyDay(timeZone: TimeZone(identifier: "UTC")!, startHour: 4), topics: nil))
        #expect(check.target == 0.86)
        // Bounds moved above the chosen target since: compared with what is scheduled for meanwhile.
        let moved = try CollectionConfig(
            yaml: "desired_retention: auto\ndesired_retention_bounds: [0.90, 0.95]\n" + Self.fitted
                + "adaptive_retention: 0.88\nadaptive_target_retention: 0.86\n",
            path: "badger.yml")
        #expect(moved.targetInForce == 0.90 && moved.desiredRetention == 0.90)
    }
}

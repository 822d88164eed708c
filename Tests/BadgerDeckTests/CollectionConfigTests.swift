import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerDeck

/// badger.yml's fitted FSRS parameters: reading them, and `badger optimize --apply`'s rewrite,
/// which must keep everything else in the file.
@Suite struct CollectionConfigTests {
    static let fitted = (0..<21).map { 0.1 + Double($0) / 100 }

    @Test func fittedParametersAreReadBack() throws {
        let text = CollectionConfig.settingFittedParameters(
            in: "fuzz: false\n", parameters: Self.fitted, fitted: "2026-11-22", reviews: 1234)
        let config = try CollectionConfig(yaml: text, path: "badger.yml")
        #expect(config.fuzz == false)
        #expect(config.fsrsParameters?.count == 21)
        #expect(zip(config.fsrsParameters ?? [], Self.fitted).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(config.fsrsParametersFitted == "2026-11-22")
        #expect(config.fsrsParametersReviews == 1234)
    }

    /// A config that is not UTF-8 is named where its first bad byte is: the line and column as
    /// in decks (after a byte-order mark, CR LF or a lone CR ending lines), the offset in the
    /// file (the mark counted).
    /// An empty YAML document sets nothing, however it is written (a lone `---` stopped every
    /// command with "must be a mapping"); a scalar still is an error.
    @Test(arguments: ["", "# settings\n", "---\n", "--- # none yet\n", "---\n...\n", "~\n"])
    func anEmptyDocumentSetsNothing(text: String) throws {
        let config = try CollectionConfig(yaml: text, path: "badger.yml")
        #expect(config.desiredRetention == CollectionConfig().desiredRetention && config.fsrsParameters == nil)
    }

    @Test func aScalarIsNotSettings() {
        #expect(throws: CollectionError.self) { try CollectionConfig(yaml: "fuzz\n", path: "badger.yml") }
    }

    @Test func bytesThatAreNotUTF8AreNamedWhereTheyAre() throws {
        for (bytes, place) in [
            (Array("fuzz: true\r\n# caf".utf8) + [0xE9], "line 2, column 6: not UTF-8 text (first bad byte at offset 17)"),
            ([0xEF, 0xBB, 0xBF] + Array("# caf".utf8) + [0xE9], "line 1, column 6: not UTF-8 text (first bad byte at offset 8)"),
            (Array("a: 1\rb".utf8) + [0xFF], "line 2, column 2: not UTF-8 text (first bad byte at offset 6)"),
        ] {
            #expect {
                try CollectionConfig(bytes: bytes, path: "badger.yml")
            } throws: { error in
                "\(error)" == "badger.yml: " + place + "; re-save it as UTF-8"
            }
        }
        #expect(try CollectionConfig(bytes: [0xEF, 0xBB, 0xBF] + Array("fuzz: false\n".utf8), path: "badger.yml").fuzz == false)
    }

    @Test func rewritingKeepsEveryOtherLineAndReplacesOldValues() throws {
        let original = """
            # Settings for my decks
            exclude:
              - README.md   # not a deck
            fsrs_parameters:
              - 1
              - 2
            desired_retention: 0.85
            fsrs_parameters_reviews: 10
            fuzz: true
            """
        let text = CollectionConfig.settingFittedParameters(in: original, parameters: Self.fitted, fitted: "2026-11-22", reviews: 99)
        // The fit's keys gathered where the first of them was, between the markers; every other
        // line as it was (the last still without a line ending).
        #expect(
            text.hasPrefix(
                "# Settings for my decks\nexclude:\n  - README.md   # not a deck\n" + CollectionConfig.fitsMarker
                    + "\nfsrs_parameters: [0.1000, "
            ))
        #expect(
            text.hasSuffix(
                "fsrs_parameters_fitted: \"2026-11-22\"\nfsrs_parameters_reviews: 99\n" + CollectionConfig.fitsEndMarker
                    + "\ndesired_retention: 0.85\nfuzz: true"))
        let config = try CollectionConfig(yaml: text, path: "badger.yml")
        #expect(config.desiredRetention == 0.85 && config.exclude == ["README.md"])
        #expect(config.fsrsParametersReviews == 99)
        // Empty and missing files get just the new keys.
        #expect(
            CollectionConfig.settingFittedParameters(in: "", parameters: Self.fitted, fitted: "d", reviews: 1).hasPrefix(
                CollectionConfig.fitsMarker + "\nfsrs_parameters: ["))
    }

    /// Steps are digits, a decimal point and a unit, whole seconds from 1 to the longest interval.
    @Test func stepsAreWholeSecondsWrittenInDecimal() throws {
        for (text, seconds) in [
            ("30s", 30.0), ("1.5m", 90), ("0.1h", 360), ("2h", 7200), ("1d", 86_400), ("36500d", 3_153_600_000), ("1.50000000000m", 90),
            ("0.0125h", 45),
        ] {
            #expect(CollectionConfig.step(text) == .success(seconds), "\(text)")
        }
        for (text, problem) in [
            ("0m", CollectionConfig.StepProblem.shorterThanASecond), ("0.5s", .shorterThanASecond), ("1.5s", .notWholeSeconds),
            ("0.0001d", .notWholeSeconds), ("1.0000001s", .notWholeSeconds), ("1.0000000000000001m", .notWholeSeconds),
            ("36501d", .longerThanTheLongestInterval), ("1e3s", .notADuration), ("+5m", .notADuration),
            ("0x10s", .notADuration), ("5.m", .notADuration), ("m", .notADuration), ("10", .notADuration), ("1w", .notADuration),
            ("１０m", .notADuration), ("-1m", .notADuration),
        ] {
            #expect(CollectionConfig.step(text) == .failure(problem), "\(text)")
        }
        // A step of a megabyte is named by its start.
        let long = String(repeating: "9", count: 1 << 20) + "x"
        #expect(
            CollectionConfig.StepProblem.notADuration.words(long)
                == "\"\(String(repeating: "9", count: 40))…\" is not a duration such as 30s, 10m, 2h or 1d")
    }

    @Test(arguments: ["fsrs_parameters: [1, 2]", "fsrs_parameters: oops", "fsrs_parameters_reviews: -3", "fsrs_parameters_fitted: []"])
    func badFittedValuesAreExplained(_ yaml: String) {
        #expect(throws: CollectionError.self) { try CollectionConfig(yaml: yaml, path: "badger.yml") }
    }
}

/// badger.yml after git's union driver merged the fits of several clones: the same values,
/// whatever the order of their lines, until the next fit writes one fit again.
@Suite struct MergedFitsTests {
    static func fit(_ first: String, reviews: Int, retention: String, day: String = "2026-01-04") -> [String] {
        [
            "fsrs_parameters: [\(first), 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]",
            "fsrs_parameters_fitted: \"\(day)\"", "fsrs_parameters_reviews: \(reviews)", "adaptive_retention: \(retention)",
            "adaptive_learning_steps: []",
        ]
    }

    @Test func everyOrderOfTheMergedLinesGivesTheSameSettings() throws {
        // Three fits; two to as many reviews on the same day, whose equal lines a merge keeps once.
        // With the marker lines (a clone from before them has none) and a comment of the user's.
        let lines = Array(
            Set(
                Self.fit("0.3", reviews: 1875, retention: "0.83") + Self.fit("0.5", reviews: 1876, retention: "0.86", day: "2026-01-05")
                    + Self.fit("0.4", reviews: 1875, retention: "0.84") + ["# my note", "fsrs_parameters_reviews: 1877 # pasted"])
        ).sorted()
        var generator = SystemRandomNumberGenerator()
        var seen: Set<String> = []
        for round in 0..<50 {
            // Between the markers, where the clones' fits were; half the time without them.
            let merged = lines.shuffled(using: &generator)
            let marked = round.isMultiple(of: 2) ? [CollectionConfig.fitsMarker] + merged + [CollectionConfig.fitsEndMarker] : merged
            let yaml = "desired_retention: auto\n" + marked.joined(separator: "\n") + "\n"
            let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
            #expect(config.mergedFits)
            seen.insert("\(config.fsrsParameters ?? []) \(config.desiredRetention) \(config.fsrsParametersReviews ?? 0)")
            // What a fit starts from has each key once, the values used.
            let single = CollectionConfig.removingMergedFits(from: yaml)
            let again = try CollectionConfig(yaml: single, path: "badger.yml")
            #expect(!again.mergedFits && again.fsrsParameters == config.fsrsParameters && again.desiredRetention == config.desiredRetention)
            #expect(single.split(separator: "\n").count == (round.isMultiple(of: 2) ? 9 : 7), "\(single)")
            #expect(config.fsrsParametersReviews == 1877)
        }
        #expect(seen.count == 1, "\(seen)")
        #expect(
            try CollectionConfig(yaml: "fuzz: true\n" + Self.fit("0.3", reviews: 1, retention: "0.9").joined(separator: "\n"), path: "b")
                .mergedFits == false)
    }

    /// Parameters pasted beside a fit (above its markers, or merged from a clone that pasted
    /// them) are not a merged fit: which one counts is the user's to say. They were used or
    /// passed over by the order of their texts, and the next fit dropped them unrecorded.
    @Test func parametersOfYoursBesideAFitAreAnErrorNamingBoth() throws {
        let start = CollectionConfig.fitsMarker
        let end = CollectionConfig.fitsEndMarker
        let fit = Self.fit("0.3", reviews: 1875, retention: "0.83").joined(separator: "\n")
        let pasted = Self.fit("0.05", reviews: 0, retention: "0.9")[0]
        for (yaml, lines, yours) in [
            ("adapt: false\n\(pasted)\n\(start)\n\(fit)\n\(end)\n", "2 and 4", 2),
            ("\(start)\n\(fit)\n\(end)\nfuzz: true\n\n\(pasted)\n", "2 and 10", 10),
            // A start marker without its end (as an earlier badger wrote): below your setting.
            ("\(start)\n\(fit)\nfuzz: true\n\(pasted)\n", "2 and 8", 8),
            // Written twice by hand, no fit at all.
            ("\(pasted)\nfuzz: true\n\(pasted.replacingOccurrences(of: "0.05", with: "0.06"))\n", "1 and 3", 1),
            // Windows line endings, markers indented.
            (
                "adapt: false\r\n\(pasted)\r\n  \(start)\r\n\(fit.replacingOccurrences(of: "\n", with: "\r\n"))\r\n  \(end)\r\n", "2 and 4",
                2
            ),
        ] {
            #expect {
                try CollectionConfig(yaml: yaml, path: "badger.yml")
            } throws: { error in
                "\(error)"
                    == "badger.yml: `fsrs_parameters` is set more than once (lines \(lines)), and line \(yours) has no `fsrs_parameters_fitted` beside it (parameters of yours, not a fit's); keep the one you want"
            }
        }
    }

    /// A key written quoted (`"name":`, `'name':`, as YAML reads it alike) and plain is the same
    /// key twice: said with both lines, as a plain one written twice is (Yams's message named
    /// no line but the first and quoted the whole file).
    @Test func aKeyWrittenQuotedAndPlainIsSetTwiceNamingBothLines() throws {
        for yaml in [
            "desired_retention: 0.9\nfuzz: true\n\"desired_retention\": 0.8\n",
            "'desired_retention': 0.9\nfuzz: true\ndesired_retention: 0.8\n",
        ] {
            #expect {
                try CollectionConfig(yaml: yaml, path: "badger.yml")
            } throws: { error in
                "\(error)"
                    == "badger.yml: `desired_retention` is set more than once (lines 1 and 3), as merging two versions of the file can leave it; keep the one you want"
            }
        }
        // Quoted alone, it is read as the plain key.
        #expect(try CollectionConfig(yaml: "\"desired_retention\": 0.8\n", path: "b").desiredRetention == 0.8)
    }

    /// Two clones' fits, one written by a badger from before the end marker or before both
    /// markers, merged by git's union driver: the older fit's keys land outside the newer
    /// one's markers, and are a fit's all the same (its `fsrs_parameters_fitted` beside them).
    @Test func fitsOfOlderVersionsMergedOutsideTheMarkersAreMergedFits() throws {
        let start = CollectionConfig.fitsMarker
        let end = CollectionConfig.fitsEndMarker
        let new = Self.fit("0.3", reviews: 1875, retention: "0.83").joined(separator: "\n")
        let old = Self.fit("0.4", reviews: 1900, retention: "0.84", day: "2026-01-05").joined(separator: "\n")
        for yaml in [
            // The base had the start marker only; merged on the clone with the new badger.
            "fuzz: true\n\(start)\n\(new)\n\(end)\n\(old)\n",
            // The base had no markers.
            "fuzz: true\n\(old)\n\(start)\n\(new)\n\(end)\n",
            "fuzz: true\r\n\(old.replacingOccurrences(of: "\n", with: "\r\n"))\r\n\(start)\r\n\(new.replacingOccurrences(of: "\n", with: "\r\n"))\r\n\(end)\r\n",
            // Parameters pasted between the markers, beside the fit's own line: one more copy.
            "\(start)\n\(Self.fit("0.05", reviews: 0, retention: "0.9")[0])\n\(new)\n\(end)\n",
        ] {
            let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
            #expect(config.mergedFits, "\(yaml)")
        }
    }
}

/// A fit rewrites its own keys of badger.yml whatever the file's line endings and block scalars.
@Suite struct ConfigRewriteTests {
    @Test func aFileWithWindowsLineEndingsHasItsFittedKeysReplacedNotRepeated() throws {
        let original = "desired_retention: auto\r\nfsrs_parameters: [1, 2]\r\nfsrs_parameters_reviews: 200\r\nadaptive_retention: 0.86\r\n"
        let refitted = CollectionConfig.settingAdaptiveChoice(
            in: CollectionConfig.settingFittedParameters(in: original, parameters: [3, 4], fitted: "2026-11-25", reviews: 407),
            retention: 0.87, learningSteps: [], relearningSteps: [600], reason: "because")
        #expect(
            refitted
                == "desired_retention: auto\r\n" + CollectionConfig.fitsMarker
                + "\r\nfsrs_parameters: [3.0000, 4.0000]\r\nfsrs_parameters_fitted: \"2026-11-25\"\r\nfsrs_parameters_reviews: 407\r\nadaptive_retention: 0.87\r\nadaptive_learning_steps: []\r\nadaptive_relearning_steps: [10m]\r\nadaptive_reason: \"because\"\r\n"
                + CollectionConfig.fitsEndMarker + "\r\n"
        )
        #expect(refitted.components(separatedBy: "fsrs_parameters:").count == 2)
    }

    /// A fit writes its keys between the two marker lines and leaves your settings where they
    /// are, above or below them, so a setting changed in one clone never touches the lines a fit
    /// in another clone changed.
    @Test func aFitWritesBetweenTheMarkersAndLeavesYourSettingsInPlace() throws {
        let start = CollectionConfig.fitsMarker
        let end = CollectionConfig.fitsEndMarker
        let original = "fuzz: true\n\(start)\nfsrs_parameters: [1, 2]\nfsrs_parameters_reviews: 200\n\(end)\nday_start_hour: 5\n"
        let refitted = CollectionConfig.settingFittedParameters(in: original, parameters: [3, 4], fitted: "2026-11-25", reviews: 407)
        #expect(
            refitted
                == "fuzz: true\n\(start)\nfsrs_parameters: [3.0000, 4.0000]\nfsrs_parameters_fitted: \"2026-11-25\"\nfsrs_parameters_reviews: 407\n\(end)\nday_start_hour: 5\n"
        )
        // A file from before the markers, its fit-written keys among your settings.
        let older = "fsrs_parameters: [1, 2]\nfuzz: true\nadaptive_retention: 0.86\nday_start_hour: 5\n"
        let moved = CollectionConfig.settingRefusedFit(in: older, reviews: 9)
        #expect(
            moved
                == "\(start)\nfsrs_parameters: [1, 2]\nadaptive_retention: 0.86\nfsrs_fit_refused_reviews: 9\n\(end)\nfuzz: true\nday_start_hour: 5\n"
        )
    }

    /// With the markers in place, a fit changes nothing outside them: blank lines beside them, a
    /// last line without a line ending, each line's own ending (any change there would merge
    /// into a second copy of a setting edited in another clone).
    @Test func aFitLeavesEveryLineOutsideTheMarkersAsItWas() throws {
        let start = CollectionConfig.fitsMarker
        let end = CollectionConfig.fitsEndMarker
        let original = "fuzz: true\r\n\n\(start)\nfsrs_parameters_reviews: 200\n\(end)\n\nday_start_hour: 5"
        let refitted = CollectionConfig.settingRefusedFit(in: original, reviews: 300)
        #expect(
            refitted == "fuzz: true\r\n\n\(start)\nfsrs_parameters_reviews: 200\nfsrs_fit_refused_reviews: 300\n\(end)\n\nday_start_hour: 5"
        )
        // A comment between the items of a block list belongs to the value, which is replaced whole.
        let commented = "fsrs_parameters:\n  - 1\n# the rest\n  - 2\nfuzz: true\n"
        let replaced = CollectionConfig.settingFittedParameters(in: commented, parameters: [3], fitted: "d", reviews: 1)
        #expect(!replaced.contains("# the rest") && !replaced.contains("  - 2"), "\(replaced)")
        #expect(replaced.hasSuffix("\(end)\nfuzz: true\n"))
        // A setting of yours between the markers goes just below them.
        let between = "\(start)\nfsrs_parameters_reviews: 1\nfuzz: true\n\(end)\n"
        #expect(
            CollectionConfig.settingRefusedFit(in: between, reviews: 2)
                == "\(start)\nfsrs_parameters_reviews: 1\nfsrs_fit_refused_reviews: 2\n\(end)\nfuzz: true\n")
    }

    /// Random files with the markers in place: whatever your lines above and below them (blank,
    /// comments, lists, either line ending, no ending at the end), a fit leaves them byte for
    /// byte and the file reads back with the new values.
    @Test func aFitNeverTouchesYourLinesAroundTheMarkers() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let yours = [
            ["fuzz: true"], ["day_start_hour: 5"], ["# a note"], [""], ["exclude:", "  - README.md", "# inside", "  - notes.md"],
            ["maximum_interval: 3650  # ten years"], ["macros:", "  R: \\mathbb{R}"],
        ]
        let fits = [
            ["fsrs_parameters: [1, 2]"], ["fsrs_parameters:", "  - 1", "  - 2"], ["fsrs_parameters_reviews: 10"],
            ["adaptive_reason: >", "  retention 0.86", "", "  chosen because"], ["fsrs_fit_refused_reviews: 3"],
        ]
        for _ in 0..<300 {
            func pick(_ choices: [[String]], count: Int) -> [String] {
                var used = Set<Int>()
                return (0..<count).flatMap { _ -> [String] in
                    let index = next(choices.count)
                    // A key once (blank lines and comments may repeat).
                    guard !used.contains(index) || choices[index][0].isEmpty || choices[index][0].hasPrefix("#") else { return [] }
                    used.insert(index)
                    return choices[index]
                }
            }
            let above = pick(Array(yours.prefix(4)), count: next(4))
            let below = pick(Array(yours.dropFirst(4)) + [[""], ["# below"]], count: next(4))
            let lines = above + [CollectionConfig.fitsMarker] + pick(fits, count: next(4)) + [CollectionConfig.fitsEndMarker] + below
            var text = ""
            for (index, line) in lines.enumerated() {
                text += line
                if index < lines.count - 1 || next(3) > 0 { text += next(4) == 0 ? "\r\n" : "\n" }
            }
            let written = CollectionConfig.settingFittedParameters(in: text, parameters: [0.5], fitted: "2026-11-26", reviews: 77)
            let start = try #require(text.range(of: CollectionConfig.fitsMarker))
            let end = try #require(text.range(of: CollectionConfig.fitsEndMarker))
            #expect(written.hasPrefix(text[..<start.lowerBound]), "\(text.debugDescription) → \(written.debugDescription)")
            #expect(written.hasSuffix(text[end.upperBound...]), "\(text.debugDescription) → \(written.debugDescription)")
            #expect(written.components(separatedBy: "fsrs_parameters:").count == 2, "\(written.debugDescription)")
            #expect(written.contains("fsrs_parameters_reviews: 77"))
        }
    }

    /// The fourth round's files: each kept whole and readable.
    @Test func markersAsWrittenCommentsBelowThemAndOddFilesSurviveAFit() throws {
        let start = CollectionConfig.fitsMarker
        let end = CollectionConfig.fitsEndMarker
        // An indented comment of yours below the end marker stays, and the marker stays one.
        let note = "\(start)\nfsrs_parameters_reviews: 1\n\(end)\n  # a note of mine\nfuzz: true\n"
        #expect(
            CollectionConfig.settingRefusedFit(in: note, reviews: 2)
                == "\(start)\nfsrs_parameters_reviews: 1\nfsrs_fit_refused_reviews: 2\n\(end)\n  # a note of mine\nfuzz: true\n")
        // A marker written with a space after it, or indented, is left as written.
        let spaced = "fuzz: true\n\(start) \nfsrs_parameters_reviews: 1\n  \(end)\n"
        #expect(
            CollectionConfig.settingRefusedFit(in: spaced, reviews: 2)
                == "fuzz: true\n\(start) \nfsrs_parameters_reviews: 1\nfsrs_fit_refused_reviews: 2\n  \(end)\n")
        // The start marker as the last line, without a line ending: the keys go on lines of their own.
        let last = CollectionConfig.settingRefusedFit(in: "fuzz: true\n\(start)", reviews: 2)
        #expect(last == "fuzz: true\n\(start)\nfsrs_fit_refused_reviews: 2\n\(end)\n")
        #expect(try CollectionConfig(yaml: last, path: "badger.yml").fsrsFitRefusedReviews == 2)
        // A byte-order mark before the first line: read, and the marker after it recognised.
        #expect(try CollectionConfig(yaml: "\u{FEFF}fuzz: true\n", path: "badger.yml").fuzz)
        let marked = "\u{FEFF}\(start)\nfsrs_parameters_reviews: 1\n\(end)\n"
        #expect(CollectionConfig.settingRefusedFit(in: marked, reviews: 2).components(separatedBy: start).count == 2)
        // A setting of yours between the markers moves below them; the end marker keeps its ending.
        #expect(
            CollectionConfig.settingRefusedFit(in: "\(start)\nfsrs_parameters_reviews: 1\nfuzz: true\n\(end)\r\n", reviews: 2)
                == "\(start)\nfsrs_parameters_reviews: 1\nfsrs_fit_refused_reviews: 2\n\(end)\r\nfuzz: true\n")
        // Two clones' first fits merged: two start markers, one end; the next fit leaves one pair.
        let twice = "fuzz: true\n\(start)\nfsrs_parameters_reviews: 1\n\(start)\nfsrs_parameters_reviews: 2\n\(end)\nday_start_hour: 5\n"
        let once = CollectionConfig.settingRefusedFit(in: CollectionConfig.removingMergedFits(from: twice), reviews: 3)
        #expect(
            once == "fuzz: true\n\(start)\nfsrs_parameters_reviews: 2\nfsrs_fit_refused_reviews: 3\n\(end)\nday_start_hour: 5\n", "\(once)")
        // Merged fits removed, every other line keeps its own ending.
        let merged = "fuzz: true\r\n\(start)\nfsrs_parameters_reviews: 1\nfsrs_parameters_reviews: 2\n\(end)\nday_start_hour: 5\r\n"
        #expect(
            CollectionConfig.removingMergedFits(from: merged)
                == "fuzz: true\r\n\(start)\nfsrs_parameters_reviews: 2\n\(end)\nday_start_hour: 5\r\n")
    }

    @Test func aBlockScalarWithABlankLineIsReplacedWhole() throws {
        let original = "adaptive_reason: >\n  retention 0.86\n\n  chosen because\nfuzz: true\n"
        let refitted = CollectionConfig.settingAdaptiveChoice(
            in: original, retention: 0.87, learningSteps: [], relearningSteps: [], reason: "new")
        #expect(!refitted.contains("chosen because"), "\(refitted)")
        #expect(refitted.hasSuffix(CollectionConfig.fitsEndMarker + "\nfuzz: true\n"))
        _ = try CollectionConfig(yaml: refitted, path: "badger.yml")
    }
}

/// Grammar/Config.schema.json, which editors validate badger.yml with, names every key the
/// reader takes and no other.
@Suite struct ConfigSchemaTests {
    @Test func theSchemaNamesExactlyTheKeysBadgerReads() throws {
        let data = try Data(contentsOf: PackagePaths.url("Grammar/Config.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(CollectionConfig.keys))
        #expect(schema["additionalProperties"] as? Bool == false)
    }
}

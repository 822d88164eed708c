import BadgerDeck
import BadgerTestSupport
import Foundation
import Testing

/// The automatic settings from the command line: the refit at the end of `badger study`, the
/// JSON interface for simulations (`optimize --settings`, `schedule replay --settings`), and
/// the help and README text of every new flag.
@Suite struct AdaptiveCommandTests {
    static let auto = "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\nfuzz: true\n"
    /// The comment line a fit writes above its keys.
    static let marker = "# Written by each fit (badger optimize --apply, the end of a study session):\n"
    static let endMarker = "# End of what fits write.\n"

    /// A collection with OptimizeCommandTests's logs (200 reviews a day or more apart, never
    /// fitted) and automatic settings, and the same histories in `schedule replay`'s format.
    static func collection() async throws -> (TemporaryDirectory, String) {
        let directory = try await OptimizeCommandTests.collection()
        try directory.write("badger.yml", auto)
        var histories: [String: [[String: Any]]] = [:]
        var order: [String] = []
        // In the order badger reads the logs (sorted by path); any order fits the same.
        for log in ["algebra.reviews", "french.reviews"] {
            for line in try directory.read(log).split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t").map(String.init)
                if histories[fields[2]] == nil { order.append(fields[2]) }
                histories[fields[2], default: []].append(["rating": Int(fields[3])!, "at": fields[0]])
            }
        }
        let list = order.map { ["id": $0, "reviews": histories[$0]!] as [String: Any] }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self)
        try directory.write("histories.json", text)
        return (directory, text)
    }

    static func study(_ directory: TemporaryDirectory, _ extra: [String] = []) async throws -> BadgerProcess.Result {
        try await BadgerProcess.run(
            ["study", "--topic", "all", "--count", "10", "--plain"] + extra, in: directory.url, environment: ["TZ": "UTC"], input: "q\n")
    }

    @Test func studyRefitsStaleParametersAtTheEndAndSaysSoOnce() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let first = try await Self.study(directory)
        #expect(first.status == 0, "\(first.standardError)")
        let announced = first.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Re-fitted your FSRS parameters") }
        #expect(announced.count == 1, "\(first.standardOutput)")
        #expect(announced.first?.contains(" reviews (they were never fitted); retention 0.") == true, "\(announced)")
        #expect(announced.first?.hasSuffix("; due dates follow them; `badger stats` explains.") == true, "\(announced)")
        let yaml = try directory.read("badger.yml")
        #expect(yaml.hasPrefix(Self.auto))
        #expect(
            yaml.contains("\nfsrs_parameters: [") && yaml.contains("\nadaptive_retention: 0.") && yaml.contains("\nadaptive_reason: \""))
        let fits = try directory.read("badger.fits")
        #expect(fits.split(separator: "\n").count == 1 && fits.contains("\tfit\treviews="), "\(fits)")
        // Fresh now: the next session fits nothing.
        let second = try await Self.study(directory)
        #expect(!second.standardOutput.contains("Re-fitted"))
        #expect(try directory.read("badger.fits") == fits)
        // Stats and due explain the choice.
        let stats = try await BadgerProcess.run(["stats"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(stats.standardOutput.contains("Automatic settings: retention 0."), "\(stats.standardOutput)")
        #expect(stats.standardOutput.contains("% (desired_retention: auto), per topic below"), "\(stats.standardOutput)")
        // (Wrapped to 80 columns, the continuation indented.)
        let sentence = stats.standardOutput.replacingOccurrences(of: "\n    ", with: " ")
        #expect(
            sentence.contains(", chosen because it is the highest from 0.85 to 0.95")
                || sentence.contains(", chosen because its simulated reviews per card remembered ("), "\(stats.standardOutput)")
        let due = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(due.standardOutput.contains("\nAutomatic settings: retention 0."), "\(due.standardOutput)")
    }

    /// A badger.yml made read-only keeps what it says: the session's fit is not made (nothing
    /// could store it) and the warning says why; `optimize --apply` fails alike; once writable
    /// again, the next session fits.
    @Test func aReadOnlyBadgerYmlIsNotReplacedByAFit() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("badger.yml").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let session = try await Self.study(directory)
        #expect(session.status == 0, "\(session.standardError)")
        #expect(!session.standardOutput.contains("Re-fitted"), "\(session.standardOutput)")
        #expect(
            session.standardError.contains("the FSRS parameters are stale, but no fit can be stored: badger.yml: it is read-only"),
            "\(session.standardError)")
        // `due` does not promise a fit no session could store, in the advice or the settings' note.
        let due = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(
            due.standardOutput.contains("could fit them to you; no fit can be stored until this is mended: badger.yml: it is read-only"),
            "\(due.standardOutput)")
        #expect(
            due.standardOutput.contains("until the parameters are first fitted (no fit can store them until this is mended: badger.yml:"),
            "\(due.standardOutput)")
        #expect(!due.standardOutput.contains("badger study` session"), "\(due.standardOutput)")
        let apply = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(apply.status != 0 && apply.standardError.contains("it is read-only"), "\(apply.standardError)")
        #expect(try directory.read("badger.yml") == Self.auto)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.fits").path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(try await Self.study(directory).standardOutput.contains("Re-fitted your FSRS parameters"))
    }

    /// `due` and `stats` over two collections judge each by its own settings and log: each
    /// topic against its own collection's target, each collection's parameters stale or not by
    /// its own reviews (they were added up, so a collection fitted a moment ago was called stale),
    /// each line naming its collection; JSON adds `collections`.
    @Test func dueAndStatsOverTwoCollectionsJudgeEachByItsOwn() async throws {
        let fitted = try await OptimizeCommandTests.collection()
        let other = try await OptimizeCommandTests.collection()
        defer {
            fitted.remove()
            other.remove()
        }
        try fitted.write("badger.yml", "desired_retention: 0.85\n")
        try other.write("badger.yml", "desired_retention: 0.92\n")
        let apply = try await BadgerProcess.run(["optimize", "--apply"], in: fitted.url, environment: ["TZ": "UTC"])
        try #require(apply.status == 0, "\(apply.standardError)")
        let due = try await BadgerProcess.run(["due", ".", other.url.path], in: fitted.url, environment: ["TZ": "UTC"])
        #expect(due.standardOutput.contains("\n.: Retention vs target 85%: Algebra "), "\(due.standardOutput)")
        #expect(due.standardOutput.contains("\n\(other.url.path): Retention vs target 92%: Algebra "), "\(due.standardOutput)")
        #expect(!due.standardOutput.contains(".: FSRS parameters are stale"), "\(due.standardOutput)")
        #expect(
            due.standardOutput.contains("\n\(other.url.path): FSRS uses its default parameters, but 200 of your reviews could fit them"),
            "\(due.standardOutput)")
        // In path order, each with its own target and parameters.
        let json = try await BadgerProcess.run(
            ["due", ".", other.url.path, "--format", "json"], in: fitted.url, environment: ["TZ": "UTC"])
        let document = try OptimizeCommandTests.json(json.standardOutput)
        let collections = (document["collections"] as? [[String: Any]] ?? []).map {
            ($0["root"] as? String ?? "", $0["targetRetention"] as? Double, ($0["parameters"] as? [String: Any])?["fitted"] as? Bool)
        }
        let expected = [(fitted.url.path, 0.85, true), (other.url.path, 0.92, false)].sorted { $0.0 < $1.0 }
        #expect(collections.map(\.0) == expected.map(\.0) && collections.map(\.1) == expected.map(\.1), "\(collections)")
        #expect(collections.map(\.2) == expected.map(\.2), "\(collections)")
        // Both hold Algebra and French, with different targets: each collection's figures apart,
        // none for the topic as a whole.
        let topics = document["topics"] as? [[String: Any]] ?? []
        #expect(topics.count == 2 && topics.allSatisfy { $0["targetRetention"] is NSNull }, "\(topics)")
        // (The two collections hold the same reviews: over both, each topic's retention is each one's.)
        let first = (document["collections"] as? [[String: Any]])?.first?["retention"] as? [String: Double]
        #expect(
            topics.allSatisfy {
                ($0["retention"] as? Double).map { $0 > 0 } == true && $0["retention"] as? Double == first?[$0["topic"] as? String ?? ""]
            }, "\(topics)")
        #expect(
            (document["collections"] as? [[String: Any]] ?? []).allSatisfy {
                ($0["retention"] as? [String: Any])?.keys.sorted() == ["Algebra", "French"]
            })
        let stats = try await BadgerProcess.run(["stats", ".", other.url.path], in: fitted.url, environment: ["TZ": "UTC"])
        #expect(stats.standardOutput.contains("Target retention: ") && stats.standardOutput.contains("85% in . (desired_retention)"))
        #expect(stats.standardOutput.contains("92% in \(other.url.path) (desired_retention)"), "\(stats.standardOutput)")
        // Each sentence named by its collection's folder (they were named by a topic, by position).
        let sentences = stats.standardOutput.replacingOccurrences(of: "\n    ", with: " ")
        #expect(sentences.contains("  \(other.url.path): FSRS uses its default parameters, but 200"), "\(stats.standardOutput)")
        #expect(!sentences.contains("Algebra: ") && !sentences.contains("French: "), "\(stats.standardOutput)")
        let statsText = try await BadgerProcess.run(["stats", ".", other.url.path, "--format", "json"], in: fitted.url).standardOutput
        try await StatsCommandTests.checkAgainstTheSchema(statsText, in: fitted)
        let statsJSON = try OptimizeCommandTests.json(statsText)
        #expect((statsJSON["total"] as? [String: Any])?["targetRetention"] is NSNull)
        let statsCollections = statsJSON["collections"] as? [[String: Any]] ?? []
        #expect(statsCollections.count == 2)
        #expect(statsCollections.allSatisfy { ($0["retention"] as? [String: Any])?.keys.sorted() == ["Algebra", "French"] })
        // One collection: as before, no names and no `collections`.
        let alone = try await BadgerProcess.run(["due"], in: fitted.url, environment: ["TZ": "UTC"])
        #expect(alone.standardOutput.contains("\nRetention vs target 85%: Algebra "), "\(alone.standardOutput)")
        let aloneJSON = try await BadgerProcess.run(["due", "--format", "json"], in: fitted.url, environment: ["TZ": "UTC"])
        #expect(try OptimizeCommandTests.json(aloneJSON.standardOutput)["collections"] == nil)
    }

    /// badger.fits is a log: a fit adds its line after every byte the file held, a note in
    /// Latin-1 or a last line without its ending included (they were decoded as UTF-8 and
    /// written back with replacement characters).
    @Test func aFitKeepsEveryByteOfBadgerFits() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("badger.fits")
        let before: [UInt8] = Array("# my notes: caf".utf8) + [0xE9] + Array("\n# no line ending".utf8)
        try Data(before).write(to: path)
        let apply = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(apply.status == 0, "\(apply.standardError)")
        let after = [UInt8](try Data(contentsOf: path))
        #expect(Array(after.prefix(before.count)) == before)
        #expect(after.count > before.count + 1 && after[before.count] == UInt8(ascii: "\n"))
        let added = String(decoding: after[(before.count + 1)...], as: UTF8.self)
        #expect(added.contains("\tfit\treviews=") && added.hasSuffix("\n") && added.split(separator: "\n").count == 1, "\(added)")
    }

    /// optimize --apply over two collections stores a fit to each one's own reviews and says
    /// what each got (it said one "Stored in badger.yml" line, the first's); in a collection
    /// whose scheduler is SM-2 it says the parameters are not used.
    @Test func optimizeApplyOverTwoCollectionsSaysWhatEachStored() async throws {
        let first = try await OptimizeCommandTests.collection()
        let second = try await OptimizeCommandTests.collection()
        defer {
            first.remove()
            second.remove()
        }
        try second.write("badger.yml", "scheduler: sm2\n")
        // Without --apply: the report pools both, and says so (it said --apply would store "them").
        let report = try await BadgerProcess.run(["optimize", ".", second.url.path], in: first.url, environment: ["TZ": "UTC"])
        // In path order, named as given ("." for the folder it runs in).
        let names = [first.url.path, second.url.path].sorted().map { $0 == first.url.path ? "." : $0 }
        #expect(
            report.standardOutput.hasPrefix(
                "Pooled over 2 collections (\(names.joined(separator: ", "))); \"current\" is the parameters of \(names[0]), and --apply fits each collection to its own reviews.\n"
            ), "\(report.standardOutput)")
        #expect(
            report.standardOutput.hasSuffix(
                "Not applied: `badger optimize --apply` fits each collection to its own reviews and stores them in its badger.yml.\n"))
        // The two hold the same decks: each card is two histories, one per collection (they were
        // interleaved into one, 40 cards).
        #expect(report.standardOutput.contains(" reviews of 80 cards; "), "\(report.standardOutput)")
        let pooled = try await BadgerProcess.run(
            ["optimize", ".", second.url.path, "--format", "json"], in: first.url, environment: ["TZ": "UTC"])
        #expect((try OptimizeCommandTests.json(pooled.standardOutput)["pooledRoots"] as? [String])?.count == 2)
        let applied = try await BadgerProcess.run(["optimize", "--apply", ".", second.url.path], in: first.url, environment: ["TZ": "UTC"])
        #expect(applied.status == 0, "\(applied.standardError)")
        #expect(applied.standardOutput.contains("Each collection fitted again on every review of its own"), "\(applied.standardOutput)")
        #expect(applied.standardOutput.contains("\n  .: [") && applied.standardOutput.contains("scheduling uses them from now on"))
        #expect(applied.standardOutput.contains("\n  \(second.url.path): ["), "\(applied.standardOutput)")
        #expect(applied.standardOutput.contains("`scheduler: sm2` does not use them (FSRS would)"), "\(applied.standardOutput)")
        #expect(try first.read("badger.yml").contains("\nfsrs_parameters: [") && second.read("badger.yml").contains("\nfsrs_parameters: ["))
        // One collection with SM-2: the same said of it.
        let alone = try await BadgerProcess.run(["optimize", "--apply"], in: second.url, environment: ["TZ": "UTC"])
        #expect(
            alone.standardOutput.contains("fitted again on every review; `scheduler: sm2` does not use them (FSRS would):"),
            "\(alone.standardOutput)")
        // Automatic settings under SM-2: chosen for FSRS, and said to be unused (they read as in force).
        try second.write("badger.yml", "scheduler: sm2\ndesired_retention: auto\n")
        let automatic = try await BadgerProcess.run(["optimize", "--apply"], in: second.url, environment: ["TZ": "UTC"])
        #expect(
            automatic.standardOutput.contains(
                "\nAutomatic settings chosen with them, for FSRS (`scheduler: sm2` uses none of them): retention 0."),
            "\(automatic.standardOutput)")
        let json = try await BadgerProcess.run(
            ["optimize", "--apply", ".", second.url.path, "--format", "json"], in: first.url, environment: ["TZ": "UTC"])
        let collections = try OptimizeCommandTests.json(json.standardOutput)["collections"] as? [[String: Any]] ?? []
        #expect(collections.count == 2 && collections.allSatisfy { ($0["stored"] as? [Double])?.count == 21 }, "\(collections)")
        #expect(collections.compactMap { $0["unusedBy"] as? String } == ["sm2"])
        // A collection with too few reviews to fit is said, not passed over.
        let small = try TemporaryDirectory()
        defer { small.remove() }
        try small.write("badger.yml", "fuzz: true\n")
        try small.write("s.md", "---\ntopic: Small\n---\n\nQ: one?\nA: 1\n")
        let withSmall = try await BadgerProcess.run(
            ["optimize", "--apply", ".", small.url.path], in: first.url, environment: ["TZ": "UTC"])
        #expect(withSmall.status == 0, "\(withSmall.standardError)")
        #expect(
            withSmall.standardOutput.contains(
                "\n  \(small.url.path): not fitted: 0 reviews made a day or more after the card's previous one, and fitting needs 80; nothing was changed"
            ),
            "\(withSmall.standardOutput)")
        #expect(try small.read("badger.yml") == "fuzz: true\n")
        // One that cannot take a fit is said and left out; the others fit; the exit status says so.
        let blocked = try await OptimizeCommandTests.collection()
        defer { blocked.remove() }
        let config = try blocked.read("badger.yml")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o444], ofItemAtPath: blocked.url.appendingPathComponent("badger.yml").path)
        try first.write("badger.yml", "fuzz: true\n")
        let withBlocked = try await BadgerProcess.run(
            ["optimize", "--apply", ".", blocked.url.path], in: first.url, environment: ["TZ": "UTC"])
        #expect(withBlocked.status == 2, "\(withBlocked.standardError)")
        #expect(
            withBlocked.standardOutput.contains("\n  \(blocked.url.path): not fitted: no fit can be stored: badger.yml: it is read-only"),
            "\(withBlocked.standardOutput)")
        #expect(
            withBlocked.standardError.contains("1 of the collections could not take a fit: \(blocked.url.path)"),
            "\(withBlocked.standardError)")
        #expect(try first.read("badger.yml").contains("\nfsrs_parameters: ["))
        #expect(try blocked.read("badger.yml") == config)
    }

    /// A session over two collections that both need a fit: each re-fit line names its folder.
    @Test func aSessionOverTwoCollectionsNamesEachRefit() async throws {
        let (first, _) = try await Self.collection()
        let (second, _) = try await Self.collection()
        defer {
            first.remove()
            second.remove()
        }
        let session = try await BadgerProcess.run(
            ["study", ".", second.url.path, "--topic", "all", "--count", "10", "--plain"], in: first.url, environment: ["TZ": "UTC"],
            input: "q\n")
        #expect(session.status == 0, "\(session.standardError)")
        let lines = session.standardOutput.split(separator: "\n").filter { $0.contains("Re-fitted your FSRS parameters") }
        #expect(lines.count == 2, "\(session.standardOutput)")
        #expect(lines.contains { $0.hasPrefix(".: Re-fitted your FSRS parameters to ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(second.url.path): Re-fitted your FSRS parameters to ") }, "\(lines)")
    }

    /// A collection whose last fit (by an older badger) had FSRS schedule outside the retention
    /// bounds: `due` says the settings are due to be chosen, and the next session chooses them
    /// for the same parameters, within the bounds, without a fit.
    @Test func aScheduledRetentionOutsideTheBoundsIsChosenAfresh() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        _ = try await Self.study(directory)
        let fitted = try directory.read("badger.yml")
        let retention = try #require(fitted.split(separator: "\n").first { $0.hasPrefix("adaptive_retention: ") })
        try directory.write("badger.yml", fitted.replacingOccurrences(of: retention + "\n", with: "adaptive_retention: 0.74\n"))
        let due = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(
            due.standardOutput.replacingOccurrences(of: "\n", with: " ").contains(
                "(FSRS schedules for 0.74, outside `desired_retention_bounds` [0.85, 0.95], for a target of 0."),
            "\(due.standardOutput)")
        let study = try await Self.study(directory)
        #expect(
            study.standardOutput.contains("Chose the automatic settings for your FSRS parameters (fitted on "), "\(study.standardOutput)")
        let yaml = try directory.read("badger.yml")
        let chosen = try #require(yaml.split(separator: "\n").first { $0.hasPrefix("adaptive_retention: ") })
        let value = try #require(Double(chosen.dropFirst("adaptive_retention: ".count)))
        #expect((0.85...0.95).contains(value), "\(yaml)")
        #expect(try directory.read("badger.fits").split(separator: "\n").last?.contains("\tchosen\t") == true)
    }

    @Test func noAdaptAndAdaptFalseLeaveTheParametersAlone() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let off = try await Self.study(directory, ["--no-adapt"])
        #expect(off.status == 0)
        #expect(!off.standardOutput.contains("Re-fitted"))
        #expect(try directory.read("badger.yml") == Self.auto)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.fits").path))
        try directory.write("badger.yml", Self.auto + "adapt: false\n")
        let setting = try await Self.study(directory)
        #expect(!setting.standardOutput.contains("Re-fitted"))
        #expect(try directory.read("badger.yml") == Self.auto + "adapt: false\n")
    }

    /// `fsrs_parameters` written by hand (pasted from Anki, or from `optimize --histories`),
    /// without the keys a fit writes beside them, were never fitted to this log: stale, as the
    /// defaults are, once it could fit them. Never replaced unannounced: `due` says a session
    /// will replace them and how to keep them, the session's line says what it replaced, and
    /// with `adapt: false` they stay.
    @Test func parametersWrittenByHandAreReplacedOnlyWithWarningAndKeptWithAdaptFalse() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let own =
            "fsrs_parameters: [0.3, 1.2, 2.4, 6.0, 6.5, 0.6, 3.0, 0.01, 1.6, 0.15, 1.0, 1.9, 0.1, 0.3, 2.3, 0.2, 3.0, 0.5, 0.7, 0.1, 0.2]\n"
        try directory.write("badger.yml", "desired_retention: 0.9\n" + own)
        let due = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        let advice = due.standardOutput.replacingOccurrences(of: "\n", with: " ")
        #expect(advice.contains("The FSRS parameters in badger.yml were written by hand, not fitted to this log"), "\(due.standardOutput)")
        #expect(advice.contains("(write `adapt: false` to keep them)"), "\(due.standardOutput)")
        let study = try await Self.study(directory)
        #expect(study.status == 0, "\(study.standardError)")
        #expect(
            study.standardOutput.contains(
                "reviews (replacing the ones written by hand in badger.yml, never fitted to this log: badger.fits keeps them, and `adapt: false` would have)"
            ), "\(study.standardOutput)")
        #expect(!(try directory.read("badger.yml")).contains(own))
        #expect(
            try directory.read("badger.fits").hasSuffix(
                "\treplaced_parameters=[0.3, 1.2, 2.4, 6.0, 6.5, 0.6, 3.0, 0.01, 1.6, 0.15, 1.0, 1.9, 0.1, 0.3, 2.3, 0.2, 3.0, 0.5, 0.7, 0.1, 0.2]\n"
            ))
        // Fitted now: no more advice about parameters written by hand.
        let after = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(!after.standardOutput.contains("written by hand"), "\(after.standardOutput)")

        for settings in ["desired_retention: 0.9\nadapt: false\n" + own, Self.auto + "adapt: false\n" + own] {
            try directory.write("badger.yml", settings)
            let study = try await Self.study(directory)
            #expect(study.status == 0, "\(study.standardError)")
            #expect(!study.standardOutput.contains("Re-fitted"), "\(study.standardOutput)")
            #expect(try directory.read("badger.yml") == settings)
            // Kept on purpose: no advice to replace them; automatic settings say nothing chooses them.
            let due = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
            let text = due.standardOutput.replacingOccurrences(of: "\n", with: " ")
            #expect(!text.contains("written by hand") && !text.contains("stale"), "\(due.standardOutput)")
            #expect(
                text.contains("with FSRS parameters of your own and `adapt: false`, nothing chooses them")
                    == settings.hasPrefix("desired_retention: auto"),
                "\(due.standardOutput)")
        }
    }

    @Test func settingsJSONHasTheContractsKeysAndReplaysAsStudySchedules() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let printed = try await BadgerProcess.run(
            ["optimize", "--histories", "histories.json", "--format", "json", "--settings"], in: directory.url)
        try #require(printed.status == 0, "\(printed.standardError)")
        let settings = try OptimizeCommandTests.json(printed.standardOutput)
        let required: Set = [
            "fsrs_parameters", "desired_retention", "learning_steps", "relearning_steps", "reason", "schema_version", "same_day_intervals",
        ]
        #expect(Set(settings.keys).subtracting(["target_retention"]) == required)
        #expect(settings["same_day_intervals"] as? Bool == true)
        #expect((settings["fsrs_parameters"] as? [Double])?.count == 21)
        let retention = try #require(settings["desired_retention"] as? Double)
        #expect((0.70...0.99).contains(retention))
        #expect((0.85...0.95).contains(settings["target_retention"] as? Double ?? retention))
        #expect(settings["learning_steps"] is [String] && settings["relearning_steps"] is [String])
        #expect(settings["schema_version"] as? Int == 1)
        try directory.write("settings.json", printed.standardOutput)
        try await Self.expectStudySchedulesAs(settings, in: directory)
        let defaults = try await BadgerProcess.run(["schedule", "replay", "histories.json"], in: directory.url)
        let replayed = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--settings", "settings.json"], in: directory.url)
        #expect(defaults.standardOutput != replayed.standardOutput)
        // The same object inline, and inline after a byte order mark (pasted from a file saved
        // with one), replays the same.
        for inline in [printed.standardOutput, "\u{FEFF}" + printed.standardOutput] {
            let given = try await BadgerProcess.run(["schedule", "replay", "histories.json", "--settings", inline], in: directory.url)
            #expect(given.status == 0, "\(given.standardError)")
            #expect(given.standardOutput == replayed.standardOutput)
        }
        // A file whose name starts as JSON does is read, not taken for inline JSON.
        try directory.write("{settings}.json", printed.standardOutput)
        let oddlyNamed = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--settings", "{settings}.json"], in: directory.url)
        #expect(oddlyNamed.status == 0, "\(oddlyNamed.standardError)")
        #expect(oddlyNamed.standardOutput == replayed.standardOutput)
        let parameters = String(
            decoding: try JSONSerialization.data(withJSONObject: try #require(settings["fsrs_parameters"])), as: UTF8.self)
        let withParameters = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--params", "\u{FEFF}" + parameters], in: directory.url)
        #expect(withParameters.status == 0, "\(withParameters.standardError)")
    }

    /// A collection whose badger.yml caps intervals and turns same-day intervals off gets what
    /// `optimize --settings --maximum-interval DAYS --no-same-day-intervals` prints, and its
    /// replay.
    @Test func settingsForACollectionThatCapsIntervalsAndSameDayIntervalsReplayAsItSchedules() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        try directory.write("badger.yml", Self.auto + "maximum_interval: 5\nsame_day_intervals: false\n")
        let printed = try await BadgerProcess.run(
            [
                "optimize", "--histories", "histories.json", "--format", "json", "--settings", "--maximum-interval", "5",
                "--no-same-day-intervals",
            ], in: directory.url)
        try #require(printed.status == 0, "\(printed.standardError)")
        let settings = try OptimizeCommandTests.json(printed.standardOutput)
        #expect(settings["same_day_intervals"] as? Bool == false && settings["maximum_interval"] as? Double == 5, "\(settings)")
        try directory.write("settings.json", printed.standardOutput)
        try await Self.expectStudySchedulesAs(settings, in: directory)
        let uncapped = try await BadgerProcess.run(
            ["optimize", "--histories", "histories.json", "--format", "json", "--settings"], in: directory.url)
        #expect(try OptimizeCommandTests.json(uncapped.standardOutput)["reason"] as? String != settings["reason"] as? String)
        // Both ways at once is a mistake, not the last one winning.
        let both = try await BadgerProcess.run(
            ["optimize", "--histories", "histories.json", "--settings", "--same-day-intervals", "--no-same-day-intervals"],
            in: directory.url)
        #expect(both.status == 2)
        #expect(both.standardError.contains("had already been set with flag '--same-day-intervals'"), "\(both.standardError)")
    }

    /// The four keys the settings object was first given with replay as a collection whose
    /// badger.yml writes those four values out (no `auto`: no same-day intervals unless set),
    /// and with `same_day_intervals` added, as one that also sets it.
    @Test func theFourKeysReplayAsABadgerYmlWritingThemOut() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let printed = try await BadgerProcess.run(
            ["optimize", "--histories", "histories.json", "--format", "json", "--settings"], in: directory.url)
        let settings = try OptimizeCommandTests.json(printed.standardOutput)
        let parameters = try #require(settings["fsrs_parameters"] as? [Double])
        // High enough that some intervals after a lapse are under a day: same-day intervals tell.
        let retention = 0.99
        let learning = try #require(settings["learning_steps"] as? [String])
        let relearning = try #require(settings["relearning_steps"] as? [String])
        let four: [String: Any] = [
            "fsrs_parameters": parameters, "desired_retention": retention, "learning_steps": learning, "relearning_steps": relearning,
        ]
        let yaml = """
            fsrs_parameters: [\(parameters.map { String(format: "%.4f", $0) }.joined(separator: ", "))]
            desired_retention: \(retention)
            learning_steps: [\(learning.joined(separator: ", "))]
            relearning_steps: [\(relearning.joined(separator: ", "))]

            """
        for sameDayIntervals in [nil, true, false] {
            var object = four
            object["same_day_intervals"] = sameDayIntervals
            try directory.write("settings.json", String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
            try directory.write("badger.yml", yaml + (sameDayIntervals.map { "same_day_intervals: \($0)\n" } ?? ""))
            try await Self.expectEveryCardDueAsReplayed(in: directory)
        }
    }

    /// A session in `directory` (whose logs are histories.json) re-fits and chooses what
    /// `settings` (settings.json) says, and every card is due when a replay with it says.
    static func expectStudySchedulesAs(_ settings: [String: Any], in directory: TemporaryDirectory) async throws {
        let retention = try #require(settings["desired_retention"] as? Double)
        _ = try await Self.study(directory, [])
        let yaml = try directory.read("badger.yml")
        #expect(yaml.contains("adaptive_retention: " + String(format: "%.2f", retention) + "\n"))
        let steps = (settings["learning_steps"] as? [String] ?? []).joined(separator: ", ")
        #expect(yaml.contains("adaptive_learning_steps: [\(steps)]\n"), "\(yaml)")
        let parameters = (settings["fsrs_parameters"] as? [Double] ?? []).map { String(format: "%.4f", $0) }.joined(separator: ", ")
        #expect(yaml.contains("fsrs_parameters: [\(parameters)]\n"), "\(yaml)")
        // And a replay with it gives every card the due date the collection gives it.
        try await Self.expectEveryCardDueAsReplayed(in: directory)
    }

    /// Every card of the collection in `directory` (whose logs are histories.json) is due when
    /// `schedule replay --settings settings.json` says.
    static func expectEveryCardDueAsReplayed(in directory: TemporaryDirectory) async throws {
        let listed = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url)
        let cards = try #require(OptimizeCommandTests.json(listed.standardOutput)["cards"] as? [[String: Any]])
        let replayed = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--settings", "settings.json"], in: directory.url)
        try #require(replayed.status == 0, "\(replayed.standardError)")
        let outputs = try #require(try JSONSerialization.jsonObject(with: Data(replayed.standardOutput.utf8)) as? [[String: Any]])
        let replayedDue = Dictionary(
            uniqueKeysWithValues: outputs.map { ($0["id"] as! String, (($0["states"] as! [[String: Any]]).last!["due"] as! String)) })
        #expect(replayedDue.count == 40)
        for card in cards {
            let id = try #require(card["id"] as? String)
            #expect(card["due"] as? String == replayedDue[id], "\(id)")
        }
    }

    /// `optimize --apply` says what the automatic settings chose with the parameters it stored,
    /// as a session's re-fit does (text), and gives them in JSON (`automatic`).
    @Test func applySaysWhatTheAutomaticSettingsChose() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let text = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(
            text.standardOutput.contains("\nAutomatic settings chosen with them: retention 0.")
                && text.standardOutput.contains("; `badger stats` explains.\n"), "\(text.standardOutput)")
        try directory.write("badger.yml", Self.auto)
        let json = try await BadgerProcess.run(["optimize", "--apply", "--format", "json"], in: directory.url, environment: ["TZ": "UTC"])
        let automatic = try #require(try OptimizeCommandTests.json(json.standardOutput)["automatic"] as? [String: Any])
        let retention = try #require(automatic["desiredRetention"] as? Double)
        #expect(try directory.read("badger.yml").contains("adaptive_retention: " + String(format: "%.2f", retention) + "\n"))
        #expect(automatic["learningSteps"] is [String] && automatic["relearningSteps"] is [String])
        #expect((automatic["reason"] as? String)?.hasPrefix("retention 0.") == true, "\(automatic)")
        // Nothing automatic: nothing said.
        try directory.write("badger.yml", "desired_retention: 0.9\n")
        let fixed = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(!fixed.standardOutput.contains("Automatic settings"), "\(fixed.standardOutput)")
    }

    /// `--retention-bounds` gives `optimize --settings` the bounds badger.yml would: the target
    /// and what FSRS schedules for (calibrated) both stay within them; bad bounds are refused.
    @Test func settingsTakeRetentionBoundsAndStayWithinThem() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        for (bounds, range) in [
            ("0.90,0.95", 0.90...0.95), ("0.80, 0.82", 0.80...0.82), ("0.93,0.93", 0.93...0.93), ("0.855,0.9", 0.86...0.90),
        ] {
            let printed = try await BadgerProcess.run(
                ["optimize", "--histories", "histories.json", "--format", "json", "--settings", "--retention-bounds", bounds],
                in: directory.url)
            #expect(printed.status == 0, "\(printed.standardError)")
            let settings = try OptimizeCommandTests.json(printed.standardOutput)
            let target = try #require(settings["target_retention"] as? Double)
            let scheduled = try #require(settings["desired_retention"] as? Double)
            #expect(range.contains(target) && range.contains(scheduled), "\(bounds): \(settings)")
            let from = String(format: "%.2f", range.lowerBound) + " to " + String(format: "%.2f", range.upperBound)
            let reason = settings["reason"] as? String ?? ""
            #expect(
                reason.contains("highest from \(from)") || reason.contains("are the least from \(from)")
                    || reason.contains("the bounds allow only \(String(format: "%.2f", range.lowerBound))"), "\(settings)")
        }
        for (arguments, message) in [
            (["--settings", "--retention-bounds", "0.95,0.90"], "must be two numbers from 0.70 to 0.99, the lower first"),
            (["--settings", "--retention-bounds", "0.5,0.9"], "must be two numbers from 0.70 to 0.99"),
            (["--settings", "--retention-bounds", "0.9"], "must be two numbers"),
            (["--settings", "--retention-bounds", "0x0.ep0,0.9"], #""0x0.ep0" is not a decimal number such as 0.85"#),
            (["--settings", "--retention-bounds", "8.5e-1,0.9"], #""8.5e-1" is not a decimal number such as 0.85"#),
            // Numbers to YAML (badger.yml takes them), not to this option: said so, not "must be two numbers".
            (
                ["--settings", "--retention-bounds", ".85,0.9"],
                #"--retention-bounds: ".85" is not a decimal number such as 0.85 (write 0.80,0.95)"#
            ),
            (["--settings", "--retention-bounds", "0.851,0.852"], "holding a hundredth"),
            (["--retention-bounds", "0.80,0.95"], "--retention-bounds is for --settings"),
        ] {
            let refused = try await BadgerProcess.run(["optimize", "--histories", "histories.json"] + arguments, in: directory.url)
            #expect(refused.status == 2 && refused.standardError.contains(message), "\(arguments): \(refused.standardError)")
        }
    }

    @Test func tooFewReviewsGiveTheDefaultsAndBadSettingsAreRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("h.json", #"[{"id": "c1", "reviews": [{"rating": 3, "at": "2026-01-05T09:00:00Z"}]}]"#)
        let printed = try await BadgerProcess.run(
            ["optimize", "--histories", "h.json", "--format", "json", "--settings"], in: directory.url)
        #expect(printed.status == 0, "\(printed.standardError)")
        let settings = try OptimizeCommandTests.json(printed.standardOutput)
        #expect(settings["desired_retention"] as? Double == 0.9)
        #expect(settings["learning_steps"] as? [String] == ["1m", "10m"])
        #expect(settings["relearning_steps"] as? [String] == ["10m"])
        // Before a fit, same-day intervals wait for parameters, unless badger.yml sets them.
        #expect(settings["same_day_intervals"] as? Bool == false)
        let setOn = try await BadgerProcess.run(
            ["optimize", "--histories", "h.json", "--format", "json", "--settings", "--same-day-intervals"], in: directory.url)
        #expect(try OptimizeCommandTests.json(setOn.standardOutput)["same_day_intervals"] as? Bool == true, "\(setOn.standardError)")
        for (value, message) in [
            (#"{"fsrs_parameters": [1], "desired_retention": 0.9, "learning_steps": [], "relearning_steps": []}"#, "21 parameters"),
            (printed.standardOutput.replacingOccurrences(of: "\"1m\"", with: "\"soon\""), "\"soon\" is not a duration"),
            (#"{"desired_retention": 0.9}"#, "`fsrs_parameters` is missing"),
            (#"{"fsrs_parameters": [], "desired_retention": 1e400}"#, "the number 1e400 at line 1, column 46 is out of range"),
            (
                #"{"fsrs_parameters": "x", "desired_retention": 0.9, "learning_steps": [], "relearning_steps": []}"#,
                "`fsrs_parameters` must be a list"
            ),
            (
                #"{"fsrs_parameters": [], "desired_retention": 0.9, "learning_steps": [60], "relearning_steps": []}"#,
                "`learning_steps[0]` must be a string"
            ),
            (
                printed.standardOutput.replacingOccurrences(of: "\"1m\"", with: "\"40000d\""),
                "a step of \"40000d\" is longer than the longest interval, 36500 days"
            ),
            (
                printed.standardOutput.replacingOccurrences(of: "\"1m\"", with: "\"99999999999999999999m\""),
                "a step of \"99999999999999999999m\" is longer than the longest interval, 36500 days"
            ),
            (
                printed.standardOutput.replacingOccurrences(of: "\"1m\"", with: "\"0.0001s\""),
                "learning_steps: a step of \"0.0001s\" is shorter than a second (steps are at least 1s)"
            ),
        ] {
            let bad = try await BadgerProcess.run(["schedule", "replay", "h.json", "--settings", value], in: directory.url)
            #expect(bad.status == 2)
            #expect(bad.standardError.contains(message), "\(bad.standardError)")
        }
        let both = try await BadgerProcess.run(
            ["schedule", "replay", "h.json", "--settings", printed.standardOutput, "--params", "[1]"], in: directory.url)
        #expect(both.status == 2)
        let withRetention = try await BadgerProcess.run(
            ["optimize", "--histories", "h.json", "--settings", "--retention"], in: directory.url)
        #expect(withRetention.status == 2)
        #expect(withRetention.standardError.contains("--retention's workload table is not part of it"), "\(withRetention.standardError)")
        let alone = try await BadgerProcess.run(["optimize", "--settings"], in: directory.url)
        #expect(alone.status == 2)
    }

    /// Histories not in UTF-8: where the first bad byte is.
    @Test func historiesNotInUTF8SayWhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("h.json", Data(Array("[{\"id\": \"caf".utf8) + [0xE9] + Array("\", \"reviews\": []}]".utf8)))
        let result = try await BadgerProcess.run(["schedule", "replay", "h.json"], in: directory.url)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("not UTF-8 text at line 1, column 13 (first bad byte at offset 12); badger reads JSON in UTF-8"),
            "\(result.standardError)")
    }

    /// Enough reviews, but too few left after the outlier filter (12 cards: fewer than 20 per
    /// first rating): `optimize --histories` says so, not "130 reviews; fitting needs 64".
    @Test func historiesLeftWithTooFewAfterTheOutlierFilterSaySo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let histories = (0..<12).map { card in
            let reviews = (0..<14).map { day in #"{"rating": 3, "at": "2026-01-\#(String(format: "%02d", 1 + day))T09:00:00Z"}"# }
            return #"{"id": "c\#(card)", "reviews": [\#(reviews.joined(separator: ", "))]}"#
        }
        try directory.write("h.json", "[" + histories.joined(separator: ", ") + "]")
        let result = try await BadgerProcess.run(["optimize", "--histories", "h.json"], in: directory.url)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "the histories have 156 reviews made a day or more after the card's previous review; of them, 0 are left to train on after leaving out outliers"
            ), "\(result.standardError)")
    }

    /// Histories both commands read alike: out of time order, one id twice, a rating that is
    /// not a whole number, a wrong type, a settings object of another schema version.
    @Test func badHistoriesAreRefusedAlikeByReplayAndOptimize() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func review(_ rating: String, _ day: Int) -> String { #"{"rating": \#(rating), "at": "2026-01-\#(10 + day)T09:00:00Z"}"# }
        for (histories, message) in [
            (
                #"[{"id": "c1", "reviews": [\#(review("3", 4)), \#(review("3", 0))]}]"#,
                #"h.json: history 1 ("c1"): review 2 (2026-01-10T09:00:00Z) is earlier than review 1 (2026-01-14T09:00:00Z); list each card's reviews in time order"#
            ),
            (
                #"[{"id": "c1", "reviews": [\#(review("3", 0))]}, {"id": "c2", "reviews": []}, {"id": "c1", "reviews": []}]"#,
                #"h.json: histories 1 and 3 are both "c1"; give each card one history"#
            ),
            (
                #"[{"id": "c1", "reviews": [\#(review("3.5", 0))]}]"#,
                #"h.json: history 1 ("c1"), review 1: rating must be 1, 2, 3 or 4, not 3.5"#
            ),
            // An id left empty still says where.
            (
                #"[{"id": "c1", "reviews": []}, {"id": "", "reviews": [\#(review("7", 0))]}]"#,
                #"h.json: history 2 (""), review 1: rating must be"#
            ),
            // Times the review log cannot keep (it clamped year 0 to year 1).
            (
                #"[{"id": "c1", "reviews": [{"rating": 3, "at": "0000-01-01T00:00:00Z"}]}]"#,
                #"h.json: history 1 ("c1"), review 1: 0000-01-01T00:00:00Z is outside the times badger keeps, 1970 to 9999"#
            ),
            (#"[{"id": "c1", "reviews": [{"rating": 3, "at": "10000-01-01T00:00:00Z"}]}]"#, "is outside the times badger keeps"),
            (
                #"[{"id": "c1", "reviews": [{"rating": 3, "at": "2026-01-05T09:00:00+24:00"}]}]"#,
                #"review 1: "2026-01-05T09:00:00+24:00" is not an ISO-8601 time"#
            ),
            (#"[{"id": "c1", "reviews": [{"rating": "3", "at": "x"}]}]"#, "`[0].reviews[0].rating` must be a number"),
            (#"[{"id": "c1", "reviews": [{"at": "x"}]}]"#, "`rating` is missing in `[0].reviews[0]`"),
            (#"{"id": "c1"}"#, "the top level must be a list"),
            // Where the text stops being JSON, not just that it is not.
            ("[{\"id\": \"c1\",\n \"reviews\": [x]}]", "not JSON near line 2, column 14"),
            ("[{\"id\": \"c1\",\r \"reviews\":\r\n [x]}]", "not JSON near line 3, column 3"),
            // After a byte-order mark, columns count from after it; a number inside a string is not the one.
            ("\u{FEFF}[{\"id\": \"1e400\", \"reviews\": [{\"rating\": 1e400}]}]", "the number 1e400 at line 1, column 41 is out of range"),
            (#"[{"id": "c1", "reviews": [{"rating": 1e400, "at": "x"}]}]"#, "the number 1e400 at line 1, column 38 is out of range"),
            // Not zero, yet it would read as zero (Foundation refused it without a place); a
            // zero written with a large exponent, and the smallest double, are numbers.
            (#"[{"id": "c1", "reviews": [{"rating": -1e-400, "at": "x"}]}]"#, "the number -1e-400 at line 1, column 38 is out of range"),
            (#"[{"id": "c1", "reviews": [{"rating": 0.0e-999, "at": "x"}]}]"#, "rating must be 1, 2, 3 or 4, not 0"),
            (#"[{"id": "c1", "reviews": [{"rating": 5e-324, "at": "x"}]}]"#, "rating must be 1, 2, 3 or 4, not 5e-324"),
            (
                #"[{"id": "c1", "reviews": [{"rating": 0.\#(String(repeating: "0", count: 400))1, "at": "x"}]}]"#,
                "is out of range"
            ),
            ("[{\"id\": \"c1\", \"reviews\": [", "not JSON: it ends before the JSON does"),
            // Strict JSON, as the simulator that wrote it reads it: a key twice (Foundation kept
            // the first, Python the last), a comma before a closing bracket, and the rest.
            (
                #"[{"id": "c1", "reviews": [], "id": "c2"}]"#,
                #"the key "id" at line 1, column 30 is written twice in one object (first at line 1, column 3); keep one"#
            ),
            (#"[{"id": "c1", "\u0069d": "c2", "reviews": []}]"#, #"the key "\u0069d" at line 1, column 15 is written twice"#),
            (#"[{"id": "\udc00", "reviews": []}]"#, #"not JSON near line 1, column 10: a lone surrogate (\udc00) is no character"#),
            (#"[{"id": "c1", "reviews": [],}]"#, "not JSON near line 1, column 28: a comma before } (JSON has none after the last item)"),
            (#"[{"id": "c1", "reviews": []},]"#, "not JSON near line 1, column 29: a comma before ]"),
            (#"[{"id": "c1", "reviews": [{"rating": 03, "at": "x"}]}]"#, "not JSON near line 1, column 39: a number does not start with 0"),
            (#"[{"id": "c\q", "reviews": []}]"#, "not JSON near line 1, column 12: not an escape JSON has"),
            (#"[{"id": "c1", "reviews": []}] []"#, "not JSON near line 1, column 31: text after the JSON value"),
            (String(repeating: "[", count: 600), "not JSON near line 1, column 513: nested deeper than 512 levels"),
        ] {
            try directory.write("h.json", histories)
            for command in [["schedule", "replay", "h.json"], ["optimize", "--histories", "h.json", "--format", "json", "--settings"]] {
                let result = try await BadgerProcess.run(command, in: directory.url)
                #expect(result.status == 2, "\(command): \(histories)")
                #expect(result.standardError.contains(message), "\(command): \(result.standardError)")
                #expect(!result.standardError.contains("DecodingError"), "\(result.standardError)")
            }
        }
        // A due date a four-digit year cannot write (it printed "10000-02-05T09:00:00Z").
        try directory.write(
            "late.json",
            #"[{"id": "c0", "reviews": []}, {"id": "c1", "reviews": [{"rating": 3, "at": "9999-12-01T09:00:00Z"}, {"rating": 3, "at": "9999-12-30T09:00:00Z"}]}]"#
        )
        for flags in [["--no-fuzz"], [], ["--scheduler", "sm2"], ["--scheduler", "leitner"]] {
            let late = try await BadgerProcess.run(["schedule", "replay", "late.json"] + flags, in: directory.url)
            #expect(late.status == 2, "\(flags)")
            #expect(late.standardOutput.isEmpty)
            #expect(
                late.standardError.contains(
                    #"late.json: history 2 ("c1"), review 2 (9999-12-30T09:00:00Z): the card would be due after 9999"#),
                "\(flags): \(late.standardError)")
        }
        try directory.write("h.json", #"[{"id": "c1", "reviews": [\#(review("3", 0))]}]"#)
        let newer = try await BadgerProcess.run(
            [
                "schedule", "replay", "h.json", "--settings",
                #"{"schema_version": 2, "fsrs_parameters": [], "desired_retention": 0.9, "learning_steps": [], "relearning_steps": []}"#,
            ], in: directory.url)
        #expect(newer.status == 2)
        #expect(newer.standardError.contains("schema_version 2 is not one this badger reads (1)"), "\(newer.standardError)")
    }

    /// Inputs as an outside simulator gives them: from a pipe (process substitution, standard
    /// input), card ids that differ only in how Unicode composes them (two cards, as their ids
    /// are bytes), and a settings object with a misspelt key (refused, naming it: it was left out
    /// and the schedule changed), in another form, or as an array in a file.
    @Test func simulatorsInputsArePipedExactAndChecked() async throws {
        let (directory, histories) = try await Self.collection()
        defer { directory.remove() }
        let printed = try await BadgerProcess.run(
            ["optimize", "--histories", "histories.json", "--format", "json", "--settings"], in: directory.url)
        try directory.write("settings.json", printed.standardOutput)
        let fromFiles = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--settings", "settings.json"], in: directory.url)
        #expect(fromFiles.status == 0, "\(fromFiles.standardError)")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", #"cat histories.json | "$0" schedule replay /dev/stdin --settings <(cat settings.json)"#, BadgerProcess.executable.path,
        ]
        process.currentDirectoryURL = directory.url
        let piped = try await ExternalProcess.run(process)
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == fromFiles.standardOutput)
        let fromStandardInput = try await BadgerProcess.run(
            ["optimize", "--histories", "-", "--format", "json", "--settings"], in: directory.url, input: histories)
        #expect(fromStandardInput.standardOutput == printed.standardOutput)
        let twice = try await BadgerProcess.run(["schedule", "replay", "-", "--settings", "-"], in: directory.url, input: histories)
        #expect(twice.status == 2)
        #expect(
            twice.standardError.contains("standard input (-) can give the histories or the settings, not both"), "\(twice.standardError)")

        try directory.write(
            "nfc.json",
            #"[{"id": "caf\u00e9", "reviews": [{"rating": 3, "at": "2026-01-05T09:00:00Z"}]}, {"id": "cafe\u0301", "reviews": []}]"#)
        let composed = try await BadgerProcess.run(["schedule", "replay", "nfc.json"], in: directory.url)
        #expect(composed.status == 0, "\(composed.standardError)")

        var misspelt = try OptimizeCommandTests.json(printed.standardOutput)
        misspelt["same_day_interval"] = misspelt.removeValue(forKey: "same_day_intervals")
        try directory.write("misspelt.json", String(decoding: try JSONSerialization.data(withJSONObject: misspelt), as: UTF8.self))
        let text = try await BadgerProcess.run(["optimize", "--histories", "histories.json", "--settings"], in: directory.url)
        try directory.write("text.txt", text.standardOutput)
        try directory.write("array.json", "[0.2, 1.2]")
        try directory.write("cut.json", "[0.2, ")
        var typed = try OptimizeCommandTests.json(printed.standardOutput)
        typed["learning_steps"] = "1m"
        try directory.write("typed.json", String(decoding: try JSONSerialization.data(withJSONObject: typed), as: UTF8.self))
        // A key twice: the simulator that wrote it (Python keeps the last) and badger must not
        // read two settings.
        try directory.write(
            "twice.json",
            printed.standardOutput.replacingOccurrences(of: "{", with: "{\"desired_retention\": 0.95, ", options: [], range: nil))
        for (file, message) in [
            (
                "misspelt.json",
                #"--settings misspelt.json: unknown key "same_day_interval" (did you mean "same_day_intervals"?); the keys are fsrs_parameters"#
            ),
            ("text.txt", "--settings text.txt: this is the text that `badger optimize --settings` prints without `--format json`"),
            ("array.json", "--settings array.json: this is a JSON array; --settings takes an object"),
            // JSON cut short is not called an array.
            ("cut.json", "--settings cut.json: not an object such as {"),
            ("cut.json", "not JSON: it ends before the JSON does"),
            ("missing.json", "--settings missing.json: no such file (give a file or a JSON object)"),
            // JSON that is not an object nor a file: read as a file name, and said so.
            ("null", "--settings null: no such file (give a file or a JSON object)"),
            (#""x""#, #"--settings "x": no such file (give a file or a JSON object)"#),
            ("twice.json", #"--settings twice.json: the key "desired_retention" at line "#),
            ("twice.json", #"keep one; the form is {"fsrs_parameters": [21 numbers], "desired_retention": 0.9"#),
            // An object with one field of the wrong type is still an object.
            ("typed.json", #"--settings typed.json: `learning_steps` must be a list; the form is {"fsrs_parameters""#),
        ] {
            let refused = try await BadgerProcess.run(["schedule", "replay", "histories.json", "--settings", file], in: directory.url)
            #expect(refused.status == 2)
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
    }

    /// `maximum_interval` in a settings object caps intervals as badger.yml's does (a collection
    /// that set it could not be replayed), and is checked as badger.yml checks it.
    @Test func settingsTakeTheMaximumIntervalOfBadgerYml() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let printed = try await BadgerProcess.run(
            ["optimize", "--histories", "histories.json", "--format", "json", "--settings"], in: directory.url)
        #expect(!printed.standardOutput.contains("maximum_interval"))
        func replay(_ extra: String) async throws -> BadgerProcess.Result {
            // Keys given first replace the printed ones.
            var printedObject = try OptimizeCommandTests.json(printed.standardOutput)
            for key in ["relearning_steps", "target_retention"] where extra.contains("\"\(key)\"") {
                printedObject.removeValue(forKey: key)
            }
            let rest = String(decoding: try JSONSerialization.data(withJSONObject: printedObject), as: UTF8.self)
            let settings = rest.replacingOccurrences(of: "{", with: "{" + extra, options: [], range: nil)
            return try await BadgerProcess.run(["schedule", "replay", "histories.json", "--settings", settings], in: directory.url)
        }
        func longest(_ result: BadgerProcess.Result) throws -> Double {
            let histories = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
            return histories.flatMap { ($0["states"] as? [[String: Any]]) ?? [] }.compactMap { $0["interval_seconds"] as? Double }.max()
                ?? 0
        }
        let capped = try await replay(#""maximum_interval": 3, "#)
        #expect(capped.status == 0, "\(capped.standardError)")
        #expect(try longest(capped) == 3 * 86_400)
        #expect(try longest(try await replay("")) > 3 * 86_400)
        for (extra, message) in [
            (#""maximum_interval": 0, "#, "--settings: maximum_interval must be a whole number of days from 1 to 36500, not 0"),
            (#""maximum_interval": 36501, "#, "from 1 to 36500, not 36501"),
            (#""maximum_interval": 2.5, "#, "from 1 to 36500, not 2.5"),
            (#""maximum_interval": 2.0000000001, "#, "from 1 to 36500, not 2.0000000001"),
            (#""maximum_interval": 1e300, "#, "from 1 to 36500, not 1e+300"),
            (#""maximum_interval": 1, "#, #"relearning_steps: a step of "2d" is longer than maximum_interval (1 day)"#),
            (
                #""relearning_steps": [\#(Array(repeating: #""1m""#, count: 21).joined(separator: ", "))], "#,
                "--settings: relearning_steps has 21 steps; badger takes at most 20"
            ),
            (#""target_retention": 1.5, "#, "--settings: target_retention must be a number from 0.70 to 0.99, not 1.5"),
        ] {
            let refused = try await replay(extra + (extra.contains(": 1,") ? #""relearning_steps": ["2d"], "# : ""))
            #expect(refused.status == 2 && refused.standardError.contains(message), "\(extra): \(refused.standardError)")
        }
        // `optimize --settings --maximum-interval` chooses for a collection that caps intervals
        // (its simulation caps them too) and prints the cap, so the object replays as that
        // collection schedules.
        let cappedChoice = try await BadgerProcess.run(
            ["optimize", "--histories", "histories.json", "--format", "json", "--settings", "--maximum-interval", "3"], in: directory.url)
        #expect(cappedChoice.status == 0, "\(cappedChoice.standardError)")
        let cappedSettings = try OptimizeCommandTests.json(cappedChoice.standardOutput)
        #expect(cappedSettings["maximum_interval"] as? Double == 3)
        #expect(cappedSettings["reason"] as? String != (try OptimizeCommandTests.json(printed.standardOutput))["reason"] as? String)
        let cappedReplay = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--settings", cappedChoice.standardOutput], in: directory.url)
        #expect(try longest(cappedReplay) == 3 * 86_400)
        // A key given as null is refused, not read as absent ("same_day_intervals": null
        // scheduled as false).
        for key in ["same_day_intervals", "maximum_interval", "target_retention", "reason", "schema_version"] {
            var object = try OptimizeCommandTests.json(printed.standardOutput)
            object[key] = NSNull()
            let settings = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            let refused = try await BadgerProcess.run(["schedule", "replay", "histories.json", "--settings", settings], in: directory.url)
            #expect(
                refused.status == 2 && refused.standardError.contains("--settings: `\(key)` is null; leave it out, or write "),
                "\(refused.standardError)")
        }
        // From a file, the file is named, as for a syntax error (it said "--settings:").
        try directory.write(
            "long.json",
            #"{"fsrs_parameters": [], "desired_retention": 0.9, "learning_steps": [], "relearning_steps": ["1m", "2m", "0s"]}"#)
        let named = try await BadgerProcess.run(["schedule", "replay", "histories.json", "--settings", "long.json"], in: directory.url)
        #expect(named.status == 2 && named.standardError.contains("--settings long.json: relearning_steps: "), "\(named.standardError)")
    }

    /// An endless input (`/dev/zero`) as histories, settings or parameters ends in an error
    /// naming the input and the limit, not in memory exhausted.
    @Test(.timeLimit(.minutes(1))) func anEndlessInputIsRefusedAtTheLimit() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("h.json", "[]")
        // A file larger than the limit (sparse: nothing written) is refused before it is read.
        let sparse = try FileHandle(forWritingTo: try directory.write("sparse.json", "["))
        try sparse.truncate(atOffset: 600 << 20)
        try sparse.close()
        for (arguments, named) in [
            (["schedule", "replay", "/dev/zero"], "badger: error: /dev/zero: "),
            (["schedule", "replay", "/dev/urandom"], "badger: error: /dev/urandom: "),
            (["optimize", "--histories", "/dev/zero", "--settings"], "badger: error: /dev/zero: "),
            (["schedule", "replay", "h.json", "--settings", "/dev/zero"], "--settings /dev/zero: "),
            (["schedule", "replay", "h.json", "--params", "/dev/zero"], "--params /dev/zero: "),
            (["schedule", "replay", "sparse.json"], "badger: error: sparse.json: "),
        ] {
            let refused = try await BadgerProcess.run(arguments, in: directory.url)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.standardOutput.isEmpty)
            #expect(
                refused.standardError.contains(named + "it holds more than 512 MiB, the most badger reads from one input"),
                "\(refused.standardError)")
        }
    }

    /// What strict JSON allows is read: a surrogate pair, and a history with a wide object of
    /// a simulator's own keys (300,000 of them: the check of keys written twice was quadratic,
    /// and took minutes).
    @Test(.timeLimit(.minutes(1))) func strictJSONReadsWhatJSONAllows() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let own = (0..<300_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        try directory.write("h.json", #"[{"id": "\ud83d\ude00", "reviews": [], \#(own)}]"#)
        let replayed = try await BadgerProcess.run(["schedule", "replay", "h.json"], in: directory.url)
        #expect(replayed.status == 0, "\(replayed.standardError)")
        #expect(replayed.standardOutput.contains("\"id\" : \"😀\""), "\(replayed.standardOutput.prefix(200))")
    }

    /// Ten cards reviewed a day apart 15 times: 140 reviews to fit, but every card's first
    /// interval is in a group of fewer than 20 cards, which the outlier filter leaves out.
    static func refusedHistories(cards: Int = 10) -> String {
        let list = (0..<cards).map { card in
            let reviews = (0..<15).map { day in
                #"{"rating": 3, "at": "\#(OptimizeCommandTests.format(Date(timeIntervalSince1970: 1_767_600_000 + Double(day) * 86_400 + Double(card) * 60)))"}"#
            }
            return #"{"id": "c\#(card)", "reviews": [\#(reviews.joined(separator: ", "))]}"#
        }
        return "[" + list.joined(separator: ", ") + "]"
    }

    /// A fit the optimizer refuses says why (not "fitting needs 80" of 140 reviews).
    @Test func settingsForHistoriesTheOutlierFilterEmptiesSayWhy() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("h.json", Self.refusedHistories())
        let printed = try await BadgerProcess.run(
            ["optimize", "--histories", "h.json", "--format", "json", "--settings"], in: directory.url)
        #expect(printed.status == 0, "\(printed.standardError)")
        let settings = try OptimizeCommandTests.json(printed.standardOutput)
        // The defaults object has every field a fitted one has (target_retention was missing).
        #expect(settings["target_retention"] as? Double == 0.9)
        let reason = settings["reason"] as? String
        #expect(
            reason
                == "the defaults: of 140 reviews made a day or more after the card's previous review, 0 are left to train on after leaving out outliers (the rarest first intervals of each first rating, at least 20 cards' worth, any first interval fewer than 6 cards share, and any over 100 days, 365 after Easy), and fitting needs 64",
            "\(reason ?? "")")
    }

    /// 120 cards first reviewed again after the same interval: fitted at 100 days; over 100
    /// days the outlier filter leaves them all out, and the reason says that is why (it named
    /// only the rarest intervals and those fewer than 6 cards share, neither of which applies).
    @Test func firstIntervalsOver100DaysAreNamedWhenTheyLeaveNothingToTrainOn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func histories(days: Int) -> String {
            let first = Date(timeIntervalSince1970: 1_735_722_000)  // 2025-01-01T09:00:00Z
            let list = (0..<120).map { card in
                let start = first.addingTimeInterval(Double(card) * 60)
                let again = start.addingTimeInterval(Double(days) * 86_400)
                return #"{"id": "c\#(card)", "reviews": [{"rating": 3, "at": "\#(OptimizeCommandTests.format(start))"}, "#
                    + #"{"rating": \#(card % 3 == 0 ? 1 : 3), "at": "\#(OptimizeCommandTests.format(again))"}]}"#
            }
            return "[" + list.joined(separator: ", ") + "]"
        }
        for days in [100, 101] {
            try directory.write("h\(days).json", histories(days: days))
            let printed = try await BadgerProcess.run(
                ["optimize", "--histories", "h\(days).json", "--format", "json", "--settings"], in: directory.url)
            #expect(printed.status == 0, "\(printed.standardError)")
            let reason = try #require(try OptimizeCommandTests.json(printed.standardOutput)["reason"] as? String)
            if days == 100 {
                #expect(!reason.hasPrefix("the defaults"), "\(reason)")
            } else {
                #expect(reason.hasPrefix("the defaults: of 120 reviews"), "\(reason)")
                #expect(reason.contains("0 are left to train on after leaving out outliers"), "\(reason)")
                #expect(reason.contains("and any over 100 days, 365 after Easy)"), "\(reason)")
            }
        }
    }

    /// A collection whose reviews the outlier filter leaves nothing of: the end of a session
    /// says so once and records the log's size; neither the next session nor `due` asks again
    /// until the log has grown by half (each session retried silently, and `due` kept
    /// advising `optimize --apply`, which changed nothing).
    @Test func aFitTheOutlierFilterRefusesIsTriedOnceUntilTheLogGrowsByHalf() async throws {
        let directory = try await OptimizeCommandTests.collection(cards: 6, reviewsPerCard: 9)
        defer { directory.remove() }
        try directory.write("badger.yml", Self.auto)
        let before = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        // Not promised: the outlier filter would leave too few (it said the session fits them).
        #expect(
            before.standardOutput.contains(
                "could fit them to you; a fit now would find too few: after leaving out outliers (the rarest first intervals of each first rating, at least 20 cards' worth, any first interval fewer than 6 cards share, and any over 100 days, 365 after Easy), 0 are left to train on and fitting needs 64, so it waits for more reviews (the end of the next `badger study` session records that)."
            ), "\(before.standardOutput)")
        let first = try await Self.study(directory)
        #expect(first.status == 0, "\(first.standardError)")
        let said = first.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Could not fit your FSRS parameters") }
        #expect(said.count == 1, "\(first.standardOutput)")
        #expect(
            said.first?.contains(
                "after leaving out outliers (the rarest first intervals of each first rating, at least 20 cards' worth, any first interval fewer than 6 cards share, and any over 100 days, 365 after Easy), 0 are left to train on, and fitting needs 64"
            )
                == true)
        let yaml = try directory.read("badger.yml")
        let reviews = try #require(
            yaml.split(separator: "\n").dropLast().last.flatMap { Int($0.replacingOccurrences(of: "fsrs_fit_refused_reviews: ", with: "")) }
        )
        #expect(yaml == Self.auto + Self.marker + "fsrs_fit_refused_reviews: \(reviews)\n" + Self.endMarker)
        #expect(said.first?.contains("to your \(reviews) reviews yet") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.fits").path))
        let second = try await Self.study(directory)
        #expect(
            !second.standardOutput.contains("Could not fit") && !second.standardOutput.contains("Re-fitted"), "\(second.standardOutput)")
        let after = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(!after.standardOutput.contains("could fit them"), "\(after.standardOutput)")
        // Grown by half: asked again, naming the try before.
        try directory.write("badger.yml", Self.auto + "fsrs_fit_refused_reviews: \(reviews * 2 / 3)\n")
        let grown = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(
            grown.standardOutput.contains(
                "(a fit when the log held \(reviews * 2 / 3) reviews had too few left to train on after leaving out outliers)"),
            "\(grown.standardOutput)")
        // optimize --apply records the same, and says so.
        try directory.write("badger.yml", Self.auto)
        let applied = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(applied.standardOutput.contains("badger.yml records the log's size"), "\(applied.standardOutput)")
        #expect(try directory.read("badger.yml").hasPrefix(Self.auto + Self.marker + "fsrs_fit_refused_reviews: "))
    }

    /// Parameters fitted before, and a re-fit the outlier filter refuses: the end of a session
    /// says so once and records the log's size; the next session neither tries again nor says
    /// anything, and `due` does not advise a re-fit (each session retried silently before).
    @Test func aReFitTheOutlierFilterRefusesKeepsTheParametersAndIsTriedOnce() async throws {
        let directory = try await OptimizeCommandTests.collection(cards: 6, reviewsPerCard: 9)
        defer { directory.remove() }
        // FSRS-6's defaults, fitted before, and the automatic settings chosen with them (as a fit
        // writes them), so only the parameters are stale.
        let chosen =
            Self.auto + Self.marker + """
                fsrs_parameters: [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]
                fsrs_parameters_fitted: "2026-07-01"
                fsrs_parameters_reviews: 40
                adaptive_retention: 0.90
                adaptive_target_retention: 0.90
                adaptive_learning_steps: [10m]
                adaptive_relearning_steps: [10m]
                adaptive_reason: "test"
                adaptive_same_day_intervals: true

                """
        try directory.write("badger.yml", chosen)
        let stale = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(stale.standardOutput.contains("FSRS parameters are stale"), "\(stale.standardOutput)")
        let first = try await Self.study(directory)
        #expect(first.status == 0, "\(first.standardError)")
        let said = first.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Could not re-fit your FSRS parameters") }
        #expect(said.count == 1, "\(first.standardOutput)")
        #expect(said.first?.contains("the ones fitted on 2026-07-01 to 40 reviews stay") == true)
        let yaml = try directory.read("badger.yml")
        #expect(yaml.hasPrefix(chosen) && yaml.dropFirst(chosen.count).hasPrefix("fsrs_fit_refused_reviews: "), "\(yaml)")
        let second = try await Self.study(directory)
        #expect(
            !second.standardOutput.contains("Could not") && !second.standardOutput.contains("Re-fitted"), "\(second.standardOutput)")
        #expect(try directory.read("badger.yml") == yaml)
        let after = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(!after.standardOutput.contains("stale"), "\(after.standardOutput)")
    }

    /// Two clones' fits merged by git, then a re-fit the optimizer refuses: the automatic
    /// settings are chosen again for the parameters in force, so badger.yml holds one choice
    /// whose explanation is the one in force (it kept one clone's reason with the other's
    /// retention until the log grew by half).
    @Test func aRefusedReFitAfterMergedFitsChoosesOnce() async throws {
        let directory = try await OptimizeCommandTests.collection(cards: 6, reviewsPerCard: 9)
        defer { directory.remove() }
        let parameters =
            "fsrs_parameters: [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]\n"
        func fit(_ reviews: Int, _ retention: String, _ target: String, _ reason: String) -> String {
            Self.marker + parameters + "fsrs_parameters_fitted: \"2026-07-01\"\nfsrs_parameters_reviews: \(reviews)\n"
                + "adaptive_retention: \(retention)\nadaptive_target_retention: \(target)\nadaptive_learning_steps: []\n"
                + "adaptive_relearning_steps: [10m]\nadaptive_reason: \"\(reason)\"\nadaptive_same_day_intervals: true\n"
                + "adaptive_retention_bounds: [0.85, 0.95]\n" + Self.endMarker
        }
        try directory.write("badger.yml", Self.auto + fit(40, "0.88", "0.86", "A's reason") + fit(41, "0.91", "0.85", "B's reason"))
        let study = try await Self.study(directory)
        #expect(study.status == 0, "\(study.standardError)")
        #expect(
            study.standardOutput.contains("the merged ones stay; the automatic settings were chosen for them"), "\(study.standardOutput)")
        let yaml = try directory.read("badger.yml")
        #expect(yaml.components(separatedBy: "\nadaptive_retention: ").count == 2, "\(yaml)")
        #expect(!yaml.contains("A's reason") && !yaml.contains("B's reason"), "\(yaml)")
        let due = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(due.standardOutput.contains("Automatic settings: retention 0."), "\(due.standardOutput)")
    }

    /// The same refusal with parameters written by hand and `auto` settings: the session and
    /// `optimize --apply` say the hand-written ones stay and what was chosen for them (text and
    /// JSON), and the log keeps the hand-written values.
    @Test func aRefusedFitKeepsParametersWrittenByHandAndSaysWhatWasChosenForThem() async throws {
        let own =
            "fsrs_parameters: [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]\n"
        for command in [["study"], ["optimize", "--apply"], ["optimize", "--apply", "--format", "json"]] {
            let directory = try await OptimizeCommandTests.collection(cards: 6, reviewsPerCard: 9)
            defer { directory.remove() }
            try directory.write("badger.yml", Self.auto + own)
            let result =
                command == ["study"]
                ? try await Self.study(directory)
                : try await BadgerProcess.run(command, in: directory.url, environment: ["TZ": "UTC"])
            #expect(result.status == 0, "\(command): \(result.standardError)")
            let said = result.standardOutput
            #expect(!said.contains("fitted before") && !said.contains("to 0 reviews"), "\(command): \(said)")
            switch command.last {
            case "study":
                #expect(
                    said.contains("the ones written by hand in badger.yml stay; the automatic settings were chosen for them: retention 0."),
                    "\(said)")
            case "json":
                let automatic = try #require(try OptimizeCommandTests.json(said)["automatic"] as? [String: Any], "\(said)")
                #expect((automatic["summary"] as? String)?.hasPrefix("retention 0.") == true, "\(automatic)")
            default:
                #expect(
                    said.contains(
                        "The automatic settings were chosen for the parameters written by hand, which stay (logged in badger.fits): retention 0."
                    ), "\(said)")
            }
            #expect(try directory.read("badger.yml").contains(own))
        }
    }

    /// badger.yml saved in Latin-1 while a session is open: the re-fit at its end is not written
    /// over it (it was added to the text as read, with replacement characters), and says why.
    @Test func aBadgerYmlSavedInLatin1DuringASessionIsNotOverwrittenByItsRefit() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let latin1 = Data(Self.auto.utf8) + Data("# caf".utf8) + Data([0xE9]) + Data("\n".utf8)
        let process = ChildProcess()
        process.executableURL = BadgerProcess.executable
        process.arguments = ["study", "--topic", "all", "--count", "10", "--plain"]
        process.currentDirectoryURL = directory.url
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 }
        let input = Pipe()
        process.standardInput = input
        let writer = input.fileHandleForWriting
        let path = directory.url.appendingPathComponent("badger.yml")
        Task.detached {
            // Once the session has read the collection (it waits for a key), the file changes.
            try? await Task.sleep(for: .milliseconds(1_500))
            try? latin1.write(to: path)
            writer.write(Data("q\n".utf8))
            try? writer.close()
        }
        let result = try await ExternalProcess.run(process)
        #expect(!result.standardOutput.contains("Re-fitted"), "\(result.standardOutput)")
        #expect(result.standardError.contains("not UTF-8 text"), "\(result.standardError)")
        #expect(try Data(contentsOf: path) == latin1)
    }

    /// A fit that cannot be logged is not used (badger.yml took parameters no log line held): a
    /// session checks first and fits nothing (it re-fitted at every session, then failed), and
    /// `optimize --apply` fails before writing badger.yml (badger.fits is written first).
    @Test func aFitThatCannotBeLoggedLeavesBadgerYmlAsItWas() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("badger.fits"), withIntermediateDirectories: false)
        let session = try await Self.study(directory)
        #expect(session.status == 0, "\(session.standardError)")
        #expect(
            session.standardError.contains(
                "the FSRS parameters are stale, but no fit can be stored: badger.fits: it is a folder, not a file"),
            "\(session.standardError)")
        #expect(!session.standardOutput.contains("Re-fitted"))
        #expect(try directory.read("badger.yml") == Self.auto)
        let applied = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(applied.status == 2)
        #expect(applied.standardError.contains("badger.fits: it is a folder, not a file"), "\(applied.standardError)")
        #expect(try directory.read("badger.yml") == Self.auto)
        // A named pipe is named as one (it was "not a file (a folder?)"), and never opened.
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("badger.fits"))
        #expect(mkfifo(directory.url.appendingPathComponent("badger.fits").path, 0o644) == 0)
        let piped = try await Self.study(directory)
        #expect(
            piped.standardError.contains("no fit can be stored: badger.fits: it is a named pipe (FIFO), not a file"),
            "\(piped.standardError)")
        #expect(try directory.read("badger.yml") == Self.auto)
    }

    /// Review counts edited into badger.yml past Int.max / 3 (a fit's, or a refused fit's)
    /// trapped `due`, `stats` and the end of `study` with an arithmetic overflow.
    @Test func hugeReviewCountsInBadgerYmlDoNotTrap() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        #expect(try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"]).status == 0)
        let fitted = try directory.read("badger.yml")
        for (key, value) in [("fsrs_parameters_reviews", "3074457345618258603"), ("fsrs_fit_refused_reviews", "9223372036854775807")] {
            let edited = fitted.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("fsrs_fit_refused_reviews:") }
                .map { $0.hasPrefix(key + ":") ? "\(key): \(value)" : String($0) }
            try directory.write(
                "badger.yml",
                (edited.contains { $0.hasPrefix(key + ":") } ? edited : edited + ["\(key): \(value)"]).joined(separator: "\n"))
            for command in [["due"], ["stats"], ["study", "--topic", "all", "--count", "10", "--plain"]] {
                let result = try await BadgerProcess.run(command, in: directory.url, environment: ["TZ": "UTC"], input: "q\n")
                #expect(result.status == 0, "\(key) \(command): \(result.standardError)")
            }
        }
    }

    /// `--retention` simulates a collection's workload; with `--histories` it was ignored.
    @Test func retentionWithHistoriesIsRefusedNotIgnored() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let result = try await BadgerProcess.run(["optimize", "--histories", "histories.json", "--retention"], in: directory.url)
        #expect(result.status == 64 || result.status == 2, "\(result.status)")
        #expect(result.standardError.contains("with --histories, --settings chooses the retention"), "\(result.standardError)")
    }

    /// badger.yml as a symbolic link: to a file in the collection, the re-fit is written there
    /// and the link stays (it was replaced by a plain file); to a file outside, nothing is
    /// written (badger writes only inside the collection) and the session says why.
    @Test func aLinkedBadgerYmlIsWrittenThroughInsideTheCollectionAndNeverOutside() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let link = directory.url.appendingPathComponent("badger.yml")
        try FileManager.default.removeItem(at: link)
        try directory.write("settings/shared.yml", Self.auto)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "settings/shared.yml")
        let inside = try await Self.study(directory)
        #expect(inside.standardOutput.contains("Re-fitted your FSRS parameters"), "\(inside.standardOutput)\(inside.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "settings/shared.yml")
        #expect(try directory.read("settings/shared.yml").contains("fsrs_parameters: ["))

        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        try outside.write("shared.yml", Self.auto)
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: outside.url.appendingPathComponent("shared.yml").path)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("badger.fits"))
        let refused = try await Self.study(directory)
        #expect(refused.status == 0)
        #expect(refused.standardError.contains("outside the collection, and badger writes only inside it"), "\(refused.standardError)")
        #expect(try outside.read("shared.yml") == Self.auto)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.fits").path))
    }

    /// `optimize --apply` over two collections whose log the outlier filter refuses: each
    /// records the refusal; the one without parameters does not get the other's kept ones as a
    /// fresh fit. With --format json the refusal is JSON.
    @Test func aRefusedApplyOverTwoCollectionsGivesNeitherTheOthersParameters() async throws {
        // `a` (fitted before) is stored first, `b` (never fitted) next: roots go in path order.
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        for name in ["a", "b"] {
            let made = try await OptimizeCommandTests.collection(cards: 6, reviewsPerCard: 9)
            defer { made.remove() }
            try FileManager.default.copyItem(at: made.url, to: parent.url.appendingPathComponent(name))
        }
        let fitted =
            Self.auto
            + "fsrs_parameters: [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]\nfsrs_parameters_reviews: 40\n"
        try parent.write("a/badger.yml", fitted)
        try parent.write("b/badger.yml", Self.auto)
        let applied = try await BadgerProcess.run(
            ["optimize", "--apply", "--format", "json", "a", "b"], in: parent.url, environment: ["TZ": "UTC"])
        #expect(applied.status == 0, "\(applied.standardError)")
        let json = try OptimizeCommandTests.json(applied.standardOutput)
        #expect((json["refused"] as? [String: Int])?["needed"] == 64, "\(applied.standardOutput)")
        #expect((json["message"] as? String)?.contains("badger.yml records the log's size") == true)
        let untouched = try parent.read("b/badger.yml")
        #expect(!untouched.contains("fsrs_parameters:"), "\(untouched)")
        #expect(untouched.contains("fsrs_fit_refused_reviews: "))
        #expect(!FileManager.default.fileExists(atPath: parent.url.appendingPathComponent("b/badger.fits").path))
        #expect(try parent.read("a/badger.yml").contains("fsrs_parameters_reviews: 40\n"))
    }

    /// `optimize --apply` over two collections fits each to its own reviews, as a session does
    /// (one fit to both was stored in both, with the two logs' count).
    @Test func applyOverTwoCollectionsFitsEachToItsOwnReviews() async throws {
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        var counts: [String: Int] = [:]
        for (name, cards) in [("a", 20), ("b", 30)] {
            let made = try await OptimizeCommandTests.collection(cards: cards)
            defer { made.remove() }
            try FileManager.default.copyItem(at: made.url, to: parent.url.appendingPathComponent(name))
            counts[name] = try ["algebra.reviews", "french.reviews"].reduce(0) { total, log in
                total + (try parent.read("\(name)/\(log)")).split(separator: "\n").count { !$0.hasPrefix("#") && $0.contains("\treview\t") }
            }
        }
        let applied = try await BadgerProcess.run(["optimize", "--apply", "a", "b"], in: parent.url, environment: ["TZ": "UTC"])
        #expect(applied.status == 0, "\(applied.standardError)")
        for (name, count) in counts {
            let yaml = try parent.read("\(name)/badger.yml")
            #expect(yaml.contains("fsrs_parameters_reviews: \(count)\n"), "\(name): \(count)\n\(yaml)\n\(applied.standardOutput)")
        }
        #expect(counts["a"] != counts["b"])
    }

    /// A badger.fits (or badger.yml) link to nothing is not replaced by a fit (it was, and where
    /// it pointed was lost).
    @Test func aLinkToNothingIsNotReplacedByAFit() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let link = directory.url.appendingPathComponent("badger.fits")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/nonexistent/badger.fits")
        let applied = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(applied.status == 2)
        #expect(applied.standardError.contains("it is a link to /nonexistent/badger.fits, which is not a file"), "\(applied.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "/nonexistent/badger.fits")
        #expect(try directory.read("badger.yml") == Self.auto)
    }

    /// badger.yml as a flow mapping: a fit cannot add its keys and keep it valid, so nothing is
    /// written and the session says why (the file was broken, and every command failed).
    @Test func aBadgerYmlAFitWouldBreakIsLeftAlone() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let flow = "{desired_retention: auto, learning_steps: auto, relearning_steps: auto, fuzz: true}\n"
        try directory.write("badger.yml", flow)
        let session = try await Self.study(directory)
        #expect(session.status == 0, "\(session.standardError)")
        #expect(
            session.standardError.contains("no fit can be stored: badger.yml is in a form a fit cannot be added to"),
            "\(session.standardError)")
        #expect(try directory.read("badger.yml") == flow)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.fits").path))
        let due = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(due.status == 0, "\(due.standardError)")
        #expect(
            due.standardOutput.contains("no fit can be stored until this is mended: badger.yml is in a form a fit cannot be added to"),
            "\(due.standardOutput)")
        // optimize --apply refuses before fitting.
        let applied = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(
            applied.status == 2
                && applied.standardError.contains("no fit can be stored in ")
                && applied.standardError.contains(": badger.yml is in a form a fit cannot be added to"), "\(applied.standardError)")
        #expect(try directory.read("badger.yml") == flow)
    }

    /// An empty badger.yml written as YAML's null (`~`) or ended by `...`: no fit can follow that
    /// line, and `due` names the line to delete rather than asking for `key: value` lines.
    @Test func anEmptyBadgerYmlAFitCannotFollowNamesTheLineToDelete() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        for (text, line) in [("~\n", "~"), ("---\n...\n", "..."), ("# settings\nnull\n", "null")] {
            try directory.write("badger.yml", text)
            let due = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
            #expect(due.status == 0, "\(due.standardError)")
            #expect(
                due.standardOutput.replacingOccurrences(of: "\n", with: " ").contains(
                    "no fit can be stored until this is mended: badger.yml holds no settings, and a fit cannot add its own after its `\(line)` line: delete that line."
                ), "\(due.standardOutput)")
            #expect(try directory.read("badger.yml") == text)
        }
    }

    /// Ctrl-C in `--plain` on a terminal ends the session as q does: the rating kept, the
    /// summary, the re-fit. It killed the process, so the re-fit waited for another session.
    @Test(.timeLimit(.minutes(2))) func ctrlCEndsAPlainSessionWithItsSummaryAndRefit() async throws {
        try #require(Tmux.isAvailable, "the terminal test needs /usr/bin/tmux and /usr/bin/python3 (make test installs tmux)")
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        func reviewed() throws -> Int {
            try ["algebra.reviews", "french.reviews"].map { try directory.read($0).components(separatedBy: "\treviewed\t").count - 1 }
                .reduce(0, +)
        }
        let before = try reviewed()
        let tmux = Tmux()
        defer { tmux.kill() }
        let command = "TZ=UTC '\(BadgerProcess.executable.path)' study --topic all --count 10 --plain; echo \"EXITED $?\"; sleep 5"
        try await tmux.start(command, in: directory.url, columns: 120, rows: 40)
        _ = try await tmux.waitFor("(Enter: answer")
        try await tmux.send("Enter")
        _ = try await tmux.waitFor("0 Fail")
        try await tmux.run(["send-keys", "-t", tmux.name, "2", "Enter"])
        _ = try await tmux.waitFor("Rated Good")
        try await tmux.send("C-c")
        let screen = try await tmux.waitFor("EXITED")
        #expect(screen.contains("EXITED 0"), "\(screen)")
        #expect(screen.contains("Session summary (all):") && screen.contains("Cards studied: 1"), "\(screen)")
        #expect(screen.contains("Re-fitted your FSRS parameters"), "\(screen)")
        #expect(try directory.read("badger.fits").contains("\tfit\treviews="))
        #expect(try reviewed() == before + 1)
    }

    /// Ctrl-C during the end-of-session re-fit (110,000 reviews: announced first, seconds long
    /// in a debug build) says that nothing of it was stored and ends badger by SIGINT (status
    /// 130); it ended without a word.
    /// Answers piped in are not echoed: the re-fit line after "q" at the last prompt starts a
    /// line of its own (it was glued to the prompt).
    @Test func theRefitLineStartsItsOwnLineAfterAPipedAnswer() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let session = try await BadgerProcess.run(
            ["study", "--topic", "all", "--count", "1", "--plain"], in: directory.url, environment: ["TZ": "UTC"], input: "\n2\nq\n")
        #expect(session.status == 0, "\(session.standardError)")
        #expect(session.standardOutput.contains("l: learn again · q: quit: \nRe-fitted your FSRS parameters"), "\(session.standardOutput)")
    }

    /// badger.yml edited while a session is open: the end-of-session fit chooses with the file
    /// as it is then (it chose with the bounds read at the start, wrote those beside the new
    /// ones, and announced a retention the new bounds exclude), and keeps the edit.
    @Test func aSessionsFitChoosesWithBadgerYmlAsItIsAtTheEnd() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let badger = try StartedBadger(["study", "--topic", "all", "--count", "10", "--plain"], in: directory.url)
        defer { badger.kill() }
        #expect(await badger.waitFor("(Enter: answer", seconds: 20))
        let edited = "desired_retention: auto\nlearning_steps: [1m, 5m]\nrelearning_steps: auto\ndesired_retention_bounds: [0.90, 0.95]\n"
        try directory.write("badger.yml", edited)
        badger.send("q\n")
        badger.closeInput()
        #expect(await badger.waitForExit(seconds: 60) == 0)
        let announced = badger.output.split(separator: "\n").first { $0.contains("Re-fitted your FSRS parameters") } ?? ""
        #expect(announced.contains("; retention 0.9"), "\(badger.output)")
        #expect(!announced.contains(", learning steps "), "\(announced)")
        let yaml = try directory.read("badger.yml")
        #expect(yaml.hasPrefix(edited), "\(yaml)")
        #expect(yaml.contains("adaptive_retention_bounds: [0.90, 0.95]\n"), "\(yaml)")
        let config = try CollectionConfig(yaml: yaml, path: "badger.yml")
        #expect(config.targetInForce >= 0.90)
    }

    /// After a re-fit (the end of a session, or `optimize --apply`) the state files follow the
    /// new settings: the next read-only command leaves them as they are (it rewrote them, and a
    /// commit made right after studying held states of the old parameters).
    @Test func theStateFilesFollowTheNewSettingsWhenTheFitIsStored() async throws {
        let (directory, _) = try await Self.collection()
        defer { directory.remove() }
        let session = try await Self.study(directory)
        #expect(session.standardOutput.contains("Re-fitted your FSRS parameters"), "\(session.standardOutput)")
        let states = ["algebra.state", "french.state"]
        let afterSession = try states.map { try directory.read($0) }
        _ = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(try states.map { try directory.read($0) } == afterSession)
        // optimize --apply the same (fsrs_parameters_reviews lowered: stale again).
        let yaml = try directory.read("badger.yml")
        try directory.write(
            "badger.yml",
            yaml.replacingOccurrences(
                of: #"fsrs_parameters_reviews: \d+"#, with: "fsrs_parameters_reviews: 10", options: .regularExpression))
        let applied = try await BadgerProcess.run(["optimize", "--apply"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(applied.status == 0, "\(applied.standardError)")
        let afterApply = try states.map { try directory.read($0) }
        _ = try await BadgerProcess.run(["due"], in: directory.url, environment: ["TZ": "UTC"])
        #expect(try states.map { try directory.read($0) } == afterApply)
    }

    @Test func everyNewFlagIsInTheHelpAndTheREADME() async throws {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        for (command, flag) in [
            (["optimize"], "--settings"), (["schedule", "replay"], "--settings"), (["study"], "--no-adapt"),
            (["optimize"], "--retention-bounds"), (["optimize"], "--maximum-interval"), (["optimize"], "--no-same-day-intervals"),
        ] {
            let help = try await BadgerProcess.run(command + ["--help"])
            #expect(help.standardOutput.contains(flag), "\(command) --help")
            #expect(readme.contains(flag), "README: \(flag)")
        }
        for key in [
            "desired_retention: auto", "learning_steps: auto", "relearning_steps: auto", "desired_retention_bounds", "adapt: false",
        ] {
            #expect(readme.contains(key), "README: \(key)")
        }
        // Every field `optimize --settings` prints is explained in its help and the README.
        let help = try await BadgerProcess.run(["optimize", "--help"])
        let replayHelp = try await BadgerProcess.run(["schedule", "replay", "--help"])
        for field in ["target_retention", "same_day_intervals", "schema_version", "reason"] {
            #expect(help.standardOutput.contains(field), "optimize --help: \(field)")
            #expect(readme.contains("`\(field)`") || readme.contains("\"\(field)\""), "README: \(field)")
        }
        #expect(replayHelp.standardOutput.contains("same_day_intervals is false when absent"))
    }
}

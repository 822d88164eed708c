import BadgerTestSupport
import Foundation
import Testing

/// `badger optimize` and `badger schedule replay --params` run as a user runs them, on a
/// collection whose review logs are written directly (a year of reviews of 40 cards).
@Suite struct OptimizeCommandTests {
    static let now = "2027-01-15T12:00:00Z"
    static let environment = ["TZ": "UTC"]
    static let config = "# my settings\nexclude: [README.md]\ndesired_retention: 0.9   # the default\nfuzz: true\n"

    /// Two decks (French, Algebra) of 20 cards each; every card reviewed for a year at
    /// growing intervals, failed now and then by a fixed rule.
    static func collection(cards: Int = 20, reviewsPerCard: Int = 6) async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("badger.yml", config)
        try directory.write("README.md", "# not a deck\n")
        for (name, topic) in [("french", "French"), ("algebra", "Algebra")] {
            let cardText = (0..<cards).map { "Q: \(topic) question \($0)\nA: answer \($0)\n" }.joined(separator: "\n")
            try directory.write("\(name).md", "---\ntopic: \(topic)\n---\n\n" + cardText)
        }
        let compiled = try await BadgerProcess.run(["compile"], in: directory.url)
        try #require(compiled.status == 0, "compile failed: \(compiled.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(compiled.standardOutput.utf8)) as? [String: Any])
        var logs: [String: [(Date, String)]] = [:]
        let start = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05T09:00:00Z
        for (index, card) in try #require(document["cards"] as? [[String: Any]]).enumerated() {
            let id = try #require(card["id"] as? String)
            let file = try #require((card["source"] as? [String: Any])?["file"] as? String)
            var time = start.addingTimeInterval(Double(index % 30) * 86_400)
            var interval = 1.0 + Double(index % 3)
            for review in 0..<reviewsPerCard {
                let failed = review > 0 && (index * 7 + review * 3) % 10 < 2
                let rating = review == 0 ? 3 : failed ? 1 : ((index + review) % 5 == 0 ? 2 : 3)
                logs[file, default: []].append((time, "\(Self.format(time))\treview\t\(id)\t\(rating)\t-\t-"))
                if failed {
                    time += 600
                    logs[file, default: []].append((time, "\(Self.format(time))\treview\t\(id)\t3\t-\t-"))
                    interval = max(1, interval / 3)
                } else {
                    interval *= 2.4
                }
                time += interval.rounded() * 86_400
            }
        }
        for (file, lines) in logs {
            let log = file.replacingOccurrences(of: ".md", with: ".reviews")
            let text = "# badger review log 1\ttime\treview\tcard\trating(1 Fail..4 Easy)\telapsed_s\tanswer_ms\n"
            try directory.write(log, text + lines.sorted { $0.0 < $1.0 }.map { $0.1 + "\n" }.joined())
        }
        return directory
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    static func optimize(_ arguments: [String], in directory: TemporaryDirectory) async throws -> BadgerProcess.Result {
        try await BadgerProcess.run(["optimize", "--now", now] + arguments, in: directory.url, environment: environment)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func itReportsTheCurrentAndFittedParametersOnTheLatestReviews() async throws {
        let directory = try await Self.collection()
        defer { directory.remove() }
        let result = try await Self.optimize(["--format", "json"], in: directory)
        try #require(result.status == 0, "\(result.standardError)")
        assertSnapshot(result.standardOutput, named: "Optimize.json")
        let document = try Self.json(result.standardOutput)
        #expect(document["reviews"] as? Int ?? 0 > 200)
        #expect(document["cards"] as? Int == 40)
        let train = try #require(document["trainReviews"] as? Int)
        let test = try #require(document["testReviews"] as? Int)
        #expect(train + test == 200 && test == 40)
        let before = try #require(document["before"] as? [String: Any])
        let after = try #require(document["after"] as? [String: Any])
        #expect((before["parameters"] as? [Double])?.first == 0.212)
        #expect((after["parameters"] as? [Double])?.count == 21)
        let topics = try #require(after["topics"] as? [[String: Any]])
        #expect(topics.map { $0["topic"] as? String } == ["Algebra", "French"])
        #expect(topics.reduce(0) { $0 + ($1["reviews"] as? Int ?? 0) } == test)
        #expect((after["calibration"] as? [[String: Any]])?.count == 10)
        #expect(document["applied"] as? Bool == false)
        // Nothing is written without --apply.
        #expect(try String(contentsOf: directory.url.appendingPathComponent("badger.yml"), encoding: .utf8) == Self.config)

        let text = try await Self.optimize([], in: directory)
        #expect(text.status == 0)
        assertSnapshot(text.standardOutput, named: "Optimize.text")
    }

    /// Two clones that merged the other way round hold the same reviews in another order (a
    /// union merge appends the other side's lines): the fit, and so the schedule, is the same.
    @Test func theSameReviewsInAnotherOrderFitTheSame() async throws {
        let first = try await Self.collection()
        let second = try await Self.collection()
        defer {
            first.remove()
            second.remove()
        }
        for log in ["french.reviews", "algebra.reviews"] {
            let lines = try second.read(log).split(separator: "\n", omittingEmptySubsequences: true)
            try second.write(log, ([lines[0]] + lines.dropFirst().reversed()).joined(separator: "\n") + "\n")
        }
        #expect(try first.read("french.reviews") != second.read("french.reviews"))
        for directory in [first, second] {
            let applied = try await Self.optimize(["--apply"], in: directory)
            #expect(applied.status == 0, "\(applied.standardError)")
        }
        #expect(try first.read("badger.yml") == second.read("badger.yml"))
        #expect(try first.read("badger.yml").contains("\nfsrs_parameters: ["))
    }

    @Test func applyStoresTheParametersAndKeepsTheRestOfTheConfig() async throws {
        let directory = try await Self.collection()
        defer { directory.remove() }
        let applied = try await Self.optimize(["--apply", "--format", "json"], in: directory)
        try #require(applied.status == 0, "\(applied.standardError)")
        let report = try Self.json(applied.standardOutput)
        // Stored: fitted again on every review, as a session fits (the report's fit is to the
        // earliest 80%, tested on the rest; storing it dropped the latest reviews).
        let fitted = report["stored"] as? [Double]
        let tested = try #require(report["after"] as? [String: Any])["parameters"] as? [Double]
        #expect(fitted?.count == 21 && fitted != tested)
        let config = try String(contentsOf: directory.url.appendingPathComponent("badger.yml"), encoding: .utf8)
        #expect(config.hasPrefix(Self.config))
        #expect(config.contains("fsrs_parameters_fitted: \"2027-01-15\"\n"))
        #expect(config.contains("fsrs_parameters_reviews: "))
        // The next run starts from the stored parameters.
        let again = try await Self.optimize(["--format", "json"], in: directory)
        try #require(again.status == 0, "\(again.standardError)")
        let current = try #require((try Self.json(again.standardOutput))["before"] as? [String: Any])["parameters"] as? [Double]
        #expect(current?.count == 21)
        #expect(zip(current ?? [], fitted ?? []).allSatisfy { abs($0 - $1) <= 0.00005 })
        // Applying twice replaces the keys instead of repeating them; scheduling reads the file.
        _ = try await Self.optimize(["--apply"], in: directory)
        let twice = try String(contentsOf: directory.url.appendingPathComponent("badger.yml"), encoding: .utf8)
        #expect(twice.components(separatedBy: "fsrs_parameters:").count == 2)
        #expect(twice.hasPrefix(Self.config))
        let due = try await BadgerProcess.run(["due", "--format", "json"], in: directory.url, environment: Self.environment)
        #expect(due.status == 0, "\(due.standardError)")
    }

    @Test func tooFewReviewsSaysHowManyMoreAndChangesNothing() async throws {
        let directory = try await Self.collection(cards: 5, reviewsPerCard: 4)
        defer { directory.remove() }
        let result = try await Self.optimize(["--apply"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("the log has 30; 50 more are needed. Nothing was changed."), "\(result.standardOutput)")
        #expect(try String(contentsOf: directory.url.appendingPathComponent("badger.yml"), encoding: .utf8) == Self.config)
        let json = try await Self.json(try Self.optimize(["--format", "json"], in: directory).standardOutput)
        #expect((json["tooFewReviews"] as? [String: Int]) == ["have": 30, "need": 80, "more": 50])
    }

    @Test func historiesFitPrintsParametersThatReplayAccepts() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var histories: [[String: Any]] = []
        for card in 0..<30 {
            var day = 0.0
            var reviews: [[String: Any]] = []
            for review in 0..<6 {
                let rating = review > 0 && (card + review) % 6 == 0 ? 1 : 3
                reviews.append(["rating": rating, "at": Self.format(Date(timeIntervalSince1970: 1_767_603_600 + day * 86_400))])
                day += Double(2 + review * 3 + card % 4)
            }
            histories.append(["id": "card\(card)", "reviews": reviews])
        }
        try directory.write("histories.json", String(decoding: try JSONSerialization.data(withJSONObject: histories), as: UTF8.self))
        let fit = try await BadgerProcess.run(["optimize", "--histories", "histories.json", "--format", "json"], in: directory.url)
        try #require(fit.status == 0, "\(fit.standardError)")
        let parameters = try #require(try JSONSerialization.jsonObject(with: Data(fit.standardOutput.utf8)) as? [Double])
        #expect(parameters.count == 21)
        let again = try await BadgerProcess.run(["optimize", "--histories", "histories.json", "--format", "json"], in: directory.url)
        #expect(again.standardOutput == fit.standardOutput)
        try directory.write("fitted.json", fit.standardOutput)

        let replayed = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--no-fuzz", "--params", "fitted.json"], in: directory.url)
        #expect(replayed.status == 0, "\(replayed.standardError)")
        let inline = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--no-fuzz", "--params", fit.standardOutput], in: directory.url)
        #expect(inline.standardOutput == replayed.standardOutput)
        let defaults = try await BadgerProcess.run(["schedule", "replay", "histories.json", "--no-fuzz"], in: directory.url)
        #expect(defaults.status == 0)
        #expect(defaults.standardOutput != replayed.standardOutput)

        for (params, message) in [
            ("[1, 2, 3]", "FSRS-6 needs exactly 21 parameters, but 3 were given."),
            ("[" + Array(repeating: "200", count: 21).joined(separator: ", ") + "]", "w[0] is 200.0, outside its allowed range"),
            ("[0.2, oops]", "--params: not JSON near line 1, column 7: expected a value; the form is [0.212, 1.2931, …] (21 numbers)"),
            // Which number is not one.
            ("[0.2, 1.2, null]", "--params: `[2]` is null; it must be a number; the form is [0.212, 1.2931, …] (21 numbers)"),
            (#"[0.2, "1.2"]"#, "--params: `[1]` must be a number"),
            ("missing.json", "--params missing.json: no such file (give a file or a JSON array)"),
            // A settings object given to --params points to --settings.
            (
                #"{"desired_retention": 0.9}"#,
                "this is an object (a settings object, as `badger optimize --settings` prints, goes to --settings)"
            ),
        ] {
            let bad = try await BadgerProcess.run(["schedule", "replay", "histories.json", "--params", params], in: directory.url)
            #expect(bad.status == 2)
            #expect(bad.standardError.contains(message), "\(bad.standardError)")
            #expect(bad.standardOutput.isEmpty)
        }
        // A file's problems name the file, as --settings's do.
        try directory.write("cut.json", "[1, 2")
        try directory.write("short.json", "[1, 2, 3]")
        for (file, message) in [
            ("cut.json", "--params cut.json: not JSON: it ends before the JSON does"),
            ("short.json", "--params short.json: FSRS-6 needs exactly 21 parameters"),
        ] {
            let bad = try await BadgerProcess.run(["schedule", "replay", "histories.json", "--params", file], in: directory.url)
            #expect(bad.status == 2)
            #expect(bad.standardError.contains(message), "\(bad.standardError)")
        }
        // A file whose name starts as JSON does is read, not taken for inline JSON.
        try directory.write("[fitted].json", fit.standardOutput)
        let oddlyNamed = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--no-fuzz", "--params", "[fitted].json"], in: directory.url)
        #expect(oddlyNamed.status == 0, "\(oddlyNamed.standardError)")
        #expect(oddlyNamed.standardOutput == replayed.standardOutput)
        // And parameters given to --settings point to --params (they were read as a file name).
        let array = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--settings", fit.standardOutput], in: directory.url)
        #expect(array.status == 2)
        #expect(array.standardError.contains("--settings: this is a JSON array; --settings takes an object"), "\(array.standardError)")
        #expect(array.standardError.contains("and parameters alone go to --params"), "\(array.standardError)")
        let wrongScheduler = try await BadgerProcess.run(
            ["schedule", "replay", "histories.json", "--scheduler", "sm2", "--params", "fitted.json"], in: directory.url)
        #expect(wrongScheduler.status == 2)
        let tooFew = try await BadgerProcess.run(["optimize", "--histories", "fitted.json"], in: directory.url)
        #expect(tooFew.status == 2)
    }

    @Test func dueAndStatsSayWhenTheParametersAreStale() async throws {
        let directory = try await Self.collection()
        defer { directory.remove() }
        func stats() async throws -> [String: Any] {
            let result = try await BadgerProcess.run(
                ["stats", "--now", Self.now, "--format", "json"], in: directory.url, environment: Self.environment)
            try #require(result.status == 0, "\(result.standardError)")
            return try #require(try Self.json(result.standardOutput)["parameters"] as? [String: Any])
        }
        // Never fitted, with enough reviews to fit.
        let unfitted = try await stats()
        #expect(unfitted["fitted"] as? Bool == false && unfitted["stale"] as? Bool == true)
        #expect((unfitted["advice"] as? String)?.contains("FSRS uses its default parameters, but 200 of your reviews") == true)
        let due = try await BadgerProcess.run(["due"], in: directory.url, environment: Self.environment)
        #expect(due.standardOutput.contains("\nRetention vs target 90%: Algebra "), "\(due.standardOutput)")
        #expect(due.standardOutput.contains("run `badger optimize --apply`"))
        let text = try await BadgerProcess.run(["stats", "--now", Self.now], in: directory.url, environment: Self.environment)
        #expect(text.standardOutput.contains("vs 90%; average rating"))

        // Fitted: fresh until the log grows by half.
        _ = try await Self.optimize(["--apply"], in: directory)
        let fresh = try await stats()
        #expect(fresh["fitted"] as? Bool == true && fresh["stale"] as? Bool == false && fresh["advice"] is NSNull)
        #expect(fresh["fittedOn"] as? String == "2027-01-15")
        let reviews = try #require(fresh["reviewsAtFit"] as? Int)
        let log = directory.url.appendingPathComponent("french.reviews")
        var text2 = try String(contentsOf: log, encoding: .utf8)
        // A review line (the log is format 1: equal lines count each); commands since have
        // appended `card` lines describing its cards.
        let line = try #require(text2.split(separator: "\n").last { $0.split(separator: "\t").dropFirst().first == "review" })
        for _ in 0..<(reviews / 2) { text2 += line + "\n" }
        try text2.write(to: log, atomically: true, encoding: .utf8)
        let stale = try await stats()
        #expect(stale["stale"] as? Bool == true)
        #expect(
            (stale["advice"] as? String)?.contains("FSRS parameters are stale: fitted on 2027-01-15 to a log of \(reviews) reviews") == true
        )
        let dueJSON = try Self.json(
            try await BadgerProcess.run(["due", "--format", "json"], in: directory.url, environment: Self.environment).standardOutput)
        #expect((dueJSON["parameters"] as? [String: Any])?["stale"] as? Bool == true)
        #expect(((dueJSON["topics"] as? [[String: Any]])?.first?["targetRetention"] as? Double) == 0.9)
    }

    @Test func retentionEstimatesTheWorkloadAndMarksTheLeast() async throws {
        let directory = try await Self.collection()
        defer { directory.remove() }
        let result = try await Self.optimize(["--retention", "--format", "json"], in: directory)
        try #require(result.status == 0, "\(result.standardError)")
        let workload = try #require(try Self.json(result.standardOutput)["workload"] as? [[String: Any]])
        #expect(workload.count == 28)
        #expect(workload.first?["desiredRetention"] as? Double == 0.7)
        #expect(workload.last?["desiredRetention"] as? Double == 0.97)
        #expect(workload.count { $0["isBest"] as? Bool == true } == 1)
        let perDay = workload.compactMap { $0["reviewsPerDay"] as? Double }
        #expect(perDay.count == 28 && perDay.last! > perDay.first!)
        let text = try await Self.optimize(["--retention"], in: directory)
        #expect(text.standardOutput.components(separatedBy: "← least work per card remembered").count == 2)
    }
}

import BadgerTestSupport
import Foundation
import Testing

/// `badger stats` run as a user runs it, on a collection whose reviews were recorded with
/// `badger review`. The hidden `--now` and `TZ=UTC` make the output the same every day.
@Suite struct StatsCommandTests {
    static let now = "2026-03-31T12:00:00Z"
    static let environment = ["TZ": "UTC"]

    /// Two topics, five cards, 60 reviews through March 2026 (a 15-day streak up to yesterday,
    /// a review at 2 am that counts for the day before).
    static func studiedCollection() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        // Fixed settings (a new collection would get `auto`: the end of `theJSONFollowsItsSchema`).
        try directory.write("badger.yml", "fuzz: true\ndesired_retention: 0.9\nlearning_steps: [1m, 10m]\nrelearning_steps: [10m]\n")
        try directory.write(
            "french.md", "---\ntopic: French\n---\n\nQ: hello\nA: bonjour\n\nQ: the cat\nA: le chat\n\nQ: the dog\nA: le chien\n")
        try directory.write("algebra.md", "---\ntopic: Algebra\n---\n\nQ: What is 2+2?\nA: 4\n\nQ: What is 3*3?\nA: 9\n")
        let ids = try await Self.ids(in: directory)
        let hello = try #require(ids["hello"])
        let cat = try #require(ids["the cat"])
        let sum = try #require(ids["What is 2+2?"])
        var reviews: [(String, Int, String)] = []
        for day in [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13] + Array(16...30) {
            reviews.append((hello, 2, String(format: "2026-03-%02dT09:00:00Z", day)))
            reviews.append((cat, day % 4, String(format: "2026-03-%02dT09:05:00Z", day)))
        }
        for day in [5, 12, 19, 26] { reviews.append((sum, 3, String(format: "2026-03-%02dT20:00:00Z", day))) }
        reviews.sort { $0.2 < $1.2 }
        reviews.append((hello, 1, "2026-03-31T02:00:00Z"))
        for (card, rating, time) in reviews {
            let result = try await BadgerProcess.run(
                ["review", "--card", card, "--rating", String(rating), "--at", time], in: directory.url, environment: environment)
            try #require(result.status == 0, "review failed: \(result.standardError)")
        }
        return directory
    }

    static func ids(in directory: TemporaryDirectory) async throws -> [String: String] {
        let result = try await BadgerProcess.run(["compile"], in: directory.url)
        try #require(result.status == 0, "compile failed: \(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        var ids: [String: String] = [:]
        for card in try #require(document["cards"] as? [[String: Any]]) {
            let question = try #require((card["question"] as? [String: Any])?["markdown"] as? String)
            ids[question] = try #require(card["id"] as? String)
        }
        return ids
    }

    static func stats(_ arguments: [String], in directory: TemporaryDirectory, environment: [String: String] = environment) async throws
        -> BadgerProcess.Result
    {
        try await BadgerProcess.run(["stats", "--now", now] + arguments, in: directory.url, environment: environment)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theTextReportMatchesItsSnapshot() async throws {
        let directory = try await Self.studiedCollection()
        defer { directory.remove() }
        let result = try await Self.stats(["--color", "never"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(!result.standardOutput.contains("\u{1B}"))
        for line in result.standardOutput.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
        assertSnapshot(result.standardOutput, named: "Stats.text")

        // Colors: 256-color cells and bars with --color always, none with NO_COLOR on a terminal.
        let colored = try await Self.stats(["--color", "always"], in: directory)
        #expect(colored.standardOutput.contains("\u{1B}[38;5;"))
        let noColor = try await BadgerProcess.runInTerminal(
            ["stats", "--now", Self.now], in: directory.url, environment: ["TZ": "UTC", "NO_COLOR": "1"])
        #expect(noColor.status == 0)
        #expect(noColor.standardOutput.contains("Reviews per day"))
        #expect(!noColor.standardOutput.contains("\u{1B}["))
    }

    @Test func theJSONFollowsItsSchema() async throws {
        let directory = try await Self.studiedCollection()
        defer { directory.remove() }
        let result = try await Self.stats(["--format", "json"], in: directory)
        #expect(result.status == 0)
        assertSnapshot(result.standardOutput, named: "Stats.json")
        let document = try Self.json(result.standardOutput)
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["today"] as? String == "2026-03-31")
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["reviews"] as? Int == 59)
        #expect(total["daysPracticed"] as? Int == 27)
        #expect(total["reviewsToday"] as? Int == 0)
        let streak = try #require(total["streak"] as? [String: Any])
        #expect(streak["current"] as? Int == 15)
        #expect(streak["longest"] as? Int == 15)
        #expect(streak["longestEnd"] as? String == "2026-03-30")
        let topics = try #require(document["topics"] as? [[String: Any]])
        #expect(topics.map { $0["topic"] as? String } == ["Algebra", "French"])
        let achievements = try #require(document["achievements"] as? [[String: Any]])
        #expect(achievements.map { $0["id"] as? String } == ["first-review", "streak-7"])
        #expect(achievements.map { $0["earned"] as? String } == ["2026-03-01", "2026-03-07"])
        let heatmap = try #require(document["heatmap"] as? [String: Any])
        #expect(heatmap["start"] as? String == "2025-10-06")
        #expect((heatmap["counts"] as? [Int])?.reduce(0, +) == 59)

        try await Self.checkAgainstTheSchema(result.standardOutput, in: directory)
        // With automatic settings, `parameters` says what they chose.
        let config = directory.url.appendingPathComponent("badger.yml")
        let yaml = (try? String(contentsOf: config, encoding: .utf8)) ?? ""
        try yaml.replacingOccurrences(of: "desired_retention: 0.9", with: "desired_retention: auto")
            .write(to: config, atomically: true, encoding: .utf8)
        let adaptive = try await Self.stats(["--format", "json"], in: directory)
        #expect(adaptive.status == 0, "\(adaptive.standardError)")
        let parameters = try #require(try Self.json(adaptive.standardOutput)["parameters"] as? [String: Any])
        #expect((parameters["adaptive"] as? String)?.hasPrefix("Automatic settings: ") == true)
        try await Self.checkAgainstTheSchema(adaptive.standardOutput, in: directory)
        // The sentence saying why is wrapped to the text report's 80 columns, as every line.
        let text = try await Self.stats(["--color", "never"], in: directory)
        #expect(text.standardOutput.contains("Automatic settings: retention"), "\(text.standardOutput)")
        for line in text.standardOutput.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
    }

    /// Checks `json` against Grammar/Stats.schema.json when python3 has jsonschema.
    static func checkAgainstTheSchema(_ json: String, in directory: TemporaryDirectory) async throws {
        let output = directory.url.appendingPathComponent("stats.json")
        try json.write(to: output, atomically: true, encoding: .utf8)
        let check = ChildProcess()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = [
            "python3", "-c",
            """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit(3)
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            jsonschema.Draft202012Validator(schema).validate(json.load(open(sys.argv[2])))
            """,
            PackagePaths.url("Grammar/Stats.schema.json").path, output.path,
        ]
        guard let result = try? await ExternalProcess.run(check) else { return }  // no python3: nothing to check with
        if result.status == 3 || result.status == 127 { return }
        #expect(result.status == 0, "the JSON does not follow Grammar/Stats.schema.json:\n\(result.standardError)")
    }

    @Test func aTopicFilterShowsOnlyThatTopic() async throws {
        let directory = try await Self.studiedCollection()
        defer { directory.remove() }
        let result = try await Self.stats(["--topic", "Algebra", "--format", "json"], in: directory)
        #expect(result.status == 0)
        let document = try Self.json(result.standardOutput)
        let topics = try #require(document["topics"] as? [[String: Any]])
        #expect(topics.map { $0["topic"] as? String } == ["Algebra"])
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["reviews"] as? Int == 4)
        #expect((total["cards"] as? [String: Any])?["total"] as? Int == 2)
        #expect((total["streak"] as? [String: Any])?["current"] as? Int == 0)

        let text = try await Self.stats(["--topic", "Algebra", "--color", "never"], in: directory)
        #expect(text.standardOutput.contains("  Algebra"))
        #expect(!text.standardOutput.contains("French"))

        let unknown = try await Self.stats(["--topic", "German"], in: directory)
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "badger: error: no topic \"German\" in the collection (topics: Algebra, French)\n")
    }

    @Test func withoutReviewsOrCardsItSaysWhatToDo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("deck.md", "---\ntopic: T\n---\n\nQ: one\nA: 1\n")
        let fresh = try await Self.stats(["--color", "never"], in: directory)
        #expect(fresh.status == 0)
        #expect(fresh.standardOutput.contains("1 topic, 1 card: 1 new, 0 learning, 0 review"))
        #expect(fresh.standardOutput.contains("No reviews yet"))
        #expect(fresh.standardOutput.contains("Nothing comes due in the next 30 days."))
        let json = try await Self.json(try Self.stats(["--format", "json"], in: directory).standardOutput)
        #expect((json["achievements"] as? [Any])?.isEmpty == true)
        #expect((json["total"] as? [String: Any])?["trueRetention"] is NSNull)

        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        try empty.write("badger.yml", "exclude: []\n")
        let nothing = try await Self.stats([], in: empty)
        #expect(nothing.status == 0)
        #expect(nothing.standardOutput.hasPrefix("No cards here yet"))
    }

    @Test func aBadNowIsAUsageError() async throws {
        let result = try await BadgerProcess.run(["stats", "--now", "yesterday"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--now"))
    }
}

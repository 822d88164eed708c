import BadgerTestSupport
import Foundation
import Testing

/// Same-day intervals through the commands a user runs: `same_day_intervals` in badger.yml (or
/// automatic steps) reaches `review`, `due` and `schedule replay --settings`.
@Suite struct SameDayIntervalCommandTests {
    /// FSRS-6's defaults with the initial stabilities of a learner who forgets within hours.
    static let forgetful =
        "fsrs_parameters: [0.02, 0.05, 0.1, 0.3, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]\n"

    static func collection(_ settings: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("badger.yml", settings + forgetful)
        try directory.write("t.md", "---\ntopic: T\n---\n\nQ: a?\nA: a\n\nQ: b?\nA: b\n")
        return directory
    }

    static func firstID(in directory: TemporaryDirectory) async throws -> String {
        let list = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url).standardOutput
        return try #require(list.components(separatedBy: "\"id\" : \"").dropFirst().first.map { String($0.prefix(16)) })
    }

    @Test(arguments: ["same_day_intervals: true\nlearning_steps: []\n", "learning_steps: auto\nadaptive_learning_steps: []\n"])
    func aReviewOfACardForgottenWithinHoursIsDueAgainThatDay(settings: String) async throws {
        let directory = try Self.collection(settings)
        defer { directory.remove() }
        let id = try await Self.firstID(in: directory)
        let now = Date()
        let at = ISO8601DateFormatter().string(from: now.addingTimeInterval(-60))
        let review = try await BadgerProcess.run(["review", "--card", id, "--rating", "2", "--at", at], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
        // Good on a new card: stability 0.1 days, due when it falls to 90%: 0.1 days later.
        let due = try #require(review.standardOutput.firstMatch(of: /Review, due (\S+)/).map { String($0.output.1) })
        let dueDate = try #require(ISO8601DateFormatter().date(from: due))
        let hours = dueDate.timeIntervalSince(now.addingTimeInterval(-60)) / 3600
        #expect(hours > 1 && hours < 12, "\(review.standardOutput)")
        let forecast = try await BadgerProcess.run(["due", "--format", "json"], in: directory.url)
        // Not due now; due today (unless the day ends before it: then tomorrow).
        let json = try #require(try JSONSerialization.jsonObject(with: Data(forecast.standardOutput.utf8)) as? [String: Any])
        #expect(json["due"] as? Int == 0)
        let upcoming = try #require(((json["topics"] as? [[String: Any]])?.first?["upcoming"] as? [Int]))
        #expect(upcoming.prefix(2).reduce(0, +) == 1, "\(forecast.standardOutput)")
    }

    @Test func withoutTheSettingTheCardWaitsAWholeDayAsPyFSRSSchedules() async throws {
        // Fixed settings: a new collection without them adapts (`auto`, and same-day intervals
        // once fitted).
        let directory = try Self.collection("learning_steps: []\ndesired_retention: 0.9\nrelearning_steps: [10m]\n")
        defer { directory.remove() }
        let id = try await Self.firstID(in: directory)
        let review = try await BadgerProcess.run(
            ["review", "--card", id, "--rating", "2", "--at", "2026-11-20T09:00:00Z"], in: directory.url)
        #expect(review.standardOutput == "\(id): Review, due 2026-11-21T09:00:00Z\n", "\(review.standardOutput)")
    }

    @Test func replayWithSettingsHonoursSameDayIntervals() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("h.json", #"[{"id": "c1", "reviews": [{"rating": 3, "at": "2026-11-20T09:00:00Z"}]}]"#)
        let parameters =
            "[0.02, 0.05, 0.1, 0.3, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]"
        func replay(_ sameDay: Bool) async throws -> String {
            let settings =
                #"{"fsrs_parameters": \#(parameters), "desired_retention": 0.9, "learning_steps": [], "relearning_steps": [], "same_day_intervals": \#(sameDay)}"#
            let result = try await BadgerProcess.run(
                ["schedule", "replay", "h.json", "--settings", settings, "--no-fuzz"], in: directory.url)
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput
        }
        #expect(try await replay(true).contains("\"due\" : \"2026-11-20T11:24:00Z\""), "0.1 days after 09:00")
        #expect(try await replay(false).contains("\"due\" : \"2026-11-21T09:00:00Z\""))
    }

    /// A same-day interval is whole seconds, as the log keeps times: the interval printed is
    /// the due date less the review's time (it was 15613.36 seconds, and the due date cut to
    /// 15613).
    @Test func sameDayIntervalsAreWholeSecondsAndAddUpToTheDueDate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reviews = [
            (3, "2026-11-20T09:00:00Z"), (1, "2026-11-20T09:07:13Z"), (3, "2026-11-20T09:31:00Z"), (1, "2026-11-22T17:00:59Z"),
            (2, "2026-11-22T18:00:00Z"),
        ]
        try directory.write(
            "h.json",
            #"[{"id": "c1", "reviews": ["# + reviews.map { #"{"rating": \#($0.0), "at": "\#($0.1)"}"# }.joined(separator: ", ") + "]}]")
        let settings =
            #"{"fsrs_parameters": [0.0213, 0.0511, 0.0973, 0.3, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542], "desired_retention": 0.87, "learning_steps": [], "relearning_steps": [], "same_day_intervals": true}"#
        let result = try await BadgerProcess.run(["schedule", "replay", "h.json", "--settings", settings], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        let histories = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let states = try #require(histories.first?["states"] as? [[String: Any]])
        #expect(states.count == reviews.count)
        var sameDay = 0
        for (state, review) in zip(states, reviews) {
            let interval = try #require(state["interval_seconds"] as? Double)
            let dueText = try #require(state["due"] as? String)
            let due = try #require(ISO8601DateFormatter().date(from: dueText))
            let at = try #require(ISO8601DateFormatter().date(from: review.1))
            #expect(interval == interval.rounded(), "\(state)")
            #expect(at.addingTimeInterval(interval) == due, "\(state)")
            if interval < 43_200 { sameDay += 1 }
        }
        #expect(sameDay >= 3, "\(result.standardOutput)")
    }
}

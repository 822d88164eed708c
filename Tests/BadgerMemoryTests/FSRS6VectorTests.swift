import Foundation
import Testing

@testable import BadgerMemory

/// Replays the histories in `Fixtures/fsrs_histories.json` through `FSRS6` and compares every
/// state with `Fixtures/fsrs_expected.json`, which py-fsrs 6.3.2 computed
/// (`Fixtures/generate_fsrs_vectors.py`).
@Suite struct FSRS6VectorTests {
    struct History: Decodable {
        struct Review: Decodable {
            let rating: Int
            let at: String
        }
        let id: String
        let reviews: [Review]
    }

    struct Expected: Decodable {
        struct State: Decodable {
            let stability: Double
            let difficulty: Double
            let due: String
            let state: String
            let step: Int?
            let intervalSeconds: Int

            enum CodingKeys: String, CodingKey {
                case stability, difficulty, due, state, step
                case intervalSeconds = "interval_seconds"
            }
        }
        let id: String
        let states: [State]
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func relativeDifference(_ a: Double, _ b: Double) -> Double {
        a == b ? 0 : abs(a - b) / max(abs(a), abs(b))
    }

    @Test func everyStateMatchesPyFSRS() throws {
        let histories = try Self.load("fsrs_histories.json", as: [History].self)
        let expected = try Self.load("fsrs_expected.json", as: [Expected].self)
        try #require(histories.count == expected.count, "fixture files disagree; rerun generate_fsrs_vectors.py")
        #expect(histories.count >= 300)
        let scheduler = try FSRS6()

        var states = 0
        var bitIdentical = 0
        var worst = 0.0
        for (history, expectation) in zip(histories, expected) {
            try #require(history.id == expectation.id && history.reviews.count == expectation.states.count)
            let first = try #require(FSRSTestTime.parse(history.reviews[0].at))
            var card = MemoryState.new(at: first)
            for (index, (review, want)) in zip(history.reviews, expectation.states).enumerated() {
                let rating = try #require(Rating(rawValue: review.rating))
                let time = try #require(FSRSTestTime.parse(review.at))
                card = scheduler.review(card, rating: rating, at: time, fuzz: nil)
                states += 1

                var problems: [String] = []
                let stability = card.stability ?? .nan
                let difficulty = card.difficulty ?? .nan
                let stabilityError = Self.relativeDifference(stability, want.stability)
                let difficultyError = Self.relativeDifference(difficulty, want.difficulty)
                if !(stabilityError <= 1e-9) { problems.append("stability: got \(stability), py-fsrs \(want.stability)") }
                if !(difficultyError <= 1e-9) { problems.append("difficulty: got \(difficulty), py-fsrs \(want.difficulty)") }
                if card.state.rawValue != want.state { problems.append("state: got \(card.state.rawValue), py-fsrs \(want.state)") }
                if card.step != want.step {
                    problems.append("step: got \(card.step.map(String.init) ?? "nil"), py-fsrs \(want.step.map(String.init) ?? "nil")")
                }
                let due = FSRSTestTime.format(card.due)
                if due != want.due { problems.append("due: got \(due), py-fsrs \(want.due)") }
                let interval = card.due.timeIntervalSince(time)
                if interval != Double(want.intervalSeconds) {
                    problems.append("interval: got \(interval)s, py-fsrs \(want.intervalSeconds)s")
                }
                if !problems.isEmpty {
                    let replay = history.reviews[...index].map { "\($0.rating)@\($0.at)" }.joined(separator: " ")
                    Issue.record(
                        """
                        first mismatch: history \(history.id), review \(index + 1) of \(history.reviews.count) \
                        (rating \(review.rating) at \(review.at)):
                          \(problems.joined(separator: "\n  "))
                          reviews so far: \(replay)
                        """)
                    return
                }
                if stability == want.stability && difficulty == want.difficulty { bitIdentical += 1 }
                worst = max(worst, stabilityError, difficultyError)
            }
        }
        print("FSRS6 vectors: \(histories.count) histories, \(states) states, \(bitIdentical) bit-identical, worst relative error \(worst)")
        #expect(states > 3000)
    }
}

/// Whole-second UTC timestamps as the fixtures write them: "2026-01-01T08:00:00Z".
enum FSRSTestTime {
    static func parse(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { "-T:Z".contains($0) }).compactMap { Int($0) }
        guard parts.count == 6, text.hasSuffix("Z"), text.count == 20 else { return nil }
        let days = daysFromCivil(year: parts[0], month: parts[1], day: parts[2])
        let seconds = days * 86_400 + parts[3] * 3600 + parts[4] * 60 + parts[5]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let seconds = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = date.timeIntervalSince1970 - Double(total)
        let suffix = fraction == 0 ? "" : "+\(fraction)s"
        return "\(year)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z\(suffix)"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

/// The intervals FSRS-6 gives with default parameters and no fuzz, each review taken exactly when
/// due, starting 2026-01-05T09:00:00Z: a quick read of how the schedule feels.
@Suite struct IntervalLadderTests {
    static let start = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05T09:00:00Z
    static let reviews = 12

    /// The interval after each of `ratings`, reviewing at each due time.
    static func ladder(_ ratings: [Rating], scheduler: FSRS6) -> [TimeInterval] {
        var card = MemoryState.new(at: start)
        return ratings.map { rating in
            let time = card.due
            card = scheduler.review(card, rating: rating, at: time, fuzz: nil)
            return card.due.timeIntervalSince(time)
        }
    }

    /// "10m", "5.5m", "3h", "1d", "25d", "2mo", "4.3mo", "1.2y", "100y" (30-day months, 365-day years).
    static func format(_ seconds: TimeInterval) -> String {
        func oneDecimal(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        }
        let days = seconds / 86_400
        if seconds < 3600 { return oneDecimal(seconds / 60) + "m" }
        if days < 1 { return oneDecimal(seconds / 3600) + "h" }
        if days < 30 { return oneDecimal(days) + "d" }
        if days < 365 { return oneDecimal(days / 30) + "mo" }
        return oneDecimal(days / 365) + "y"
    }

    @Test func formatting() {
        let days: TimeInterval = 86_400
        let seconds: [TimeInterval] = [600, 330, 3 * 3600, days, 25 * days, 60 * days, 130 * days, 438 * days, 36_500 * days]
        let expected = ["10m", "5.5m", "3h", "1d", "25d", "2mo", "4.3mo", "1.2y", "100y"]
        #expect(seconds.map(Self.format) == expected)
    }

    @Test func intervalLadder() throws {
        let scheduler = try FSRS6()
        let columns: [(String, [Rating])] = [
            ("Good", Array(repeating: .good, count: Self.reviews)),
            ("Easy", Array(repeating: .easy, count: Self.reviews)),
            ("Difficult", Array(repeating: .hard, count: Self.reviews)),
            ("Good×2, Difficult", [.good, .good] + Array(repeating: .hard, count: Self.reviews - 2)),
        ]
        let ladders = columns.map { Self.ladder($0.1, scheduler: scheduler).map(Self.format) }
        let widths = columns.indices.map { column in
            max(columns[column].0.count, ladders[column].map(\.count).max() ?? 0)
        }
        func row(_ first: String, _ cells: [String]) -> String {
            let padded = cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
            return ([first.padding(toLength: 2, withPad: " ", startingAt: 0)] + padded).joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        var lines = [
            "FSRS-6 interval ladder: default parameters, retention 0.9, no fuzz,",
            "each review at its due time from 2026-01-05T09:00:00Z.",
            "",
            row("#", columns.map(\.0)),
        ]
        for review in 0..<Self.reviews {
            lines.append(row("\(review + 1)", ladders.map { $0[review] }))
        }
        lines += [
            "",
            "Difficult on a new card repeats the halfway step (1m + 10m) / 2 and never graduates, as in py-fsrs.",
        ]
        let table = lines.joined(separator: "\n") + "\n"
        print(table)
        assertSnapshot(table, named: "IntervalLadder.txt")
    }
}

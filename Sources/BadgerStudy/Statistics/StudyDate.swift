import BadgerMemory
import Foundation

/// A study day named by its local calendar date: the day that starts at the collection's
/// day-start hour on that date. Stored as whole days since 1970-01-01, so consecutive study
/// days differ by exactly 1 whatever the clocks did in between.
public struct StudyDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 of the local date.
    public let dayNumber: Int

    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// The study date of a calendar date.
    public init(year: Int, month: Int, day: Int) {
        dayNumber = Int(Timestamp.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The calendar date: (year, month 1–12, day 1–31).
    public var components: (year: Int, month: Int, day: Int) {
        let date = Timestamp.civilDate(daysSince1970: Int64(dayNumber))
        return (Int(date.year), Int(date.month), Int(date.day))
    }

    /// 0 for Monday … 6 for Sunday.
    public var weekdayFromMonday: Int { ((dayNumber + 3) % 7 + 7) % 7 }

    /// The Monday of this date's week.
    public var monday: StudyDate { StudyDate(dayNumber: dayNumber - weekdayFromMonday) }

    public func adding(days: Int) -> StudyDate { StudyDate(dayNumber: dayNumber + days) }

    /// `2026-03-29`.
    public var description: String {
        let (year, month, day) = components
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    public static func < (lhs: StudyDate, rhs: StudyDate) -> Bool { lhs.dayNumber < rhs.dayNumber }
}

/// Finds the study date of a moment: the local date of the wall-clock time `startHour` hours
/// earlier. Wall-clock arithmetic, not elapsed time, so the day still starts at the start hour
/// on the days clocks change (a review at 04:30 on the morning clocks went forward belongs to
/// that day, and one at 03:30 to the day before, with a start hour of 4).
///
/// Keeps the time zone's UTC offset for the stretch between two clock changes, so a sorted
/// log asks the time zone only once per change.
public struct StudyDateFinder {
    public let timeZone: TimeZone
    public let startHour: Int
    private var validFrom = Double.infinity
    private var validUntil = -Double.infinity
    private var offset = 0

    public init(timeZone: TimeZone, startHour: Int) {
        self.timeZone = timeZone
        self.startHour = startHour
    }

    public init(_ day: StudyDay) {
        self.init(timeZone: day.timeZone, startHour: day.startHour)
    }

    /// The study date holding `time` (seconds since 1970).
    public mutating func date(ofSeconds time: Double) -> StudyDate {
        if !(time >= validFrom && time < validUntil) {
            let moment = Date(timeIntervalSince1970: time)
            offset = timeZone.secondsFromGMT(for: moment)
            validFrom = time
            validUntil = timeZone.nextDaylightSavingTimeTransition(after: moment)?.timeIntervalSince1970 ?? time + 86_400
            // A zone whose offset changed for other reasons than daylight saving: recheck daily.
            validUntil = min(validUntil, time + 86_400 * 30)
        }
        let local = Int(floor(time)) + offset - startHour * 3_600
        return StudyDate(dayNumber: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    public mutating func date(of time: Date) -> StudyDate { date(ofSeconds: time.timeIntervalSince1970) }
}

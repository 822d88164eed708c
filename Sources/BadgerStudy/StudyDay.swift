import Foundation

/// Study days: local calendar days that start at the collection's day-start hour (4 am by
/// default), so a review at 1 am still counts for the evening before.
public struct StudyDay: Sendable {
    public let timeZone: TimeZone
    public let startHour: Int

    public init(timeZone: TimeZone, startHour: Int = 4) {
        self.timeZone = timeZone
        self.startHour = startHour
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// When the study day holding `time` began: the start hour, on the local clock, of the
    /// local date (or of the day before, when the clock reads earlier than the start hour).
    /// Working on clock fields keeps days right when the clocks change.
    public func start(of time: Date) -> Date {
        let calendar = self.calendar
        var date = calendar.dateComponents([.year, .month, .day, .hour], from: time)
        if (date.hour ?? 0) < startHour, let previous = calendar.date(byAdding: .day, value: -1, to: time) {
            let day = calendar.dateComponents([.year, .month, .day], from: previous)
            (date.year, date.month, date.day) = (day.year, day.month, day.day)
        }
        date.hour = startHour
        return calendar.date(from: date) ?? calendar.startOfDay(for: time)
    }

    /// When the study day `offset` days after the one holding `time` begins.
    public func start(of time: Date, offsetDays offset: Int) -> Date {
        let today = start(of: time)
        return calendar.date(byAdding: .day, value: offset, to: today) ?? today.addingTimeInterval(Double(offset) * 86_400)
    }

    /// How many study days after the one holding `reference` the day holding `time` is.
    public func dayNumber(of time: Date, from reference: Date) -> Int {
        let calendar = self.calendar
        // A study day's start reads the start hour on its own local date.
        let from = calendar.dateComponents([.year, .month, .day], from: start(of: reference))
        let to = calendar.dateComponents([.year, .month, .day], from: start(of: time))
        guard let first = calendar.date(from: from), let second = calendar.date(from: to) else { return 0 }
        return calendar.dateComponents([.day], from: first, to: second).day ?? 0
    }
}

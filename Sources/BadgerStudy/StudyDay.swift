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

    /// When the study day holding `time` began.
    public func start(of time: Date) -> Date {
        let shifted = time.addingTimeInterval(-Double(startHour) * 3600)
        let midnight = calendar.startOfDay(for: shifted)
        // Add the hour on the calendar, so days across a daylight-saving change stay right.
        return calendar.date(byAdding: .hour, value: startHour, to: midnight) ?? midnight.addingTimeInterval(Double(startHour) * 3600)
    }

    /// When the study day `offset` days after the one holding `time` begins.
    public func start(of time: Date, offsetDays offset: Int) -> Date {
        let today = start(of: time)
        return calendar.date(byAdding: .day, value: offset, to: today) ?? today.addingTimeInterval(Double(offset) * 86_400)
    }

    /// How many study days after the one holding `reference` the day holding `time` is.
    public func dayNumber(of time: Date, from reference: Date) -> Int {
        let from = calendar.dateComponents([.year, .month, .day], from: start(of: reference).addingTimeInterval(-Double(startHour) * 3600))
        let to = calendar.dateComponents([.year, .month, .day], from: start(of: time).addingTimeInterval(-Double(startHour) * 3600))
        guard let first = calendar.date(from: from), let second = calendar.date(from: to) else { return 0 }
        return calendar.dateComponents([.day], from: first, to: second).day ?? 0
    }
}

import Foundation

/// ISO-8601 UTC timestamps with whole seconds, as every badger file writes them:
/// `2026-11-21T09:30:00Z`.
public enum Timestamp {
    /// `date` rounded down to the second: the time a log line keeps of it.
    public static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// The text of `date`, rounded down to the second.
    /// Times beyond year 999,999 (or before year 1) are written as those bounds, so the text
    /// always reads back.
    public static func format(_ date: Date) -> String {
        let raw = date.timeIntervalSince1970
        let seconds = Int64(floor(raw.isNaN ? 0 : min(max(raw, -62_135_596_800), 31_556_889_832_780_799)))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` followed by `Z`, `+HH:MM` or `-HH:MM` (an offset of at most
    /// 23:59, as RFC 3339 has it; fractions of a second are accepted and dropped). Nil for
    /// anything else.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses a timestamp from UTF-8 bytes, without copying them.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        seconds(bytes).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// Seconds since 1970 of a timestamp in UTF-8 bytes. The year has four digits, or up to
    /// six for dates after 9999 (which `format` writes that way), so every date is read back.
    static func seconds(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        let count = bytes.count
        var yearDigits = 0
        while yearDigits < min(count, 7), bytes[yearDigits] >= 48, bytes[yearDigits] <= 57 { yearDigits += 1 }
        guard (4...6).contains(yearDigits), count >= yearDigits + 16 else { return nil }
        let b = yearDigits - 4  // how far every later field is shifted
        @inline(__always) func digit(_ index: Int) -> Int64? {
            let byte = bytes[index]
            return byte >= 48 && byte <= 57 ? Int64(byte - 48) : nil
        }
        @inline(__always) func number(_ start: Int, _ length: Int) -> Int64? {
            var value: Int64 = 0
            for index in start..<(start + length) {
                guard let d = digit(index) else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard let year = number(0, yearDigits), bytes[b + 4] == 45, let month = number(b + 5, 2), bytes[b + 7] == 45,
            let day = number(b + 8, 2), bytes[b + 10] == 84 || bytes[b + 10] == 116, let hour = number(b + 11, 2),
            bytes[b + 13] == 58, let minute = number(b + 14, 2), bytes[b + 16] == 58, let second = number(b + 17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = b + 19
        guard index < count else { return nil }
        if bytes[index] == 46 {  // fraction
            index += 1
            while index < count, digit(index) != nil { index += 1 }
        }
        var offset: Int64 = 0
        guard index < count else { return nil }
        if bytes[index] == 90 || bytes[index] == 122 {
            guard index + 1 == count else { return nil }
        } else if bytes[index] == 43 || bytes[index] == 45, index + 6 == count, bytes[index + 3] == 58,
            let hours = number(index + 1, 2), let minutes = number(index + 4, 2), hours < 24, minutes < 60
        {
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == 43 ? 1 : -1)
        } else {
            return nil
        }
        let days = daysSince1970(year: year, month: month, day: day)
        // February 30 and the like: the date must name itself.
        guard civilDate(daysSince1970: days) == (year, month, day) else { return nil }
        return days * 86_400 + hour * 3600 + minute * 60 + second - offset
    }

    /// The calendar date `days` days after 1970-01-01, in the proleptic Gregorian calendar
    /// (Howard Hinnant's algorithm).
    public static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// How many days after 1970-01-01 a calendar date is (Howard Hinnant's algorithm).
    public static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

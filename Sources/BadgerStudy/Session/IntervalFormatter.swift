import Foundation

/// Short interval labels for the feedback buttons: "45s", "1m", "5.5m", "3h", "4d", "2.5mo", "1.2y".
///
/// The same style as the FSRS-6 interval ladder: one decimal at most, dropped when it is zero;
/// 30-day months and 365-day years.
public enum IntervalFormatter {
    public static let secondsPerDay: TimeInterval = 86_400

    /// `seconds` as a short label; negative intervals count as zero.
    public static func short(_ seconds: TimeInterval) -> String {
        let seconds = seconds.isFinite ? max(0, seconds) : 0
        let days = seconds / secondsPerDay
        if seconds < 59.5 { return "\(Int(seconds.rounded()))s" }
        if seconds < 3600 { return oneDecimal(seconds / 60) + "m" }
        if days < 1 { return oneDecimal(seconds / 3600) + "h" }
        if days < 30 { return oneDecimal(days) + "d" }
        if days < 365 { return oneDecimal(days / 30) + "mo" }
        return oneDecimal(days / 365) + "y"
    }

    /// "12m 5s", "1h 3m", "45s": a duration such as the time a session took.
    public static func duration(_ seconds: TimeInterval) -> String {
        let total = Int((seconds.isFinite ? max(0, seconds) : 0).rounded())
        let hours = total / 3600
        let minutes = total % 3600 / 60
        let rest = total % 60
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m \(rest)s" }
        return "\(rest)s"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}

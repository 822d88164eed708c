import BadgerDeck
import BadgerMemory
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Laying out card lines for a terminal.
enum ListLayout {
    /// The width to fit lines to: `COLUMNS` when set, else the terminal's width, else 100.
    static func width(environment: [String: String] = ProcessInfo.processInfo.environment, isTerminal: Bool) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), columns > 0 {
            return columns
        }
        if isTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        return 100
    }

    /// `text` on one line, safe to print: runs of white space (line breaks included) become one
    /// space, and control characters are shown as escapes.
    static func oneLine(_ text: String) -> String {
        UntrustedText.sanitized(CardID.normalized(text))
    }

    /// `text` cut to `width` display columns, ending in `…` when cut.
    static func truncated(_ text: String, to width: Int) -> String {
        DisplayWidth.clipped(text, to: width)
    }

    static func padded(_ text: String, to width: Int) -> String {
        DisplayWidth.padded(text, to: width)
    }

    static func rightAligned(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
    }

    /// Formats local calendar dates, `2026-11-21`.
    static func dateFormatter(timeZone: TimeZone = .current) -> DateFormatter { formatter("yyyy-MM-dd", timeZone: timeZone) }

    /// Formats local times to the minute, `2026-11-21 09:30`.
    static func timeFormatter(timeZone: TimeZone = .current) -> DateFormatter { formatter("yyyy-MM-dd HH:mm", timeZone: timeZone) }

    private static func formatter(_ pattern: String, timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    /// A duration, compact: `10m`, `1h`, `6h`, `3d`, `2.5d`, `45d`.
    static func duration(seconds: Double) -> String {
        let seconds = max(0, seconds)
        func trimmed(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
        }
        if seconds < 3600 { return "\(Int((seconds / 60).rounded()))m" }
        if seconds < 86_400 { return trimmed(seconds / 3600) + "h" }
        let days = seconds / 86_400
        return (days >= 10 ? String(Int(days.rounded())) : trimmed(days)) + "d"
    }

    /// A stability or similar number of days, to two decimals.
    static func days(_ value: Double?) -> String {
        guard let value else { return "-" }
        return String(format: "%.2fd", value)
    }
}

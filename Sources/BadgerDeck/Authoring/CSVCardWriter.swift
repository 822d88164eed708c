/// Writes cards in the import format, `question;answer;explanation;reversed`, so that
/// `CSVCardReader` reads back the same texts.
public enum CSVCardWriter {
    public typealias Row = (question: String, answer: String, explanation: String?, reversed: Bool)

    /// The CSV text: a header row, then one row per card, LF line endings. A field is quoted
    /// (with inner quotes doubled) when it holds `;`, a quote, a line break or blanks at its ends;
    /// reversed is `yes` or `no`.
    public static func csv(for cards: [Row]) -> String {
        var output = CSVCardReader.columns.joined(separator: ";") + "\n"
        for card in cards {
            output +=
                field(card.question) + ";" + field(card.answer) + ";" + field(card.explanation ?? "") + ";"
                + (card.reversed ? "yes" : "no") + "\n"
        }
        return output
    }

    /// One field, quoted when it must be.
    public static func field(_ text: String) -> String {
        let needsQuotes =
            text.utf8.contains { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || text.first.map { $0 == " " || $0 == "\t" } ?? false || text.last.map { $0 == " " || $0 == "\t" } ?? false
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Writes cards in the import format, `question;answer;explanation;reversed`, so that
/// `CSVCardReader` reads back the same texts.
public enum CSVCardWriter {
    public typealias Row = (question: String, answer: String, explanation: String?, reversed: Bool)

    /// The CSV text: a header row, then one row per card, LF line endings. A field is quoted
    /// (with inner quotes doubled) when it holds `;`, a quote, a line break or blanks at its ends;
    /// reversed is `yes` or `no`.
    ///
    /// A cell that a spreadsheet would take for a formula (it starts with `=`, `+`, `-`, `@`, a
    /// tab or a carriage return) gets a `'` in front, which spreadsheets show as text and
    /// `badger import` takes off again; `neutralizingFormulas: false` writes cells as they are.
    public static func csv(for cards: [Row], neutralizingFormulas: Bool = true) -> String {
        var output = CSVCardReader.columns.joined(separator: ";") + "\n"
        let cell = { (text: String) in field(neutralizingFormulas ? neutralized(text) : text) }
        for card in cards {
            output +=
                cell(card.question) + ";" + cell(card.answer) + ";" + cell(card.explanation ?? "") + ";"
                + (card.reversed ? "yes" : "no") + "\n"
        }
        return output
    }

    /// The characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` with a `'` in front if a spreadsheet would read it as a formula.
    public static func neutralized(_ text: String) -> String {
        guard let first = text.first,
            formulaStarts.contains(first)
                || (first == "'" && text.dropFirst().first.map { formulaStarts.contains($0) || $0 == "'" } == true)
        else { return text }
        return "'" + text
    }

    /// A cell as written before `neutralized`: one `'` in front of a formula start taken off.
    public static func unneutralized(_ text: String) -> String {
        guard text.first == "'", let next = text.dropFirst().first, formulaStarts.contains(next) || next == "'" else { return text }
        return String(text.dropFirst())
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

/// Writes cards in the import format, `question;answer;explanation;reversed` (then `hint` and
/// `topic` when wanted), so that `CSVCardReader` reads back the same texts.
public enum CSVCardWriter {
    public typealias Row = (question: String, answer: String, explanation: String?, reversed: Bool)

    /// One card with every column the writer knows.
    public struct Record: Sendable, Equatable {
        public var question: String
        public var answer: String
        public var explanation: String?
        public var reversed: Bool
        public var hint: String?
        public var topic: String

        public init(
            question: String, answer: String, explanation: String? = nil, reversed: Bool = false, hint: String? = nil, topic: String = ""
        ) {
            self.question = question
            self.answer = answer
            self.explanation = explanation
            self.reversed = reversed
            self.hint = hint
            self.topic = topic
        }
    }

    /// The CSV text of `records`: the classic four columns, then `hint` when a record has one and
    /// `topic` when `includingTopic`; `delimiter` between fields (`;`, `,` or a tab).
    ///
    /// Without hints and topics this is exactly `csv(for:neutralizingFormulas:)`'s four-column
    /// format, which stays the same for every single-topic export without hints.
    public static func csv(for records: [Record], delimiter: Character = ";", includingTopic: Bool, neutralizingFormulas: Bool = true)
        -> String
    {
        let hints = records.contains { !($0.hint ?? "").isEmpty }
        let separator = String(delimiter)
        let header = CSVCardReader.columns + (hints ? ["hint"] : []) + (includingTopic ? ["topic"] : [])
        var output = header.joined(separator: separator) + "\n"
        let cell = { (text: String) in field(neutralizingFormulas ? neutralized(text) : text, delimiter: delimiter) }
        for record in records {
            var cells = [cell(record.question), cell(record.answer), cell(record.explanation ?? ""), record.reversed ? "yes" : "no"]
            if hints { cells.append(cell(record.hint ?? "")) }
            if includingTopic { cells.append(cell(record.topic)) }
            output += cells.joined(separator: separator) + "\n"
        }
        return output
    }

    /// The CSV text: a header row, then one row per card, LF line endings. A field is quoted
    /// (with inner quotes doubled) when it holds `;`, a quote, a line break or blanks at its ends;
    /// reversed is `yes` or `no`.
    ///
    /// A cell that a spreadsheet would take for a formula (it starts with `=`, `+`, `-`, `@`, a
    /// tab or a carriage return) gets a `'` in front, which spreadsheets show as text and
    /// `badger import` takes off again; `neutralizingFormulas: false` writes cells as they are.
    public static func csv(for cards: [Row], neutralizingFormulas: Bool = true) -> String {
        csv(
            for: cards.map { Record(question: $0.question, answer: $0.answer, explanation: $0.explanation, reversed: $0.reversed) },
            includingTopic: false, neutralizingFormulas: neutralizingFormulas)
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

    /// One field, quoted when it must be: when it holds the delimiter, a quote or a line break,
    /// or starts or ends with a blank.
    public static func field(_ text: String, delimiter: Character = ";") -> String {
        let needsQuotes =
            text.contains(delimiter) || text.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || text.first.map { $0 == " " || $0 == "\t" } ?? false || text.last.map { $0 == " " || $0 == "\t" } ?? false
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

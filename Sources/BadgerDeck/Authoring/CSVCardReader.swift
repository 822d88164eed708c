import SwiftCSV

/// A CSV row that cannot become a card, with the line it starts on.
public struct CSVRowError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the file where the row starts (rows with quoted line breaks span
    /// several lines).
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}

/// Reads cards from CSV text in the import format: `question; answer; explanation; reversed`,
/// `;`-separated (or another delimiter), one card a row, explanation and reversed optional.
///
/// A header row may name the columns, in any order: `question` and `answer` (required),
/// `explanation`, `reversed`, `hint` and `topic`. Without a header the four classic columns are
/// read in that order; `hint` and `topic` need a header.
///
/// The CSV itself is parsed by SwiftCSV (RFC 4180 quoting: a field in double quotes may hold
/// `;`, line breaks and doubled `""` quotes). On top of it this reader:
///
/// - skips a byte-order mark, blank lines and a header row (the first non-blank row, when its
///   first two cells say `question` and `answer` in any case);
/// - gives every row the line it starts on, counting LF, CRLF and CR as line breaks, including
///   those inside quoted fields;
/// - reads the reversed cell as `yes`/`no`/`true`/`false`/`1`/`0` in any case (empty: the deck's
///   default);
/// - normalizes every cell with `MarkdownEscaper.normalized(_:)` (LF line breaks, lines trimmed),
///   ignores empty cells at the end of a row, and reports a missing answer, an empty question,
///   a bad reversed value and more than four fields as `CSVRowError`s;
/// - reads a question cell written `C: text` with an empty answer (or with `{{c1::…}}`
///   deletions) as a cloze card: the text, its deletions written `{{cN::text}}` or
///   `{{cN::text::hint}}`, goes after `C:`; the explanation cell is kept, reversed is empty or no.
///
/// A quote that breaks the CSV syntax (`"a"b`, or a `"` inside an unquoted field) stops the
/// parse: it is reported at its row, and the rows after it are not read.
public struct CSVCardReader: Sendable {
    /// One row that became a card.
    public struct Row: Sendable, Equatable {
        public var line: Int
        public var draft: CardDraft
        /// The row's `topic` cell (trimmed), nil when the file has no topic column or the cell is
        /// empty.
        public var topic: String? = nil
    }

    /// What a file held: its cards, its bad rows, and the header row's line if it had one.
    public struct Result: Sendable {
        public var rows: [Row] = []
        public var errors: [CSVRowError] = []
        public var headerLine: Int?
        /// Whether the whole file was read (false after a CSV syntax error).
        public var isComplete = true
        /// Whether the header row names a `topic` column.
        public var hasTopicColumn = false
        /// The delimiter the file seems to use instead, when no row has the reader's delimiter
        /// outside quotes but every row splits into several fields at this one (`,`, a tab or
        /// `;`).
        /// Every row is then an error, so the caller should say this instead.
        public var likelyDelimiter: Character?
    }

    /// The column names of the header row `CSVCardWriter` writes, in the order a file without a
    /// header is read.
    public static let columns = ["question", "answer", "explanation", "reversed"]

    /// Every column name a header may use: the classic four, then `hint` and `topic`.
    public static let allColumns = columns + ["hint", "topic"]

    public let delimiter: Character

    public init(delimiter: Character = ";") {
        self.delimiter = delimiter
    }

    /// Every row's cells with the line it starts on, blank lines included (as one empty cell).
    ///
    /// - Throws: `CSVRowError` at the row whose quoting is broken.
    public func records(_ text: String) throws -> [(line: Int, cells: [String])] {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        let source = String(body)
        var records: [(line: Int, cells: [String])] = []
        var line = 1
        do {
            // rowLimit 0: SwiftCSV reads the first row as its header and nothing else; every row
            // is then read once, by `enumerateAsArray`.
            let csv = try CSV<Enumerated>(string: source, delimiter: .character(delimiter), loadColumns: false, rowLimit: 0)
            try csv.enumerateAsArray(startAt: 0, rowLimit: nil) { cells in
                records.append((line, cells))
                line += 1 + cells.reduce(0) { $0 + Self.lineBreaks(in: $1) }
            }
        } catch {
            throw CSVRowError(line: line, message: Self.syntaxMessage(error))
        }
        // An opening quote that never closes runs to the end of the file without complaint; a
        // well-formed file has an even number of quotes (SwiftCSV refuses bare ones).
        if source.utf8.reduce(0, { $0 + ($1 == UInt8(ascii: "\"") ? 1 : 0) }) % 2 == 1 {
            throw CSVRowError(line: records.last?.line ?? 1, message: "a quoted field is never closed (a `\"` is missing)")
        }
        return records
    }

    /// Reads every row of `text`.
    public func read(_ text: String) -> Result {
        var result = Result()
        let records: [(line: Int, cells: [String])]
        do {
            records = try self.records(text)
        } catch let error as CSVRowError {
            result.errors.append(error)
            result.isComplete = false
            // Read what comes before the broken row, so its errors are reported too.
            let prefix = Self.lines(of: text, before: error.line)
            records = (try? self.records(prefix)) ?? []
        } catch {
            return result
        }
        var sawRow = false
        // Where each named column sits; without a header, the classic four in order.
        var layout = CSVColumnLayout.classic
        for (line, rawCells) in records {
            var cells = rawCells.map(MarkdownEscaper.normalized)
            while let last = cells.last, last.isEmpty { cells.removeLast() }
            if cells.isEmpty { continue }
            defer { sawRow = true }
            if !sawRow, let header = CSVColumnLayout.header(cells) {
                result.headerLine = line
                switch header {
                case .success(let named):
                    layout = named
                    result.hasTopicColumn = named.index["topic"] != nil
                case .failure(let problem):
                    result.errors.append(CSVRowError(line: line, message: problem.message))
                    result.isComplete = false
                    return result
                }
                continue
            }
            if cells.count > layout.count, layout.isHeader {
                result.errors.append(
                    CSVRowError(
                        line: line,
                        message:
                            "too many fields (\(cells.count)); the header names \(layout.count) columns (quote a field that contains the delimiter)"
                    ))
                continue
            }
            let classic = layout.classicCells(of: cells)
            switch Self.draft(classic, line: line) {
            case .success(var draft):
                if let hint = layout.cell("hint", of: cells), !hint.isEmpty { draft.hint = CSVCardWriter.unneutralized(hint) }
                let topic = layout.cell("topic", of: cells).map { CSVCardWriter.unneutralized($0).trimmingWhitespace() }
                result.rows.append(Row(line: line, draft: draft, topic: topic?.isEmpty == false ? topic : nil))
            case .failure(let error): result.errors.append(error)
            }
        }
        result.errors.sort { $0.line < $1.line }
        if result.rows.isEmpty, !result.errors.isEmpty, result.headerLine == nil {
            result.likelyDelimiter = likelyDelimiter(text, records: records.map(\.cells))
        }
        return result
    }

    /// `,`, a tab or `;` when no row this reader could read splits at its delimiter, but the
    /// whole text reads at the other one, every non-blank row in several fields.
    private func likelyDelimiter(_ text: String, records: [[String]]) -> Character? {
        guard records.allSatisfy({ cells in cells.dropFirst().allSatisfy(\.isEmpty) }) else { return nil }
        for candidate: Character in [",", "\t", ";"] where candidate != delimiter {
            guard let split = try? CSVCardReader(delimiter: candidate).records(text) else { continue }
            let rows = split.map(\.cells).filter { $0.contains { !$0.trimmingWhitespace().isEmpty } }
            if !rows.isEmpty, rows.allSatisfy({ $0.count >= 2 }) { return candidate }
        }
        return nil
    }

    /// The card of one row's normalized cells (without empty trailing cells).
    static func draft(_ cells: [String], line: Int) -> Swift.Result<CardDraft, CSVRowError> {
        if cells.count > 4 {
            return .failure(
                CSVRowError(
                    line: line,
                    message:
                        "too many fields (\(cells.count)); expected question; answer; explanation; reversed (quote a field that contains `;`)"
                ))
        }
        if cells[0].isEmpty { return .failure(CSVRowError(line: line, message: "the question is empty")) }
        // `C: …` is cloze text when the answer is empty or it has deletions; else a question
        // that happens to start like a label.
        if let text = clozeText(cells[0]), cells.count < 2 || cells[1].isEmpty || text.contains("{{") {
            return clozeDraft(text, cells, line: line)
        }
        if cells.count < 2 || cells[1].isEmpty { return .failure(CSVRowError(line: line, message: "the answer is missing")) }
        var reversed: Bool?
        if cells.count == 4, !cells[3].isEmpty {
            guard let value = reversedValue(cells[3]) else {
                return .failure(
                    CSVRowError(
                        line: line,
                        message: "reversed must be yes, no, true, false, 1 or 0, not \"\(cells[3])\""))
            }
            reversed = value
        }
        let explanation = cells.count >= 3 && !cells[2].isEmpty ? cells[2] : nil
        return .success(
            CardDraft(
                question: CSVCardWriter.unneutralized(cells[0]), answer: CSVCardWriter.unneutralized(cells[1]),
                explanation: explanation.map(CSVCardWriter.unneutralized), reversed: reversed))
    }

    /// The cloze text of a question cell written `C: text`, or nil for a question.
    static func clozeText(_ cell: String) -> String? {
        let unneutralized = CSVCardWriter.unneutralized(cell)
        guard let label = CardLabel.match(unneutralized.utf8, at: unneutralized.utf8.startIndex), label.0 == .cloze else { return nil }
        return String(decoding: unneutralized.utf8.dropFirst(label.length), as: UTF8.self).trimmingWhitespace()
    }

    /// A cloze row: `C: text with {{c1::deletions}}`, the answer cell empty.
    private static func clozeDraft(_ text: String, _ cells: [String], line: Int) -> Swift.Result<CardDraft, CSVRowError> {
        if cells.count >= 2, !cells[1].isEmpty {
            return .failure(
                CSVRowError(
                    line: line, message: "a cloze row (`C: …`) leaves the answer empty: its {{c1::…}} deletions are the answers"))
        }
        if cells.count == 4, !cells[3].isEmpty, reversedValue(cells[3]) != false {
            return .failure(
                CSVRowError(line: line, message: "a cloze row (`C: …`) cannot be reversed; leave the reversed cell empty or no"))
        }
        let cloze = ClozeText(MarkdownEscaper.escape(text))
        guard !cloze.deletions.isEmpty, cloze.problems.isEmpty, !cloze.usesBrackets else {
            return .failure(
                CSVRowError(
                    line: line, message: "the cloze text has no valid deletion; mark what to hide as {{c1::text}} (closed by }})"))
        }
        let explanation = cells.count >= 3 && !cells[2].isEmpty ? cells[2] : nil
        return .success(
            CardDraft(question: text, answer: "", explanation: explanation.map(CSVCardWriter.unneutralized), cloze: true))
    }

    /// `yes`/`no`/`true`/`false`/`1`/`0`, in any case; nil for anything else.
    public static func reversedValue(_ text: String) -> Bool? {
        switch text.trimmingWhitespace().lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: return nil
        }
    }

    /// How many lines a cell's text adds: its LF, CRLF and lone CR line breaks.
    private static func lineBreaks(in cell: String) -> Int {
        var count = 0
        var previousCR = false
        for byte in cell.utf8 {
            if byte == 0x0A {
                if !previousCR { count += 1 }
                previousCR = false
            } else if byte == 0x0D {
                count += 1
                previousCR = true
            } else {
                previousCR = false
            }
        }
        return count
    }

    /// The text of the lines before line `line`.
    private static func lines(of text: String, before line: Int) -> String {
        guard line > 1 else { return "" }
        var seen = 1
        var previousCR = false
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A, previousCR {
                previousCR = false
                continue
            }
            previousCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                seen += 1
                if seen == line { return String(decoding: bytes[..<index], as: UTF8.self) }
            }
        }
        return text
    }

    private static func syntaxMessage(_ error: Error) -> String {
        let hint = "quote the whole field and double every quote inside it, e.g. \"say \"\"hi\"\"\""
        if let error = error as? CSVParseError {
            switch error {
            case .quotation: return "a quote (\") breaks the CSV quoting of this row; \(hint)"
            case .generic(let message): return "the CSV cannot be read here (\(message))"
            }
        }
        return "the CSV cannot be read here; \(hint)"
    }
}

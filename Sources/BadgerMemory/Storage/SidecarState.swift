import Foundation

/// The scheduling state beside a deck: one line per card, sorted by card id, so it diffs and
/// merges line by line. Derived from the review log, which stays the truth.
///
/// Columns (tab-separated): id, state, step, stability, difficulty, due, last review, lapses,
/// repetitions, ease, interval days, box, retired, question. Absent values are `-`; the
/// question (for recognising a card whose question was edited) has tabs and line breaks
/// escaped as `\t` and `\n`, and backslashes as `\\`.
public struct SidecarState: Sendable, Equatable {
    public static let header =
        "# badger state 1\tid\tstate\tstep\tstability\tdifficulty\tdue\tlast_review\tlapses\trepetitions\tease\tinterval_days\tbox\tretired\tquestion"

    /// One card's line.
    public struct Entry: Sendable, Equatable {
        public var cardID: String
        public var memory: MemoryState
        /// The card's question when the state was written, to carry progress over small edits.
        public var question: String

        public init(cardID: String, memory: MemoryState, question: String) {
            self.cardID = cardID
            self.memory = memory
            self.question = question
        }
    }

    /// Every card's state, by id.
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// Reads a state file's text.
    ///
    /// - Throws: `SidecarStateError.garbled` naming the first bad line.
    public init(text: String) throws {
        entries = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.isEmpty || line.hasPrefix("#") { continue }
            let entry = try Self.entry(line, number: index + 1)
            entries[entry.cardID] = entry
        }
    }

    /// The file's text: the header, then one line per card sorted by id.
    public var text: String {
        var lines = [Self.header]
        for id in entries.keys.sorted() {
            let entry = entries[id]!
            let memory = entry.memory
            func optional<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "-" }
            lines.append(
                [
                    id, memory.state.rawValue, optional(memory.step), optional(memory.stability), optional(memory.difficulty),
                    Timestamp.format(memory.due), memory.lastReview.map(Timestamp.format) ?? "-", String(memory.lapses),
                    String(memory.repetitions), optional(memory.ease), optional(memory.intervalDays), optional(memory.box),
                    memory.retired ? "yes" : "no", Self.escape(entry.question),
                ].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func entry(_ line: Substring, number: Int) throws -> Entry {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        func fail(_ reason: String) -> SidecarStateError { .garbled(line: number, reason: reason) }
        guard fields.count == 14 else { throw fail("expected 14 tab-separated fields, found \(fields.count)") }
        func optional<T>(_ field: Substring, _ parse: (String) -> T?, _ name: String) throws -> T? {
            if field == "-" { return nil }
            guard let value = parse(String(field)) else { throw fail("bad \(name) \"\(field)\"") }
            return value
        }
        guard let state = LearningState(rawValue: String(fields[1])) else { throw fail("unknown state \"\(fields[1])\"") }
        guard let due = Timestamp.parse(String(fields[5])) else { throw fail("bad due time \"\(fields[5])\"") }
        guard let lapses = Int(fields[7]), let repetitions = Int(fields[8]) else { throw fail("lapses and repetitions must be numbers") }
        let memory = MemoryState(
            state: state, step: try optional(fields[2], { Int($0) }, "step"),
            stability: try optional(fields[3], { Double($0) }, "stability"),
            difficulty: try optional(fields[4], { Double($0) }, "difficulty"), due: due,
            lastReview: try optional(fields[6], Timestamp.parse, "last review"), lapses: lapses, repetitions: repetitions,
            ease: try optional(fields[9], { Double($0) }, "ease"), intervalDays: try optional(fields[10], { Int($0) }, "interval"),
            box: try optional(fields[11], { Int($0) }, "box"), retired: fields[12] == "yes")
        return Entry(cardID: String(fields[0]), memory: memory, question: unescape(fields[13]))
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    static func unescape(_ text: Substring) -> String {
        var result = ""
        var escaping = false
        for character in text.unicodeScalars {
            if escaping {
                switch character {
                case "t": result += "\t"
                case "n": result += "\n"
                case "r": result += "\r"
                default: result.unicodeScalars.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(character)
            }
        }
        return result
    }
}

/// Problems reading a state file.
public enum SidecarStateError: Error, Equatable, CustomStringConvertible {
    case garbled(line: Int, reason: String)

    public var description: String {
        switch self {
        case .garbled(let line, let reason): return "line \(line): \(reason)"
        }
    }
}

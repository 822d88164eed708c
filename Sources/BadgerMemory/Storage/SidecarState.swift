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
        var text = text
        try text.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            entries.reserveCapacity(bytes.count / 120)
            var start = 0
            var number = 0
            while start < bytes.count {
                number += 1
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if lineEnd > start, bytes[start] != UInt8(ascii: "#") {
                    let entry = try Self.entry(UnsafeRawBufferPointer(rebasing: bytes[start..<lineEnd]), number: number)
                    entries[entry.cardID] = entry
                }
                start = end + 1
            }
        }
    }

    /// The file's text: the header, then one line per card sorted by id.
    public var text: String {
        let entries = self.entries
        return Self.text(ofSorted: entries.keys.sorted().lazy.map { entries[$0]! })
    }

    /// The text of a state file holding `entries`, given sorted by card id and each id once:
    /// what `text` writes, for a caller that makes the entries one at a time instead of
    /// keeping them all.
    public static func text(ofSorted entries: some Sequence<Entry>) -> String {
        var text = Self.header + "\n"
        text.reserveCapacity(entries.underestimatedCount * 140)
        for entry in entries { appendLine(of: entry, to: &text) }
        return text
    }

    /// Whether `bytes` are exactly the text `text(ofSorted: entries)` makes, compared line by
    /// line as each is made, without making the whole text.
    public static func bytes(_ bytes: [UInt8], areTextOfSorted entries: some Sequence<Entry>) -> Bool {
        var offset = 0
        func matches(_ text: String) -> Bool {
            let utf8 = text.utf8
            guard bytes.count - offset >= utf8.count, bytes[offset..<(offset + utf8.count)].elementsEqual(utf8) else { return false }
            offset += utf8.count
            return true
        }
        guard matches(Self.header + "\n") else { return false }
        var line = ""
        for entry in entries {
            line.removeAll(keepingCapacity: true)
            appendLine(of: entry, to: &line)
            guard matches(line) else { return false }
        }
        return offset == bytes.count
    }

    /// Whether `text` reads as a state file (`init(text:)` would not throw), checked without
    /// keeping its entries.
    public static func isReadable(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            var start = 0
            var number = 0
            while start < bytes.count {
                number += 1
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if lineEnd > start, bytes[start] != UInt8(ascii: "#") {
                    guard (try? Self.entry(UnsafeRawBufferPointer(rebasing: bytes[start..<lineEnd]), number: number)) != nil else {
                        return false
                    }
                }
                start = end + 1
            }
            return true
        }
    }

    /// Appends the line of `entry` (with its line break) to `text`.
    private static func appendLine(of entry: Entry, to text: inout String) {
        do {
            let id = entry.cardID
            let memory = entry.memory
            func field(_ value: String) {
                text += value
                text += "\t"
            }
            field(id)
            field(memory.state.rawValue)
            field(memory.step.map { String($0) } ?? "-")
            field(memory.stability.map { String($0) } ?? "-")
            field(memory.difficulty.map { String($0) } ?? "-")
            field(Timestamp.format(memory.due))
            field(memory.lastReview.map(Timestamp.format) ?? "-")
            field(String(memory.lapses))
            field(String(memory.repetitions))
            field(memory.ease.map { String($0) } ?? "-")
            field(memory.intervalDays.map { String($0) } ?? "-")
            field(memory.box.map { String($0) } ?? "-")
            field(memory.retired ? "yes" : "no")
            text += Self.escape(entry.question)
            text += "\n"
        }
    }

    private static func entry(_ line: UnsafeRawBufferPointer, number: Int) throws -> Entry {
        func fail(_ reason: String) -> SidecarStateError { .garbled(line: number, reason: reason) }
        var fields: [UnsafeRawBufferPointer] = []
        fields.reserveCapacity(14)
        var start = 0
        for index in 0...line.count where index == line.count || line[index] == 0x09 {
            fields.append(UnsafeRawBufferPointer(rebasing: line[start..<index]))
            start = index + 1
        }
        guard fields.count == 14 else { throw fail("expected 14 tab-separated fields, found \(fields.count)") }
        func text(_ index: Int) -> String { String(decoding: fields[index], as: UTF8.self) }
        func isAbsent(_ index: Int) -> Bool { fields[index].count == 1 && fields[index][0] == UInt8(ascii: "-") }
        func integer(_ index: Int, _ name: String) throws -> Int {
            var value = 0
            guard !fields[index].isEmpty, fields[index].count <= 18 else { throw fail("bad \(name) \"\(text(index))\"") }
            for byte in fields[index] {
                guard byte >= 48, byte <= 57 else { throw fail("bad \(name) \"\(text(index))\"") }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func optionalInteger(_ index: Int, _ name: String) throws -> Int? { isAbsent(index) ? nil : try integer(index, name) }
        func optionalDouble(_ index: Int, _ name: String) throws -> Double? {
            if isAbsent(index) { return nil }
            guard let value = Double(text(index)) else { throw fail("bad \(name) \"\(text(index))\"") }
            return value
        }
        func time(_ index: Int, _ name: String) throws -> Date {
            guard let seconds = Timestamp.seconds(fields[index]) else { throw fail("bad \(name) \"\(text(index))\"") }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        guard let state = LearningState(rawValue: text(1)) else { throw fail("unknown state \"\(text(1))\"") }
        let memory = MemoryState(
            state: state, step: try optionalInteger(2, "step"), stability: try optionalDouble(3, "stability"),
            difficulty: try optionalDouble(4, "difficulty"), due: try time(5, "due time"),
            lastReview: isAbsent(6) ? nil : try time(6, "last review"), lapses: try integer(7, "lapses"),
            repetitions: try integer(8, "repetitions"), ease: try optionalDouble(9, "ease"),
            intervalDays: try optionalInteger(10, "interval"),
            box: try optionalInteger(11, "box"), retired: text(12) == "yes")
        let question = fields[13].contains(UInt8(ascii: "\\")) ? unescape(Substring(text(13))) : text(13)
        return Entry(cardID: text(0), memory: memory, question: question)
    }

    /// Text with backslashes, tabs and line breaks escaped, so it stays one tab-separated field
    /// (state files' questions and review logs' card texts).
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
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

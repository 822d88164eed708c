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
            try Self.forEachEntryLine(in: bytes) { line, number in
                let entry = try Self.entry(line, number: number)
                entries[entry.cardID] = entry
                return true
            }
        }
    }

    /// Calls `body` with each line of `bytes` that holds an entry (not blank, not a `#` comment;
    /// LF or CRLF line ends) and its line number, until `body` returns false; returns whether it
    /// never did.
    @discardableResult
    private static func forEachEntryLine(
        in bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) throws -> Bool
    ) rethrows -> Bool {
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > start, bytes[start] != UInt8(ascii: "#") {
                guard try body(UnsafeRawBufferPointer(rebasing: bytes[start..<lineEnd]), number) else { return false }
            }
            start = end + 1
        }
        return true
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
        var comparison = TextComparison(entries.makeIterator())
        return bytes.withUnsafeBytes { comparison.feed($0) } && comparison.finish()
    }

    /// Compares bytes given in parts (a file read a part at a time) with the text
    /// `text(ofSorted:)` makes of some entries, each line made when the bytes reach it: neither
    /// is held whole.
    public struct TextComparison<Entries: IteratorProtocol> where Entries.Element == Entry {
        private var entries: Entries
        private var startedLines = false
        /// The expected line the bytes are being compared with, and how much of it matched.
        private var line: [UInt8] = []
        private var matched = 0
        private var differs = false

        /// A comparison with the text of `entries` (sorted by card id, each id once).
        public init(_ entries: Entries) { self.entries = entries }

        /// Compares the next part; false once the bytes differ from the text.
        public mutating func feed(_ part: UnsafeRawBufferPointer) -> Bool {
            var index = 0
            while !differs, index < part.count {
                if matched == line.count, !nextLine() {
                    differs = true
                    break
                }
                let count = min(line.count - matched, part.count - index)
                if !line[matched..<(matched + count)].elementsEqual(UnsafeRawBufferPointer(rebasing: part[index..<(index + count)])) {
                    differs = true
                }
                index += count
                matched += count
            }
            return !differs
        }

        /// Whether the bytes fed were exactly the text, to its end.
        public mutating func finish() -> Bool { !differs && matched == line.count && !nextLine() }

        /// Makes the next expected line (the header first); false after the last.
        private mutating func nextLine() -> Bool {
            var text = ""
            if !startedLines {
                startedLines = true
                text = SidecarState.header + "\n"
            } else if let entry = entries.next() {
                SidecarState.appendLine(of: entry, to: &text)
            } else {
                return false
            }
            line = Array(text.utf8)
            matched = 0
            return true
        }
    }

    /// Whether `text` reads as a state file (`init(text:)` would not throw), checked without
    /// keeping its entries.
    public static func isReadable(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            forEachEntryLine(in: UnsafeRawBufferPointer(buffer)) { line, number in (try? entry(line, number: number)) != nil }
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

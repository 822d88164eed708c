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
    /// keeping them all. The header comes first, then the digest line (see `digestCheck`),
    /// then one line per entry.
    public static func text(ofSorted entries: some Sequence<Entry>) -> String {
        var digest = Digest()
        var body = ""
        body.reserveCapacity(entries.underestimatedCount * 140)
        for entry in entries {
            digest.add(entry)
            appendLine(of: entry, to: &body)
        }
        var bodyHash = StableHasher()
        body.withUTF8 { bodyHash.combine(UnsafeRawBufferPointer($0)) }
        return Self.header + "\n" + digestLine(entries: digest.value, body: bodyHash.finalize()) + "\n" + body
    }

    /// What tells a state file that needs no rewrite: the digest of its entries (their card ids,
    /// every number of their states as it is in memory, and their questions), computed without
    /// making their text. A file whose digest line names the same digest, and whose lines are
    /// as that line says, holds exactly the text `text(ofSorted:)` would write.
    public static func digest(ofSorted entries: some Sequence<Entry>) -> UInt64 {
        var digest = Digest()
        for entry in entries { digest.add(entry) }
        return digest.value
    }

    /// `digest(ofSorted:)` made one entry at a time, for a caller that has each entry's parts
    /// but no `Entry` (whose card id is a string).
    public struct Digest {
        private var hasher = StableHasher(seed: SidecarState.digestSeed)

        public init() {}

        public mutating func add(_ entry: Entry) { SidecarState.combine(entry, into: &hasher) }

        /// Adds the entry of the card whose id is the 16 lowercase hex digits of `cardID`.
        public mutating func add(cardID: UInt64, memory: MemoryState, question: String) {
            // The bytes `combine(String)` feeds for the id's 16 hex digits.
            hasher.combine(UInt64(16))
            var digits: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &digits) { buffer in
                let hex: StaticString = "0123456789abcdef"
                for index in 0..<16 { buffer[index] = hex.utf8Start[Int((cardID >> UInt64(60 - 4 * index)) & 0xF)] }
            }
            withUnsafeBytes(of: digits) { hasher.combine($0) }
            SidecarState.combine(memory: memory, question: question, into: &hasher)
        }

        public var value: UInt64 { hasher.finalize() }
    }

    /// The digest of the format: changing how a line is written changes it, so that files
    /// written the old way are written again.
    private static let digestSeed: UInt64 = 0x6261_6467_6572_0001

    private static func combine(_ entry: Entry, into hasher: inout StableHasher) {
        hasher.combine(entry.cardID)
        combine(memory: entry.memory, question: entry.question, into: &hasher)
    }

    private static func combine(memory: MemoryState, question: String, into hasher: inout StableHasher) {
        func combine(_ value: Int?) {
            hasher.combine(value == nil ? 0 : 1)
            hasher.combine(UInt64(bitPattern: Int64(value ?? 0)))
        }
        func combine(_ value: Double?) {
            hasher.combine(value == nil ? 0 : 1)
            hasher.combine(value?.bitPattern ?? 0)
        }
        hasher.combine(memory.state.rawValue)
        combine(memory.step)
        combine(memory.stability)
        combine(memory.difficulty)
        combine(memory.due.timeIntervalSince1970)
        combine(memory.lastReview?.timeIntervalSince1970)
        combine(memory.lapses)
        combine(memory.repetitions)
        combine(memory.ease)
        combine(memory.intervalDays)
        combine(memory.box)
        hasher.combine(memory.retired ? 1 : 0)
        hasher.combine(question)
    }

    /// `# digest ENTRIES TEXT`: the digest of the entries, and the hash of the lines after it.
    private static func digestLine(entries: UInt64, body: UInt64) -> String {
        "# digest \(NameBook.hex(entries)) \(NameBook.hex(body))"
    }

    /// Reads a state file's bytes in parts (the file is never held whole) and finds the digest
    /// its digest line names, if that line is the second, the first is the header and the
    /// lines after it hash as the line says.
    public struct DigestCheck {
        private var firstLines: [UInt8] = []
        private var newlines = 0
        private var prefixDone = false
        private var stated: (entries: UInt64, body: UInt64)?
        private var body = StableHasher()

        public init() {}

        /// Reads the next part.
        public mutating func feed(_ part: UnsafeRawBufferPointer) {
            var index = 0
            if !prefixDone {
                // The header and the digest line: at most this long, or not a digest line.
                let limit = SidecarState.header.utf8.count + 1 + 42 + 1
                while index < part.count, !prefixDone {
                    firstLines.append(part[index])
                    if part[index] == 0x0A { newlines += 1 }
                    index += 1
                    if firstLines.count == limit || newlines == 2 {
                        prefixDone = true
                        stated = Self.digests(in: firstLines)
                    }
                }
            }
            if prefixDone, stated != nil, index < part.count { body.combine(UnsafeRawBufferPointer(rebasing: part[index...])) }
        }

        /// The entries' digest the file names, when its text is as its digest line says.
        public func finish() -> UInt64? {
            guard prefixDone, let stated, body.finalize() == stated.body else { return nil }
            return stated.entries
        }

        private static func digests(in bytes: [UInt8]) -> (entries: UInt64, body: UInt64)? {
            let text = String(decoding: bytes, as: UTF8.self)
            let prefix = SidecarState.header + "\n# digest "
            guard text.hasPrefix(prefix), text.hasSuffix("\n") else { return nil }
            let words = text.dropFirst(prefix.count).dropLast().split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 2, words.allSatisfy({ $0.count == 16 }), let entries = UInt64(words[0], radix: 16),
                let body = UInt64(words[1], radix: 16),
                digestLine(entries: entries, body: body) == "# digest " + words.joined(separator: " ")
            else { return nil }
            return (entries, body)
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

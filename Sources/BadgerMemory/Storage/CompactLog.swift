import Foundation

/// A review log held as columns of numbers: about 30 bytes a review, parsed without a string per
/// line, so a collection with millions of reviews loads in a fraction of a second.
///
/// Card ids are 64-bit numbers (`NameBook` keeps the rare id that is not 16 hex digits). Reading
/// accepts exactly what `ReviewRecord` accepts, with the same messages for bad lines.
public struct CompactLog: Sendable {
    public enum Kind: UInt8, Sendable {
        /// Format 2 review, format 1 review, card sighting, retirement, format 1 rename,
        /// suspension and its end, a review taken back (its record id in `others`).
        case reviewed, review, card, retired, rename, suspended, unsuspended, undone
    }

    /// The text of a `card` line.
    public struct Sighting: Sendable, Equatable {
        public var direction: String
        public var question: String
        public var answer: String
    }

    public private(set) var kinds: [Kind] = []
    /// Seconds since 1970 (32-bit offsets while they fit: `TimeColumn`).
    public private(set) var times = TimeColumn()
    /// The card: a review's or a sighting's key, a rename's old id (each distinct key kept
    /// once: `KeyColumn`).
    public private(set) var keys = KeyColumn()
    /// A sighting's content id, a rename's new id, the record id an `undone` line takes back;
    /// 0 otherwise (every review: so it is kept sparse).
    public private(set) var others = SparseColumn()
    /// Reviews: FSRS rating 1–4.
    public private(set) var ratings: [UInt8] = []
    /// Reviews: seconds since the previous review and answer milliseconds; `UInt32.max` if absent
    /// (read them with `elapsed(at:)` and `answer(at:)`: empty once forgotten).
    private var elapsed: [UInt32] = []
    private var answers = SmallNumberColumn()
    /// Whether `elapsed` and `answers` are kept (see `forgetReviewDetails()`).
    public private(set) var keepsTimings = true
    /// Format 2 record ids; 0 for format 1 lines.
    public private(set) var recordIDs = RecordIDColumn()
    /// The record index of every `card` line, ascending, and its text (`sighting(at:)`): two
    /// arrays rather than a dictionary by index (about 150 bytes a line at 100,000 lines).
    private var sightingIndices: [Int] = []
    private var sightingTexts: [Sighting] = []
    /// Set when the last line was cut off (no line ending and unreadable) and was dropped.
    public var repairedTruncatedLine: Int?
    /// The first line of git conflict markers, if any: they are skipped and both sides' lines
    /// read, which is what a union merge would have given.
    public var conflictMarkerLine: Int?

    public static let absent = UInt32.max

    public var count: Int { kinds.count }

    public init() {}

    /// Reads a log's UTF-8 bytes.
    ///
    /// - Throws: `ReviewLogError.garbled` for the first line that is not a record (other than
    ///   a cut-off last line), as `ReviewLog` does.
    public init(bytes: UnsafeRawBufferPointer, names: NameBook) throws {
        var parser = Parser(names: names, expectedBytes: bytes.count)
        try parser.feed(bytes)
        self = try parser.finish()
    }

    /// Reads a log given in parts (any cut, even inside a line), so a large log is never held
    /// whole: `feed` each part in order, then `finish`.
    public struct Parser {
        private var log = CompactLog()
        private var pending: [UInt8] = []
        private var number = 0
        private let names: NameBook

        /// - Parameter keepingTimings: keep the reviews' timings (elapsed seconds, answer
        ///   milliseconds; a reader that lets them go later need not hold them while reading). A
        ///   format 1 review keeps them from there on: telling its copies apart needs them.
        public init(names: NameBook, expectedBytes: Int = 0, keepingTimings: Bool = true) {
            self.names = names
            log.keepsTimings = keepingTimings
            // A format 2 review line is 75 bytes or more: this is about as many records as the
            // log holds, rarely more (the columns then grow by an eighth at a time).
            log.reserve(expectedBytes / 72)
        }

        /// Reads the complete lines of `bytes` (with what was left of the part before).
        public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws {
            var start = 0
            if !pending.isEmpty {
                guard let newline = bytes.firstIndex(of: 0x0A) else {
                    pending.append(contentsOf: bytes)
                    return
                }
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[..<newline]))
                let line = pending
                pending = []
                try line.withUnsafeBytes { try self.line($0, terminated: true) }
                start = newline + 1
            }
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                guard end < bytes.count else {
                    pending = Array(UnsafeRawBufferPointer(rebasing: bytes[start...]))
                    return
                }
                try line(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), terminated: true)
                start = end + 1
            }
        }

        /// Reads what is left (a last line without a line ending) and returns the log.
        public mutating func finish() throws -> CompactLog {
            if !pending.isEmpty {
                let line = pending
                pending = []
                try line.withUnsafeBytes { try self.line($0, terminated: false) }
            }
            log.settle()
            return log
        }

        private mutating func line(_ bytes: UnsafeRawBufferPointer, terminated: Bool) throws {
            number += 1
            var line = bytes
            if let last = line.last, last == 0x0D { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
            guard !line.isEmpty, line[0] != UInt8(ascii: "#"), !log.appendFastReview(line) else { return }
            if ReviewLog.isConflictMarker(line) {
                if log.conflictMarkerLine == nil { log.conflictMarkerLine = number }
                return
            }
            do {
                log.append(try ReviewRecord(bytes: line, number: number), names: names)
            } catch {
                // Only a last line without a line ending can be a write cut short.
                guard !terminated else { throw error }
                log.repairedTruncatedLine = number
            }
        }
    }

    mutating func reserve(_ count: Int) {
        kinds.reserveCapacity(count)
        times.reserveCapacity(count)
        keys.reserveCapacity(count)
        ratings.reserveCapacity(count)
        if keepsTimings {
            elapsed.reserveCapacity(count)
            answers.reserveCapacity(count)
        }
        recordIDs.reserveCapacity(count)
        room = min(kinds.capacity, times.capacity, keys.capacity, ratings.capacity, recordIDs.capacity)
        if keepsTimings { room = min(room, elapsed.capacity, answers.capacity) }
    }

    /// How many records every column has room for (their capacities differ: the allocator
    /// rounds each up by its own amount).
    private var room = 0

    /// Makes room for one more record: when a column is full, they grow by an eighth (an
    /// array's own growth would double it, and a long log's columns are most of its memory).
    @inline(__always) private mutating func makeRoom() {
        if kinds.count >= room { reserve(kinds.count + kinds.count / 8 + 256) }
    }

    /// Appends a well-formed format 2 review line without making strings; false for anything
    /// else (which the general reader then reads, or reports).
    mutating func appendFastReview(_ line: UnsafeRawBufferPointer) -> Bool {
        // TIME(20) \t reviewed \t KEY(16) \t R \t ELAPSED \t ANSWER \t RID(16)
        guard line.count >= 20 + 1 + 8 + 1 + 16 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 16, line[20] == 0x09 else { return false }
        let word: StaticString = "reviewed\t"
        for index in 0..<9 where line[21 + index] != word.utf8Start[index] { return false }
        guard let seconds = Timestamp.seconds(UnsafeRawBufferPointer(rebasing: line[0..<20])),
            let key = ReviewRecord.hexKey(UnsafeRawBufferPointer(rebasing: line[30..<46])), line[46] == 0x09,
            (0x31...0x34).contains(line[47]), line[48] == 0x09,
            let id = ReviewRecord.hexKey(UnsafeRawBufferPointer(rebasing: line[(line.count - 16)...])), id != 0,
            line[line.count - 17] == 0x09
        else { return false }
        // ELAPSED \t ANSWER between index 49 and count - 17.
        var index = 49
        func number() -> UInt32?? {
            let begin = index
            var value: UInt64 = 0
            while index < line.count - 17, line[index] != 0x09 {
                let byte = line[index]
                if byte == 0x2D, index == begin, index + 1 < line.count, line[index + 1] == 0x09 {
                    index += 1
                    return .some(nil)
                }
                guard byte >= 0x30, byte <= 0x39, index - begin < 18 else { return nil }
                value = value * 10 + UInt64(byte - 0x30)
                index += 1
            }
            guard index > begin else { return nil }
            return .some(UInt32(min(value, UInt64(UInt32.max - 1))))
        }
        guard let first = number(), index < line.count - 17, line[index] == 0x09 else { return false }
        index += 1
        guard let second = number(), index == line.count - 17 else { return false }
        makeRoom()
        kinds.append(.reviewed)
        times.append(seconds)
        keys.append(key)
        others.append(0)
        ratings.append(line[47] - 0x30)
        appendTimings(first ?? Self.absent, second ?? Self.absent)
        recordIDs.append(id)
        return true
    }

    /// Appends a record.
    public mutating func append(_ record: ReviewRecord, names: NameBook) {
        func number(_ value: Int?) -> UInt32 { value.map { UInt32(clamping: max(0, min($0, Int(UInt32.max) - 1))) } ?? Self.absent }
        makeRoom()
        switch record {
        case .review(let review):
            if review.recordID == nil, !keepsTimings { startTimings() }
            kinds.append(review.recordID == nil ? .review : .reviewed)
            times.append(Int64(review.time.timeIntervalSince1970.rounded(.down)))
            keys.append(names.number(review.cardID))
            others.append(0)
            ratings.append(UInt8(review.rating.rawValue))
            appendTimings(number(review.elapsedSeconds), number(review.answerMilliseconds))
            recordIDs.append(review.recordID.flatMap { UInt64($0, radix: 16) } ?? 0)
        case .rename(let time, let from, let to):
            appendOther(.rename, time, names.number(from), names.number(to), "")
        case .card(let sighting):
            sightingIndices.append(count)
            sightingTexts.append(Sighting(direction: sighting.direction, question: sighting.question, answer: sighting.answer))
            appendOther(.card, sighting.time, names.number(sighting.key), names.number(sighting.contentID), sighting.recordID)
        case .retired(let time, let key, let id):
            appendOther(.retired, time, names.number(key), 0, id)
        case .suspension(let time, let key, let suspended, let id):
            appendOther(suspended ? .suspended : .unsuspended, time, names.number(key), 0, id)
        case .undone(let time, let key, let undone, let id):
            appendOther(.undone, time, names.number(key), UInt64(undone, radix: 16) ?? 0, id)
        }
    }

    private mutating func appendOther(_ kind: Kind, _ time: Date, _ key: UInt64, _ other: UInt64, _ id: String) {
        kinds.append(kind)
        times.append(Int64(time.timeIntervalSince1970.rounded(.down)))
        keys.append(key)
        others.append(other)
        ratings.append(0)
        appendTimings(Self.absent, Self.absent)
        recordIDs.append(UInt64(id, radix: 16) ?? 0)
    }

    /// Keeps timings from now on, every record before read as having none.
    private mutating func startTimings() {
        elapsed = [UInt32](repeating: Self.absent, count: count)
        answers = SmallNumberColumn()
        for _ in 0..<count { answers.append(Self.absent) }
        keepsTimings = true
        // Room for as many records as the other columns have room for.
        elapsed.reserveCapacity(room)
        answers.reserveCapacity(room)
        room = min(room, elapsed.capacity, answers.capacity)
    }

    @inline(__always) private mutating func appendTimings(_ elapsedSeconds: UInt32, _ answerMilliseconds: UInt32) {
        guard keepsTimings else { return }
        elapsed.append(elapsedSeconds)
        answers.append(answerMilliseconds)
    }

    /// The seconds since the previous review of the review at `index` (`absent` when not
    /// known, or forgotten).
    @inline(__always) public func elapsed(at index: Int) -> UInt32 { keepsTimings ? elapsed[index] : Self.absent }

    /// The answer milliseconds of the review at `index` (`absent` when not known, or forgotten).
    @inline(__always) public func answer(at index: Int) -> UInt32 { keepsTimings ? answers[index] : Self.absent }

    /// The record at `index`, as `ReviewRecord` has it.
    public func record(at index: Int, names: NameBook) -> ReviewRecord {
        let time = Date(timeIntervalSince1970: TimeInterval(times[index]))
        let id = recordIDs[index] == 0 ? nil : NameBook.hex(recordIDs[index])
        switch kinds[index] {
        case .reviewed, .review:
            return .review(review(at: index, crediting: names.name(keys[index])))
        case .rename:
            return .rename(time: time, from: names.name(keys[index]), to: names.name(others[index]))
        case .card:
            let text = sighting(at: index) ?? Sighting(direction: "-", question: "", answer: "")
            return .card(
                .init(
                    time: time, key: names.name(keys[index]), contentID: names.name(others[index]), direction: text.direction,
                    question: text.question, answer: text.answer, recordID: id ?? NameBook.hex(0)))
        case .retired:
            return .retired(time: time, key: names.name(keys[index]), recordID: id ?? NameBook.hex(0))
        case .suspended, .unsuspended:
            return .suspension(
                time: time, key: names.name(keys[index]), suspended: kinds[index] == .suspended, recordID: id ?? NameBook.hex(0))
        case .undone:
            return .undone(time: time, key: names.name(keys[index]), undone: NameBook.hex(others[index]), recordID: id ?? NameBook.hex(0))
        }
    }

    /// The review at `index` credited to the card named `cardID`, with its record id unless
    /// `withRecordID` is false (statistics need none, and a million ids are a million strings).
    public func review(at index: Int, crediting cardID: String, withRecordID: Bool = true) -> ReviewRecord.Review {
        ReviewRecord.Review(
            time: Date(timeIntervalSince1970: TimeInterval(times[index])), cardID: cardID,
            rating: Rating(rawValue: Int(ratings[index])) ?? .good,
            elapsedSeconds: elapsed(at: index) == Self.absent ? nil : Int(elapsed(at: index)),
            answerMilliseconds: answer(at: index) == Self.absent ? nil : Int(answer(at: index)),
            recordID: recordIDs[index] == 0 || !withRecordID ? nil : NameBook.hex(recordIDs[index]))
    }

    /// The logs without the reviews an `undone` line takes back (in any of them) and without
    /// the `undone` lines: what every reader of a collection's history sees. A copy of an undone
    /// review's line (a merge, a sync tool) is left out as well, because the review's record id
    /// is what is taken back.
    public static func withoutUndone(_ logs: [CompactLog]) -> [CompactLog] {
        var undone: Set<UInt64> = []
        for log in logs {
            for index in 0..<log.count where log.kinds[index] == .undone { undone.insert(log.others[index]) }
        }
        guard !undone.isEmpty else { return logs }
        return logs.map { log in
            log.filtered { index in log.kinds[index] != .undone && !(log.isReview(index) && undone.contains(log.recordIDs[index])) }
        }
    }

    /// Lets go of what only reading in bulk needs (the keys' index) and of the room the card
    /// lines' texts grew into: the log is read whole, and appended to a few records at a time.
    mutating func settle() {
        keys.dropIndex()
        // A copy of exactly the elements (`Array(array)` would keep the same buffer).
        if sightingTexts.capacity > sightingTexts.count + sightingTexts.count / 8 + 16 {
            sightingTexts = sightingTexts.withUnsafeBufferPointer { Array($0) }
        }
        if sightingIndices.capacity > sightingIndices.count + sightingIndices.count / 8 + 16 {
            sightingIndices = sightingIndices.withUnsafeBufferPointer { Array($0) }
        }
    }

    /// The text of the `card` line at record `index`; nil for any other record.
    public func sighting(at index: Int) -> Sighting? {
        var low = 0
        var high = sightingIndices.count
        while low < high {
            let middle = (low + high) / 2
            if sightingIndices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < sightingIndices.count && sightingIndices[low] == index ? sightingTexts[low] : nil
    }

    /// Forgets the record ids of the reviews (8 bytes a review) and their timings (seconds since
    /// the previous review, answer milliseconds: 6 bytes), for a memory that no longer needs them
    /// once duplicates and taken-back reviews are left out: the ids of the other records (which
    /// `CardLedger` reads) stay, and so do those of records appended later; timings are not
    /// kept for them either.
    public mutating func forgetReviewDetails() {
        let kinds = self.kinds
        recordIDs = recordIDs.forgetting { kinds[$0] == .reviewed || kinds[$0] == .review }
        elapsed = []
        answers = SmallNumberColumn()
        keepsTimings = false
    }

    /// Whether the record is a review (of either format).
    @inline(__always) public func isReview(_ index: Int) -> Bool { kinds[index] == .reviewed || kinds[index] == .review }

    /// The log without the records `keep` says no to (each log's duplicates, say).
    public func filtered(_ keep: (Int) -> Bool) -> CompactLog {
        var result = CompactLog()
        result.keepsTimings = keepsTimings
        result.repairedTruncatedLine = repairedTruncatedLine
        result.conflictMarkerLine = conflictMarkerLine
        for index in 0..<count where keep(index) {
            if let sighting = sighting(at: index) {
                result.sightingIndices.append(result.count)
                result.sightingTexts.append(sighting)
            }
            result.kinds.append(kinds[index])
            result.times.append(times[index])
            result.keys.append(keys[index])
            result.others.append(others[index])
            result.ratings.append(ratings[index])
            result.appendTimings(elapsed(at: index), answer(at: index))
            result.recordIDs.append(recordIDs[index])
        }
        result.settle()
        return result
    }
}

/// Card ids as 64-bit numbers: a 16-hex-digit id is its own value; any other id (a log written
/// by hand) gets a hash, and the book remembers its text.
public final class NameBook: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [UInt64: String] = [:]

    public init() {}

    /// The number of an id.
    public func number(_ name: String) -> UInt64 {
        var name = name
        if let value = name.withUTF8({ ReviewRecord.hexKey(UnsafeRawBufferPointer($0)) }) { return value }
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        lock.lock()
        texts[hash] = name
        lock.unlock()
        return hash
    }

    /// The number of an id that `number` gave before (or of 16 lowercase hex digits), without
    /// remembering a new one: nil for any other text, which no number stands for.
    public func existingNumber(_ name: String) -> UInt64? {
        var name = name
        if let value = name.withUTF8({ ReviewRecord.hexKey(UnsafeRawBufferPointer($0)) }) { return value }
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        lock.lock()
        let known = texts.isEmpty ? nil : texts[hash]
        lock.unlock()
        return known == name ? hash : nil
    }

    /// Whether the id of `number` is its 16 hex digits (no text stands for it).
    public func isHex(_ number: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return texts.isEmpty || texts[number] == nil
    }

    /// The id of a number.
    public func name(_ number: UInt64) -> String {
        lock.lock()
        let text = texts.isEmpty ? nil : texts[number]
        lock.unlock()
        return text ?? Self.hex(number)
    }

    /// 16 lowercase hex digits.
    public static func hex(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for index in 0..<16 { buffer[index] = digits.utf8Start[Int((value >> UInt64(60 - 4 * index)) & 0xF)] }
            return 16
        }
    }
}

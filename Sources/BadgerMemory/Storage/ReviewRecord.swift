import Foundation

/// One line of a review log.
///
/// Format 2 (written since the storage redesign) has three kinds of line, each ending in a
/// unique record id (16 hex digits) so that a line copied by a merge, a cherry-pick or a
/// file-sync tool is recognised and counted once:
///
///     TIME  reviewed  KEY  RATING  ELAPSED_S  ANSWER_MS  RID
///     TIME  card      KEY  CONTENT  DIRECTION  QUESTION  ANSWER  RID
///     TIME  retired   KEY  RID
///     TIME  suspended|unsuspended  KEY  RID
///     TIME  undone    KEY  UNDONE_RID  RID
///
/// KEY is the card's lasting identity (the id it had when first reviewed); CONTENT is the id
/// its text has from `TIME` on. Format 1 lines (`review`, `rename`) are still read as written.
public enum ReviewRecord: Sendable, Equatable {
    /// A card was reviewed.
    case review(Review)
    /// Format 1: from `time` on, the card `from` is called `to` (its question was edited slightly).
    case rename(time: Date, from: String, to: String)
    /// From `time` on, the card with identity `key` has the text of `sighting`.
    case card(CardSighting)
    /// The card with identity `key` was deleted for good (`badger state prune`): only its exact
    /// text coming back brings its history back.
    case retired(time: Date, key: String, recordID: String)
    /// From `time` on, the card with identity `key` is suspended (left out of studying) or, with
    /// `suspended` false, studied again (`badger suspend`, `badger unsuspend`, an Anki import).
    case suspension(time: Date, key: String, suspended: Bool, recordID: String)
    /// The review with record id `undone` (of the card with identity `key`) was taken back
    /// (undo while studying): readers leave it out, wherever a copy of its line turns up.
    case undone(time: Date, key: String, undone: String, recordID: String)

    /// Where a card's identity was last seen: the content id and text it had from `time` on.
    public struct CardSighting: Sendable, Equatable {
        public var time: Date
        public var key: String
        public var contentID: String
        public var direction: String
        /// The question and answer, white space collapsed, at most `textLimit` characters each.
        public var question: String
        public var answer: String
        public var recordID: String

        public static let textLimit = 240

        public init(
            time: Date, key: String, contentID: String, direction: String, question: String, answer: String, recordID: String
        ) {
            self.time = time
            self.key = key
            self.contentID = contentID
            self.direction = direction
            self.question = Self.clipped(question)
            self.answer = Self.clipped(answer)
            self.recordID = recordID
        }

        /// When a `card` line written at `time` is dated: at `time` in whole seconds, or a second
        /// after the card was `lastSeen` when that is not earlier (a review recorded up to a day
        /// ahead, a clock that ran fast), so that what is written now is its latest sighting.
        public static func time(writtenAt time: Date, lastSeen: Date?) -> Date {
            let time = Timestamp.wholeSeconds(time)
            guard let lastSeen, lastSeen >= time else { return time }
            return Timestamp.wholeSeconds(lastSeen.addingTimeInterval(1))
        }

        static func clipped(_ text: String) -> String {
            // Most texts are short, single-spaced lines: returned as they are, without a scan by
            // Character.
            var plain = text.utf8.count <= textLimit
            if plain {
                var previousSpace = true
                for byte in text.utf8 {
                    if byte < 0x20 || byte == 0x7F || byte >= 0x80 || (byte == 0x20 && previousSpace) {
                        plain = false
                        break
                    }
                    previousSpace = byte == 0x20
                }
                if plain, previousSpace, !text.isEmpty { plain = false }
            }
            if plain { return text }
            let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard collapsed.count > textLimit else { return collapsed }
            // Cut, without a blank at the end, so that clipping twice gives what clipping once does.
            var cut = collapsed.prefix(textLimit)
            while cut.last?.isWhitespace == true { cut = cut.dropLast() }
            return String(cut)
        }
    }

    /// A review as the log keeps it.
    public struct Review: Sendable, Equatable {
        public var time: Date
        public var cardID: String
        public var rating: Rating
        /// Seconds since the card's previous review; nil for its first.
        public var elapsedSeconds: Int?
        /// How long the learner took to answer, in milliseconds; nil if unknown.
        public var answerMilliseconds: Int?
        /// The record's unique id (format 2); nil for a format 1 line, whose id is derived
        /// from its text and position when the log is read.
        public var recordID: String?
        /// The id's value when it is 16 lowercase hex digits (every badger card id): an exact
        /// integer key for grouping a million reviews without hashing strings.
        let hexKey: UInt64?

        public init(
            time: Date, cardID: String, rating: Rating, elapsedSeconds: Int? = nil, answerMilliseconds: Int? = nil,
            recordID: String? = nil
        ) {
            var id = cardID
            self.init(
                time: time, cardID: cardID, rating: rating, elapsedSeconds: elapsedSeconds, answerMilliseconds: answerMilliseconds,
                recordID: recordID, hexKey: id.withUTF8 { ReviewRecord.hexKey(UnsafeRawBufferPointer($0)) })
        }

        init(
            time: Date, cardID: String, rating: Rating, elapsedSeconds: Int?, answerMilliseconds: Int?, recordID: String?,
            hexKey: UInt64?
        ) {
            self.time = time
            self.cardID = cardID
            self.rating = rating
            self.elapsedSeconds = elapsedSeconds
            self.answerMilliseconds = answerMilliseconds
            self.recordID = recordID
            self.hexKey = hexKey
        }

        /// The same review credited to another card id.
        public func crediting(_ cardID: String) -> Review {
            Review(
                time: time, cardID: cardID, rating: rating, elapsedSeconds: elapsedSeconds, answerMilliseconds: answerMilliseconds,
                recordID: recordID)
        }

        public static func == (lhs: Review, rhs: Review) -> Bool {
            (lhs.time, lhs.cardID, lhs.rating, lhs.elapsedSeconds, lhs.answerMilliseconds, lhs.recordID)
                == (rhs.time, rhs.cardID, rhs.rating, rhs.elapsedSeconds, rhs.answerMilliseconds, rhs.recordID)
        }
    }

    /// The value of 16 lowercase hexadecimal digits, or nil for anything else.
    static func hexKey(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard bytes.count == 16 else { return nil }
        // Eight digits at a time, one per byte of a word (SWAR), without a branch per digit:
        // ids are random, so digits and letters alternate at random.
        guard let high = hexWord(UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))),
            let low = hexWord(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        else { return nil }
        return high << 32 | low
    }

    /// The value of eight lowercase hex digits, the first in the lowest byte of `word`; nil if
    /// a byte is not one of `0`–`9`, `a`–`f`.
    @inline(__always) static func hexWord(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // 1 in each byte that has bit 0x40 (a letter's), 0 in the others.
        let letter = (word >> 6) & ones
        // Digits are 0x30-0x39, letters 0x61-0x66: the high nibble is 3, or 6 for a letter.
        guard word & (0xF0 &* ones) == (0x30 &* ones) &+ (0x30 &* letter) else { return nil }
        let low = word & (0x0F &* ones)
        // A digit's low nibble is at most 9 (adding 6 stays below 0x10); a letter's is 1 to 6
        // (adding 9 stays below 0x10, and adding 15 reaches it).
        guard (low &+ (0x06 &* ones) &+ (0x03 &* letter)) & (0x10 &* ones) == 0,
            (low &+ (0x0F &* ones)) & (0x10 &* letter) == 0x10 &* letter
        else { return nil }
        // Each byte's value: the low nibble, plus 9 for a letter.
        var value = low &+ (0x09 &* letter)
        // Pack the eight nibbles, the first byte's most significant.
        value = ((value << 4) | (value >> 8)) & 0x00FF_00FF_00FF_00FF
        value = ((value << 8) | (value >> 16)) & 0x0000_FFFF_0000_FFFF
        value = ((value << 16) | (value >> 32)) & 0x0000_0000_FFFF_FFFF
        return value
    }

    public var time: Date {
        switch self {
        case .review(let review): return review.time
        case .rename(let time, _, _): return time
        case .card(let sighting): return sighting.time
        case .retired(let time, _, _): return time
        case .suspension(let time, _, _, _): return time
        case .undone(let time, _, _, _): return time
        }
    }

    /// The record's unique id; nil for format 1 lines.
    public var recordID: String? {
        switch self {
        case .review(let review): return review.recordID
        case .rename: return nil
        case .card(let sighting): return sighting.recordID
        case .retired(_, _, let id): return id
        case .suspension(_, _, _, let id): return id
        case .undone(_, _, _, let id): return id
        }
    }

    /// The record id of zeros, which a review never has (it reads as none).
    static let zeroRecordID = "0000000000000000"

    /// A new record id: 16 lowercase hex digits from `generator`.
    public static func newRecordID(using generator: inout some RandomNumberGenerator) -> String {
        NameBook.hex(max(1, generator.next()))
    }

    /// The record as one log line, without its line ending: tab-separated fields. A review
    /// with a record id is written in format 2 (`reviewed`), one without in format 1.
    public var line: String {
        switch self {
        case .review(let review):
            var fields = [
                Timestamp.format(review.time), review.recordID == nil ? "review" : "reviewed", review.cardID,
                String(review.rating.rawValue), review.elapsedSeconds.map(String.init) ?? "-",
                review.answerMilliseconds.map(String.init) ?? "-",
            ]
            if let id = review.recordID { fields.append(id) }
            return fields.joined(separator: "\t")
        case .rename(let time, let from, let to):
            return [Timestamp.format(time), "rename", from, to].joined(separator: "\t")
        case .card(let s):
            return [
                Timestamp.format(s.time), "card", s.key, s.contentID, s.direction, SidecarState.escape(s.question),
                SidecarState.escape(s.answer),
                s.recordID,
            ].joined(separator: "\t")
        case .retired(let time, let key, let id):
            return [Timestamp.format(time), "retired", key, id].joined(separator: "\t")
        case .suspension(let time, let key, let suspended, let id):
            return [Timestamp.format(time), suspended ? "suspended" : "unsuspended", key, id].joined(separator: "\t")
        case .undone(let time, let key, let undone, let id):
            return [Timestamp.format(time), "undone", key, undone, id].joined(separator: "\t")
        }
    }

    /// Reads one log line.
    ///
    /// - Throws: `ReviewLogError.garbled` with the reason, for a line that is not a record.
    public init(line: Substring, number: Int) throws {
        var text = String(line)
        self = try text.withUTF8 { try ReviewRecord(bytes: UnsafeRawBufferPointer($0), number: number) }
    }

    /// Reads one log line from its UTF-8 bytes (without the line ending), without copying
    /// anything but the card id.
    init(bytes line: UnsafeRawBufferPointer, number: Int) throws {
        func fail(_ reason: String) -> ReviewLogError { .garbled(line: number, reason: reason) }
        // Split on tabs into at most 9 fields.
        var starts: [Int] = [0]
        starts.reserveCapacity(9)
        var ends: [Int] = []
        ends.reserveCapacity(9)
        for index in 0..<line.count where line[index] == 0x09 {
            ends.append(index)
            starts.append(index + 1)
            if starts.count > 9 { break }
        }
        ends.append(line.count)
        let fieldCount = min(starts.count, ends.count)
        func field(_ index: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: line[starts[index]..<ends[index]]) }
        func equals(_ index: Int, _ word: StaticString) -> Bool {
            let bytes = field(index)
            guard bytes.count == word.utf8CodeUnitCount else { return false }
            return (0..<bytes.count).allSatisfy { bytes[$0] == word.utf8Start[$0] }
        }
        func integer(_ index: Int) -> Int? {
            let bytes = field(index)
            guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
            var value = 0
            for byte in bytes {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func optionalInteger(_ index: Int, _ name: String) throws -> Int? {
            if equals(index, "-") { return nil }
            guard let value = integer(index) else { throw fail("\(name) must be a whole number or -") }
            return value
        }
        func identifier(_ index: Int) throws -> String {
            let bytes = field(index)
            guard !bytes.isEmpty, !bytes.contains(0x20) else { throw fail("missing card id") }
            return String(decoding: bytes, as: UTF8.self)
        }
        func recordID(_ index: Int) throws -> String {
            let bytes = field(index)
            guard bytes.count == 16, ReviewRecord.hexKey(bytes) != nil else {
                throw fail("the record id must be 16 lowercase hex digits (a line cut short?)")
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard fieldCount >= 2, let seconds = Timestamp.seconds(field(0)) else { throw fail("expected an ISO-8601 UTC time, then a tab") }
        let time = Date(timeIntervalSince1970: TimeInterval(seconds))
        let reviewed = equals(1, "reviewed")
        if reviewed || equals(1, "review") {
            let expected = reviewed ? 7 : 6
            guard fieldCount == expected else { throw fail("a review has \(expected) tab-separated fields, found \(fieldCount)") }
            let cardID = try identifier(2)
            guard let value = integer(3), let rating = Rating(rawValue: value) else { throw fail("rating must be 1 to 4") }
            // An id of zeros (never drawn, but a hand-made line may hold it) is no id: the
            // columnar reader (`CompactLog`) keeps 0 for a review without one.
            let id = reviewed ? try recordID(6) : nil
            self = .review(
                Review(
                    time: time, cardID: cardID, rating: rating, elapsedSeconds: try optionalInteger(4, "elapsed seconds"),
                    answerMilliseconds: try optionalInteger(5, "answer milliseconds"), recordID: id == Self.zeroRecordID ? nil : id,
                    hexKey: ReviewRecord.hexKey(field(2))))
        } else if equals(1, "card") {
            guard fieldCount == 8 else { throw fail("a card line has 8 tab-separated fields, found \(fieldCount)") }
            func text(_ index: Int) -> String { SidecarState.unescape(Substring(String(decoding: field(index), as: UTF8.self))) }
            guard equals(4, "forward") || equals(4, "reverse") || equals(4, "cloze") || equals(4, "-") else {
                throw fail("direction must be forward, reverse or cloze")
            }
            self = .card(
                CardSighting(
                    time: time, key: try identifier(2), contentID: try identifier(3), direction: text(4), question: text(5),
                    answer: text(6), recordID: try recordID(7)))
        } else if equals(1, "retired") {
            guard fieldCount == 4 else { throw fail("a retired line has 4 tab-separated fields, found \(fieldCount)") }
            self = .retired(time: time, key: try identifier(2), recordID: try recordID(3))
        } else if equals(1, "suspended") || equals(1, "unsuspended") {
            guard fieldCount == 4 else { throw fail("a suspension line has 4 tab-separated fields, found \(fieldCount)") }
            self = .suspension(time: time, key: try identifier(2), suspended: equals(1, "suspended"), recordID: try recordID(3))
        } else if equals(1, "undone") {
            guard fieldCount == 5 else { throw fail("an undone line has 5 tab-separated fields, found \(fieldCount)") }
            self = .undone(time: time, key: try identifier(2), undone: try recordID(3), recordID: try recordID(4))
        } else if equals(1, "rename") {
            guard fieldCount == 4 else { throw fail("a rename has 4 fields") }
            self = .rename(time: time, from: try identifier(2), to: try identifier(3))
        } else {
            throw fail(
                "unknown record kind \"\(String(decoding: field(1), as: UTF8.self))\"; expected reviewed, card, retired, suspended, unsuspended, review or rename"
            )
        }
    }
}

/// Problems reading a review log.
public enum ReviewLogError: Error, Equatable, CustomStringConvertible {
    /// A line that is not a record; never dropped silently.
    case garbled(line: Int, reason: String)

    public var description: String {
        switch self {
        case .garbled(let line, let reason): return "line \(line): \(reason)"
        }
    }
}

import Foundation

/// One line of a review log: a review, or a card that changed its id.
public enum ReviewRecord: Sendable, Equatable {
    /// A card was reviewed.
    case review(Review)
    /// From `time` on, the card `from` is called `to` (its question was edited slightly).
    case rename(time: Date, from: String, to: String)

    /// A review as the log keeps it.
    public struct Review: Sendable, Equatable {
        public var time: Date
        public var cardID: String
        public var rating: Rating
        /// Seconds since the card's previous review; nil for its first.
        public var elapsedSeconds: Int?
        /// How long the learner took to answer, in milliseconds; nil if unknown.
        public var answerMilliseconds: Int?
        /// The id's value when it is 16 lowercase hex digits (every badger card id): an exact
        /// integer key for grouping a million reviews without hashing strings.
        let hexKey: UInt64?

        public init(time: Date, cardID: String, rating: Rating, elapsedSeconds: Int? = nil, answerMilliseconds: Int? = nil) {
            var id = cardID
            self.init(
                time: time, cardID: cardID, rating: rating, elapsedSeconds: elapsedSeconds, answerMilliseconds: answerMilliseconds,
                hexKey: id.withUTF8 { ReviewRecord.hexKey(UnsafeRawBufferPointer($0)) })
        }

        init(time: Date, cardID: String, rating: Rating, elapsedSeconds: Int?, answerMilliseconds: Int?, hexKey: UInt64?) {
            self.time = time
            self.cardID = cardID
            self.rating = rating
            self.elapsedSeconds = elapsedSeconds
            self.answerMilliseconds = answerMilliseconds
            self.hexKey = hexKey
        }

        public static func == (lhs: Review, rhs: Review) -> Bool {
            (lhs.time, lhs.cardID, lhs.rating, lhs.elapsedSeconds, lhs.answerMilliseconds)
                == (rhs.time, rhs.cardID, rhs.rating, rhs.elapsedSeconds, rhs.answerMilliseconds)
        }
    }

    /// The value of 16 lowercase hexadecimal digits, or nil for anything else.
    static func hexKey(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard bytes.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            switch byte {
            case 0x30...0x39: value = value << 4 | UInt64(byte - 0x30)
            case 0x61...0x66: value = value << 4 | UInt64(byte - 0x61 + 10)
            default: return nil
            }
        }
        return value
    }

    public var time: Date {
        switch self {
        case .review(let review): return review.time
        case .rename(let time, _, _): return time
        }
    }

    /// The record as one log line, without its line ending: tab-separated fields.
    public var line: String {
        switch self {
        case .review(let review):
            return [
                Timestamp.format(review.time), "review", review.cardID, String(review.rating.rawValue),
                review.elapsedSeconds.map(String.init) ?? "-", review.answerMilliseconds.map(String.init) ?? "-",
            ].joined(separator: "\t")
        case .rename(let time, let from, let to):
            return [Timestamp.format(time), "rename", from, to].joined(separator: "\t")
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
        // Split on tabs into at most 7 fields.
        var starts: [Int] = [0]
        starts.reserveCapacity(7)
        var ends: [Int] = []
        ends.reserveCapacity(7)
        for index in 0..<line.count where line[index] == 0x09 {
            ends.append(index)
            starts.append(index + 1)
            if starts.count > 7 { break }
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
        guard fieldCount >= 2, let seconds = Timestamp.seconds(field(0)) else { throw fail("expected an ISO-8601 UTC time, then a tab") }
        let time = Date(timeIntervalSince1970: TimeInterval(seconds))
        if equals(1, "review") {
            guard fieldCount == 6 else { throw fail("a review has 6 tab-separated fields, found \(fieldCount)") }
            let cardID = try identifier(2)
            guard let value = integer(3), let rating = Rating(rawValue: value) else { throw fail("rating must be 1 to 4") }
            self = .review(
                Review(
                    time: time, cardID: cardID, rating: rating, elapsedSeconds: try optionalInteger(4, "elapsed seconds"),
                    answerMilliseconds: try optionalInteger(5, "answer milliseconds"), hexKey: ReviewRecord.hexKey(field(2))))
        } else if equals(1, "rename") {
            guard fieldCount == 4 else { throw fail("a rename has 4 fields") }
            self = .rename(time: time, from: try identifier(2), to: try identifier(3))
        } else {
            throw fail("unknown record kind \"\(String(decoding: field(1), as: UTF8.self))\"; expected review or rename")
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

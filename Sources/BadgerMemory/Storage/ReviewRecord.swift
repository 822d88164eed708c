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

        public init(time: Date, cardID: String, rating: Rating, elapsedSeconds: Int? = nil, answerMilliseconds: Int? = nil) {
            self.time = time
            self.cardID = cardID
            self.rating = rating
            self.elapsedSeconds = elapsedSeconds
            self.answerMilliseconds = answerMilliseconds
        }
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
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        func fail(_ reason: String) -> ReviewLogError { .garbled(line: number, reason: reason) }
        guard fields.count >= 2, let time = Timestamp.parse(String(fields[0])) else {
            throw fail("expected an ISO-8601 UTC time, then a tab")
        }
        switch fields[1] {
        case "review":
            guard fields.count == 6 else { throw fail("a review has 6 tab-separated fields, found \(fields.count)") }
            guard !fields[2].isEmpty, !fields[2].contains(" ") else { throw fail("missing card id") }
            guard let value = Int(fields[3]), let rating = Rating(rawValue: value) else { throw fail("rating must be 1 to 4") }
            func optionalInt(_ field: Substring, _ name: String) throws -> Int? {
                if field == "-" { return nil }
                guard let value = Int(field), value >= 0 else { throw fail("\(name) must be a whole number or -") }
                return value
            }
            self = .review(
                Review(
                    time: time, cardID: String(fields[2]), rating: rating,
                    elapsedSeconds: try optionalInt(fields[4], "elapsed seconds"),
                    answerMilliseconds: try optionalInt(fields[5], "answer milliseconds")))
        case "rename":
            guard fields.count == 4, !fields[2].isEmpty, !fields[3].isEmpty else { throw fail("a rename has 4 fields") }
            self = .rename(time: time, from: String(fields[2]), to: String(fields[3]))
        default:
            throw fail("unknown record kind \"\(fields[1])\"; expected review or rename")
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

import BadgerDeck
import BadgerMemory
import Foundation

/// The review histories `badger schedule replay` and `badger optimize --histories` read: a JSON
/// list of `{"id", "reviews": [{"rating": 1–4, "at": ISO-8601}]}`, one history per card id,
/// each card's reviews in time order.
enum HistoryFile {
    struct History: Decodable {
        var id: String
        var reviews: [Review]
    }

    struct Review: Decodable {
        /// A number, so that 3.5 is reported as a rating (JSONDecoder calls it invalid JSON for an Int).
        var rating: Double
        var at: String
    }

    /// 10000-01-01T00:00:00Z: the first moment after the times histories may hold.
    private static let endOfYear9999 = Date(timeIntervalSince1970: 253_402_300_800)

    /// Whether `time` is one the review log keeps (and `badger review --at` takes): 1970 to 9999.
    static func isKept(_ time: Date) -> Bool { time >= Date(timeIntervalSince1970: 0) && time < endOfYear9999 }

    /// Reads and checks `file` (- for standard input); problems end the command with status 2.
    static func read(_ file: String) throws -> [ReviewHistory] {
        let data: Data
        switch InputFile.contents(of: file) {
        case .success(let contents): data = contents
        case .failure(let failure):
            Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(file)): \(failure.reason)\n")
            throw ExitStatus.usageOrIO.code
        }
        let histories: [History]
        let form = #"[{"id": "c1", "reviews": [{"rating": 3, "at": "2026-01-05T09:00:00Z"}]}]"#
        do {
            histories = try DecodingProblem.decode([History].self, from: data)
        } catch {
            Terminal.standardError.write(
                "badger: error: \(UntrustedText.sanitized(file)): \(UntrustedText.sanitized(DecodingProblem.words(error, in: data, expecting: .list, form: form)))\n"
            )
            throw ExitStatus.usageOrIO.code
        }
        // Byte for byte, as card ids are (Swift's == would make "café" written two ways one card).
        var firstOfID: [[UInt8]: Int] = [:]
        for (index, history) in histories.enumerated() {
            if let first = firstOfID.updateValue(index, forKey: Array(history.id.utf8)) {
                Terminal.standardError.write(
                    "badger: error: \(UntrustedText.sanitized(file)): histories \(first + 1) and \(index + 1) are both \"\(UntrustedText.sanitized(history.id))\"; give each card one history\n"
                )
                throw ExitStatus.usageOrIO.code
            }
        }
        // "histories.json: history 3 (\"c1\")": where a problem is, also for an id left empty.
        func place(_ position: Int, _ id: String) -> String {
            "\(UntrustedText.sanitized(file)): history \(position + 1) (\"\(UntrustedText.sanitized(id))\")"
        }
        let read = try histories.enumerated().map { position, history in
            let reviews = try history.reviews.enumerated().map { index, review in
                guard let whole = Int(exactly: review.rating), let rating = Rating(rawValue: whole) else {
                    Terminal.standardError.write(
                        "badger: error: \(place(position, history.id)), review \(index + 1): rating must be 1, 2, 3 or 4, not \(Int(exactly: review.rating).map(String.init) ?? "\(review.rating)")\n"
                    )
                    throw ExitStatus.usageOrIO.code
                }
                guard let time = Timestamp.parse(review.at) else {
                    Terminal.standardError.write(
                        "badger: error: \(place(position, history.id)), review \(index + 1): \"\(UntrustedText.sanitized(review.at))\" is not an ISO-8601 time\n"
                    )
                    throw ExitStatus.usageOrIO.code
                }
                // As the review log keeps them, and as `badger review --at` takes them.
                guard Self.isKept(time) else {
                    Terminal.standardError.write(
                        "badger: error: \(place(position, history.id)), review \(index + 1): \(UntrustedText.sanitized(review.at)) is outside the times badger keeps, 1970 to 9999\n"
                    )
                    throw ExitStatus.usageOrIO.code
                }
                return ReviewHistory.Review(rating: rating, time: time)
            }
            return ReviewHistory(cardID: history.id, reviews: reviews)
        }
        // Each state answers one review, in the order given: a review earlier than the one
        // before it would be replayed (or fitted) with time running backwards.
        for (position, history) in read.enumerated() {
            for (index, pair) in zip(history.reviews, history.reviews.dropFirst()).enumerated() where pair.1.time < pair.0.time {
                Terminal.standardError.write(
                    "badger: error: \(place(position, history.cardID)): review \(index + 2) (\(Timestamp.format(pair.1.time))) is earlier than review \(index + 1) (\(Timestamp.format(pair.0.time))); list each card's reviews in time order\n"
                )
                throw ExitStatus.usageOrIO.code
            }
        }
        return read
    }
}

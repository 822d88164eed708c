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

    /// Reads and checks `file` (- for standard input); problems end the command with status 2.
    static func read(_ file: String) throws -> [ReviewHistory] {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(file)): no such file or cannot be read\n")
                throw ExitStatus.usageOrIO.code
            }
            data = contents
        }
        let histories: [History]
        do {
            histories = try JSONDecoder().decode([History].self, from: data)
        } catch {
            Terminal.standardError.write(
                "badger: error: \(UntrustedText.sanitized(file)): not a list of {\"id\", \"reviews\": [{\"rating\", \"at\"}]}: \(UntrustedText.sanitized(DecodingProblem.words(error, in: data)))\n"
            )
            throw ExitStatus.usageOrIO.code
        }
        var firstOfID: [String: Int] = [:]
        for (index, history) in histories.enumerated() {
            if let first = firstOfID.updateValue(index, forKey: history.id) {
                Terminal.standardError.write(
                    "badger: error: \(UntrustedText.sanitized(file)): histories \(first + 1) and \(index + 1) are both \"\(UntrustedText.sanitized(history.id))\"; give each card one history\n"
                )
                throw ExitStatus.usageOrIO.code
            }
        }
        let read = try histories.map { history in
            let reviews = try history.reviews.enumerated().map { index, review in
                guard let whole = Int(exactly: review.rating), let rating = Rating(rawValue: whole) else {
                    Terminal.standardError.write(
                        "badger: error: \(UntrustedText.sanitized(history.id)), review \(index + 1): rating must be 1, 2, 3 or 4, not \(Int(exactly: review.rating).map(String.init) ?? "\(review.rating)")\n"
                    )
                    throw ExitStatus.usageOrIO.code
                }
                guard let time = Timestamp.parse(review.at) else {
                    Terminal.standardError.write(
                        "badger: error: \(UntrustedText.sanitized(history.id)), review \(index + 1): \"\(UntrustedText.sanitized(review.at))\" is not an ISO-8601 time\n"
                    )
                    throw ExitStatus.usageOrIO.code
                }
                return ReviewHistory.Review(rating: rating, time: time)
            }
            return ReviewHistory(cardID: history.id, reviews: reviews)
        }
        // Each state answers one review, in the order given: a review earlier than the one
        // before it would be replayed (or fitted) with time running backwards.
        for history in read {
            for (index, pair) in zip(history.reviews, history.reviews.dropFirst()).enumerated() where pair.1.time < pair.0.time {
                Terminal.standardError.write(
                    "badger: error: \(UntrustedText.sanitized(history.cardID)): review \(index + 2) (\(Timestamp.format(pair.1.time))) is earlier than review \(index + 1) (\(Timestamp.format(pair.0.time))); list each card's reviews in time order\n"
                )
                throw ExitStatus.usageOrIO.code
            }
        }
        return read
    }
}

import BadgerDeck
import BadgerMemory
import Foundation

/// The review histories `badger schedule replay` and `badger optimize --histories` read: a JSON
/// list of `{"id", "reviews": [{"rating": 1–4, "at": ISO-8601}]}`.
enum HistoryFile {
    struct History: Decodable {
        var id: String
        var reviews: [Review]
    }

    struct Review: Decodable {
        var rating: Int
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
                "badger: error: \(UntrustedText.sanitized(file)): not a list of {\"id\", \"reviews\": [{\"rating\", \"at\"}]}: \(error)\n")
            throw ExitStatus.usageOrIO.code
        }
        return try histories.map { history in
            let reviews = try history.reviews.enumerated().map { index, review in
                guard let rating = Rating(rawValue: review.rating) else {
                    Terminal.standardError.write(
                        "badger: error: \(UntrustedText.sanitized(history.id)), review \(index + 1): rating must be 1 to 4\n")
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
    }
}

import BadgerDeck
import BadgerMemory
import Foundation

/// Finding the card a command-line id names.
enum CardLookup {
    /// The shortest prefix of an id accepted.
    static let minimumPrefix = 4

    enum Failure: Error, CustomStringConvertible {
        case notAnID(String)
        case tooShort(String)
        case unknown(String)
        case ambiguous(String, [Card])

        var description: String {
            switch self {
            case .notAnID(let text):
                return "\"\(text)\" is not a card id: ids are 16 hexadecimal digits (`badger list` shows them)"
            case .tooShort(let text):
                return "\"\(text)\" is too short: give at least \(CardLookup.minimumPrefix) digits of the card id (`badger list` shows ids)"
            case .unknown(let text): return "no card with id \(text) in the collection (`badger list` shows ids)"
            case .ambiguous(let text, let cards):
                let shown = cards.prefix(8).map { "  \($0.id)  \($0.topic): \(ListLayout.oneLine($0.question?.markdown ?? ""))" }
                let more = cards.count > 8 ? ["  … and \(cards.count - 8) more"] : []
                return (["\(text) matches \(cards.count) cards; give more digits:"] + shown + more).joined(separator: "\n")
            }
        }
    }

    /// The card `text` names: its full id, a name it had before an edit (its history's key, an
    /// id it once had), or an unambiguous prefix of at least four digits of either.
    /// `formerPrefix` gives the cards now continuing the names with a prefix.
    static func find(
        _ text: String, in cards: [Card], formerName: (String) -> String? = { _ in nil },
        formerPrefix: (String) -> Set<String> = { _ in [] }
    ) throws(Failure) -> Card {
        let wanted = text.lowercased()
        guard !wanted.isEmpty, wanted.allSatisfy(\.isHexDigit) else { throw .notAnID(text) }
        if let id = CardID(wanted) {
            if let card = cards.first(where: { $0.id == id }) { return card }
            if let current = formerName(wanted), current != wanted, let card = cards.first(where: { $0.id.description == current }) {
                return card
            }
            // Any other id the card had (between two edits): the cards now continuing it.
            let current = formerPrefix(wanted)
            let matches = cards.filter { current.contains($0.id.description) }
            if matches.count == 1 { return matches[0] }
            throw matches.isEmpty ? .unknown(text) : .ambiguous(text, matches)
        }
        guard wanted.count >= minimumPrefix else { throw .tooShort(text) }
        guard wanted.count < 16 else { throw .notAnID(text) }
        var matches = cards.filter { $0.id.description.hasPrefix(wanted) }
        if matches.isEmpty {
            // A prefix of an id the card had before an edit (as `badger show` printed it then).
            let current = formerPrefix(wanted)
            matches = cards.filter { current.contains($0.id.description) }
        }
        switch matches.count {
        case 0: throw .unknown(text)
        case 1: return matches[0]
        default: throw .ambiguous(text, matches)
        }
    }

    /// `find`, reporting a failure on standard error and ending the command with status 2.
    static func findOrExit(
        _ text: String, in cards: [Card], formerName: (String) -> String? = { _ in nil },
        formerPrefix: (String) -> Set<String> = { _ in [] }
    ) throws -> Card {
        do {
            return try find(text, in: cards, formerName: formerName, formerPrefix: formerPrefix)
        } catch {
            Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description, keepNewlines: true))\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

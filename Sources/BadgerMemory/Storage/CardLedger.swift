import Foundation

/// Every card identity the review logs know: its lasting key, the content it was last seen
/// with, and its reviews.
///
/// A card's key is the id it had when it was first reviewed, and its reviews are logged under
/// that key forever; what its text is now is told by `card` lines (and, in format 1 logs, by
/// the id each review was logged under and by `rename` lines). Built from the records of all
/// logs of a collection, each record once, in any order: the same records give the same ledger.
public struct CardLedger: Sendable {
    /// One identity.
    public struct Identity: Sendable, Equatable {
        public var key: String
        /// The content id the card was last seen with.
        public var contentID: String
        /// When that was.
        public var seen: Date
        /// `forward` or `reverse`, when a `card` line said so.
        public var direction: String?
        /// The last-seen question and answer (white space collapsed), when known.
        public var question: String?
        public var answer: String?
        /// Retired by `state prune` after it was last seen: only its exact text brings it back.
        public var retired: Bool
        public var reviewCount: Int
    }

    /// By key.
    public private(set) var identities: [String: Identity] = [:]
    /// Every name any card was ever known by (keys, format 1 ids, content ids), so a new card
    /// never takes a name that would credit it with another card's reviews.
    public private(set) var usedNames: Set<String> = []
    /// Format 1 renames, which map old ids to the key of their card.
    public let aliases: CardAliases

    /// The ledger of `logs`' records. `questions` are texts known from elsewhere (a format 1
    /// state file) for content ids no `card` line describes.
    public init(logs: [[ReviewRecord]], questions: [String: String] = [:]) {
        aliases = CardAliases(logs: logs)
        var pins: [String: (time: Date, rank: Int, content: String)] = [:]
        var sightings: [String: ReviewRecord.CardSighting] = [:]
        var retiredAt: [String: Date] = [:]
        var counts: [String: Int] = [:]
        func pin(_ key: String, _ content: String, _ time: Date, rank: Int) {
            if let old = pins[key], (old.time, old.rank, old.content) >= (time, rank, content) { return }
            pins[key] = (time, rank, content)
        }
        for records in logs {
            for record in records {
                switch record {
                case .review(let review):
                    let key = aliases.origin(review.cardID)
                    counts[key, default: 0] += 1
                    usedNames.insert(review.cardID)
                    // A format 1 review names the card by its content id at that time (renames
                    // were aliases then: a review of an old name counts for the new one).
                    if review.recordID == nil { pin(key, aliases.current(review.cardID), review.time, rank: 0) }
                    if pins[key] == nil { pin(key, key, .distantPast, rank: -1) }
                case .rename(let time, let from, let to):
                    usedNames.insert(from)
                    usedNames.insert(to)
                    pin(aliases.origin(from), to, time, rank: 1)
                case .card(let sighting):
                    let key = aliases.origin(sighting.key)
                    usedNames.insert(sighting.key)
                    usedNames.insert(sighting.contentID)
                    pin(key, sighting.contentID, sighting.time, rank: 2)
                    if let old = sightings[key], (old.time, old.recordID) > (sighting.time, sighting.recordID) { continue }
                    sightings[key] = sighting
                case .retired(let time, let key, _):
                    let key = aliases.origin(key)
                    if let old = retiredAt[key], old >= time { continue }
                    retiredAt[key] = time
                }
            }
        }
        for (key, pin) in pins {
            usedNames.insert(key)
            let sighting = sightings[key].flatMap { $0.contentID == pin.content ? $0 : nil }
            identities[key] = Identity(
                key: key, contentID: pin.content, seen: pin.time, direction: sighting?.direction == "-" ? nil : sighting?.direction,
                question: sighting?.question ?? questions[pin.content], answer: sighting?.answer,
                retired: retiredAt[key].map { $0 >= pin.time } ?? false, reviewCount: counts[key] ?? 0)
        }
    }

    /// The key a card first reviewed now, with content id `contentID`, gets: the content id
    /// itself, unless some card was already known by that name (say, a question edited away
    /// and later written again); then a name derived from it that no card has had.
    public func newKey(for contentID: String) -> String {
        guard usedNames.contains(contentID) else { return contentID }
        var attempt: UInt64 = 1
        while true {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in contentID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            for shift in stride(from: 0, to: 64, by: 8) { hash = (hash ^ ((attempt >> UInt64(shift)) & 0xFF)) &* 0x0000_0100_0000_01b3 }
            let digits = String(hash, radix: 16)
            let name = String(repeating: "0", count: 16 - digits.count) + digits
            if !usedNames.contains(name) { return name }
            attempt += 1
        }
    }
}

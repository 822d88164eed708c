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
        /// Retired (`state prune`, or deleted before it had anything to keep) after it was last
        /// seen: only its own question brings it back.
        public var retired: Bool
        public var reviewCount: Int
        /// Left out of studying (`badger suspend`) until unsuspended.
        public var suspended: Bool = false
        /// Found continuing in no card (deleted, or edited beyond recognition) by a command
        /// that saw the whole collection, and not seen since: it waits (lint reports it) for its
        /// own question to come back, and no card written later takes it for an edit.
        public var missing: Bool = false
    }

    /// Every identity by key, kept by key number: a record of numbers and the texts the logs
    /// hold anyway, found through a `KeyTable` of the keys (no dictionary keyed by text or
    /// number). Each `Identity` is made when it is read.
    public struct Identities: Sendable {
        /// One identity, at its key's place in `keys` (64 bytes).
        struct Stored: Sendable {
            var content: UInt64
            /// Seconds since 1970; `Int64.min` for never seen.
            var seen: Int64
            var question: String?
            var answer: String?
            /// The log (by index among the ledger's logs) with its latest record other than a
            /// retirement (of records at the same time, the later log); -1 for none.
            var lastLog: Int32
            var reviewCount: Int32
            /// `Stored.directions`' index of the direction a `card` line gave; 0 for none.
            var direction: UInt8
            var retired: Bool
            var suspended: Bool
            var missing: Bool

            /// The directions a `card` line can give, by code (0: none).
            static let directions: [String?] = [nil, "forward", "reverse", "cloze"]

            static func code(ofDirection direction: String?) -> UInt8 {
                UInt8(directions.firstIndex(of: direction) ?? 0)
            }
        }

        var keys = KeyTable()
        /// By the key's place in `keys`.
        var stored: [Stored] = []
        let names: NameBook

        init(names: NameBook) { self.names = names }

        /// How many identities.
        public var count: Int { stored.count }
        public var isEmpty: Bool { stored.isEmpty }

        /// Where the identity of key number `key` is kept in `stored`.
        @inline(__always) func slot(of key: UInt64) -> Int? { stored.isEmpty ? nil : keys.place(of: key) }

        /// The identity whose key is `key`.
        public subscript(key: String) -> Identity? {
            guard let slot = slot(of: names.number(key)) else { return nil }
            let identity = identity(at: slot)
            // Another spelling of the same number (upper case) names no identity.
            return identity.key == key ? identity : nil
        }

        /// Whether the identity whose key is `key` is suspended (`self[key]?.suspended`, without
        /// making the identity).
        public func isSuspended(_ key: String) -> Bool {
            guard let slot = slot(of: names.number(key)) else { return false }
            return stored[slot].suspended && names.name(keys.key(at: slot)) == key
        }

        /// Every identity, in no particular order.
        public var values: some Sequence<Identity> { stored.indices.lazy.map { identity(at: $0) } }

        /// When the identity was last seen, as `Identity.seen` has it.
        static func seen(_ stored: Stored) -> Date {
            stored.seen == Int64.min ? .distantPast : Date(timeIntervalSince1970: TimeInterval(stored.seen))
        }

        /// Whether a `card` line describes the identity whose key number is `key` (its direction
        /// and texts); not for one known only from format 1 records.
        public func isDescribed(keyNumber key: UInt64) -> Bool {
            guard let slot = slot(of: key) else { return false }
            return stored[slot].direction != 0
        }

        /// Whether the identity whose key number is `key` was last seen (by a `card` line) in
        /// `direction`, asking `question` and answered by `answer`, as a `card` line keeps them
        /// (white space collapsed, clipped): false when the card's texts changed since.
        public func wasLastSeen(keyNumber key: UInt64, direction: String, question: String, answer: String) -> Bool {
            guard let slot = slot(of: key) else { return false }
            let stored = stored[slot]
            func same(_ known: String?, _ text: String) -> Bool {
                known == text || known == ReviewRecord.CardSighting.clipped(text)
            }
            return Stored.directions[Int(stored.direction)] == direction && same(stored.question, question)
                && same(stored.answer, answer)
        }

        /// Whether the identity whose key number is `key` is retired or missing: it waits for its
        /// own question to come back.
        public func isWaiting(keyNumber key: UInt64) -> Bool {
            guard let slot = slot(of: key) else { return false }
            return stored[slot].retired || stored[slot].missing
        }

        /// Whether the identity whose key number is `key` is suspended.
        public func isSuspended(keyNumber key: UInt64) -> Bool {
            guard let slot = slot(of: key) else { return false }
            return stored[slot].suspended
        }

        func identity(at slot: Int) -> Identity {
            let (number, stored) = (keys.key(at: slot), stored[slot])
            let key = names.name(number)
            return Identity(
                key: key, contentID: stored.content == number ? key : names.name(stored.content),
                seen: Self.seen(stored),
                direction: Stored.directions[Int(stored.direction)], question: stored.question, answer: stored.answer,
                retired: stored.retired, reviewCount: Int(stored.reviewCount), suspended: stored.suspended, missing: stored.missing)
        }
    }

    /// By key.
    public private(set) var identities: Identities
    /// Every name any card was ever known by (keys, format 1 ids, content ids), so a new card
    /// never takes a name that would credit it with another card's reviews.
    private var usedNames = KeyTable()
    /// Format 1 renames, which map old ids to the key of their card.
    public let aliases: CardAliases
    /// The same, by number: every renamed name's key (empty when nothing was ever renamed).
    public let keyOfRenamed: [UInt64: UInt64]
    /// Every content id a `card` line gave an identity that took in another's history (a
    /// format 1 rename, `state link --join`), by content, with the identity's key: two clones
    /// that joined two histories each with its own wording see the card under either (empty
    /// when nothing was ever renamed).
    public private(set) var keyOfJoinedContent: [UInt64: UInt64] = [:]

    /// How many reviews the identity of key number `key` has had (0 for none).
    public func reviewCount(ofKey key: UInt64) -> Int {
        identities.slot(of: key).map { Int(identities.stored[$0].reviewCount) } ?? 0
    }

    /// The index among the ledger's logs of the log with the latest record of the identity of
    /// key number `key` other than a retirement (where it was last seen or studied), if any.
    public func lastLog(ofKey key: UInt64) -> Int? {
        guard let slot = identities.slot(of: key) else { return nil }
        let log = identities.stored[slot].lastLog
        return log < 0 ? nil : Int(log)
    }

    /// The ledger of `logs`' records (each record once). `questions` are texts known from
    /// elsewhere (a format 1 state file) for content ids no `card` line describes.
    public init(logs: [CompactLog], names: NameBook, questions: [String: String] = [:]) {
        identities = Identities(names: names)
        var renames: [ReviewRecord] = []
        for log in logs {
            for index in 0..<log.count where log.kinds[index] == .rename { renames.append(log.record(at: index, names: names)) }
        }
        aliases = CardAliases(renames)
        var keyOfRenamed: [UInt64: UInt64] = [:]
        var currentOfRenamed: [UInt64: UInt64] = [:]
        if !renames.isEmpty {
            for case .rename(_, let from, let to) in renames {
                for name in [from, to] {
                    keyOfRenamed[names.number(name)] = names.number(aliases.origin(name))
                    currentOfRenamed[names.number(name)] = names.number(aliases.current(name))
                }
            }
        }
        self.keyOfRenamed = keyOfRenamed
        /// What the records say of one key, in 80 bytes (sentinels instead of optionals): the
        /// content it was last seen with, and when (`rank` orders records of the same second).
        struct Pin {
            var key: UInt64
            var time: Int64
            var content: UInt64
            /// When it was last retired; `Int64.min` for never.
            var retiredAt = Int64.min
            /// The latest review or suspension record's time; `Int64.min` for none.
            var lastActivity = Int64.min
            /// The latest suspension record's time (`Int64.min` for none) and whether it suspends.
            var suspensionTime = Int64.min
            /// The `card` record it was last seen in (log and index); -1 for none.
            var sightingLog: Int32 = -1
            var sightingIndex: Int32 = 0
            /// The log with its latest record other than a retirement, and that record's time;
            /// -1 for none.
            var lastLog: Int32 = -1
            var lastLogTime = Int64.min
            var reviews: Int32 = 0
            var rank: Int8
            var suspended = false

            init(_ key: UInt64) {
                self.key = key
                time = Int64.min
                content = key
                rank = -1
            }
        }
        // One pin per key, in an array; each log's keys are found once per distinct key (by
        // their place in the log's key column), not once per record.
        var pins: [Pin] = []
        var pinOfKey: [UInt64: Int32] = [:]
        // Room for one pin per `card` record (a format 2 log has one for each key; a format 1
        // log grows it), not per record: a long log of few cards would get room for many times
        // their pins.
        let cardRecords = logs.reduce(0) { total, log in total + log.kinds.lazy.filter { $0 == .card }.count }
        pins.reserveCapacity(cardRecords)
        pinOfKey.reserveCapacity(cardRecords)
        // Every name once or more (the table keeps each once).
        var used: [UInt64] = []
        func key(_ name: UInt64) -> UInt64 { keyOfRenamed.isEmpty ? name : keyOfRenamed[name] ?? name }
        func pin(_ slot: Int, _ content: UInt64, _ time: Int64, rank: Int8, sighting: (log: Int, index: Int)? = nil) {
            let old = pins[slot]
            if let sighting, rank == 2, old.rank == 2, old.time == time {
                // Two `card` lines in the same second: of one log, the later line is the later
                // sighting (a log is only appended to); of two logs, the caller kept the one with
                // the greater record id, in whatever order the logs are read.
                if old.sightingLog == Int32(sighting.log) { guard Int32(sighting.index) > old.sightingIndex else { return } }
            } else {
                guard (old.time, old.rank, old.content) < (time, rank, content) else { return }
            }
            pins[slot].time = time
            pins[slot].rank = rank
            pins[slot].content = content
            if let sighting {
                pins[slot].sightingLog = Int32(sighting.log)
                pins[slot].sightingIndex = Int32(sighting.index)
            }
        }
        for (logIndex, log) in logs.enumerated() {
            // The pin of each of the log's distinct keys, once it has one; -1 before.
            var slotOfPlace = [Int32](repeating: -1, count: log.keys.distinctCount)
            // Whether each place's name is among the used names yet (once per place, not per record).
            var nameUsed = [Bool](repeating: false, count: log.keys.distinctCount)
            func use(_ name: UInt64, at place: Int) {
                guard !nameUsed[place] else { return }
                nameUsed[place] = true
                used.append(name)
            }
            for index in 0..<log.count {
                let kind = log.kinds[index]
                let place = log.keys.place(at: index)
                let name = log.keys.key(atPlace: place)
                var slot = Int(slotOfPlace[place])
                if slot < 0 {
                    slot = pinOfKey[key(name)].map(Int.init) ?? -1
                    if slot >= 0 { slotOfPlace[place] = Int32(slot) }
                }
                if slot < 0 {
                    // Taken back reviews are removed before a ledger is made (`withoutUndone`);
                    // an `undone` record alone makes no identity.
                    guard kind != .undone else { continue }
                    let k = key(name)
                    slot = pins.count
                    pins.append(Pin(k))
                    pinOfKey[k] = Int32(slot)
                    slotOfPlace[place] = Int32(slot)
                }
                if kind != .retired, log.times[index] >= pins[slot].lastLogTime {
                    pins[slot].lastLog = Int32(logIndex)
                    pins[slot].lastLogTime = log.times[index]
                }
                switch kind {
                case .reviewed:
                    pins[slot].reviews += 1
                    pins[slot].lastActivity = max(pins[slot].lastActivity, log.times[index])
                case .review:
                    // A format 1 review names the card by its content id at that time (renames
                    // were aliases then: a review of an old name counts for the new one).
                    pins[slot].reviews += 1
                    pins[slot].lastActivity = max(pins[slot].lastActivity, log.times[index])
                    use(name, at: place)
                    pin(slot, currentOfRenamed.isEmpty ? name : currentOfRenamed[name] ?? name, log.times[index], rank: 0)
                case .rename:
                    use(name, at: place)
                    used.append(log.others[index])
                    pin(slot, log.others[index], log.times[index], rank: 1)
                case .card:
                    use(name, at: place)
                    used.append(log.others[index])
                    if !keyOfRenamed.isEmpty, keyOfRenamed[name] != nil { keyOfJoinedContent[log.others[index]] = key(name) }
                    // Of two `card` lines of two logs in the same second, the greater record id
                    // (an order every clone agrees on).
                    let old = pins[slot]
                    if old.sightingLog >= 0, old.sightingLog != Int32(logIndex), (old.time, old.rank) == (log.times[index], 2),
                        logs[Int(old.sightingLog)].recordIDs[Int(old.sightingIndex)] > log.recordIDs[index]
                    {
                        continue
                    }
                    pin(slot, log.others[index], log.times[index], rank: 2, sighting: (logIndex, index))
                case .retired:
                    if pins[slot].retiredAt >= log.times[index] { continue }
                    pins[slot].retiredAt = log.times[index]
                case .undone:
                    continue
                case .suspended, .unsuspended:
                    pins[slot].lastActivity = max(pins[slot].lastActivity, log.times[index])
                    // The latest one counts; of two in the same second, the one read last.
                    if pins[slot].suspensionTime > log.times[index] { continue }
                    pins[slot].suspensionTime = log.times[index]
                    pins[slot].suspended = kind == .suspended
                }
            }
        }
        // What is no longer needed goes before the identities are made.
        pinOfKey = [:]
        used.append(contentsOf: pins.lazy.map(\.key))
        usedNames = KeyTable(used)
        used = []
        let (keys, slots) = KeyTable.make(pins.map(\.key))
        identities.keys = keys
        identities.stored = [Identities.Stored](
            repeating: .init(
                content: 0, seen: 0, question: nil, answer: nil, lastLog: -1, reviewCount: 0, direction: 0, retired: false,
                suspended: false, missing: false), count: keys.count)
        for (index, pin) in pins.enumerated() {
            var sighting: CompactLog.Sighting?
            if pin.sightingLog >= 0 {
                let (log, index) = (Int(pin.sightingLog), Int(pin.sightingIndex))
                if logs[log].others[index] == pin.content { sighting = logs[log].sighting(at: index) }
            }
            var question = sighting?.question
            if question == nil, !questions.isEmpty { question = questions[names.name(pin.content)] }
            let suspended = pin.suspensionTime != Int64.min && pin.suspended
            let hasSomething = pin.reviews > 0 || suspended
            identities.stored[Int(slots[index])] =
                Identities.Stored(
                    content: pin.content, seen: pin.time, question: question, answer: sighting?.answer, lastLog: pin.lastLog,
                    reviewCount: pin.reviews, direction: Identities.Stored.code(ofDirection: sighting?.direction),
                    // A retirement holds until the card is seen, reviewed or suspended again (a
                    // clone that studied it merged with one that retired it, never studied); one
                    // dated at the card's last sighting is the automatic one of a card deleted
                    // with nothing to keep, and holds only while it has nothing.
                    // (An automatic one holds over a suspension taken back since: nothing to keep.)
                    retired: pin.retiredAt != Int64.min && pin.retiredAt >= pin.time
                        && (pin.retiredAt >= pin.lastActivity || (pin.retiredAt == pin.time && !hasSomething))
                        && !(pin.retiredAt == pin.time && hasSomething),
                    // The same record for one with something to keep marks it missing: found
                    // continuing in no card, and not seen since.
                    suspended: suspended, missing: pin.retiredAt != Int64.min && pin.retiredAt == pin.time && hasSomething)
        }
    }

    /// The key (as a number) of the card a log names by `name`.
    @inline(__always) public func key(ofNumber name: UInt64) -> UInt64 {
        keyOfRenamed.isEmpty ? name : keyOfRenamed[name] ?? name
    }

    /// The key a card first reviewed now, with content id `contentID`, gets: the content id
    /// itself, unless some card was already known by that name (say, a question edited away
    /// and later written again); then a name derived from it that no card has had.
    public func newKey(for contentID: String) -> String {
        let names = NameBook()
        guard usedNames.place(of: names.number(contentID)) != nil else { return contentID }
        var attempt: UInt64 = 1
        while true {
            var hash = FNV1a.hash(contentID)
            for shift in stride(from: 0, to: 64, by: 8) { hash = (hash ^ ((attempt >> UInt64(shift)) & 0xFF)) &* FNV1a.prime }
            let name = NameBook.hex(hash)
            if usedNames.place(of: names.number(name)) == nil { return name }
            attempt += 1
        }
    }
}

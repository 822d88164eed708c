import BadgerMemory

/// The scheduling files: the `.state` reader, and the `.reviews` reader with a state rebuild.
enum FuzzMemory {
    static func runState(_ bytes: [UInt8]) {
        guard let state = try? SidecarState(text: String(decoding: bytes, as: UTF8.self)) else { return }
        _ = state.entries.count
    }

    static func runReviewLog(_ bytes: [UInt8]) {
        let log = bytes.withUnsafeBytes { try? ReviewLog(bytes: $0) }
        guard let log else { return }
        for scheduler in [(try? FSRS6()) as (any Scheduler)?, SM2(), Leitner()].compactMap({ $0 }) {
            _ = StateRebuilder(scheduler: scheduler).states(from: log.records)
        }
        _ = CardAliases(log.records)
    }
}

/// Format 2 logs and card identity: the columnar reader against the record reader (they must
/// agree on every record, or both refuse), the replay of the columns against the replay of the
/// records (equal states), and the ledger and matcher on cards made from the log's own texts.
enum FuzzIdentity {
    static func run(_ bytes: [UInt8]) {
        let names = NameBook()
        let compact = bytes.withUnsafeBytes { try? CompactLog(bytes: $0, names: names) }
        let records = bytes.withUnsafeBytes { try? ReviewLog(bytes: $0) }
        guard let compact, let records else {
            check((compact == nil) == (records == nil), "one reader accepted what the other refused")
            return
        }
        check(compact.count == records.records.count, "the readers found different numbers of records")
        for index in 0..<compact.count {
            let a = compact.record(at: index, names: names)
            let b = records.records[index]
            if case .review(let x) = a, case .review(let y) = b {
                // Columns keep times to the second and cap absurd elapsed and answer times.
                check(
                    (x.time, x.cardID, x.rating, x.recordID) == (y.time, y.cardID, y.rating, y.recordID), "review \(index) differs")
            } else {
                check(a.line == b.line, "record \(index) differs: \(a.line) / \(b.line)")
            }
        }
        let ledger = CardLedger(logs: [compact], names: names)
        let rebuilder = StateRebuilder(scheduler: SM2())
        let byColumns = rebuilder.states(fromCompact: [compact], key: { ledger.key(ofNumber: $0) }, names: names)
        let byRecords = rebuilder.states(from: records.records)
        for (key, state) in byColumns {
            let name = names.name(key)
            check(byRecords[name] == nil || byRecords[name] == state || !ledger.keyOfRenamed.isEmpty, "replays differ for \(name)")
        }
        // Cards: every sighting's text, one with a typo, one with its answer changed.
        var cards: [IdentityMatcher.Card] = []
        let sightings = (0..<compact.count).compactMap { compact.sighting(at: $0) }
        for (index, sighting) in sightings.enumerated() {
            let question = index % 3 == 1 ? sighting.question + "x" : sighting.question
            let answer = index % 3 == 2 ? sighting.answer + " (new)" : sighting.answer
            let id = CardIDLike.id(question, sighting.direction)
            cards.append(.init(contentID: id, direction: sighting.direction, question: question, answer: answer, deck: "d"))
        }
        let result = IdentityMatcher.match(cards: cards, ledger: ledger)
        // No key continues in two cards.
        let keys = result.keyOfCard.numbers.map(\.value)
        check(Set(keys).count == keys.count, "two cards continue one history")
        _ = ledger.newKey(for: "0123456789abcdef")
    }
}

/// Stops with `message` (printed in release builds too) when `condition` does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// A content id for a fuzzed card (any stable 16-hex-digit name will do).
enum CardIDLike {
    static func id(_ question: String, _ direction: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (question + "\u{1F}" + direction).utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return NameBook.hex(hash)
    }
}

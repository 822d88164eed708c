import Dispatch
import Foundation

/// Replays review logs into card states: the state on disk is always this function of the log.
public struct StateRebuilder: Sendable {
    public let scheduler: any Scheduler
    /// Whether intervals get their (deterministic) random spread.
    public let fuzzing: Bool

    public init(scheduler: any Scheduler, fuzzing: Bool = true) {
        self.scheduler = scheduler
        self.fuzzing = fuzzing
    }

    /// Every card's state after all `records` (from any number of logs), replayed in time order.
    ///
    /// Renames are aliases, not events: every review of any name a card has had counts for its
    /// latest name, whenever it happened (a clone that reviewed the old name merges cleanly),
    /// and fuzz is seeded from the card's first name, so a rename never shifts its schedule.
    public func states(from records: [ReviewRecord]) -> [String: MemoryState] {
        states(fromLogs: [records])
    }

    /// Every card's state after the records of all `logs`, without joining them first.
    public func states(fromLogs logs: [[ReviewRecord]]) -> [String: MemoryState] {
        let aliases = CardAliases(logs: logs)
        // Cards are independent once renames are resolved: group each card's reviews (a
        // counting sort into flat arrays), then replay each card in time order.
        var slotOfKey: [UInt64: Int32] = [:]
        var slotOfText: [String: Int32] = [:]
        var slotIDs: [String] = []
        var slotOfReview: [Int32] = []
        var times: [Double] = []
        var ratings: [Rating] = []
        let total = logs.reduce(0) { $0 + $1.count }
        slotOfReview.reserveCapacity(total)
        times.reserveCapacity(total)
        ratings.reserveCapacity(total)
        for records in logs {
            for case .review(let review) in records {
                let id = aliases.current(review.cardID)
                let slot: Int32
                // A 16-digit lowercase hex id (every badger card id) is its own exact integer key.
                if let key = Self.hexKey(id) {
                    if let existing = slotOfKey[key] {
                        slot = existing
                    } else {
                        slot = Int32(slotIDs.count)
                        slotOfKey[key] = slot
                        slotIDs.append(id)
                    }
                } else if let existing = slotOfText[id] {
                    slot = existing
                } else {
                    slot = Int32(slotIDs.count)
                    slotOfText[id] = slot
                    slotIDs.append(id)
                }
                slotOfReview.append(slot)
                times.append(review.time.timeIntervalSince1970)
                ratings.append(review.rating)
            }
        }
        var starts = [Int](repeating: 0, count: slotIDs.count + 1)
        for slot in slotOfReview { starts[Int(slot) + 1] += 1 }
        for index in slotIDs.indices { starts[index + 1] += starts[index] }
        var next = starts
        var order = [Int32](repeating: 0, count: slotOfReview.count)
        for (review, slot) in slotOfReview.enumerated() {
            order[next[Int(slot)]] = Int32(review)
            next[Int(slot)] += 1
        }

        // Replay the cards in two halves at once; each card's result lands in its own slot.
        let results = UnsafeMutableBufferPointer<MemoryState?>.allocate(capacity: slotIDs.count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        let output = SendableBuffer(results)
        let (ids, grouped, bounds, seconds, marks) = (slotIDs, order, starts, times, ratings)
        let chunks = min(max(1, slotIDs.count / 10_000), 8)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for slot in stride(from: chunk, to: ids.count, by: chunks) {
                var history = grouped[bounds[slot]..<bounds[slot + 1]]
                // Logs are appended in time order, so a card's reviews usually already are;
                // keep the logs' order for reviews in the same second.
                if zip(history, history.dropFirst()).contains(where: { seconds[Int($0)] > seconds[Int($1)] }) {
                    history = ArraySlice(history.sorted { (seconds[Int($0)], $0) < (seconds[Int($1)], $1) })
                }
                let seed = fuzzing ? Fuzz.cardHash(aliases.origin(ids[slot])) : 0
                var state = MemoryState.new(at: Date(timeIntervalSince1970: seconds[Int(history.first!)]))
                for (index, review) in history.enumerated() {
                    state = scheduler.review(
                        state, rating: marks[Int(review)], at: Date(timeIntervalSince1970: seconds[Int(review)]),
                        fuzz: fuzzing ? Fuzz(cardHash: seed, reviewIndex: index) : nil)
                }
                output.buffer[slot] = state
            }
        }
        var states: [String: MemoryState] = [:]
        states.reserveCapacity(slotIDs.count)
        for (slot, id) in slotIDs.enumerated() { states[id] = results[slot] }
        return states
    }

    /// Every card's state after the reviews of compact `logs`, by card key: `key` maps the id a
    /// review names to its card's key, which also seeds the card's fuzz (rendered by `names`).
    /// The same replay as `states(fromLogs:)`: each card's reviews in time order, the logs'
    /// order kept within a second.
    public func states(fromCompact logs: [CompactLog], key: (UInt64) -> UInt64, names: NameBook) -> [UInt64: MemoryState] {
        keyedStates(fromCompact: logs, key: key, names: names).dictionary
    }

    /// The same states as `states(fromCompact:key:names:)`, kept densely (`KeyedStates`).
    public func keyedStates(fromCompact logs: [CompactLog], key: (UInt64) -> UInt64, names: NameBook) -> KeyedStates {
        // Reviews are named by their place among all the logs' records (the logs one after the
        // other), and their times and ratings read from the logs' own columns, not copied.
        var bases: [Int] = []
        var total = 0
        for log in logs {
            bases.append(total)
            total += log.count
        }
        precondition(total < Int(Int32.max), "too many records")
        // Each card's slot is its key's place among the keys with reviews (`ReviewedKeys`);
        // its reviews are listed slot by slot, in the logs' order.
        let reviewed = ReviewedKeys(logs: logs, key: key)
        let table = reviewed.table
        var starts = [Int](repeating: 0, count: table.count + 1)
        for slot in 0..<table.count { starts[slot + 1] = starts[slot] + Int(reviewed.reviewCounts[slot]) }
        var filled = starts
        var order = [Int32](repeating: 0, count: reviewed.reviewCount)
        for (number, log) in logs.enumerated() {
            let base = bases[number]
            for index in 0..<log.count where log.isReview(index) {
                let slot = reviewed.slot(ofReviewAt: index, in: log, number: number)
                order[filled[slot]] = Int32(base + index)
                filled[slot] += 1
            }
        }
        filled = []
        let seeds = fuzzing ? (0..<table.count).map { Fuzz.cardHash(names.name(table.key(at: $0))) } : []
        let (timeColumns, ratingColumns, logBases) = (logs.map(\.times), logs.map(\.ratings), bases)
        // The log and index of the record at `place` among all records.
        @Sendable func located(_ place: Int32) -> (log: Int, index: Int) {
            let place = Int(place)
            guard logBases.count > 1 else { return (0, place) }
            var low = 0
            var high = logBases.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if logBases[middle] <= place { low = middle } else { high = middle - 1 }
            }
            return (low, place - logBases[low])
        }
        @Sendable func seconds(_ place: Int32) -> Int64 {
            let (log, index) = located(place)
            return timeColumns[log][index]
        }
        @Sendable func rating(_ place: Int32) -> UInt8 {
            let (log, index) = located(place)
            return ratingColumns[log][index]
        }
        let (grouped, bounds, count) = (order, starts, table.count)
        let chunks = min(max(1, count / 10_000), 8)
        // Each card's state lands packed in its own slot (every slot has at least one review, so
        // a state); the rare state that does not pack, in its chunk's list.
        var packed = [PackedMemoryState](repeating: .placeholder, count: count)
        var unpackedOfChunk = [[(slot: Int32, state: MemoryState)]](repeating: [], count: chunks)
        packed.withUnsafeMutableBufferPointer { packedBuffer in
            unpackedOfChunk.withUnsafeMutableBufferPointer { unpackedBuffer in
                let (output, unpackedOutput) = (SendableBuffer(packedBuffer), SendableBuffer(unpackedBuffer))
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    for slot in stride(from: chunk, to: count, by: chunks) {
                        var history = grouped[bounds[slot]..<bounds[slot + 1]]
                        if zip(history, history.dropFirst()).contains(where: { seconds($0) > seconds($1) }) {
                            history = ArraySlice(history.sorted { (seconds($0), $0) < (seconds($1), $1) })
                        }
                        var state = MemoryState.new(at: Date(timeIntervalSince1970: TimeInterval(seconds(history.first!))))
                        for (index, review) in history.enumerated() {
                            state = scheduler.review(
                                state, rating: Rating(rawValue: Int(rating(review))) ?? .good,
                                at: Date(timeIntervalSince1970: TimeInterval(seconds(review))),
                                fuzz: fuzzing ? Fuzz(cardHash: seeds[slot], reviewIndex: index) : nil)
                        }
                        if let packedState = PackedMemoryState(exactly: state) {
                            output.buffer[slot] = packedState
                        } else {
                            unpackedOutput.buffer[chunk].append((Int32(slot), state))
                        }
                    }
                }
            }
        }
        var unpacked: [Int32: MemoryState] = [:]
        for list in unpackedOfChunk { for (slot, state) in list { unpacked[slot] = state } }
        return KeyedStates(table: table, packed: packed, unpacked: unpacked)
    }

    /// The value of a 16-digit lowercase hexadecimal id, or nil for any other id.
    static func hexKey(_ id: String) -> UInt64? {
        var value: UInt64 = 0
        var count = 0
        for byte in id.utf8 {
            count += 1
            guard count <= 16 else { return nil }
            switch byte {
            case 0x30...0x39: value = value << 4 | UInt64(byte - 0x30)
            case 0x61...0x66: value = value << 4 | UInt64(byte - 0x61 + 10)
            default: return nil
            }
        }
        return count == 16 ? value : nil
    }
}

/// The names each card has had, from the rename records of its logs.
public struct CardAliases: Sendable {
    /// For every name that was renamed, the card's latest name.
    private var currentName: [String: String] = [:]
    /// For every latest name, the card's first name.
    private var originName: [String: String] = [:]

    public init(_ records: [ReviewRecord]) {
        self.init(logs: [records])
    }

    /// The aliases from the rename records of all `logs`.
    public init(logs: [[ReviewRecord]]) {
        var groupOf: [String: Int] = [:]
        var groups: [(origin: String, current: String, members: [String])] = []
        var renames: [(Date, String, String)] = []
        for records in logs {
            for case .rename(let time, let from, let to) in records { renames.append((time, from, to)) }
        }
        for (_, from, to) in renames.sorted(by: { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }) {
            let group: Int
            if let existing = groupOf[from] {
                group = existing
            } else {
                group = groups.count
                groups.append((from, from, [from]))
                groupOf[from] = group
            }
            if let other = groupOf[to], other != group {
                for member in groups[other].members { groupOf[member] = group }
                groups[group].members += groups[other].members
                groups[other].members = []
            } else if groupOf[to] == nil {
                groups[group].members.append(to)
                groupOf[to] = group
            }
            groups[group].current = to
        }
        for group in groups where !group.members.isEmpty {
            for member in group.members where member != group.current { currentName[member] = group.current }
            originName[group.current] = group.origin
        }
    }

    /// The card's latest name.
    public func current(_ id: String) -> String { currentName.isEmpty ? id : currentName[id] ?? id }

    /// The card's first name, which seeds its fuzz.
    public func origin(_ id: String) -> String { originName.isEmpty ? id : originName[current(id)] ?? current(id) }

    /// Whether no card was ever renamed.
    public var isEmpty: Bool { currentName.isEmpty }

    /// Whether `id` is an old name of a card now called something else.
    public func isRenamed(_ id: String) -> Bool { !currentName.isEmpty && currentName[id] != nil }
}

/// A buffer that concurrent workers write to, each only at its own indices.
private struct SendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }
}

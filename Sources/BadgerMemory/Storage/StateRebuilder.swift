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
        let aliases = CardAliases(records)
        let ordered = records.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var states: [String: MemoryState] = [:]
        var counts: [String: Int] = [:]
        for case .review(let review) in ordered {
            let id = aliases.current(review.cardID)
            let before = states[id] ?? .new(at: review.time)
            let index = counts[id, default: 0]
            let fuzz = fuzzing ? Fuzz(cardID: aliases.origin(id), reviewIndex: index) : nil
            states[id] = scheduler.review(before, rating: review.rating, at: review.time, fuzz: fuzz)
            counts[id] = index + 1
        }
        return states
    }
}

/// The names each card has had, from the rename records of its logs.
public struct CardAliases: Sendable {
    /// For every name that was renamed, the card's latest name.
    private var currentName: [String: String] = [:]
    /// For every latest name, the card's first name.
    private var originName: [String: String] = [:]

    public init(_ records: [ReviewRecord]) {
        var groupOf: [String: Int] = [:]
        var groups: [(origin: String, current: String, members: [String])] = []
        let renames = records.compactMap { record -> (Date, String, String)? in
            if case .rename(let time, let from, let to) = record { return (time, from, to) }
            return nil
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
    public func current(_ id: String) -> String { currentName[id] ?? id }

    /// The card's first name, which seeds its fuzz.
    public func origin(_ id: String) -> String { originName[current(id)] ?? current(id) }

    /// Whether `id` is an old name of a card now called something else.
    public func isRenamed(_ id: String) -> Bool { currentName[id] != nil }
}

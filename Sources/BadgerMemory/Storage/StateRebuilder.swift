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

    /// Every card's state after all `records` (from any number of logs), in time order.
    /// Renames carry a card's history over to its new id.
    public func states(from records: [ReviewRecord]) -> [String: MemoryState] {
        let ordered = records.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var states: [String: MemoryState] = [:]
        var counts: [String: Int] = [:]
        for record in ordered {
            switch record {
            case .review(let review):
                let before = states[review.cardID] ?? .new(at: review.time)
                let index = counts[review.cardID, default: 0]
                let fuzz = fuzzing ? Fuzz(cardID: review.cardID, reviewIndex: index) : nil
                states[review.cardID] = scheduler.review(before, rating: review.rating, at: review.time, fuzz: fuzz)
                counts[review.cardID] = index + 1
            case .rename(_, let from, let to):
                guard let moved = states.removeValue(forKey: from) else { continue }
                states[to] = moved
                counts[to] = counts.removeValue(forKey: from)
            }
        }
        return states
    }
}

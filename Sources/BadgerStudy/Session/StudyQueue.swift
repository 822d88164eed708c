import BadgerDeck
import BadgerMemory
import Foundation

/// The cards of one study session, in the order they are shown: due cards first (the most
/// forgotten, by retrievability, first), then new cards in deck order, then, when learning ahead,
/// cards due within the next days. Pure: `now` is passed in.
public struct StudyQueue: Sendable, Equatable {
    /// Why a card is in the queue.
    public enum Source: Sendable, Equatable {
        /// Due now (its due time is at or before `now`).
        case due
        /// Never reviewed.
        case new
        /// Not due yet, but within the learn-ahead window.
        case ahead
    }

    /// What the queue needs to know of a card.
    public struct Item: Sendable, Equatable {
        public var cardID: String
        public var hasHint: Bool
        public var hasExplanation: Bool
        /// Equal for the cards made from one written card (both directions of a reversed card,
        /// the deletion numbers of a cloze field): siblings, never studied on the same day.
        public var siblingKey: String?

        public init(cardID: String, hasHint: Bool = false, hasExplanation: Bool = false, siblingKey: String? = nil) {
            self.cardID = cardID
            self.hasHint = hasHint
            self.hasExplanation = hasExplanation
            self.siblingKey = siblingKey
        }

        /// The item of `card`.
        public init(_ card: Card) {
            self.init(
                cardID: card.id.description, hasHint: card.hint != nil, hasExplanation: card.explanation != nil,
                siblingKey: card.file.absolutePath + ":" + String(card.line))
        }
    }

    /// One card to show.
    public struct Entry: Sendable, Equatable {
        public var cardID: String
        public var source: Source
        /// The card's memory before the session; nil for a new card.
        public var state: MemoryState?
        public var hasHint: Bool
        public var hasExplanation: Bool
    }

    /// The cards to show, at most `requested`.
    public let entries: [Entry]
    /// How many cards were asked for (10, 25 or 50 in the product).
    public let requested: Int
    /// How many cards were due now, new, and due within the learn-ahead window (before truncation).
    public let availableDue: Int
    public let availableNew: Int
    public let availableAhead: Int

    /// How many fewer cards than requested the queue holds: when positive, offer to learn ahead.
    public var shortfall: Int { max(0, requested - entries.count) }

    /// The queue of `cards` of `topic` (all topics when nil).
    ///
    /// - Parameters:
    ///   - states: memory by card id; a card without a state is new. Retired cards are never shown.
    ///   - reviewedSince: when the study day began: a card whose sibling was reviewed since then
    ///     waits for the next day (its due date unchanged), as Anki buries siblings. Of siblings
    ///     that would both be shown, only the first is.
    ///   - count: how many cards to show at most.
    ///   - aheadDays: when positive, cards due within that many days (of 24 hours) of `now` fill
    ///     the queue after the due and new cards, earliest first.
    ///   - retrievability: the probability of recalling a card at a time, or nil when the scheduler
    ///     has none (then due cards are ordered by due time). See `retrievability(for:)`.
    public init(
        cards: [Card], topic: String? = nil, states: [String: MemoryState], now: Date, count: Int, aheadDays: Int = 0,
        reviewedSince: Date? = nil, retrievability: (MemoryState, Date) -> Double? = { _, _ in nil }
    ) {
        let items = cards.filter { topic == nil || $0.topic == topic }.map(Item.init)
        self.init(
            items: items, states: states, now: now, count: count, aheadDays: aheadDays, reviewedSince: reviewedSince,
            retrievability: retrievability)
    }

    /// The queue of `items`, already filtered to a topic and in deck order.
    public init(
        items: [Item], states: [String: MemoryState], now: Date, count: Int, aheadDays: Int = 0, reviewedSince: Date? = nil,
        retrievability: (MemoryState, Date) -> Double? = { _, _ in nil }
    ) {
        // Siblings reviewed today: the card that was reviewed may come again, the others wait.
        var reviewedToday: [String: Set<String>] = [:]
        if let reviewedSince {
            for item in items {
                guard let key = item.siblingKey, let last = states[item.cardID]?.lastReview, last >= reviewedSince else { continue }
                reviewedToday[key, default: []].insert(item.cardID)
            }
        }
        let items = items.filter { item in
            guard let key = item.siblingKey, let reviewed = reviewedToday[key] else { return true }
            return reviewed.contains(item.cardID)
        }
        var due: [(entry: Entry, recall: Double?)] = []
        var new: [Entry] = []
        var ahead: [Entry] = []
        let horizon = now.addingTimeInterval(Double(max(0, aheadDays)) * IntervalFormatter.secondsPerDay)
        var seen = Set<String>()
        for item in items where seen.insert(item.cardID).inserted {
            func entry(_ source: Source, _ state: MemoryState?) -> Entry {
                Entry(
                    cardID: item.cardID, source: source, state: state, hasHint: item.hasHint,
                    hasExplanation: item.hasExplanation)
            }
            guard let state = states[item.cardID] else {
                new.append(entry(.new, nil))
                continue
            }
            if state.retired { continue }
            if state.due <= now {
                due.append((entry(.due, state), retrievability(state, now)))
            } else if aheadDays > 0, state.due <= horizon {
                ahead.append(entry(.ahead, state))
            }
        }
        due.sort { lhs, rhs in
            if let left = lhs.recall, let right = rhs.recall, left != right { return left < right }
            if (lhs.recall == nil) != (rhs.recall == nil) { return lhs.recall != nil }
            return Self.byDue(lhs.entry, rhs.entry)
        }
        ahead.sort(by: Self.byDue)
        // One card of each written card: the first in study order.
        var siblingOf: [String: String] = [:]
        for item in items { if let key = item.siblingKey { siblingOf[item.cardID] = key } }
        var taken = Set<String>()
        func first(_ entry: Entry) -> Bool {
            guard let key = siblingOf[entry.cardID] else { return true }
            return taken.insert(key).inserted
        }
        let ordered = (due.map(\.entry) + new + ahead).filter(first)
        availableDue = ordered.count { $0.source == .due }
        availableNew = ordered.count { $0.source == .new }
        availableAhead = ordered.count { $0.source == .ahead }
        requested = max(0, count)
        entries = Array(ordered.prefix(requested))
    }

    private static func byDue(_ lhs: Entry, _ rhs: Entry) -> Bool {
        let left = lhs.state?.due ?? .distantPast
        let right = rhs.state?.due ?? .distantPast
        return left != right ? left < right : lhs.cardID < rhs.cardID
    }

    /// The retrievability function of `scheduler`: FSRS-6's, or none for other schedulers.
    public static func retrievability(for scheduler: any Scheduler) -> (MemoryState, Date) -> Double? {
        guard let fsrs = scheduler as? FSRS6 else { return { _, _ in nil } }
        return { state, time in state.stability == nil ? nil : fsrs.retrievability(of: state, at: time) }
    }
}

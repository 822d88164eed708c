import BadgerDeck
import BadgerMemory
import Foundation

/// How many cards are due, per topic, now and on each of the coming study days.
public struct DueForecast: Sendable, Equatable {
    public struct Topic: Sendable, Equatable {
        public var name: String
        /// Cards due now (at or before the moment asked about).
        public var dueNow: Int
        /// Cards never reviewed.
        public var new: Int
        /// Cards coming due on each study day from today: today (after now), tomorrow, …
        public var upcoming: [Int]
    }

    public var topics: [Topic]
    public var days: Int

    public var dueNow: Int { topics.reduce(0) { $0 + $1.dueNow } }
    public var new: Int { topics.reduce(0) { $0 + $1.new } }

    /// The forecast for `cards` with `states`, at `now`, for `days` study days.
    public init(cards: [Card], states: [String: MemoryState], now: Date, day: StudyDay, days: Int = 7) {
        self.init(cards: cards, states: CardStates(states), now: now, day: day, days: days)
    }

    /// The same forecast, the states read where they are kept.
    public init(cards: [Card], states: CardStates, now: Date, day: StudyDay, days: Int = 7) {
        self.days = days
        var byTopic: [String: Topic] = [:]
        let stateOf = states.lookup()
        for card in cards {
            var topic = byTopic[card.topic] ?? Topic(name: card.topic, dueNow: 0, new: 0, upcoming: Array(repeating: 0, count: days))
            if let state = stateOf(card.id) {
                if state.retired {
                    // A retired card (Leitner) is never due.
                } else if state.due <= now {
                    topic.dueNow += 1
                } else {
                    let number = day.dayNumber(of: state.due, from: now)
                    if number < days { topic.upcoming[number] += 1 }
                }
            } else {
                topic.new += 1
            }
            byTopic[card.topic] = topic
        }
        topics = byTopic.values.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
}

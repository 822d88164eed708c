import BadgerMemory
import Foundation

/// What the review log says about a collection's studying, per topic and in total, computed in
/// one pass over the reviews in time order. Pure: the moment and the study days are passed in.
///
/// Definitions (also in `Grammar/Stats.schema.json`):
/// - **Study day**: the local date of the wall-clock time `startHour` hours earlier
///   (`StudyDateFinder`); a review at 03:30 counts for the day before with a start hour of 4.
/// - **Card counts** come from the cards' current states: *new* (never reviewed), *learning*
///   (Learning or Relearning), *review* (Review, including retired Leitner cards).
/// - **Review-state review**: a review of a card whose previous review was a success (Difficult,
///   Good or Easy) at least 24 hours earlier. This is when a card has left its short learning or
///   relearning steps (those are minutes apart, and any Fail sends the card back to them), read
///   off the log without replaying the scheduler.
/// - **True retention**: the share of review-state reviews rated Difficult, Good or Easy; nil
///   without review-state reviews.
/// - **Average rating**: the mean product rating, 0 Fail … 3 Easy, of all reviews.
/// - **Streak**: study days in a row with at least one review. The current streak ends today if
///   there was a review today, else yesterday (today is not over yet); otherwise it is 0.
/// - **Mastered card**: recalled (not Fail) after a gap of at least 21 days since its previous
///   review, and not rated Fail since. A **mastered topic** has every one of its current cards
///   mastered at once.
/// - Renamed cards count under their latest name. Reviews of cards that are no longer in the
///   collection count in the totals (not in any topic) unless topics are filtered.
public struct CollectionStatistics: Sendable, Equatable {
    /// A card of the collection, as statistics see it.
    public struct Card: Sendable, Equatable {
        public var id: String
        public var topic: String

        public init(id: String, topic: String) {
            self.id = id
            self.topic = topic
        }
    }

    /// Counts shared by a topic and the whole collection.
    public struct Figures: Sendable, Equatable {
        public var cards = 0
        public var newCards = 0
        public var learningCards = 0
        public var reviewCards = 0
        /// Cards mastered now (see the type's definitions).
        public var masteredCards = 0
        /// Distinct cards with at least one review.
        public var cardsReviewed = 0
        public var reviews = 0
        public var daysPracticed = 0
        /// Reviews by product rating: Fail, Difficult, Good, Easy.
        public var ratings = [0, 0, 0, 0]
        public var reviewStateReviews = 0
        /// Review-state reviews rated Difficult, Good or Easy.
        public var reviewStateRecalled = 0
        public var firstReview: StudyDate?
        public var lastReview: StudyDate?

        public init() {}

        /// Share of review-state reviews recalled, 0–1; nil without any.
        public var trueRetention: Double? {
            reviewStateReviews == 0 ? nil : Double(reviewStateRecalled) / Double(reviewStateReviews)
        }

        /// Mean product rating, 0 (Fail) to 3 (Easy); nil without reviews.
        public var averageRating: Double? {
            reviews == 0 ? nil : Double(ratings[1] + 2 * ratings[2] + 3 * ratings[3]) / Double(reviews)
        }
    }

    public struct Topic: Sendable, Equatable {
        public var name: String
        public var figures: Figures
        /// Reviews on each of the last `recentDays` study days, oldest first, today last.
        public var recent: [Int]
    }

    /// A milestone, earned on a study day, derived from the log.
    public struct Achievement: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            case firstReview = "first-review"
            case streak7 = "streak-7"
            case streak30 = "streak-30"
            case streak100 = "streak-100"
            case streak365 = "streak-365"
            case reviews100 = "reviews-100"
            case reviews1000 = "reviews-1000"
            case reviews10000 = "reviews-10000"
            case firstTopicMastered = "first-topic-mastered"

            public var title: String {
                switch self {
                case .firstReview: return "First review"
                case .streak7: return "7-day streak"
                case .streak30: return "30-day streak"
                case .streak100: return "100-day streak"
                case .streak365: return "365-day streak"
                case .reviews100: return "100 reviews"
                case .reviews1000: return "1,000 reviews"
                case .reviews10000: return "10,000 reviews"
                case .firstTopicMastered: return "First topic mastered"
                }
            }
        }

        public var kind: Kind
        public var earned: StudyDate
        /// The topic, for `firstTopicMastered`.
        public var topic: String?
    }

    /// Review counts per study day, for a calendar heatmap.
    public struct Heatmap: Sendable, Equatable {
        /// The first day shown: a Monday.
        public var start: StudyDate
        /// Reviews on each day from `start` through today.
        public var counts: [Int]

        public var end: StudyDate { start.adding(days: counts.count - 1) }
        public var maximum: Int { counts.max() ?? 0 }
    }

    /// Cards coming due, from the cards' current states.
    public struct Forecast: Sendable, Equatable {
        /// Due at or before now (overdue included).
        public var dueNow: Int
        /// Coming due after now on each study day from today on.
        public var days: [Int]
    }

    public var today: StudyDate
    public var topics: [Topic]
    public var total: Figures
    public var currentStreak: Int
    public var longestStreak: Int
    /// The last day of the longest streak (the latest, if several are as long).
    public var longestStreakEnd: StudyDate?
    public var reviewsToday: Int
    public var achievements: [Achievement]
    public var heatmap: Heatmap
    public var forecast: Forecast

    static let masteryGap: Double = 21 * 86_400
    static let reviewStateGap: Double = 86_400

    /// The statistics of `cards` with their current `states` and the review records of all
    /// `logs`, at `now`.
    ///
    /// - Parameters:
    ///   - topics: only these topics (reviews of other cards are left out entirely); nil for all.
    ///   - heatmapWeeks: columns of the heatmap (weeks, Monday first, the last holding today).
    ///   - forecastDays: study days of the due forecast, from today.
    ///   - recentDays: study days of each topic's `recent` counts, up to today.
    public init(
        cards: [Card], states: [String: MemoryState], logs: [[ReviewRecord]], now: Date, day: StudyDay,
        topics filter: Set<String>? = nil, heatmapWeeks: Int = 26, forecastDays: Int = 30, recentDays: Int = 30
    ) {
        // Renamed cards count under their latest name.
        let aliases = CardAliases(logs: logs)
        self.init(
            cards: cards, states: states, reviews: ReviewColumns(logs: logs, naming: aliases.current), now: now, day: day,
            topics: filter, heatmapWeeks: heatmapWeeks, forecastDays: forecastDays, recentDays: recentDays)
    }

    /// Whether a review at `time` is a review-state review: the card's previous review (at
    /// `previous`, NaN for none) was a success at least `reviewStateGap` earlier.
    static func isReviewState(previous: Double, previousRecalled: Bool, time: Double) -> Bool {
        !previous.isNaN && previousRecalled && time - previous >= reviewStateGap
    }

    /// The reviews' indices in time order (each log already is; several logs interleave), those
    /// at the same time in their order; nil when they are in time order already.
    static func timeOrder(of reviews: ReviewColumns) -> [Int32]? {
        let times = reviews.times
        guard zip(times, times.dropFirst()).contains(where: { $0 > $1 }) else { return nil }
        return (0..<Int32(times.count)).sorted { (times[Int($0)], $0) < (times[Int($1)], $1) }
    }

    /// Topics numbered in the order they first come (what the true retention counts by).
    struct TopicNumbers {
        private(set) var names: [String] = []
        private var numberOfName: [String: Int] = [:]

        mutating func number(of topic: String) -> Int {
            if let known = numberOfName[topic] { return known }
            names.append(topic)
            numberOfName[topic] = names.count - 1
            return names.count - 1
        }
    }

    /// Each topic of `cards` with its true retention, as `topics` has it (`Figures.trueRetention`),
    /// from the reviews alone: what `badger due` shows, without the rest of the statistics.
    public static func trueRetention(cards: [Card], reviews: ReviewColumns) -> [String: Double?] {
        var topicOfID: [String: Int] = [:]
        topicOfID.reserveCapacity(cards.count)
        var topics = TopicNumbers()
        for card in cards where topicOfID[card.id] == nil { topicOfID[card.id] = topics.number(of: card.topic) }
        let names = topics.names
        let topicOfCard = reviews.cardIDs.map { topicOfID[$0] ?? -1 }
        var lastTime = [Double](repeating: .nan, count: reviews.cardIDs.count)
        var lastRecalled = [Bool](repeating: false, count: reviews.cardIDs.count)
        var stateReviews = [Int](repeating: 0, count: names.count)
        var recalledReviews = [Int](repeating: 0, count: names.count)
        let order = timeOrder(of: reviews)
        let times = reviews.times
        for position in 0..<times.count {
            let index = order.map { Int($0[position]) } ?? position
            let card = Int(reviews.cards[index])
            let time = times[index]
            let recalled = reviews.rating(index).isSuccess
            let reviewState = isReviewState(previous: lastTime[card], previousRecalled: lastRecalled[card], time: time)
            lastTime[card] = time
            lastRecalled[card] = recalled
            let topic = topicOfCard[card]
            guard reviewState, topic >= 0 else { continue }
            stateReviews[topic] += 1
            if recalled { recalledReviews[topic] += 1 }
        }
        var retention: [String: Double?] = [:]
        for (topic, name) in names.enumerated() {
            retention[name] = stateReviews[topic] == 0 ? nil : Double(recalledReviews[topic]) / Double(stateReviews[topic])
        }
        return retention
    }

    /// The statistics of `cards` with their current `states` and the `reviews` of all logs
    /// (each credited to the card's current id, as `CollectionMemory.reviewColumns` gives them),
    /// at `now`; the same figures as from the logs' records, without a record per review.
    ///
    /// - Parameters: as for the records.
    public init(
        cards: [Card], states: [String: MemoryState], reviews: ReviewColumns, now: Date, day: StudyDay,
        topics filter: Set<String>? = nil, heatmapWeeks: Int = 26, forecastDays: Int = 30, recentDays: Int = 30
    ) {
        self.init(
            cards: cards, states: CardStates(states), reviews: reviews, now: now, day: day, topics: filter,
            heatmapWeeks: heatmapWeeks, forecastDays: forecastDays, recentDays: recentDays)
    }

    /// The same statistics, the states read where they are kept.
    public init(
        cards: [Card], states: CardStates, reviews: ReviewColumns, now: Date, day: StudyDay,
        topics filter: Set<String>? = nil, heatmapWeeks: Int = 26, forecastDays: Int = 30, recentDays: Int = 30
    ) {
        var finder = StudyDateFinder(day)
        let today = finder.date(of: now)
        self.today = today
        let nowSeconds = now.timeIntervalSince1970

        // Topics and the cards' current states.
        let included = filter.map { wanted in cards.filter { wanted.contains($0.topic) } } ?? cards
        let names = Array(Set(included.map(\.topic))).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        let topicIndex = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var figures = Array(repeating: Figures(), count: names.count)
        var cardTopic: [String: Int] = [:]
        cardTopic.reserveCapacity(included.count)
        var forecast = Forecast(dueNow: 0, days: Array(repeating: 0, count: forecastDays))
        let stateOf = states.lookupByText()
        for card in included where cardTopic[card.id] == nil {
            let topic = topicIndex[card.topic]!
            cardTopic[card.id] = topic
            figures[topic].cards += 1
            guard let state = stateOf(card.id) else {
                figures[topic].newCards += 1
                continue
            }
            switch state.state {
            case .learning, .relearning: figures[topic].learningCards += 1
            case .review: figures[topic].reviewCards += 1
            }
            guard !state.retired else { continue }
            if state.due.timeIntervalSince1970 <= nowSeconds {
                forecast.dueNow += 1
            } else {
                let offset = finder.date(of: state.due).dayNumber - today.dayNumber
                if offset < forecastDays { forecast.days[offset] += 1 }
            }
        }

        let times = reviews.times
        let order = Self.timeOrder(of: reviews)

        // The one pass, with each card's track and topic by its index in `reviews.cardIDs`.
        struct Track {
            var lastTime: Double
            var lastRecalled: Bool
            var mastered: Bool
        }
        let topicOfCard = reviews.cardIDs.map { cardTopic[$0] ?? -1 }
        var tracks = Array(repeating: Track(lastTime: .nan, lastRecalled: false, mastered: false), count: reviews.cardIDs.count)
        var topicLastDay = Array(repeating: Int.min, count: names.count)
        var topicMastered = Array(repeating: 0, count: names.count)
        var recent = Array(repeating: Array(repeating: 0, count: recentDays), count: names.count)
        let recentStart = today.dayNumber - recentDays + 1
        let heatmapStart = today.monday.adding(days: -7 * (heatmapWeeks - 1))
        var heatCounts = Array(repeating: 0, count: today.dayNumber - heatmapStart.dayNumber + 1)
        var total = Figures()
        var lastDay = Int.min
        var streak = 0
        // The streak as of today and its last day: a review dated ahead (`review --at`, up to
        // a day) does not end it.
        var streakUpToToday = 0
        var lastDayUpToToday = Int.min
        var longest = 0
        var longestEnd: StudyDate?
        var reviewsToday = 0
        var earned: [Achievement.Kind: Achievement] = [:]
        func earn(_ kind: Achievement.Kind, _ date: StudyDate, topic: String? = nil) {
            if earned[kind] == nil { earned[kind] = Achievement(kind: kind, earned: date, topic: topic) }
        }

        for position in 0..<times.count {
            let index = order.map { Int($0[position]) } ?? position
            let card = Int(reviews.cards[index])
            let topic = topicOfCard[card]
            if topic < 0, filter != nil { continue }
            let time = times[index]
            let date = finder.date(ofSeconds: time)
            let rating = reviews.rating(index)
            let recalled = rating.isSuccess
            let product = rating.productValue

            // This card, before and after.
            var track = tracks[card]
            let firstOfCard = track.lastTime.isNaN
            let gap = firstOfCard ? 0 : time - track.lastTime
            let reviewState = Self.isReviewState(previous: track.lastTime, previousRecalled: track.lastRecalled, time: time)
            let wasMastered = track.mastered
            track.mastered = recalled && (wasMastered || (!firstOfCard && gap >= Self.masteryGap))
            track.lastTime = time
            track.lastRecalled = recalled
            tracks[card] = track

            // Totals.
            func count(into figures: inout Figures) {
                figures.reviews += 1
                figures.ratings[product] += 1
                if firstOfCard { figures.cardsReviewed += 1 }
                if reviewState {
                    figures.reviewStateReviews += 1
                    if recalled { figures.reviewStateRecalled += 1 }
                }
                if figures.firstReview == nil { figures.firstReview = date }
                figures.lastReview = date
            }
            count(into: &total)
            if date.dayNumber != lastDay {
                total.daysPracticed += 1
                streak = date.dayNumber == lastDay + 1 ? streak + 1 : 1
                lastDay = date.dayNumber
                if lastDay <= today.dayNumber {
                    streakUpToToday = streak
                    lastDayUpToToday = lastDay
                }
                if streak >= longest {
                    longest = streak
                    longestEnd = date
                }
                if streak >= 7 { earn(.streak7, date) }
                if streak >= 30 { earn(.streak30, date) }
                if streak >= 100 { earn(.streak100, date) }
                if streak >= 365 { earn(.streak365, date) }
            }
            if date == today { reviewsToday += 1 }
            if date.dayNumber >= heatmapStart.dayNumber, date.dayNumber <= today.dayNumber {
                heatCounts[date.dayNumber - heatmapStart.dayNumber] += 1
            }
            switch total.reviews {
            case 1: earn(.firstReview, date)
            case 100: earn(.reviews100, date)
            case 1_000: earn(.reviews1000, date)
            case 10_000: earn(.reviews10000, date)
            default: break
            }

            // The card's topic.
            guard topic >= 0 else { continue }
            count(into: &figures[topic])
            if date.dayNumber != topicLastDay[topic] {
                figures[topic].daysPracticed += 1
                topicLastDay[topic] = date.dayNumber
            }
            if date.dayNumber >= recentStart, date.dayNumber <= today.dayNumber { recent[topic][date.dayNumber - recentStart] += 1 }
            if track.mastered != wasMastered {
                topicMastered[topic] += track.mastered ? 1 : -1
                if track.mastered, topicMastered[topic] == figures[topic].cards { earn(.firstTopicMastered, date, topic: names[topic]) }
            }
        }

        for index in names.indices {
            figures[index].masteredCards = topicMastered[index]
            for field in [\Figures.cards, \.newCards, \.learningCards, \.reviewCards, \.masteredCards] {
                total[keyPath: field] += figures[index][keyPath: field]
            }
        }
        self.topics = names.indices.map { Topic(name: names[$0], figures: figures[$0], recent: recent[$0]) }
        self.total = total
        // The current streak runs up to today, or to yesterday while today has no review yet.
        currentStreak = lastDayUpToToday >= today.dayNumber - 1 ? streakUpToToday : 0
        longestStreak = longest
        longestStreakEnd = longestEnd
        self.reviewsToday = reviewsToday
        achievements = Achievement.Kind.allCases.compactMap { earned[$0] }.enumerated()
            .sorted { ($0.element.earned, $0.offset) < ($1.element.earned, $1.offset) }.map(\.element)
        heatmap = Heatmap(start: heatmapStart, counts: heatCounts)
        self.forecast = forecast
    }
}

import BadgerDeck
import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerStudy

/// Statistics and parameter freshness read from `ReviewColumns` give exactly the figures the
/// record-based computation gave before them (kept here as the reference), on random logs; and a
/// memory's columns hold exactly the reviews of its history.
@Suite struct ReviewColumnsTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// Random logs: cards named by hex keys and by hand-written ids, some renamed, some in no
    /// topic, reviews over 400 days (some in the same second), the logs interleaving in time.
    static func randomLogs(_ random: inout SeededGenerator) -> (logs: [[ReviewRecord]], cards: [CollectionStatistics.Card]) {
        let names = (0..<14).map { $0 < 8 ? NameBook.hex(UInt64($0) &* 0x9E37_79B9_7F4A_7C15) : "card-\($0)" }
        let topics = ["Algebra", "french", "Geography"]
        var cards: [CollectionStatistics.Card] = []
        for (index, name) in names.enumerated() where index % 5 != 4 {
            cards.append(.init(id: name, topic: topics[Int.random(in: 0..<topics.count, using: &random)]))
        }
        let start = Date(timeIntervalSince1970: 1_760_000_000)
        var logs: [[ReviewRecord]] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            var time = start.addingTimeInterval(Double(Int.random(in: 0..<86_400, using: &random)))
            var records: [ReviewRecord] = []
            for _ in 0..<Int.random(in: 0...400, using: &random) {
                let roll = Int.random(in: 0..<100, using: &random)
                if roll < 2 {
                    records.append(
                        .rename(
                            time: time, from: names.randomElement(using: &random)!, to: "renamed-\(Int.random(in: 0..<4, using: &random))"
                        ))
                } else {
                    records.append(
                        .review(
                            .init(
                                time: time, cardID: names.randomElement(using: &random)!,
                                rating: Rating(rawValue: Int.random(in: 1...4, using: &random))!,
                                elapsedSeconds: Bool.random(using: &random) ? nil : 60, answerMilliseconds: nil)))
                }
                // Often the same second, often hours, sometimes weeks; now and then back in time.
                let step = [0, 30, 3_600, 20_000, 86_400, 90_000, 86_400 * 22, -7_200][Int.random(in: 0..<8, using: &random)]
                time.addTimeInterval(Double(step))
            }
            logs.append(records)
        }
        return (logs, cards)
    }

    /// `badger due`'s retention per topic, from the reviews alone, equals the statistics'.
    @Test(arguments: 0..<40 as Range<UInt64>) func trueRetentionAloneEqualsTheStatistics(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let (logs, cards) = Self.randomLogs(&random)
        let columns = ReviewColumns(logs: logs, naming: CardAliases(logs: logs).current)
        let statistics = CollectionStatistics(
            cards: cards, states: [:], reviews: columns, now: Date(timeIntervalSince1970: 1_790_000_000),
            day: StudyDay(timeZone: Self.paris, startHour: 4))
        let expected = Dictionary(uniqueKeysWithValues: statistics.topics.map { ($0.name, $0.figures.trueRetention) })
        #expect(CollectionStatistics.trueRetention(cards: cards, reviews: columns) == expected)
        #expect(expected.values.contains { $0 != nil } || columns.count < 20)
    }

    @Test(arguments: 0..<40 as Range<UInt64>) func statisticsFromColumnsEqualTheRecordBasedOnes(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let (logs, cards) = Self.randomLogs(&random)
        let states = StateRebuilder(scheduler: try! FSRS6(), fuzzing: true).states(fromLogs: logs)
        let now = Date(timeIntervalSince1970: 1_760_000_000 + Double(Int.random(in: 0..<(86_400 * 500), using: &random)))
        let day = StudyDay(timeZone: seed % 2 == 0 ? Self.paris : TimeZone(identifier: "UTC")!, startHour: Int(seed % 5))
        let filters: [Set<String>?] = [nil, ["french"], ["Algebra", "Geography"]]
        for topics in filters {
            let expected = Self.recordStatistics(cards: cards, states: states, logs: logs, now: now, day: day, topics: topics)
            #expect(CollectionStatistics(cards: cards, states: states, logs: logs, now: now, day: day, topics: topics) == expected)
            let aliases = CardAliases(logs: logs)
            let columns = ReviewColumns(logs: logs, naming: aliases.current)
            #expect(CollectionStatistics(cards: cards, states: states, reviews: columns, now: now, day: day, topics: topics) == expected)
        }
        var config = CollectionConfig()
        config.scheduler = "fsrs"
        let freshness = ParameterFreshness(config: config, reviews: ReviewColumns(logs: logs))
        let reference = Self.recordFreshness(logs)
        #expect(freshness.reviews == reference.reviews)
        #expect(freshness.predictableReviews == reference.predictable)
        #expect(ParameterFreshness(config: config, logs: logs) == freshness)
    }

    @Test func columnsOfSeveralCollectionsAreTheirLogsInOrder() {
        var random = SeededGenerator(seed: 3)
        let first = Self.randomLogs(&random).logs
        let second = Self.randomLogs(&random).logs
        let joined = ReviewColumns.joined([ReviewColumns(logs: first), ReviewColumns(logs: second)])
        #expect(joined == ReviewColumns(logs: first + second))
    }

    @Test func aMemorysColumnsHoldTheReviewsOfItsHistory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n\nQ: What is two?\nA: 2\n")
        try directory.write("b.md", "---\ntopic: U\n---\n\nQ: What is three?\nA: 3\n")
        func load() throws -> (DeckCollection, CollectionMemory) { try directory.loadMemory(seed: 11) }
        var (collection, memory) = try load()
        var random = SeededGenerator(seed: 5)
        var time = Date(timeIntervalSince1970: 1_760_000_000)
        for _ in 0..<60 {
            let card = collection.cards.randomElement(using: &random)!.id.description
            _ = try memory.recordReview(cardID: card, rating: Rating(rawValue: Int.random(in: 1...4, using: &random))!, at: time)
            time.addTimeInterval(Double(Int.random(in: -3_600...200_000, using: &random)))
        }
        // An edited card keeps its history under its new id; a deleted one keeps it under its key.
        try directory.write("a.md", "---\ntopic: T\n---\n\nQ: What is one ?\nA: 1\n")
        (collection, memory) = try load()
        #expect(memory.reviewColumns == ReviewColumns(logs: memory.history))
        #expect(memory.reviewColumns.count == 60)
        var config = CollectionConfig()
        config.scheduler = "fsrs"
        #expect(ParameterFreshness(config: config, memory: memory) == ParameterFreshness(config: config, reviews: memory.reviewColumns))
        #expect(ParameterFreshness(config: config, memory: memory).predictableReviews > 0)
        let cards = collection.cards.map { CollectionStatistics.Card(id: $0.id.description, topic: $0.topic) }
        let day = StudyDay(timeZone: Self.paris, startHour: 4)
        #expect(
            CollectionStatistics(cards: cards, states: memory.states, reviews: memory.reviewColumns, now: time, day: day)
                == Self.recordStatistics(cards: cards, states: memory.states, logs: memory.history, now: time, day: day, topics: nil))
    }

    // MARK: The record-based computation, as it was

    /// Reviews, and those a day or more after their card's previous one in time order (the
    /// logs' order does not matter: a back-dated review lands in its place).
    static func recordFreshness(_ logs: [[ReviewRecord]]) -> (reviews: Int, predictable: Int) {
        var times: [String: [Date]] = [:]
        var reviews = 0
        for log in logs {
            for case .review(let review) in log {
                reviews += 1
                times[review.cardID, default: []].append(review.time)
            }
        }
        let predictable = times.values.reduce(0) { total, dates in
            let sorted = dates.sorted()
            return total + zip(sorted, sorted.dropFirst()).count { $1.timeIntervalSince($0) >= 86_400 }
        }
        return (reviews, predictable)
    }

    // swift-format-ignore
    static func recordStatistics(
        cards: [CollectionStatistics.Card], states: [String: MemoryState], logs: [[ReviewRecord]], now: Date, day: StudyDay,
        topics filter: Set<String>?, heatmapWeeks: Int = 26, forecastDays: Int = 30, recentDays: Int = 30
    ) -> CollectionStatistics {
        typealias Figures = CollectionStatistics.Figures
        typealias Achievement = CollectionStatistics.Achievement
        var result = CollectionStatistics(cards: [], states: [:], logs: [], now: now, day: day)
        var finder = StudyDateFinder(day)
        let today = finder.date(of: now)
        let nowSeconds = now.timeIntervalSince1970
        let included = filter.map { wanted in cards.filter { wanted.contains($0.topic) } } ?? cards
        let names = Array(Set(included.map(\.topic))).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        let topicIndex = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var figures = Array(repeating: Figures(), count: names.count)
        var cardTopic: [String: Int] = [:]
        var forecast = CollectionStatistics.Forecast(dueNow: 0, days: Array(repeating: 0, count: forecastDays))
        for card in included where cardTopic[card.id] == nil {
            let topic = topicIndex[card.topic]!
            cardTopic[card.id] = topic
            figures[topic].cards += 1
            guard let state = states[card.id] else {
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
        let aliases = CardAliases(logs: logs)
        var reviews: [ReviewRecord.Review] = []
        for records in logs {
            for case .review(let review) in records { reviews.append(review) }
        }
        if zip(reviews, reviews.dropFirst()).contains(where: { $0.time > $1.time }) {
            reviews = reviews.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        struct Track {
            var topic: Int
            var lastTime: Double
            var lastRecalled: Bool
            var mastered: Bool
        }
        var tracks: [String: Track] = [:]
        var topicLastDay = Array(repeating: Int.min, count: names.count)
        var topicMastered = Array(repeating: 0, count: names.count)
        var recent = Array(repeating: Array(repeating: 0, count: recentDays), count: names.count)
        let recentStart = today.dayNumber - recentDays + 1
        let heatmapStart = today.monday.adding(days: -7 * (heatmapWeeks - 1))
        var heatCounts = Array(repeating: 0, count: today.dayNumber - heatmapStart.dayNumber + 1)
        var total = Figures()
        var lastDay = Int.min
        var streak = 0
        var (streakUpToToday, lastDayUpToToday) = (0, Int.min)
        var longest = 0
        var longestEnd: StudyDate?
        var reviewsToday = 0
        var earned: [Achievement.Kind: Achievement] = [:]
        func earn(_ kind: Achievement.Kind, _ date: StudyDate, topic: String? = nil) {
            if earned[kind] == nil { earned[kind] = Achievement(kind: kind, earned: date, topic: topic) }
        }
        for review in reviews {
            let id = aliases.current(review.cardID)
            let topic = cardTopic[id] ?? -1
            if topic < 0, filter != nil { continue }
            let time = review.time.timeIntervalSince1970
            let date = finder.date(ofSeconds: time)
            let recalled = review.rating.isSuccess
            let product = review.rating.productValue
            var track = tracks[id] ?? Track(topic: topic, lastTime: .nan, lastRecalled: false, mastered: false)
            let firstOfCard = track.lastTime.isNaN
            let gap = firstOfCard ? 0 : time - track.lastTime
            let reviewState = !firstOfCard && track.lastRecalled && gap >= CollectionStatistics.reviewStateGap
            let wasMastered = track.mastered
            track.mastered = recalled && (wasMastered || (!firstOfCard && gap >= CollectionStatistics.masteryGap))
            track.lastTime = time
            track.lastRecalled = recalled
            tracks[id] = track
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
                if lastDay <= today.dayNumber { (streakUpToToday, lastDayUpToToday) = (streak, lastDay) }
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
        result.today = today
        result.topics = names.indices.map { CollectionStatistics.Topic(name: names[$0], figures: figures[$0], recent: recent[$0]) }
        result.total = total
        result.currentStreak = lastDayUpToToday >= today.dayNumber - 1 ? streakUpToToday : 0
        result.longestStreak = longest
        result.longestStreakEnd = longestEnd
        result.reviewsToday = reviewsToday
        result.achievements = Achievement.Kind.allCases.compactMap { earned[$0] }.enumerated()
            .sorted { ($0.element.earned, $0.offset) < ($1.element.earned, $1.offset) }.map(\.element)
        result.heatmap = CollectionStatistics.Heatmap(start: heatmapStart, counts: heatCounts)
        result.forecast = forecast
        return result
    }
}

import BadgerMemory
import BadgerStudy
import Foundation
import Testing

/// `CollectionStatistics` from hand-built logs: study days across time zones, day-start hours,
/// daylight-saving changes and midnight; streaks, retention, milestones, heatmap and forecast.
@Suite struct StatisticsTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func time(_ text: String) -> Date { Timestamp.parse(text)! }

    static func review(_ card: String, _ time: String, _ product: Int = 2) -> ReviewRecord {
        .review(.init(time: Self.time(time), cardID: card, rating: Rating(productValue: product)!))
    }

    static func date(_ text: String) -> StudyDate {
        let parts = text.split(separator: "-").map { Int($0)! }
        return StudyDate(year: parts[0], month: parts[1], day: parts[2])
    }

    static func statistics(
        _ records: [ReviewRecord], now: String, zone: TimeZone = utc, startHour: Int = 4,
        cards: [CollectionStatistics.Card] = [.init(id: "a", topic: "T")], states: [String: MemoryState] = [:],
        topics: Set<String>? = nil
    ) -> CollectionStatistics {
        CollectionStatistics(
            cards: cards, states: states, logs: [records], now: time(now), day: StudyDay(timeZone: zone, startHour: startHour),
            topics: topics)
    }

    static func studyDate(_ time: String, _ zone: TimeZone, startHour: Int = 4) -> String {
        var finder = StudyDateFinder(timeZone: zone, startHour: startHour)
        return finder.date(of: Self.time(time)).description
    }

    // MARK: Study days

    @Test func aReviewBeforeTheDayStartHourCountsForThePreviousDay() {
        #expect(Self.studyDate("2026-03-10T03:30:00Z", Self.utc) == "2026-03-09")
        #expect(Self.studyDate("2026-03-10T03:59:59Z", Self.utc) == "2026-03-09")
        #expect(Self.studyDate("2026-03-10T04:00:00Z", Self.utc) == "2026-03-10")
        // With the day starting at midnight, the boundary is midnight.
        #expect(Self.studyDate("2026-03-10T23:59:59Z", Self.utc, startHour: 0) == "2026-03-10")
        #expect(Self.studyDate("2026-03-11T00:00:00Z", Self.utc, startHour: 0) == "2026-03-11")

        let stats = Self.statistics(
            [Self.review("a", "2026-03-09T20:00:00Z"), Self.review("a", "2026-03-10T03:30:00Z")], now: "2026-03-10T03:45:00Z")
        #expect(stats.total.daysPracticed == 1)
        #expect(stats.today == Self.date("2026-03-09"))
        #expect(stats.reviewsToday == 2)
        #expect(stats.currentStreak == 1)
    }

    @Test func midnightInUTCIsNotMidnightElsewhere() {
        // 23:30 and 00:30 UTC are one study day in UTC with a 4 am start, two with a midnight start.
        let log = [Self.review("a", "2026-05-01T23:30:00Z"), Self.review("a", "2026-05-02T00:30:00Z")]
        #expect(Self.statistics(log, now: "2026-05-02T12:00:00Z").total.daysPracticed == 1)
        let midnight = Self.statistics(log, now: "2026-05-02T12:00:00Z", startHour: 0)
        #expect(midnight.total.daysPracticed == 2)
        #expect(midnight.currentStreak == 2)
        // In Tokyo (UTC+9) both are on the morning of 2 May, after 4 am: one day.
        #expect(Self.statistics(log, now: "2026-05-02T12:00:00Z", zone: Self.tokyo, startHour: 0).total.daysPracticed == 1)
    }

    @Test func theSameLogGivesDifferentDaysInTokyoAndNewYork() {
        // 18:00Z is 03:00 in Tokyo (still 1 June's study day) and 14:00 in New York;
        // 20:00Z is 05:00 on 2 June in Tokyo and 16:00 on 1 June in New York.
        let log = [Self.review("a", "2026-06-01T18:00:00Z"), Self.review("a", "2026-06-01T20:00:00Z")]
        #expect(Self.studyDate("2026-06-01T18:00:00Z", Self.tokyo) == "2026-06-01")
        #expect(Self.studyDate("2026-06-01T20:00:00Z", Self.tokyo) == "2026-06-02")
        #expect(Self.studyDate("2026-06-01T20:00:00Z", Self.newYork) == "2026-06-01")
        let tokyo = Self.statistics(log, now: "2026-06-02T03:00:00Z", zone: Self.tokyo)
        let newYork = Self.statistics(log, now: "2026-06-02T03:00:00Z", zone: Self.newYork)
        #expect(tokyo.total.daysPracticed == 2)
        #expect(tokyo.currentStreak == 2)
        #expect(tokyo.today == Self.date("2026-06-02"))
        #expect(tokyo.reviewsToday == 1)
        #expect(newYork.total.daysPracticed == 1)
        #expect(newYork.currentStreak == 1)
        // 03:00Z on 2 June is 23:00 on 1 June in New York: still 1 June.
        #expect(newYork.today == Self.date("2026-06-01"))
        #expect(newYork.reviewsToday == 2)
    }

    @Test func theDayStillStartsAtTheStartHourWhenParisChangesItsClocks() {
        // Clocks go forward on 29 March 2026 at 02:00 CET (01:00Z) to 03:00 CEST.
        #expect(Self.studyDate("2026-03-29T01:30:00Z", Self.paris) == "2026-03-28")  // 03:30 CEST
        #expect(Self.studyDate("2026-03-29T01:59:59Z", Self.paris) == "2026-03-28")  // 03:59:59 CEST
        #expect(Self.studyDate("2026-03-29T02:00:00Z", Self.paris) == "2026-03-29")  // 04:00 CEST
        #expect(Self.studyDate("2026-03-29T02:30:00Z", Self.paris) == "2026-03-29")  // 04:30 CEST
        // Clocks go back on 25 October 2026 at 03:00 CEST (01:00Z) to 02:00 CET.
        #expect(Self.studyDate("2026-10-25T02:30:00Z", Self.paris) == "2026-10-24")  // 03:30 CET
        #expect(Self.studyDate("2026-10-25T03:00:00Z", Self.paris) == "2026-10-25")  // 04:00 CET
        #expect(Self.studyDate("2026-10-25T02:59:59Z", Self.paris) == "2026-10-24")
        // A midnight start across the change.
        #expect(Self.studyDate("2026-03-28T23:00:00Z", Self.paris, startHour: 0) == "2026-03-29")  // 00:00 CET
        #expect(Self.studyDate("2026-03-28T22:59:59Z", Self.paris, startHour: 0) == "2026-03-28")

        // A review at 09:00 Paris time every day of the week of the change: seven days in a row.
        let log = [
            "2026-03-25T08:00:00Z", "2026-03-26T08:00:00Z", "2026-03-27T08:00:00Z", "2026-03-28T08:00:00Z",
            "2026-03-29T07:00:00Z", "2026-03-30T07:00:00Z", "2026-03-31T07:00:00Z",
        ].map { Self.review("a", $0) }
        let stats = Self.statistics(log, now: "2026-03-31T20:00:00Z", zone: Self.paris)
        #expect(stats.total.daysPracticed == 7)
        #expect(stats.currentStreak == 7)
        #expect(stats.longestStreak == 7)
        #expect(stats.achievements.first { $0.kind == .streak7 }?.earned == Self.date("2026-03-31"))
        // Reviews at 04:30 and 03:30 local on the night of the change: two days, not one.
        let night = Self.statistics(
            [Self.review("a", "2026-03-28T10:00:00Z"), Self.review("a", "2026-03-29T01:30:00Z"), Self.review("a", "2026-03-29T02:30:00Z")],
            now: "2026-03-29T12:00:00Z", zone: Self.paris)
        #expect(night.total.daysPracticed == 2)
        #expect(night.heatmap.counts.suffix(2) == [2, 1])
    }

    @Test func studyDatesAreCalendarDates() {
        #expect(StudyDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(StudyDate(year: 2026, month: 3, day: 30).weekdayFromMonday == 0)  // a Monday
        #expect(StudyDate(year: 2026, month: 3, day: 29).weekdayFromMonday == 6)
        #expect(StudyDate(year: 2026, month: 4, day: 2).monday.description == "2026-03-30")
        #expect(StudyDate(year: 2024, month: 2, day: 28).adding(days: 1).description == "2024-02-29")
        #expect(StudyDate(year: 1969, month: 12, day: 31).dayNumber == -1)
    }

    // MARK: Streaks

    @Test func theCurrentStreakCountsTodayUntilTheDayEndsAndBreaksAfterAMissedDay() {
        let log = [
            Self.review("a", "2026-03-01T10:00:00Z"), Self.review("a", "2026-03-02T10:00:00Z"), Self.review("a", "2026-03-03T10:00:00Z"),
        ]
        // The next day, before any review: still current.
        let nextMorning = Self.statistics(log, now: "2026-03-04T10:00:00Z")
        #expect(nextMorning.currentStreak == 3)
        #expect(nextMorning.reviewsToday == 0)
        // Late that night (before the 4 am start of 5 March): still current.
        #expect(Self.statistics(log, now: "2026-03-05T03:59:00Z").currentStreak == 3)
        // Once 4 March has ended without a review: broken.
        let broken = Self.statistics(log, now: "2026-03-05T04:00:00Z")
        #expect(broken.currentStreak == 0)
        #expect(broken.longestStreak == 3)
        #expect(broken.longestStreakEnd == Self.date("2026-03-03"))
        // A review dated ahead (`review --at`, up to a day) does not end today's streak.
        let ahead = Self.statistics(log + [Self.review("a", "2026-03-04T10:00:00Z")], now: "2026-03-03T20:00:00Z")
        #expect(ahead.currentStreak == 3)
        #expect(ahead.longestStreak == 4)
        // A review at 2 am counts for the day before and keeps the streak going.
        let lateNight = Self.statistics(log + [Self.review("a", "2026-03-05T02:00:00Z")], now: "2026-03-05T12:00:00Z")
        #expect(lateNight.currentStreak == 4)
        #expect(lateNight.total.daysPracticed == 4)
    }

    @Test func theLongestStreakIsFoundWhereverItIs() {
        var log: [ReviewRecord] = []
        for day in [1, 2, 3, 4, 5, 8, 9, 12, 13, 14] {
            log.append(Self.review("a", String(format: "2026-07-%02dT12:00:00Z", day)))
            log.append(Self.review("a", String(format: "2026-07-%02dT13:00:00Z", day)))
        }
        let stats = Self.statistics(log, now: "2026-07-14T20:00:00Z")
        #expect(stats.longestStreak == 5)
        #expect(stats.longestStreakEnd == Self.date("2026-07-05"))
        #expect(stats.currentStreak == 3)
        #expect(stats.total.daysPracticed == 10)
        #expect(stats.reviewsToday == 2)
        #expect(stats.achievements.map(\.kind) == [.firstReview])
    }

    // MARK: Retention and ratings

    @Test func trueRetentionCountsOnlyReviewsOfCardsPastTheirSteps() {
        let log = [
            Self.review("a", "2026-01-01T10:00:00Z", 2),  // first: learning
            Self.review("a", "2026-01-01T10:10:00Z", 2),  // 10 minutes later: a step
            Self.review("a", "2026-01-04T10:10:00Z", 2),  // review state, recalled
            Self.review("a", "2026-01-14T10:10:00Z", 0),  // review state, forgotten
            Self.review("a", "2026-01-14T10:20:00Z", 1),  // relearning step
            Self.review("a", "2026-01-16T10:20:00Z", 3),  // review state, recalled
            Self.review("b", "2026-01-16T11:00:00Z", 0),  // first of b
            Self.review("b", "2026-01-18T11:00:00Z", 2),  // after a Fail: relearning, not counted
        ]
        let stats = Self.statistics(
            log, now: "2026-01-20T12:00:00Z", cards: [.init(id: "a", topic: "T"), .init(id: "b", topic: "U")])
        #expect(stats.total.reviewStateReviews == 3)
        #expect(stats.total.reviewStateRecalled == 2)
        #expect(stats.total.trueRetention == 2.0 / 3.0)
        #expect(stats.total.ratings == [2, 1, 4, 1])
        #expect(stats.total.averageRating == Double(0 + 1 + 8 + 3) / 8)
        let t = stats.topics[0]
        #expect(t.name == "T")
        #expect(t.figures.reviews == 6)
        #expect(t.figures.cardsReviewed == 1)
        #expect(t.figures.daysPracticed == 4)
        #expect(t.figures.trueRetention == 2.0 / 3.0)
        #expect(t.figures.averageRating == Double(2 + 2 + 2 + 0 + 1 + 3) / 6)
        let u = stats.topics[1]
        #expect(u.figures.reviews == 2)
        #expect(u.figures.trueRetention == nil)
        #expect(u.figures.averageRating == 1)
        #expect(u.figures.daysPracticed == 2)
        #expect(stats.total.cardsReviewed == 2)
    }

    @Test func cardCountsComeFromTheStates() {
        let now = Self.time("2026-02-01T12:00:00Z")
        let states: [String: MemoryState] = [
            "a": MemoryState(state: .review, step: nil, due: now.addingTimeInterval(-3_600)),
            "b": MemoryState(state: .relearning, step: 0, due: now.addingTimeInterval(600)),
            "c": MemoryState(state: .learning, step: 1, due: now.addingTimeInterval(86_400)),
            "d": MemoryState(state: .review, step: nil, due: now.addingTimeInterval(86_400 * 45)),
        ]
        let cards = ["a", "b", "c", "d", "e"].map { CollectionStatistics.Card(id: $0, topic: "T") }
        let stats = Self.statistics([], now: "2026-02-01T12:00:00Z", cards: cards, states: states)
        #expect(stats.total.cards == 5)
        #expect(stats.total.newCards == 1)
        #expect(stats.total.learningCards == 2)
        #expect(stats.total.reviewCards == 2)
        #expect(stats.total.reviews == 0)
        #expect(stats.currentStreak == 0)
        #expect(stats.achievements.isEmpty)
        // Forecast: a due now, b later today, c tomorrow, d beyond 30 days.
        #expect(stats.forecast.dueNow == 1)
        #expect(stats.forecast.days.count == 30)
        #expect(stats.forecast.days[0] == 1)
        #expect(stats.forecast.days[1] == 1)
        #expect(stats.forecast.days.reduce(0, +) == 2)
    }

    // MARK: Achievements

    @Test func milestonesAreEarnedOnTheDayTheyWereReached() {
        // 30 reviews a day (cards x0…x29) for 40 days, then a 21-day gap and one success each.
        var log: [ReviewRecord] = []
        let start = Self.time("2026-01-01T09:00:00Z")
        for day in 0..<40 {
            for card in 0..<30 {
                let time = start.addingTimeInterval(Double(day) * 86_400 + Double(card) * 60)
                log.append(.review(.init(time: time, cardID: "x\(card)", rating: .good)))
            }
        }
        let cards = (0..<30).map { CollectionStatistics.Card(id: "x\($0)", topic: "X") } + [.init(id: "y", topic: "Y")]
        let before = Self.statistics(log, now: "2026-02-09T20:00:00Z", cards: cards)
        let earned = Dictionary(uniqueKeysWithValues: before.achievements.map { ($0.kind, $0.earned.description) })
        #expect(earned[.firstReview] == "2026-01-01")
        #expect(earned[.streak7] == "2026-01-07")
        #expect(earned[.streak30] == "2026-01-30")
        #expect(earned[.reviews100] == "2026-01-04")  // the 100th review is on day 4 (reviews 91…120)
        #expect(earned[.reviews1000] == "2026-02-03")  // day 34 holds reviews 991…1,020
        #expect(earned[.reviews10000] == nil)
        #expect(earned[.firstTopicMastered] == nil)
        #expect(before.achievements.map(\.earned) == before.achievements.map(\.earned).sorted())
        #expect(before.currentStreak == 40)

        // 21 days after the last review, recalling every card masters topic X; Y has none.
        var later = log
        let back = start.addingTimeInterval(39 * 86_400 + 21 * 86_400)
        for card in 0..<30 {
            later.append(
                .review(.init(time: back.addingTimeInterval(Double(card) * 60), cardID: "x\(card)", rating: card == 5 ? .again : .hard)))
        }
        // One card failed: not yet. Recalled the next day (a 1-day gap) is not enough either.
        later.append(.review(.init(time: back.addingTimeInterval(86_400), cardID: "x5", rating: .good)))
        let notYet = Self.statistics(later, now: "2026-03-03T20:00:00Z", cards: cards)
        #expect(notYet.achievements.first { $0.kind == .firstTopicMastered } == nil)
        #expect(notYet.topics[0].figures.masteredCards == 29)
        #expect(notYet.currentStreak == 2)
        #expect(notYet.longestStreak == 40)
        // 21 days later still, x5 is recalled: all 30 mastered.
        later.append(.review(.init(time: back.addingTimeInterval(22 * 86_400), cardID: "x5", rating: .easy)))
        let mastered = Self.statistics(later, now: "2026-03-30T20:00:00Z", cards: cards)
        let achievement = mastered.achievements.first { $0.kind == .firstTopicMastered }
        #expect(achievement?.earned == Self.date("2026-03-24"))
        #expect(achievement?.topic == "X")
        #expect(mastered.topics[0].figures.masteredCards == 30)
        #expect(mastered.total.masteredCards == 30)
    }

    // MARK: Pictures

    @Test func theHeatmapCountsEachDayOfTheLast26WeeksFromAMonday() {
        let log = [
            Self.review("a", "2025-01-01T12:00:00Z"),  // long before the window
            Self.review("a", "2025-10-06T12:00:00Z"),  // the window's first day
            Self.review("a", "2025-10-06T13:00:00Z"),
            Self.review("a", "2026-04-01T12:00:00Z"),
            Self.review("a", "2026-04-02T03:00:00Z"),  // 3 am: still 1 April
            Self.review("a", "2026-04-02T12:00:00Z"),  // today
        ]
        // 2 April 2026 is a Thursday; its week's Monday is 30 March; 25 weeks earlier is 6 October.
        let stats = Self.statistics(log, now: "2026-04-02T18:00:00Z")
        #expect(stats.heatmap.start == Self.date("2025-10-06"))
        #expect(stats.heatmap.start.weekdayFromMonday == 0)
        #expect(stats.heatmap.end == Self.date("2026-04-02"))
        #expect(stats.heatmap.counts.count == 25 * 7 + 4)
        #expect(stats.heatmap.counts.first == 2)
        #expect(stats.heatmap.counts.suffix(2) == [2, 1])
        #expect(stats.heatmap.counts.reduce(0, +) == 5)
        #expect(stats.heatmap.maximum == 2)
        #expect(stats.topics[0].recent.count == 30)
        #expect(stats.topics[0].recent.suffix(3) == [0, 2, 1])
        #expect(stats.topics[0].recent.reduce(0, +) == 3)
        #expect(stats.total.daysPracticed == 4)
    }

    // MARK: The log

    @Test func renamedCardsCountUnderTheirLatestNameAndLogsMayInterleave() {
        let first: [ReviewRecord] = [
            Self.review("old", "2026-02-01T10:00:00Z"), .rename(time: Self.time("2026-02-03T10:00:00Z"), from: "old", to: "new"),
            Self.review("new", "2026-02-05T10:00:00Z"),
        ]
        let second: [ReviewRecord] = [Self.review("b", "2026-02-02T10:00:00Z"), Self.review("b", "2026-02-04T10:00:00Z", 0)]
        let cards: [CollectionStatistics.Card] = [.init(id: "new", topic: "N"), .init(id: "b", topic: "B")]
        let day = StudyDay(timeZone: Self.utc)
        let now = Self.time("2026-02-05T12:00:00Z")
        let split = CollectionStatistics(cards: cards, states: [:], logs: [first, second], now: now, day: day)
        let merged = CollectionStatistics(
            cards: cards, states: [:], logs: [ReviewLog.union([ReviewLog(records: first), ReviewLog(records: second)]).records], now: now,
            day: day)
        #expect(split == merged)
        #expect(split.currentStreak == 2)  // 4 and 5 February; nothing on the 3rd
        #expect(split.longestStreak == 2)
        #expect(split.topics.map(\.name) == ["B", "N"])
        #expect(split.topics[1].figures.reviews == 2)
        #expect(split.topics[1].figures.cardsReviewed == 1)
        #expect(split.topics[1].figures.reviewStateReviews == 1)
        #expect(split.topics[0].figures.reviewStateReviews == 1)
        #expect(split.total.trueRetention == 0.5)
    }

    @Test func aTopicFilterLeavesOtherReviewsOut() {
        let log = [
            Self.review("a", "2026-02-01T10:00:00Z"), Self.review("b", "2026-02-02T10:00:00Z"), Self.review("gone", "2026-02-03T10:00:00Z"),
        ]
        let cards: [CollectionStatistics.Card] = [.init(id: "a", topic: "A"), .init(id: "b", topic: "B")]
        let all = Self.statistics(log, now: "2026-02-03T12:00:00Z", cards: cards)
        // A deleted card's review still counts in the totals.
        #expect(all.total.reviews == 3)
        #expect(all.currentStreak == 3)
        #expect(all.topics.map(\.figures.reviews) == [1, 1])
        let onlyB = Self.statistics(log, now: "2026-02-03T12:00:00Z", cards: cards, topics: ["B"])
        #expect(onlyB.topics.map(\.name) == ["B"])
        #expect(onlyB.total.reviews == 1)
        #expect(onlyB.total.cards == 1)
        #expect(onlyB.currentStreak == 1)  // yesterday's review: today is not over
        #expect(onlyB.longestStreak == 1)
    }

    @Test func aLargeLogIsCountedQuickly() {
        // 200,000 reviews over 2,000 days: one pass, well under a second in a release build.
        var log: [ReviewRecord] = []
        log.reserveCapacity(200_000)
        let start = Self.time("2020-01-01T08:00:00Z")
        for index in 0..<200_000 {
            let time = start.addingTimeInterval(Double(index / 100) * 86_400 + Double(index % 100) * 120)
            log.append(.review(.init(time: time, cardID: String(format: "%016x", index % 5_000), rating: index % 7 == 0 ? .again : .good)))
        }
        let cards = (0..<5_000).map { CollectionStatistics.Card(id: String(format: "%016x", $0), topic: "T\($0 % 10)") }
        let clock = ContinuousClock()
        var stats: CollectionStatistics?
        let elapsed = clock.measure {
            stats = CollectionStatistics(
                cards: cards, states: [:], logs: [log], now: Self.time("2025-06-23T20:00:00Z"), day: StudyDay(timeZone: Self.paris))
        }
        #expect(stats?.total.reviews == 200_000)
        #expect(stats?.total.daysPracticed == 2_000)
        #expect(stats?.longestStreak == 2_000)
        #expect(stats?.achievements.count == 8)
        #expect(elapsed < .seconds(20))
    }
}

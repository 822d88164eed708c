import BadgerDeck
import BadgerMemory
import Foundation

/// The text and JSON of `badger stats`: pure functions of the statistics, for any front end.
public struct StatsReport: Sendable {
    public var statistics: CollectionStatistics
    public var timeZone: String
    public var dayStartHour: Int
    /// Whether the text has ANSI colors (a terminal front end decides; NO_COLOR and the like).
    public var color: Bool
    /// Observed retention against the target, and stale parameters: one check per collection
    /// root (`RetentionCheck.perCollection`).
    public let fits: [RetentionCheck]
    /// How each check's collection is named when there are several, in the order of `fits`.
    public let collectionNames: [String]
    public var width: Int

    /// - Parameter label: how to name a collection root when there are several (its path from
    ///   the working folder, say).
    public init(
        statistics: CollectionStatistics, timeZone: String, dayStartHour: Int, color: Bool, fits: [RetentionCheck] = [],
        label: (String) -> String = { $0 }, width: Int = 80
    ) {
        self.statistics = statistics
        self.timeZone = timeZone
        self.dayStartHour = dayStartHour
        self.color = color
        self.fits = fits
        self.collectionNames = fits.map { UntrustedText.sanitized(label($0.root)) }
        self.width = width
    }

    // MARK: Pieces

    static let sparkBlocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// Heatmap cells without color, level 0 (no review) to 4.
    static let plainCells = ["·", "░", "▒", "▓", "█"]
    /// 256-color greens, level 0 to 4.
    static let cellColors = [237, 22, 28, 34, 46]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// A sparkline of `counts`: ▁ for none, then eighths of the largest count (at least ▂ for
    /// any review).
    static func sparkline(_ counts: [Int]) -> String {
        let maximum = counts.max() ?? 0
        return String(
            counts.map { count -> Character in
                guard count > 0, maximum > 0 else { return sparkBlocks[0] }
                return sparkBlocks[max(1, min(7, Int((Double(count) / Double(maximum) * 7).rounded(.up))))]
            })
    }

    /// The heatmap level of a day's count: 0 for none, else 1–4 by quarters of the largest.
    static func level(_ count: Int, maximum: Int) -> Int {
        guard count > 0, maximum > 0 else { return 0 }
        return max(1, min(4, Int((Double(count) * 4 / Double(maximum)).rounded(.up))))
    }

    /// `1,234`.
    static func grouped(_ number: Int) -> String {
        let digits = String(abs(number))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return (number < 0 ? "-" : "") + result
    }

    static func plural(_ number: Int, _ noun: String) -> String { "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")" }

    static func percent(_ share: Double?) -> String {
        guard let share else { return "–" }
        return String(format: "%.1f%%", share * 100)
    }

    static func decimal(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: "%.2f", value)
    }

    /// `Mon 03-30`.
    static func shortDate(_ date: StudyDate) -> String {
        let (_, month, day) = date.components
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdayNames[date.weekdayFromMonday]) \(two(month))-\(two(day))"
    }

    func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func heading(_ text: String) -> String { paint(text, "1") }

    func cell(_ level: Int) -> String {
        color ? paint("■", "38;5;\(Self.cellColors[level])") : Self.plainCells[level]
    }

    // MARK: Sections

    /// The report as text for a terminal (`badger stats`).
    public var text: String {
        let total = statistics.total
        guard total.cards > 0 || total.reviews > 0 else {
            return """
                No cards here yet, so there is nothing to count. Write a deck (a Markdown file whose
                front matter names its topic, with Q: and A: lines; see `badger help`), study it,
                and run `badger stats` again.

                """
        }
        var sections = [overview]
        if total.reviews == 0 {
            sections.append(
                "No reviews yet: study a few cards (or record one with `badger review --card ID --rating 2`)\nand your streaks, calendar and milestones appear here."
            )
        } else {
            sections.append(topicsSection)
            sections.append(heatmapSection)
        }
        sections.append(forecastSection)
        if !statistics.achievements.isEmpty { sections.append(achievementsSection) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    var overview: String {
        let total = statistics.total
        let hour = dayStartHour < 10 ? "0\(dayStartHour):00" : "\(dayStartHour):00"
        var lines = [
            heading("Statistics for \(statistics.today)")
                + " (study days start at \(hour), \(UntrustedText.sanitized(timeZone)))",
            "  \(Self.plural(statistics.topics.count, "topic")), \(Self.plural(total.cards, "card")): \(Self.grouped(total.newCards)) new, \(Self.grouped(total.learningCards)) learning, \(Self.grouped(total.reviewCards)) review",
        ]
        guard total.reviews > 0 else { return lines.joined(separator: "\n") }
        lines.append(
            "  \(Self.plural(total.reviews, "review")) of \(Self.plural(total.cardsReviewed, "card")) on \(Self.plural(total.daysPracticed, "day")); \(Self.plural(statistics.reviewsToday, "review")) today"
        )
        var streak =
            "  Current streak: \(Self.plural(statistics.currentStreak, "day")); longest: \(Self.plural(statistics.longestStreak, "day"))"
        if let end = statistics.longestStreakEnd, statistics.longestStreak > 1 {
            streak += " (\(end.adding(days: 1 - statistics.longestStreak)) to \(end))"
        } else if let end = statistics.longestStreakEnd {
            streak += " (\(end))"
        }
        lines.append(streak)
        lines.append(
            "  True retention: \(Self.percent(total.trueRetention)) of \(Self.grouped(total.reviewStateReviews)); average rating: \(Self.decimal(total.averageRating)) (0 Fail to 3 Easy)"
        )
        func setting(_ fit: RetentionCheck) -> String { fit.targetIsAutomatic ? "desired_retention: auto" : "desired_retention" }
        if let target = RetentionCheck.commonTarget(of: fits), Set(fits.map(setting)).count == 1 {
            lines.append("  Target retention: \(String(format: "%.0f%%", target * 100)) (\(setting(fits[0]))), per topic below")
        } else if fits.contains(where: { $0.target != nil }) {
            let each = zip(fits, collectionNames).compactMap { fit, name in
                fit.target.map { "\(String(format: "%.0f%%", $0 * 100)) in \(name) (\(setting(fit)))" }
            }
            lines.append("  Target retention: " + each.joined(separator: ", ") + ", per topic below")
        }
        return lines.joined(separator: "\n")
    }

    /// ` vs 90%` (the target of the topic's collection) for FSRS collections.
    func targetNote(_ topic: String) -> String {
        guard let target = RetentionCheck.target(ofTopic: topic, in: fits) else { return "" }
        return " vs \(String(format: "%.0f%%", target * 100))"
    }

    var topicsSection: String {
        let recentDays = statistics.topics.first?.recent.count ?? 30
        var lines = [heading("Topics") + " (reviews on each of the last \(recentDays) days)"]
        let names = statistics.topics.map { topic -> String in
            DisplayWidth.clipped(UntrustedText.sanitized(topic.name), to: 30)
        }
        // Columns on screen, not characters: 日本 takes four.
        let nameWidth = max(names.map { DisplayWidth.of($0) }.max() ?? 0, 5)
        for (topic, name) in zip(statistics.topics, names) {
            let figures = topic.figures
            lines.append(
                "  " + DisplayWidth.padded(name, to: nameWidth) + "  " + paint(Self.sparkline(topic.recent), "38;5;34")
                    + "  " + Self.grouped(topic.recent.reduce(0, +)))
            lines.append(
                "    \(Self.plural(figures.cards, "card")): \(Self.grouped(figures.newCards)) new, \(Self.grouped(figures.learningCards)) learning, \(Self.grouped(figures.reviewCards)) review; \(Self.grouped(figures.cardsReviewed)) reviewed, \(Self.grouped(figures.masteredCards)) mastered"
            )
            lines.append(
                "    \(Self.plural(figures.reviews, "review")) on \(Self.plural(figures.daysPracticed, "day")); retention \(Self.percent(figures.trueRetention))\(targetNote(topic.name)); average rating \(Self.decimal(figures.averageRating))"
            )
        }
        // Sentences, wrapped to the report's 80 columns.
        for (fit, name) in zip(fits, collectionNames) {
            let prefix = fits.count > 1 ? name + ": " : ""
            for sentence in [fit.parameters.advice, fit.parameters.adaptive].compactMap({ $0.map { UntrustedText.sanitized($0) } }) {
                lines += DisplayWidth.wrapped((prefix + sentence).split(separator: " "), to: 80, indent: "  ", continuation: "    ")
            }
        }
        return lines.joined(separator: "\n")
    }

    var heatmapSection: String {
        let heatmap = statistics.heatmap
        let weeks = (heatmap.counts.count + 6) / 7
        let maximum = heatmap.maximum
        var lines = [heading("Reviews per day") + " (last \(weeks) weeks)"]
        // Month names above the first week that starts in a new month.
        var monthRow = Array(repeating: Character(" "), count: 4 + weeks * 2)
        var previousMonth = -1
        var free = 0
        for week in 0..<weeks {
            let month = heatmap.start.adding(days: week * 7).components.month
            let position = 4 + week * 2
            if month != previousMonth, position >= free, position + 3 <= monthRow.count {
                for (offset, character) in Self.monthNames[month - 1].enumerated() { monthRow[position + offset] = character }
                free = position + 4
            }
            previousMonth = month
        }
        lines.append(String(monthRow).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        for weekday in 0..<7 {
            var line = weekday % 2 == 0 ? Self.weekdayNames[weekday] + " " : "    "
            for week in 0..<weeks {
                let index = week * 7 + weekday
                guard index < heatmap.counts.count else { break }
                line += cell(Self.level(heatmap.counts[index], maximum: maximum)) + " "
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        let legend = (0...4).map(cell).joined(separator: " ")
        lines.append(
            "    Less \(legend) More   (\(maximum == 0 ? "no reviews" : "most in a day: \(Self.grouped(maximum))"))")
        return lines.joined(separator: "\n")
    }

    var forecastSection: String {
        let forecast = statistics.forecast
        var lines = [
            heading("Coming due") + " (next \(forecast.days.count) days; \(Self.grouped(forecast.dueNow)) due now, counted today)"
        ]
        var counts = forecast.days
        if !counts.isEmpty { counts[0] += forecast.dueNow }
        let maximum = counts.max() ?? 0
        guard maximum > 0 else {
            lines[0] = heading("Coming due")
            lines.append("  Nothing comes due in the next \(Self.plural(counts.count, "day")).")
            return lines.joined(separator: "\n")
        }
        let countWidth = String(Self.grouped(maximum)).count
        let barWidth = width - 2 - 9 - 2 - countWidth - 2
        for (offset, count) in counts.enumerated() {
            let length = maximum == 0 ? 0 : Int((Double(count) / Double(maximum) * Double(barWidth)).rounded(.up))
            let number = Self.grouped(count)
            let bar = count == 0 ? "" : " " + paint(String(repeating: "█", count: length), "38;5;33")
            lines.append(
                "  " + Self.shortDate(statistics.today.adding(days: offset)) + "  "
                    + String(repeating: " ", count: countWidth - number.count) + number + bar)
        }
        return lines.joined(separator: "\n")
    }

    var achievementsSection: String {
        var lines = [heading("Achievements")]
        for achievement in statistics.achievements {
            var title = achievement.kind.title
            if let topic = achievement.topic { title += ": " + UntrustedText.sanitized(topic) }
            lines.append("  \(achievement.earned)  \(title)")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: JSON

    /// A JSON value whose objects are written with sorted keys and nulls kept.
    enum JSON: Encodable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case array([JSON])
        case object([String: JSON])

        static func optional(_ value: Double?) -> JSON { value.map(JSON.double) ?? .null }
        static func optional(_ value: StudyDate?) -> JSON { value.map { .string($0.description) } ?? .null }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            }
        }
    }

    static func figures(_ figures: CollectionStatistics.Figures) -> [String: JSON] {
        [
            "cards": .object([
                "total": .int(figures.cards), "new": .int(figures.newCards), "learning": .int(figures.learningCards),
                "review": .int(figures.reviewCards), "mastered": .int(figures.masteredCards),
            ]),
            "cardsReviewed": .int(figures.cardsReviewed),
            "reviews": .int(figures.reviews),
            "daysPracticed": .int(figures.daysPracticed),
            "ratings": .object([
                "fail": .int(figures.ratings[0]), "difficult": .int(figures.ratings[1]), "good": .int(figures.ratings[2]),
                "easy": .int(figures.ratings[3]),
            ]),
            "reviewStateReviews": .int(figures.reviewStateReviews),
            "trueRetention": .optional(figures.trueRetention),
            "averageRating": .optional(figures.averageRating),
            "firstReview": .optional(figures.firstReview),
            "lastReview": .optional(figures.lastReview),
        ]
    }

    /// The report as JSON (schemaVersion 1, `Grammar/Stats.schema.json`).
    public static func json(
        _ statistics: CollectionStatistics, now: Date, timeZone: String, dayStartHour: Int, fits: [RetentionCheck] = []
    )
        throws
        -> String
    {
        var total = figures(statistics.total)
        // With several collections of different targets, there is none for the whole.
        total["targetRetention"] = JSON.optional(RetentionCheck.commonTarget(of: fits))
        total["streak"] = .object([
            "current": .int(statistics.currentStreak), "longest": .int(statistics.longestStreak),
            "longestEnd": .optional(statistics.longestStreakEnd),
        ])
        total["reviewsToday"] = .int(statistics.reviewsToday)
        let recentStart = statistics.today.adding(days: 1 - (statistics.topics.first?.recent.count ?? 0))
        let topics: [JSON] = statistics.topics.map { topic in
            var object = figures(topic.figures)
            object["topic"] = .string(topic.name)
            object["targetRetention"] = JSON.optional(RetentionCheck.target(ofTopic: topic.name, in: fits))
            object["recent"] = .object(["start": .string(recentStart.description), "counts": .array(topic.recent.map(JSON.int))])
            return .object(object)
        }
        func parameters(_ state: RetentionCheck.Parameters) -> JSON {
            var object: [String: JSON] = [
                "fitted": .bool(state.fitted), "fittedOn": state.fittedOn.map(JSON.string) ?? .null,
                "reviewsAtFit": state.reviewsAtFit.map(JSON.int) ?? .null, "reviews": .int(state.reviews), "stale": .bool(state.stale),
                "advice": state.advice.map(JSON.string) ?? .null,
            ]
            if let adaptive = state.adaptive { object["adaptive"] = .string(adaptive) }
            return .object(object)
        }
        var document: [String: JSON] = [
            // The first collection's (by path); `collections` has each one's when there are several.
            "parameters": fits.first.map { parameters($0.parameters) } ?? .null,
            "schemaVersion": .int(1),
            "generatedAt": .string(Timestamp.format(now)),
            "today": .string(statistics.today.description),
            "timeZone": .string(timeZone),
            "dayStartHour": .int(dayStartHour),
            "total": .object(total),
            "topics": .array(topics),
            "heatmap": .object([
                "start": .string(statistics.heatmap.start.description), "end": .string(statistics.heatmap.end.description),
                "counts": .array(statistics.heatmap.counts.map(JSON.int)),
            ]),
            "forecast": .object([
                "dueNow": .int(statistics.forecast.dueNow),
                "days": .array(
                    statistics.forecast.days.enumerated().map { offset, count in
                        .object(["date": .string(statistics.today.adding(days: offset).description), "due": .int(count)])
                    }),
            ]),
            "achievements": .array(
                statistics.achievements.map { achievement in
                    .object([
                        "id": .string(achievement.kind.rawValue), "title": .string(achievement.kind.title),
                        "earned": .string(achievement.earned.description), "topic": achievement.topic.map(JSON.string) ?? .null,
                    ])
                }),
        ]
        if fits.count > 1 {
            document["collections"] = .array(
                fits.map {
                    .object([
                        "root": .string($0.root), "targetRetention": JSON.optional($0.target), "parameters": parameters($0.parameters),
                        "retention": .object($0.retention.mapValues { JSON.optional($0) }),
                    ])
                })
        }
        return try JSONOutput.text(JSON.object(document))
    }
}

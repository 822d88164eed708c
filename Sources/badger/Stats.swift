import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how studying is going: streaks, retention, a calendar and what comes due.",
            discussion: """
                Everything is computed from the review logs: per topic the cards (new,
                learning, review), cards reviewed, reviews, days practiced, true retention (the
                share of reviews of cards past their learning steps that were recalled) and the
                average rating (0 Fail to 3 Easy); in total the days practiced, the current and
                longest streak, and today's reviews; a calendar of the last 26 weeks, the cards
                coming due in the next 30 days, and milestones with the day they were earned.
                With FSRS it also compares the observed retention with the target, says what
                the automatic settings chose and why (badger.yml's adaptive_reason), and
                whether the parameters are stale and what re-fits them.

                Days are study days: local days starting at the collection's day_start_hour (4
                am unless badger.yml says otherwise), in the local time zone (TZ).

                --format json writes schemaVersion 1, described by Grammar/Stats.schema.json.

                Examples:
                  badger stats
                  badger stats --topic French
                  badger stats --format json | jq .total.streak
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @OptionGroup var collection: CollectionOptions

        @Option(help: ArgumentHelp("Only this topic (repeat for several).", valueName: "topic"))
        var topic: [String] = []

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        @Option(help: "Color text output: auto, always or never. NO_COLOR is honored.")
        var color: ColorChoice = .auto

        /// The moment to report at, for reproducible output (tests, documentation).
        @Option(help: .hidden)
        var now: String?

        func validate() throws {
            if let now, Timestamp.parse(now) == nil {
                throw ValidationError("--now \"\(UntrustedText.sanitized(now))\" is not an ISO-8601 time such as 2026-11-21T09:30:00Z")
            }
        }

        func run() throws {
            let studied = try collection.loadStudied(keepingReviewDetails: false)
            let moment = now.flatMap(Timestamp.parse) ?? Date()
            let topics = try topic.flatMap { studied.collection.topics(sameAs: try resolvedTopic($0, in: studied.collection)) }
            let dayStart = studied.primaryConfig.dayStartHour
            let day = StudyDay(timeZone: .current, startHour: dayStart)
            let reviews = studied.reviewColumns
            let statistics = CollectionStatistics(
                cards: studied.collection.cards.map { .init(id: $0.id.description, topic: $0.topic) }, states: studied.cardStates,
                reviews: reviews, now: moment, day: day,
                topics: topics.isEmpty ? nil : Set(topics))
            let output = Terminal.standardOutput
            var fits = RetentionCheck.perCollection(studied: studied, statistics: (reviews, statistics)) {
                AdaptiveRefit.storageProblem(in: $0, fileAccess: LocalFileSystem())
            }
            // With --topic, only the collections that hold the topics shown.
            if !topics.isEmpty {
                let holding = fits.filter { fit in statistics.topics.contains { fit.retention.keys.contains($0.name) } }
                if !holding.isEmpty { fits = holding }
            }
            switch format {
            case .text:
                output.write(
                    StatsReport(
                        statistics: statistics, timeZone: TimeZone.current.identifier, dayStartHour: dayStart,
                        color: color.enabled(isTerminal: output.isTerminal), fits: fits, label: DisplayPath.of
                    ).text)
            case .json:
                output.write(
                    try StatsReport.json(statistics, now: moment, timeZone: TimeZone.current.identifier, dayStartHour: dayStart, fits: fits)
                )
            }
        }
    }
}

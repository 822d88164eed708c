import ArgumentParser
import BadgerDeck
import BadgerStudy
import Foundation

extension Badger {
    struct Due: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how many cards are due, per topic, now and for the next 7 days.",
            discussion: """
                Days are study days: local days starting at the collection's day_start_hour
                (4 am unless badger.yml says otherwise).

                With FSRS it also compares the observed retention with the target, says what
                the automatic settings chose and why (badger.yml's adaptive_reason), and
                whether the parameters are stale and what re-fits them.

                Exit status: 0 when cards are due now, 1 when none are, 2 usage or I/O errors,
                so it fits shell prompts and cron reminders:

                  badger due --quiet && notify-send "Cards are due"

                Examples:
                  badger due
                  badger due --format json
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @OptionGroup var collection: CollectionOptions

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        @Flag(name: .shortAndLong, help: "Print nothing; only set the exit status.")
        var quiet = false

        @Option(help: ArgumentHelp("How many study days to forecast, 1 to 366.", valueName: "days"))
        var days = 7

        func validate() throws {
            guard (1...366).contains(days) else { throw ValidationError("--days must be from 1 to 366") }
        }

        func run() throws {
            let studied = try collection.loadStudied(keepingReviewDetails: false)
            let now = Date()
            let dayStart = studied.primaryConfig.dayStartHour
            let day = StudyDay(timeZone: .current, startHour: dayStart)
            let suspended = studied.suspendedCards
            let forecast = DueForecast(
                cards: suspended.isEmpty
                    ? studied.collection.cards : studied.collection.cards.filter { !suspended.contains($0.id.description) },
                states: studied.cardStates, now: now, day: day, days: days)
            if !quiet {
                noteDecksLeftOut(studied.collection)
                let fits = RetentionCheck.perCollection(studied: studied) {
                    AdaptiveRefit.storageProblem(in: $0, fileAccess: LocalFileSystem())
                }
                switch format {
                case .text: Terminal.standardOutput.write(Self.text(forecast) + RetentionCheck.text(of: fits, label: DisplayPath.of))
                case .json:
                    // A topic several collections hold: its retention over all of them.
                    let combined =
                        fits.count > 1
                        ? CollectionStatistics.trueRetention(cards: studied.collection.cards, memories: studied.memories) : [:]
                    Terminal.standardOutput.write(try Self.json(forecast, now: now, fits: fits, combined: combined))
                }
            }
            if forecast.dueNow == 0 { throw ExitStatus.findings.code }
        }

        static func text(_ forecast: DueForecast) -> String {
            let names = forecast.topics.map { UntrustedText.sanitized($0.name) }
            // Columns on screen, not characters: 日本 takes four.
            let width = max(5, names.map { DisplayWidth.of($0) }.max() ?? 5)
            func pad(_ text: String, _ width: Int) -> String { DisplayWidth.padded(text, to: width) }
            func right(_ text: String, _ width: Int) -> String {
                String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
            }
            let dayLabels = (0..<forecast.days).map { $0 == 0 ? "today" : $0 == 1 ? "+1d" : "+\($0)d" }
            var lines = [
                pad("topic", width) + "  " + right("due", 5) + "  " + right("new", 5) + "  "
                    + dayLabels.map { right($0, 5) }.joined(separator: " ")
            ]
            for (topic, name) in zip(forecast.topics, names) {
                lines.append(
                    pad(name, width) + "  " + right(String(topic.dueNow), 5) + "  " + right(String(topic.new), 5) + "  "
                        + topic.upcoming.map { right(String($0), 5) }.joined(separator: " "))
            }
            lines.append("\(forecast.dueNow) due now, \(forecast.new) new")
            return lines.joined(separator: "\n") + "\n"
        }

        struct JSONTopic: Encodable {
            var topic: String
            var due: Int
            var new: Int
            var upcoming: [Int]
            /// The share of review-state reviews recalled (nil before any).
            var retention: Double?
            var targetRetention: Double?

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(topic, forKey: .topic)
                try container.encode(due, forKey: .due)
                try container.encode(new, forKey: .new)
                try container.encode(upcoming, forKey: .upcoming)
                try container.encode(retention, forKey: .retention)
                try container.encode(targetRetention, forKey: .targetRetention)
            }

            enum CodingKeys: String, CodingKey { case topic, due, new, upcoming, retention, targetRetention }
        }

        struct JSONForecast: Encodable {
            var schemaVersion = 1
            var generatedAt: String
            var due: Int
            var new: Int
            var topics: [JSONTopic]
            /// The first collection's (by path); `collections` has each one's when there are several.
            var parameters: RetentionCheck.Parameters
            var collections: [JSONCollection]?
        }

        /// One collection's target, each of its topics' retention, and its parameters, when a
        /// command covers several.
        struct JSONCollection: Encodable {
            var root: String
            var targetRetention: Double?
            var retention: [String: Double?]
            var parameters: RetentionCheck.Parameters

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(root, forKey: .root)
                try container.encode(targetRetention, forKey: .targetRetention)
                try container.encode(retention, forKey: .retention)
                try container.encode(parameters, forKey: .parameters)
            }

            enum CodingKeys: String, CodingKey { case root, targetRetention, retention, parameters }
        }

        /// - Parameter combined: with several collections, each topic's retention over all of them.
        static func json(_ forecast: DueForecast, now: Date, fits: [RetentionCheck], combined: [String: Double?] = [:]) throws -> String {
            let document = JSONForecast(
                generatedAt: ISO8601DateFormatter().string(from: now), due: forecast.dueNow, new: forecast.new,
                topics: forecast.topics.map { topic in
                    let holders = RetentionCheck.checks(holding: topic.name, in: fits)
                    let retention = holders.count > 1 ? combined[topic.name] ?? nil : holders.first?.retention[topic.name] ?? nil
                    return JSONTopic(
                        topic: topic.name, due: topic.dueNow, new: topic.new, upcoming: topic.upcoming, retention: retention,
                        targetRetention: RetentionCheck.target(ofTopic: topic.name, in: fits))
                },
                // (`perCollection` gives one check at least.)
                parameters: fits[0].parameters,
                collections: fits.count > 1
                    ? fits.map {
                        JSONCollection(root: $0.root, targetRetention: $0.target, retention: $0.retention, parameters: $0.parameters)
                    } : nil)
            return try JSONOutput.text(document)
        }
    }
}

import ArgumentParser
import BadgerDeck
import BadgerMemory
import Foundation

extension Badger {
    struct Schedule: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Audit the schedulers.", subcommands: [Replay.self])
    }
}

extension Badger.Schedule {
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay review histories through a scheduler and print every state.",
            discussion: """
                Reads a JSON list of histories, each a card id and its reviews with FSRS
                ratings (1 Again/Fail, 2 Hard/Difficult, 3 Good, 4 Easy) and ISO-8601 times
                (Z or an offset; other keys are ignored):

                  [{"id": "c1", "reviews": [{"rating": 3, "at": "2026-01-05T09:00:00Z"}]}]

                (one history per card id, its reviews in time order), and prints the card
                after each review: stability, difficulty, due, state (Learning, Review,
                Relearning), step and interval_seconds, as [{"id": "c1", "states": [ … ]}].
                Fuzz is seeded from the card id and review number, so the output is the same
                every run; --no-fuzz turns it off, which is how the scheduler is checked
                against py-fsrs. --params replays with other FSRS-6 parameters (21 numbers,
                each within FSRS-6's bounds), such as those `badger optimize --histories`
                fits. --settings replays with everything `badger optimize --histories FILE
                --format json --settings` prints (parameters, desired retention, learning and
                relearning steps, same_day_intervals), as a collection with those settings
                would schedule. same_day_intervals is false when absent (as py-fsrs
                schedules, and as a collection whose badger.yml writes the four values out
                does), while the object printed says what a collection with automatic steps
                would use (true once there are parameters, false before): pass the whole
                object to get what a user with automatic settings gets. maximum_interval
                (days, 36500 when absent) may be added, as badger.yml sets it. Any other key
                is refused, naming it, as is a key given as null (leave it out), and every
                input is read as strict JSON (a key twice in one object, a comma before a
                closing bracket are refused, with the line and column).

                Times are read to the second (a fraction is dropped, as the review log keeps
                seconds), from 1970 to 9999, and a review that would make a card due after 9999
                is refused. Intervals are whole seconds but for Hard on the
                first learning step, which waits 1.5 times that step, or the mean of the first
                two steps when there are more, as py-fsrs schedules: a half second more with a
                step such as 15s. FILE may be - (standard input) or a pipe, and so may the
                --params and --settings files.

                Examples:
                  badger schedule replay histories.json --no-fuzz
                  badger schedule replay histories.json --scheduler sm2
                  badger schedule replay histories.json --params fitted.json
                  badger schedule replay histories.json --params '[0.212, 1.2931, …]'
                  badger schedule replay histories.json --settings settings.json
                """)

        enum SchedulerName: String, ExpressibleByArgument, CaseIterable {
            case fsrs, sm2, leitner
        }

        @Argument(help: ArgumentHelp("The histories, as JSON (- for standard input).", valueName: "file"))
        var file: String

        @Flag(help: "Turn off the random spread of intervals.")
        var noFuzz = false

        @Option(help: "fsrs (FSRS-6, the default), sm2 or leitner.")
        var scheduler: SchedulerName = .fsrs

        @Option(
            help: ArgumentHelp(
                "FSRS-6 parameters: a JSON array of 21 numbers, or a file holding one (as `badger optimize --histories` prints).",
                valueName: "file|json"))
        var params: String?

        @Option(
            help: ArgumentHelp(
                "FSRS-6 parameters, desired retention and steps: a JSON object as `badger optimize --histories FILE --format json --settings` prints, or a file holding one.",
                valueName: "file|json"))
        var settings: String?

        func validate() throws {
            if params != nil, scheduler != .fsrs { throw ValidationError("--params applies only to --scheduler fsrs") }
            if settings != nil, scheduler != .fsrs { throw ValidationError("--settings applies only to --scheduler fsrs") }
            if settings != nil, params != nil { throw ValidationError("give either --params or --settings, not both") }
            if file == "-", [params, settings].contains("-") {
                throw ValidationError(
                    "standard input (-) can give the histories or the \(params == "-" ? "parameters" : "settings"), not both")
            }
        }

        struct Output: Encodable {
            var id: String
            var states: [State]
        }

        struct State: Encodable {
            var stability: Double?
            var difficulty: Double?
            var due: String
            var state: String
            var step: Int?
            var intervalSeconds: Double

            enum CodingKeys: String, CodingKey {
                case stability, difficulty, due, state, step
                case intervalSeconds = "interval_seconds"
            }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(stability, forKey: .stability)
                try container.encode(difficulty, forKey: .difficulty)
                try container.encode(due, forKey: .due)
                try container.encode(state, forKey: .state)
                try container.encode(step, forKey: .step)
                try container.encode(intervalSeconds, forKey: .intervalSeconds)
            }
        }

        func run() throws {
            let histories = try HistoryFile.read(file)
            let engine: any Scheduler
            switch scheduler {
            case .fsrs:
                if let settings {
                    engine = try SettingsFile.read(settings).scheduler()
                } else {
                    engine = try FSRS6(parameters: try params.map(ParameterArgument.parse) ?? FSRS6.defaultParameters)
                }
            case .sm2: engine = SM2()
            case .leitner: engine = Leitner()
            }
            var outputs: [Output] = []
            for (position, history) in histories.enumerated() {
                var card: MemoryState?
                var states: [State] = []
                for (index, review) in history.reviews.enumerated() {
                    let fuzz = noFuzz ? nil : Fuzz(cardID: history.cardID, reviewIndex: index)
                    let next = engine.review(card ?? .new(at: review.time), rating: review.rating, at: review.time, fuzz: fuzz)
                    // A four-digit year cannot write it ("10000-02-05" is not ISO-8601 to the
                    // simulators that read this), as the review log cannot keep it.
                    guard HistoryFile.isKept(next.due) else {
                        Terminal.standardError.write(
                            "badger: error: \(UntrustedText.sanitized(file)): history \(position + 1) (\"\(UntrustedText.sanitized(history.cardID))\"), review \(index + 1) (\(Timestamp.format(review.time))): the card would be due after 9999, the last year badger keeps; replay reviews made earlier\n"
                        )
                        throw ExitStatus.usageOrIO.code
                    }
                    card = next
                    states.append(
                        State(
                            stability: next.stability, difficulty: next.difficulty, due: Timestamp.format(next.due),
                            state: next.state.rawValue, step: next.step, intervalSeconds: next.due.timeIntervalSince(review.time)))
                }
                outputs.append(Output(id: history.cardID, states: states))
            }
            Terminal.standardOutput.write(try JSONOutput.text(outputs))
        }
    }
}

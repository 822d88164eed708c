// Scheduling benchmark: FSRS-6 on 1,000,000 synthetic review steps (100,000 cards × 10), and
// rebuilding card states from the same reviews written as a review log.
//
// Usage: scheduling-benchmark [--json] [--cards N] [--reviews-per-card N] [--runs N]
//                             [--check-cards N] [--write-log PATH] [--only schedule|rebuild]
//
//   --json            print only JSON on stdout (progress goes to stderr)
//   --only PART       run only `schedule` (a) or `rebuild` (b), e.g. to profile one of them
//   --cards           cards in the workload (default 100000)
//   --reviews-per-card reviews of each card (default 10)
//   --runs            timed runs of each measurement; the best is reported (default 3)
//   --check-cards     size of the cross-check subset (default 2000): the final states of the cards
//                     with the smallest ids, summed, so scheduling_reference.py can prove that
//                     py-fsrs replays the very same inputs to the same result
//   --write-log PATH  also write the workload as review-log text (header + one line per review,
//                     in time order) to PATH, for scheduling_reference.py and
//                     generate_review_logs.py
//
// The workload depends only on the fixed seed and the arguments. Times are whole seconds, as a
// review log keeps them, so replaying the log gives exactly the states of the in-memory run.

import BadgerMemory
import Foundation

// MARK: - Options

struct Options {
    var json = false
    var cards = 100_000
    var reviewsPerCard = 10
    var runs = 3
    var checkCards = 2_000
    var writeLog: String?
    var only: String?
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("scheduling-benchmark: error: \(message)\n".utf8))
    exit(2)
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    func number(_ name: String) -> Int {
        guard let text = arguments.next(), let value = Int(text), value > 0 else { fail("\(name) needs a positive number") }
        return value
    }
    while let argument = arguments.next() {
        switch argument {
        case "--json": options.json = true
        case "--cards": options.cards = number(argument)
        case "--reviews-per-card": options.reviewsPerCard = number(argument)
        case "--runs": options.runs = number(argument)
        case "--check-cards": options.checkCards = number(argument)
        case "--only":
            guard let part = arguments.next(), ["schedule", "rebuild"].contains(part) else { fail("--only needs schedule or rebuild") }
            options.only = part
        case "--write-log":
            guard let path = arguments.next() else { fail("--write-log needs a path") }
            options.writeLog = path
        case "-h", "--help":
            print(
                "usage: scheduling-benchmark [--json] [--cards N] [--reviews-per-card N] [--runs N] [--check-cards N] [--write-log PATH] [--only schedule|rebuild]"
            )
            exit(0)
        default: fail("unknown argument \(argument)")
        }
    }
    return options
}

let options = parseOptions()

func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

// MARK: - Deterministic workload

/// SplitMix64: a tiny, fast, well-mixed PRNG with a fixed seed.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}

/// The synthetic histories, card-major: review `j` of card `c` is at index `c * reviewsPerCard + j`.
struct Workload {
    static let seed: UInt64 = 20_261_121
    /// 2025-01-01T00:00:00Z: cards are first studied during the year after it.
    static let start: TimeInterval = 1_735_689_600

    var cardIDs: [String] = []
    var times: [Date] = []
    var ratings: [Rating] = []
    var answerMilliseconds: [Int] = []
    var ratingCounts: [Rating: Int] = [:]
    var early = 0
    var late = 0
    var onTime = 0
}

/// Each card is first studied at a random second of 2025, then reviewed near its due time: 75%
/// on time (up to 10% of the interval, at most 12 h, after it is due), 10% early (at 50–90% of
/// the interval), 15% late (110–300% of the interval). Ratings: 10% Fail (again), 15% Difficult
/// (hard), 65% Good, 10% Easy. Due times come from FSRS-6 with default settings and no fuzz.
func makeWorkload(cards: Int, reviewsPerCard: Int, scheduler: FSRS6) -> Workload {
    var random = SplitMix64(state: Workload.seed)
    var workload = Workload()
    let total = cards * reviewsPerCard
    workload.cardIDs.reserveCapacity(cards)
    workload.times.reserveCapacity(total)
    workload.ratings.reserveCapacity(total)
    workload.answerMilliseconds.reserveCapacity(total)
    var seen = Set<String>()
    for _ in 0..<cards {
        var id = ""
        repeat {
            let hex = String(random.next(), radix: 16)
            id = String(repeating: "0", count: 16 - hex.count) + hex
        } while !seen.insert(id).inserted
        workload.cardIDs.append(id)
        var time = (Workload.start + (random.unit() * 365 * 86_400).rounded(.down))
        var card = MemoryState.new(at: Date(timeIntervalSince1970: time))
        for _ in 0..<reviewsPerCard {
            let draw = random.unit()
            let rating: Rating = draw < 0.10 ? .again : draw < 0.25 ? .hard : draw < 0.90 ? .good : .easy
            let date = Date(timeIntervalSince1970: time)
            workload.times.append(date)
            workload.ratings.append(rating)
            workload.answerMilliseconds.append(1_500 + Int(random.unit() * 12_000))
            workload.ratingCounts[rating, default: 0] += 1
            card = scheduler.review(card, rating: rating, at: date, fuzz: nil)
            let interval = card.due.timeIntervalSince1970 - time
            let timing = random.unit()
            let spread = random.unit()
            let gap: Double
            if timing < 0.10 {
                gap = interval * (0.5 + 0.4 * spread)
                workload.early += 1
            } else if timing < 0.25 {
                gap = interval * (1.1 + 1.9 * spread)
                workload.late += 1
            } else {
                gap = interval + min(interval * 0.1, 43_200) * spread
                workload.onTime += 1
            }
            time += max(1, gap.rounded(.down))
        }
    }
    return workload
}

/// The workload as one review log: the header, then every review in time order (ties in card
/// order), each line exactly as badger appends it.
func logText(_ workload: Workload, reviewsPerCard: Int) -> String {
    let order = workload.times.indices.sorted { (workload.times[$0], $0) < (workload.times[$1], $1) }
    var text = ReviewLog.header + "\n"
    text.reserveCapacity(order.count * 64)
    for index in order {
        let card = index / reviewsPerCard
        let elapsed = index % reviewsPerCard == 0 ? nil : Int(workload.times[index].timeIntervalSince(workload.times[index - 1]))
        let review = ReviewRecord.Review(
            time: workload.times[index], cardID: workload.cardIDs[card], rating: workload.ratings[index],
            elapsedSeconds: elapsed, answerMilliseconds: workload.answerMilliseconds[index])
        text += ReviewRecord.review(review).line
        text += "\n"
    }
    return text
}

// MARK: - Timing

func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
}

/// Runs `body` `runs` times with a monotonic clock; returns every run's seconds and the last result.
func timed<T>(runs: Int, _ body: () -> T) -> (runs: [Double], result: T) {
    let clock = ContinuousClock()
    var times: [Double] = []
    var result: T?
    for _ in 0..<runs {
        let start = clock.now
        let value = body()
        times.append(seconds(clock.now - start))
        result = value
    }
    return (times, result!)
}

/// (a) FSRS6.review over every step, card by card, as a scheduler-only loop.
func scheduleAll(_ workload: Workload, reviewsPerCard: Int, scheduler: FSRS6, fuzzing: Bool) -> [MemoryState] {
    var finals: [MemoryState] = []
    finals.reserveCapacity(workload.cardIDs.count)
    var index = 0
    for id in workload.cardIDs {
        var state = MemoryState.new(at: workload.times[index])
        for review in 0..<reviewsPerCard {
            let fuzz = fuzzing ? Fuzz(cardID: id, reviewIndex: review) : nil
            state = scheduler.review(state, rating: workload.ratings[index], at: workload.times[index], fuzz: fuzz)
            index += 1
        }
        finals.append(state)
    }
    return finals
}

// MARK: - Run

let scheduler: FSRS6
do {
    scheduler = try FSRS6()
} catch {
    fail("FSRS6 with default settings: \(error)")
}

let runSchedule = options.only != "rebuild"
let runRebuild = options.only != "schedule"
let totalReviews = options.cards * options.reviewsPerCard
progress("generating \(options.cards) cards × \(options.reviewsPerCard) reviews (seed \(Workload.seed)) ...")
let workload = makeWorkload(cards: options.cards, reviewsPerCard: options.reviewsPerCard, scheduler: scheduler)
let text = logText(workload, reviewsPerCard: options.reviewsPerCard)
if let path = options.writeLog {
    do {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        fail("cannot write \(path): \(error)")
    }
    progress("wrote \(path) (\(text.utf8.count) bytes)")
}

func schedule(fuzzing: Bool, runs: Int) -> (runs: [Double], result: [MemoryState]) {
    timed(runs: runs) { scheduleAll(workload, reviewsPerCard: options.reviewsPerCard, scheduler: scheduler, fuzzing: fuzzing) }
}
if runSchedule { progress("(a) FSRS6.review, fuzz off, \(options.runs) runs ...") }
let plain = schedule(fuzzing: false, runs: runSchedule ? options.runs : 1)
if runSchedule { progress("(a) FSRS6.review, fuzz on, \(options.runs) runs ...") }
let fuzzed = schedule(fuzzing: true, runs: runSchedule ? options.runs : 1)

/// (b) `ReviewLog(text:)` then `StateRebuilder.states(from:)`, fuzz on as in a default collection.
struct RebuildRun {
    var parse: Double
    var replay: Double
    var total: Double { parse + replay }
}
var rebuildRuns: [RebuildRun] = []
if runRebuild {
    progress("(b) ReviewLog(text:) + StateRebuilder.states(from:), fuzz on, \(options.runs) runs ...")
    let rebuilder = StateRebuilder(scheduler: scheduler, fuzzing: true)
    var rebuilt: [String: MemoryState] = [:]
    var recordCount = 0
    do {
        let clock = ContinuousClock()
        for _ in 0..<options.runs {
            rebuilt = [:]
            let start = clock.now
            let log = try ReviewLog(text: text)
            let parsed = clock.now
            rebuilt = rebuilder.states(from: log.records)
            let end = clock.now
            recordCount = log.records.count
            rebuildRuns.append(RebuildRun(parse: seconds(parsed - start), replay: seconds(end - parsed)))
        }
    } catch {
        fail("the generated log does not parse: \(error)")
    }
    // Correctness: the replayed log must give exactly the states of the in-memory run with fuzz.
    var mismatches = 0
    for (card, id) in workload.cardIDs.enumerated() where rebuilt[id] != fuzzed.result[card] { mismatches += 1 }
    if recordCount != totalReviews || rebuilt.count != options.cards || mismatches != 0 {
        fail("rebuild disagrees with the in-memory run: \(recordCount) records, \(rebuilt.count) cards, \(mismatches) states differ")
    }
}

// Cross-check subset for scheduling_reference.py: the cards with the smallest ids, fuzz off.
let checkIndices = workload.cardIDs.indices.sorted { workload.cardIDs[$0] < workload.cardIDs[$1] }.prefix(options.checkCards)
var checkStability = 0.0
var checkDifficulty = 0.0
var checkDue = 0.0
for card in checkIndices {
    let state = plain.result[card]
    checkStability += state.stability ?? 0
    checkDifficulty += state.difficulty ?? 0
    checkDue += state.due.timeIntervalSince1970
}

// MARK: - Report

func rate(_ seconds: Double) -> Double { Double(totalReviews) / seconds }
func roundTo(_ value: Double, _ digits: Int) -> Double {
    let scale = pow(10, Double(digits))
    return (value * scale).rounded() / scale
}
let bestRebuild = rebuildRuns.min { $0.total < $1.total }

if options.json {
    func timing(_ runs: [Double]) -> [String: Any] {
        ["best_s": roundTo(runs.min()!, 6), "runs_s": runs.map { roundTo($0, 6) }, "reviews_per_s": roundTo(rate(runs.min()!), 0)]
    }
    var report: [String: Any] = [
        "workload": [
            "cards": options.cards, "reviews_per_card": options.reviewsPerCard, "reviews": totalReviews, "seed": Int(Workload.seed),
            "log_bytes": text.utf8.count,
            "ratings": Dictionary(uniqueKeysWithValues: Rating.allCases.map { ($0.productName, workload.ratingCounts[$0, default: 0]) }),
            "early": workload.early, "on_time": workload.onTime, "late": workload.late,
        ] as [String: Any],
        "check": [
            "cards": checkIndices.count, "reviews": checkIndices.count * options.reviewsPerCard, "stability_sum": checkStability,
            "difficulty_sum": checkDifficulty, "due_sum": checkDue,
        ] as [String: Any],
        "runs": options.runs,
    ]
    if runSchedule {
        report["schedule_fuzz_off"] = timing(plain.runs)
        report["schedule_fuzz_on"] = timing(fuzzed.runs)
    }
    if let best = bestRebuild {
        report["rebuild"] =
            [
                "fuzz": true, "best_s": roundTo(best.total, 6), "parse_s": roundTo(best.parse, 6), "replay_s": roundTo(best.replay, 6),
                "runs_s": rebuildRuns.map { roundTo($0.total, 6) }, "reviews_per_s": roundTo(rate(best.total), 0),
                "matches_schedule": true,
            ] as [String: Any]
    }
    do {
        let data = try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    } catch {
        fail("cannot encode JSON: \(error)")
    }
} else {
    func row(_ name: String, _ seconds: Double) -> String {
        let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
        return "\(padded) \(String(format: "%9.1f", seconds * 1000)) ms  \(String(format: "%11.0f", rate(seconds))) reviews/s"
    }
    print("workload: \(options.cards) cards × \(options.reviewsPerCard) = \(totalReviews) reviews, log \(text.utf8.count) bytes")
    print("best of \(options.runs):")
    if runSchedule {
        print(row("(a) FSRS6.review, fuzz off", plain.runs.min()!))
        print(row("(a) FSRS6.review, fuzz on", fuzzed.runs.min()!))
    }
    if let best = bestRebuild {
        print(row("(b) ReviewLog(text:) parse", best.parse))
        print(row("(b) StateRebuilder.states(from:), fuzz on", best.replay))
        print(row("(b) parse + rebuild", best.total))
        print("rebuilt states match the in-memory run with fuzz: yes")
    }
}

import BadgerTestSupport
import Foundation
import Testing

/// Two clones of a collection study on their own and merge with real `git`, after
/// `badger git-setup`: review logs unite without conflicts and the state is rebuilt from them.
@Suite(.enabled(if: Git.path != nil, "git is not installed; skipping the end-to-end merge tests"))
struct GitMergeTests {
    @Test func pullingUnitesReviewLogsWithoutConflictAndRebuildsTheState() async throws {
        let clones = try await StudiedClones()
        defer { clones.remove() }
        #expect(try await clones.git(["push", "origin", "main"], in: clones.a).status == 0)

        let pull = try await clones.git(["pull", "--no-rebase", "origin", "main"], in: clones.b)
        #expect(pull.status == 0, "git pull failed:\n\(pull.standardOutput)\(pull.standardError)")
        #expect(!(pull.standardOutput + pull.standardError).contains("CONFLICT"))
        #expect(try await clones.git(["ls-files", "--unmerged"], in: clones.b).standardOutput.isEmpty)
        // The post-merge hook rebuilt the state.
        #expect(pull.standardError.contains("rebuilt 3 card states from 10 log records"))

        // The merged logs hold all four reviews, each once, and no conflict markers.
        let merged = try clones.reviewLines(in: clones.b)
        #expect(merged.sorted() == clones.reviewsInA + clones.reviewsInB)
        for log in ["a.reviews", "b.reviews"] {
            let text = try clones.text(log, in: clones.b)
            #expect(!text.contains("<<<<<<<") && !text.contains(">>>>>>>"))
            #expect(text.hasPrefix("# badger review log"))
        }

        // The state is exactly what `state rebuild` makes of the merged logs elsewhere.
        let rebuilt = try await clones.rebuiltElsewhere(from: clones.b)
        for state in ["a.state", "b.state"] {
            #expect(try clones.text(state, in: clones.b) == rebuilt[state], "\(state) differs from a rebuild of the merged logs")
        }

        // Card 2 was studied in both clones: its state comes from both reviews.
        let two = try #require(try clones.stateFields(clones.two, in: clones.b, file: "a.state"))
        #expect(two[6] == "2026-01-03T09:00:00Z")  // last review: B's
        #expect(two[8] == "2")  // repetitions: A's and B's
        let replay = try await clones.replay(clones.two, [(3, "2026-01-01T08:05:00Z"), (3, "2026-01-03T09:00:00Z")])
        #expect(two[1] == replay.state)
        #expect(Double(two[3]) == replay.stability)
        #expect(Double(two[4]) == replay.difficulty)
        #expect(two[5] == replay.due)
        #expect(try clones.stateFields(clones.one, in: clones.b, file: "a.state")?[6] == "2026-01-01T08:00:00Z")
        #expect(try clones.stateFields(clones.three, in: clones.b, file: "b.state")?[6] == "2026-01-03T09:05:00Z")

        let lint = try await clones.badger(["lint"], in: clones.b)
        #expect(lint.status == 0)
        #expect(lint.standardOutput.isEmpty)
    }

    @Test func mergingInEitherDirectionGivesTheSameState() async throws {
        let clones = try await StudiedClones()
        defer { clones.remove() }
        #expect(try await clones.git(["push", "origin", "main"], in: clones.a).status == 0)

        // A merges B's work straight from B; B merges A's from origin.
        let intoA = try await clones.git(["pull", "--no-rebase", clones.b.path, "main"], in: clones.a)
        #expect(intoA.status == 0, "merging B into A failed:\n\(intoA.standardOutput)\(intoA.standardError)")
        let intoB = try await clones.git(["pull", "--no-rebase", "origin", "main"], in: clones.b)
        #expect(intoB.status == 0, "merging A into B failed:\n\(intoB.standardOutput)\(intoB.standardError)")
        for clone in [clones.a, clones.b] {
            #expect(try await clones.git(["ls-files", "--unmerged"], in: clone).standardOutput.isEmpty)
        }

        for file in ["a.reviews", "b.reviews", "a.state", "b.state"] {
            #expect(try clones.text(file, in: clones.a) == clones.text(file, in: clones.b), "\(file) differs between the two merges")
        }
        let rebuilt = try await clones.rebuiltElsewhere(from: clones.a)
        for state in ["a.state", "b.state"] {
            #expect(try clones.text(state, in: clones.a) == rebuilt[state])
        }
        #expect(try clones.reviewLines(in: clones.a).sorted() == clones.reviewsInA + clones.reviewsInB)
    }

    /// Three clones re-fitted, two of them to as many reviews on the same day (their equal lines
    /// appear once in the merge): git's union driver keeps every fit in badger.yml, in an order
    /// that depends on who merged whom. Every clone uses the same values whatever the order (the
    /// last fit in the file counted, and clones that merged differently scheduled differently).
    @Test func reFitsMergedInAnyOrderScheduleAlike() async throws {
        let clones = try await StudiedClones()
        defer { clones.remove() }
        let c = clones.directory.url.appendingPathComponent("C")
        try StudiedClones.require(await clones.git(["clone", "-q", clones.a.path, c.path], in: clones.directory.url))
        try await StudiedClones.configureUser(c, name: "C")
        func fit(_ first: String, reviews: Int, retention: String) -> String {
            """
            fuzz: true
            desired_retention: auto
            # Written by each fit (badger optimize --apply, the end of a study session):
            fsrs_parameters: [\(first), 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]
            fsrs_parameters_fitted: "2026-01-04"
            fsrs_parameters_reviews: \(reviews)
            adaptive_retention: \(retention)
            adaptive_target_retention: \(retention)
            adaptive_learning_steps: [1m, 10m]
            adaptive_relearning_steps: [10m]
            adaptive_reason: "a fit to \(reviews) reviews"
            adaptive_same_day_intervals: true

            """
        }
        for (clone, text) in [
            (clones.a, fit("0.3", reviews: 1875, retention: "0.83")), (clones.b, fit("0.5", reviews: 1876, retention: "0.86")),
            (c, fit("0.4", reviews: 1875, retention: "0.84")),
        ] {
            try text.write(to: clone.appendingPathComponent("badger.yml"), atomically: true, encoding: .utf8)
            try StudiedClones.require(await clones.git(["commit", "-qam", "Re-fitted"], in: clone))
        }
        // One merges A's work, then B's, then C's; the other C's, then B's, then A's.
        var merged: [URL] = []
        for (name, order) in [("T1", [clones.a, clones.b, c]), ("T2", [c, clones.b, clones.a])] {
            let target = clones.directory.url.appendingPathComponent(name)
            try StudiedClones.require(await clones.git(["clone", "-q", order[0].path, target.path], in: clones.directory.url))
            try await StudiedClones.configureUser(target, name: name)
            let setup = try await BadgerProcess.run(["git-setup", "--badger", BadgerProcess.executable.path], in: target)
            try #require(setup.status == 0, "git-setup failed: \(setup.standardError)")
            for source in order.dropFirst() {
                let pull = try await clones.git(["pull", "-q", "--no-rebase", source.path, "main"], in: target)
                try #require(pull.status == 0, "\(pull.standardOutput)\(pull.standardError)")
            }
            merged.append(target)
        }
        let yaml = try merged.map { try clones.text("badger.yml", in: $0) }
        #expect(yaml[0] != yaml[1], "the merges should order the fits differently")
        for text in yaml {
            #expect(text.components(separatedBy: "\nfsrs_parameters: [").count == 4, "\(text)")
        }
        var states: [[String]] = []
        for clone in merged {
            #expect(try await clones.badger(["state", "rebuild"], in: clone).status == 0)
            states.append(try ["a.state", "b.state"].map { try clones.text($0, in: clone) })
            let due = try await clones.badger(["due"], in: clone)
            #expect(due.status == 0, "\(due.standardError)")
        }
        #expect(states[0] == states[1])
    }

    /// Settings changed in one clone, just above and just below the fit's lines, while the other
    /// re-fitted: the comment lines every fit keeps around its keys separate the changes, so git
    /// merges them (the union driver kept both versions of a setting, and every command stopped).
    @Test func aSettingChangedInOneCloneMergesWithAReFitInTheOther() async throws {
        let clones = try await StudiedClones()
        defer { clones.remove() }
        func file(_ retention: String, fit first: String, reviews: Int, hour: Int = 4) -> String {
            """
            fuzz: true
            desired_retention: \(retention)
            # Written by each fit (badger optimize --apply, the end of a study session):
            fsrs_parameters: [\(first), 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]
            fsrs_parameters_reviews: \(reviews)
            # End of what fits write.
            day_start_hour: \(hour)

            """
        }
        func write(_ text: String, in clone: URL) throws {
            try text.write(to: clone.appendingPathComponent("badger.yml"), atomically: true, encoding: .utf8)
        }
        try write(file("auto", fit: "0.3", reviews: 100), in: clones.a)
        try StudiedClones.require(await clones.git(["commit", "-qam", "Fitted"], in: clones.a))
        try StudiedClones.require(await clones.git(["push", "-q", "origin", "main"], in: clones.a))
        try StudiedClones.require(await clones.git(["pull", "-q", "--no-rebase", "origin", "main"], in: clones.b))
        // A re-fits; B sets its retention above the fit's lines and its day start below them.
        try write(file("auto", fit: "0.4", reviews: 150), in: clones.a)
        try StudiedClones.require(await clones.git(["commit", "-qam", "Re-fitted"], in: clones.a))
        try write(file("0.92", fit: "0.3", reviews: 100, hour: 5), in: clones.b)
        try StudiedClones.require(await clones.git(["commit", "-qam", "My settings"], in: clones.b))
        let pull = try await clones.git(["pull", "-q", "--no-rebase", clones.b.path, "main"], in: clones.a)
        #expect(pull.status == 0, "\(pull.standardOutput)\(pull.standardError)")
        #expect(try clones.text("badger.yml", in: clones.a) == file("0.92", fit: "0.4", reviews: 150, hour: 5))
        let due = try await clones.badger(["due"], in: clones.a)
        #expect(due.status == 0, "\(due.standardError)")
    }

    @Test func gitSetupWritesAttributesDriversAndTheHook() async throws {
        let clones = try await StudiedClones()
        defer { clones.remove() }
        let attributes = try clones.text(".gitattributes", in: clones.a)
        #expect(attributes.contains("*.reviews merge=badger-reviews\n"))
        #expect(attributes.contains("*.state merge=badger-state\n"))
        let driver = try await clones.git(["config", "merge.badger-reviews.driver"], in: clones.a).standardOutput
        #expect(driver.contains(BadgerProcess.executable.standardizedFileURL.path))
        #expect(driver.contains("merge-driver reviews %O %A %B"))
        let hook = clones.a.appendingPathComponent(".git/hooks/post-merge")
        #expect(FileManager.default.isExecutableFile(atPath: hook.path))
        #expect(try String(contentsOf: hook, encoding: .utf8).contains("state rebuild"))
        // Running it again adds nothing twice.
        #expect(try await clones.badger(["git-setup", "--badger", BadgerProcess.executable.path], in: clones.a).status == 0)
        #expect(try clones.text(".gitattributes", in: clones.a) == attributes)
    }

    /// A edits a question slightly (its rebuild logs the rename) while B, not knowing yet,
    /// reviews the card under its old id. After the merge the card must keep B's review too.
    @Test func aReviewOfACardRenamedInTheOtherCloneIsNotLost() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.url
        let origin = root.appendingPathComponent("origin.git")
        let seed = root.appendingPathComponent("seed")
        let (a, b) = (root.appendingPathComponent("A"), root.appendingPathComponent("B"))
        func git(_ arguments: [String], in repository: URL) async throws {
            let result = try await Git.run(arguments, in: repository)
            try #require(
                result.status == 0, "git \(arguments.joined(separator: " ")) failed:\n\(result.standardOutput)\(result.standardError)")
        }
        func badger(_ arguments: [String], in clone: URL) async throws -> String {
            let result = try await BadgerProcess.run(arguments, in: clone)
            try #require(result.status == 0, "badger \(arguments.joined(separator: " ")) failed: \(result.standardError)")
            return result.standardOutput
        }
        func deck(_ question: String) async -> String { "---\ntopic: T\n---\n\nQ: \(question)\nA: Paris\n\nQ: What is two?\nA: 2\n" }

        try await directory.write("seed/a.md", deck("What is the capital city of France?"))
        try directory.write("seed/badger.yml", "fuzz: true\n")
        try await git(["init", "--bare", "-b", "main", origin.path], in: root)
        try await git(["init", "-b", "main"], in: seed)
        try await StudiedClones.configureUser(seed, name: "Seed")
        let old = try await #require(try StudiedClones.ids(in: seed).first)
        _ = try await badger(["review", "--card", old, "--rating", "2", "--at", "2026-01-01T08:00:00Z"], in: seed)
        _ = try await badger(["review", "--card", old, "--rating", "2", "--at", "2026-01-01T08:10:00Z"], in: seed)
        try await git(["add", "-A"], in: seed)
        try await git(["commit", "-m", "Studied"], in: seed)
        try await git(["push", origin.path, "main"], in: seed)
        for (clone, name) in [(a, "A"), (b, "B")] {
            try await git(["clone", origin.path, clone.path], in: root)
            try await StudiedClones.configureUser(clone, name: name)
            _ = try await badger(["git-setup", "--badger", BadgerProcess.executable.path], in: clone)
        }

        // A edits the question; its rebuild carries the progress over and logs the rename.
        try await directory.write("A/a.md", deck("What is the capital town of France?"))
        let new = try await #require(try StudiedClones.ids(in: a).first)
        _ = try await badger(["state", "rebuild"], in: a)
        try await git(["add", "-A"], in: a)
        try await git(["commit", "-m", "Edit a question"], in: a)
        try await git(["push", "origin", "main"], in: a)

        // A moment later B, still on the old question, reviews the card.
        try await Task.sleep(for: .milliseconds(1100))
        _ = try await badger(["review", "--card", old, "--rating", "2"], in: b)
        let reviewInB = try #require(
            try String(contentsOf: b.appendingPathComponent("a.reviews"), encoding: .utf8).split(separator: "\n").last.map(String.init))
        let reviewTime = String(reviewInB.prefix { $0 != "\t" })
        try await git(["add", "-A"], in: b)
        try await git(["commit", "-m", "Studied"], in: b)
        let pull = try await Git.run(["pull", "--no-rebase", "origin", "main"], in: b)
        #expect(pull.status == 0, "\(pull.standardOutput)\(pull.standardError)")

        let log = try String(contentsOf: b.appendingPathComponent("a.reviews"), encoding: .utf8)
        #expect(log.contains(reviewInB + "\n"))
        let state = try String(contentsOf: b.appendingPathComponent("a.state"), encoding: .utf8)
        let fields = try #require(state.split(separator: "\n").first { $0.hasPrefix(new + "\t") }?.components(separatedBy: "\t"))
        #expect(fields[6] == reviewTime, "the renamed card's last review should be B's review at \(reviewTime)")
        #expect(fields[8] == "3", "the renamed card should count all three reviews")
        // And nowhere else does B's review hide: no state is left for the old id.
        #expect(!state.contains(old))
    }
}

/// An origin (bare), and clones A and B of a two-deck collection that each studied and
/// committed: A reviewed cards 1 and 2, B cards 2 and 3, at different times.
struct StudiedClones {
    let directory: TemporaryDirectory
    let a: URL
    let b: URL
    let one: String
    let two: String
    let three: String
    /// The review lines each clone logged, sorted.
    var reviewsInA: [String] = []
    var reviewsInB: [String] = []

    init() async throws {
        directory = try TemporaryDirectory()
        let root = directory.url
        let origin = root.appendingPathComponent("origin.git")
        let seed = root.appendingPathComponent("seed")
        a = root.appendingPathComponent("A")
        b = root.appendingPathComponent("B")

        try directory.write("seed/a.md", "---\ntopic: T\n---\n\nQ: What is one?\nA: 1\n\nQ: What is two?\nA: 2\n")
        try directory.write("seed/b.md", "---\ntopic: U\n---\n\nQ: What is three?\nA: 3\n")
        try directory.write("seed/badger.yml", "fuzz: true\n")
        try await Self.require(Git.run(["init", "--bare", "-b", "main", origin.path], in: root))
        try await Self.require(Git.run(["init", "-b", "main"], in: seed))
        try await Self.configureUser(seed, name: "Seed")
        try await Self.require(Git.run(["add", "-A"], in: seed))
        try await Self.require(Git.run(["commit", "-m", "A collection"], in: seed))
        try await Self.require(Git.run(["remote", "add", "origin", origin.path], in: seed))
        try await Self.require(Git.run(["push", "origin", "main"], in: seed))

        let ids = try await Self.ids(in: seed)
        try #require(ids.count == 3)
        one = ids[0]
        two = ids[1]
        three = ids[2]

        for (clone, name) in [(a, "A"), (b, "B")] {
            try await Self.require(Git.run(["clone", origin.path, clone.path], in: root))
            try await Self.configureUser(clone, name: name)
            let setup = try await BadgerProcess.run(["git-setup", "--badger", BadgerProcess.executable.path], in: clone)
            try #require(setup.status == 0, "git-setup failed: \(setup.standardError)")
        }

        for (card, rating, time) in [(one, "2", "2026-01-01T08:00:00Z"), (two, "2", "2026-01-01T08:05:00Z")] {
            let review = try await BadgerProcess.run(["review", "--card", card, "--rating", rating, "--at", time], in: a)
            try #require(review.status == 0, "review in A failed: \(review.standardError)")
        }
        for (card, rating, time) in [(two, "2", "2026-01-03T09:00:00Z"), (three, "3", "2026-01-03T09:05:00Z")] {
            let review = try await BadgerProcess.run(["review", "--card", card, "--rating", rating, "--at", time], in: b)
            try #require(review.status == 0, "review in B failed: \(review.standardError)")
        }
        for clone in [a, b] {
            try await Self.require(Git.run(["add", "-A"], in: clone))
            try await Self.require(Git.run(["commit", "-m", "Studied"], in: clone))
        }
        reviewsInA = try reviewLines(in: a).sorted()
        reviewsInB = try reviewLines(in: b).sorted()
        try #require(reviewsInA.count == 2 && reviewsInB.count == 2)
    }

    func remove() { directory.remove() }

    func git(_ arguments: [String], in directory: URL) async throws -> Git.Result { try await Git.run(arguments, in: directory) }

    func badger(_ arguments: [String], in directory: URL) async throws -> BadgerProcess.Result {
        try await BadgerProcess.run(arguments, in: directory)
    }

    func text(_ relative: String, in clone: URL) throws -> String {
        try String(contentsOf: clone.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Every review line of both decks' logs (headers left out).
    func reviewLines(in clone: URL) throws -> [String] {
        var lines: [String] = []
        for log in ["a.reviews", "b.reviews"] where FileManager.default.fileExists(atPath: clone.appendingPathComponent(log).path) {
            lines += try text(log, in: clone).split(separator: "\n").map(String.init).filter { $0.contains("\treviewed\t") }
        }
        return lines
    }

    /// The fields of `id`'s line in a clone's state file.
    func stateFields(_ id: String, in clone: URL, file: String) throws -> [String]? {
        try text(file, in: clone).split(separator: "\n").first { $0.hasPrefix(id + "\t") }?.components(separatedBy: "\t")
    }

    /// The state files `badger state rebuild` makes from a clone's decks, config and logs,
    /// copied to a third directory without any state.
    func rebuiltElsewhere(from clone: URL) async throws -> [String: String] {
        let copy = directory.url.appendingPathComponent("rebuild-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for file in ["a.md", "b.md", "badger.yml", "a.reviews", "b.reviews"] {
            try FileManager.default.copyItem(at: clone.appendingPathComponent(file), to: copy.appendingPathComponent(file))
        }
        let rebuild = try await BadgerProcess.run(["state", "rebuild"], in: copy)
        try #require(rebuild.status == 0, "state rebuild failed: \(rebuild.standardError)")
        return [
            "a.state": try String(contentsOf: copy.appendingPathComponent("a.state"), encoding: .utf8),
            "b.state": try String(contentsOf: copy.appendingPathComponent("b.state"), encoding: .utf8),
        ]
    }

    struct Replayed: Decodable {
        var state: String
        var stability: Double?
        var difficulty: Double?
        var due: String
    }

    /// The last state `badger schedule replay` gives for `id` after `reviews` (FSRS rating, time),
    /// with fuzz as the collection has it.
    func replay(_ id: String, _ reviews: [(Int, String)]) async throws -> Replayed {
        let list = reviews.map { #"{"rating": \#($0.0), "at": "\#($0.1)"}"# }.joined(separator: ", ")
        let input = #"[{"id": "\#(id)", "reviews": [\#(list)]}]"#
        let result = try await BadgerProcess.run(["schedule", "replay", "-"], in: directory.url, input: input)
        try #require(result.status == 0, "replay failed: \(result.standardError)")
        struct Card: Decodable { var states: [Replayed] }
        let cards = try JSONDecoder().decode([Card].self, from: Data(result.standardOutput.utf8))
        return try #require(cards.first?.states.last)
    }

    /// The card ids `badger compile` lists for a directory, in order.
    static func ids(in directory: URL) async throws -> [String] {
        let compiled = try await BadgerProcess.run(["compile"], in: directory)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(compiled.standardOutput.utf8)) as? [String: Any])
        return try #require(document["cards"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    }

    static func configureUser(_ repository: URL, name: String) async throws {
        try await require(Git.run(["config", "user.name", name], in: repository))
        try await require(Git.run(["config", "user.email", "\(name.lowercased())@example.com"], in: repository))
    }

    static func require(_ result: Git.Result, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(result.status == 0, "git failed:\n\(result.standardOutput)\(result.standardError)", sourceLocation: sourceLocation)
    }
}

/// Runs the real `git`, isolated from the user's and the system's git configuration.
enum Git {
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static func run(_ arguments: [String], in directory: URL) async throws -> Result {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_MERGE_AUTOEDIT"] = "no"
        environment["GIT_EDITOR"] = "true"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        for key in environment.keys where key.hasPrefix("GIT_DIR") || key == "GIT_WORK_TREE" || key == "GIT_INDEX_FILE" {
            environment[key] = nil
        }
        process.environment = environment
        let result = try await ExternalProcess.run(process)
        return Result(status: result.status, standardOutput: result.standardOutput, standardError: result.standardError)
    }
}

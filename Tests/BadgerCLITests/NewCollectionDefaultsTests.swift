import BadgerTestSupport
import Foundation
import Testing

/// A new collection adapts: a command that records reviews (`study`, `review`, an Anki import
/// with history) in a collection whose logs hold none writes `auto` into badger.yml for each of the retention and steps it does not set.
/// Until the first fit that schedules exactly as the fixed defaults (py-fsrs's); a collection
/// that already holds reviews keeps its settings.
@Suite struct NewCollectionDefaultsTests {
    static let deck = "---\ntopic: T\n---\n\nQ: one?\nA: 1\n\nQ: two?\nA: 2\n"
    static let fixed = "desired_retention: 0.9\nlearning_steps: [1m, 10m]\nrelearning_steps: [10m]\n"

    static func collection(_ settings: String? = nil) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("t.md", deck)
        if let settings { try directory.write("badger.yml", settings) }
        return directory
    }

    static func ids(in directory: TemporaryDirectory) async throws -> [String] {
        let list = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url).standardOutput
        return list.components(separatedBy: "\"id\" : \"").dropFirst().map { String($0.prefix(16)) }
    }

    static func review(_ id: String, _ rating: Int, at time: String, in directory: TemporaryDirectory) async throws -> String {
        let result = try await BadgerProcess.run(["review", "--card", id, "--rating", String(rating), "--at", time], in: directory.url)
        try #require(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    /// Again, Good, Good within minutes graduates a card whose default stability is a quarter of
    /// a day: with same-day intervals it would come back that day; before a fit it waits a whole
    /// day, as py-fsrs schedules, and every due time is the fixed defaults'.
    @Test func theFirstReviewWritesAutoAndSchedulesAsTheFixedDefaults() async throws {
        let new = try Self.collection()
        let fixed = try Self.collection(Self.fixed)
        defer {
            new.remove()
            fixed.remove()
        }
        let id = try #require(try await Self.ids(in: new).first)
        let reviews = [
            (0, "2026-11-20T09:00:00Z"), (2, "2026-11-20T09:01:00Z"), (2, "2026-11-20T09:11:00Z"), (2, "2026-11-21T09:30:00Z"),
            (0, "2026-11-24T10:00:00Z"), (2, "2026-11-24T10:10:00Z"),
        ]
        for (rating, time) in reviews {
            let adapting = try await Self.review(id, rating, at: time, in: new)
            #expect(adapting == (try await Self.review(id, rating, at: time, in: fixed)), "at \(time)")
        }
        let written = try new.read("badger.yml")
        #expect(written.contains("\ndesired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n"), "\(written)")
        #expect(try fixed.read("badger.yml") == Self.fixed)
        // `due` names the automatic settings and what they mean until a fit.
        let due = try await BadgerProcess.run(["due"], in: new.url)
        #expect(due.standardOutput.contains("Automatic settings: retention 0.90"), "\(due.standardOutput)")
    }

    @Test func aStudySessionWritesThemBeforeItsFirstRatingOnly() async throws {
        let directory = try Self.collection("exclude:\n  - README.md\r\ndesired_retention: 0.85")
        defer { directory.remove() }
        // (No cards to learn ahead: n; show the answer; Good; quit.)
        let quit = try await BadgerProcess.run(["study", "--topic", "T", "--count", "10", "--plain"], in: directory.url, input: "n\nq\n")
        #expect(quit.status == 0, "\(quit.standardError)")
        #expect(try directory.read("badger.yml") == "exclude:\n  - README.md\r\ndesired_retention: 0.85", "nothing rated, nothing written")
        let study = try await BadgerProcess.run(
            ["study", "--topic", "T", "--count", "10", "--plain"], in: directory.url, input: "n\n\n2\nq\n")
        #expect(study.status == 0, "\(study.standardError)")
        #expect(try directory.read("t.reviews").contains("\treviewed\t"), "rated")
        // Your lines as they were, byte for byte; the unset ones below, in the file's line endings.
        #expect(
            try directory.read("badger.yml")
                == "exclude:\n  - README.md\r\ndesired_retention: 0.85\r\n"
                + "# Chosen at each fit, the default for a new collection (write a value of your own to choose it yourself):\r\n"
                + "learning_steps: auto\r\nrelearning_steps: auto\r\n")
    }

    @Test func aReviewThatIsNotRecordedWritesNothing() async throws {
        let directory = try Self.collection()
        defer { directory.remove() }
        let unknown = try await BadgerProcess.run(["review", "--card", "deadbeefdeadbeef", "--rating", "2"], in: directory.url)
        #expect(unknown.status == 2)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.yml").path))
    }

    /// Two new collections side by side, run from the folder above: only the one reviewed.
    @Test func onlyTheCollectionReviewedIsWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ["a", "b"] {
            try directory.write("\(name)/badger.yml", "fuzz: true\n")
            try directory.write("\(name)/t.md", Self.deck.replacingOccurrences(of: "topic: T", with: "topic: \(name.uppercased())"))
        }
        let list = try await BadgerProcess.run(["list", "a", "--format", "json"], in: directory.url).standardOutput
        let id = try #require(list.components(separatedBy: "\"id\" : \"").dropFirst().first.map { String($0.prefix(16)) })
        let review = try await BadgerProcess.run(["review", "--card", id, "--rating", "2"], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(try directory.read("a/badger.yml").contains("desired_retention: auto"))
        #expect(try directory.read("b/badger.yml") == "fuzz: true\n")
    }

    /// A folder below that is a collection of its own by the `.gitattributes` of its first log
    /// (made without badger.yml) would join a new badger.yml above it: none is written, and the
    /// older collection keeps its settings and its history.
    @Test func aNewBadgerYmlNeverJoinsAnOlderCollectionBelowIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("french/t.md", Self.deck)
        try directory.write("spanish.md", Self.deck.replacingOccurrences(of: "topic: T", with: "topic: S"))
        let french = directory.url.appendingPathComponent("french")
        let frenchID = try #require(
            try await BadgerProcess.run(["list", "--format", "json"], in: french).standardOutput
                .components(separatedBy: "\"id\" : \"").dropFirst().first.map { String($0.prefix(16)) })
        let old = try await BadgerProcess.run(["review", "--card", frenchID, "--rating", "2"], in: french)
        #expect(old.status == 0, "\(old.standardError)")
        // As an older badger left it: reviews, `.gitattributes`, no badger.yml.
        try FileManager.default.removeItem(at: french.appendingPathComponent("badger.yml"))
        let list = try await BadgerProcess.run(["list", "spanish.md", "--format", "json"], in: directory.url).standardOutput
        let id = try #require(list.components(separatedBy: "\"id\" : \"").dropFirst().first.map { String($0.prefix(16)) })
        let review = try await BadgerProcess.run(["review", "spanish.md", "--card", id, "--rating", "2"], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(review.standardError.contains("would make the collection in"), "\(review.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.yml").path))
        let due = try await BadgerProcess.run(["due"], in: french)
        #expect(!due.standardOutput.contains("Automatic settings"), "\(due.standardOutput)")
    }

    @Test func aPrivateBadgerYmlStaysPrivate() async throws {
        let directory = try Self.collection("fuzz: true\n")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("badger.yml").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let id = try #require(try await Self.ids(in: directory).first)
        _ = try await Self.review(id, 2, at: "2026-11-20T09:00:00Z", in: directory)
        #expect(try directory.read("badger.yml").contains("desired_retention: auto"))
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
    }

    /// A badger.yml, .gitignore or .gitattributes made read-only is never replaced (the rename
    /// of an atomic write would, keeping the mode, also for root): the review is recorded, the
    /// collection keeps the fixed defaults, and the warning says why and how to allow it.
    @Test func readOnlyFilesAreNotRewritten() async throws {
        let directory = try Self.collection("fuzz: true\n")
        defer { directory.remove() }
        try directory.write(".gitignore", "build/\n")
        let files = ["badger.yml", ".gitignore"].map { directory.url.appendingPathComponent($0).path }
        for path in files { try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path) }
        let id = try #require(try await Self.ids(in: directory).first)
        let review = try await BadgerProcess.run(
            ["review", "--card", id, "--rating", "2", "--at", "2026-11-20T09:00:00Z"], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(
            review.standardError.contains("it is read-only, and badger does not replace a file you made read-only"),
            "\(review.standardError)")
        #expect(try directory.read("badger.yml") == "fuzz: true\n")
        #expect(try directory.read(".gitignore") == "build/\n")
        #expect(try directory.read(".gitattributes").contains("*.reviews merge=union"))
        for path in files { #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o444) }
    }

    /// A read-only badger.yml that already sets everything needs nothing written: no warning.
    @Test func aReadOnlyBadgerYmlThatSetsEverythingIsNotWarnedAbout() async throws {
        let directory = try Self.collection(Self.fixed)
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("badger.yml").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let id = try #require(try await Self.ids(in: directory).first)
        let review = try await BadgerProcess.run(
            ["review", "--card", id, "--rating", "2", "--at", "2026-11-20T09:00:00Z"], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(review.standardError.isEmpty, "\(review.standardError)")
        #expect(try directory.read("badger.yml") == Self.fixed)
    }

    /// A badger.yml shared through a group keeps its group and owner when badger rewrites it
    /// (the rename left it root's, and the group locked out). Needs a user who may give files
    /// away (root, as CI runs); skipped otherwise.
    @Test func aRewrittenBadgerYmlKeepsItsOwnerAndGroup() async throws {
        let directory = try Self.collection("fuzz: true\n")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("badger.yml").path
        guard
            (try? FileManager.default.setAttributes(
                [.ownerAccountID: 65534, .groupOwnerAccountID: 65534, .posixPermissions: 0o664], ofItemAtPath: path)) != nil,
            (try FileManager.default.attributesOfItem(atPath: path)[.groupOwnerAccountID] as? Int) == 65534
        else { return }
        let id = try #require(try await Self.ids(in: directory).first)
        _ = try await Self.review(id, 2, at: "2026-11-20T09:00:00Z", in: directory)
        #expect(try directory.read("badger.yml").contains("desired_retention: auto"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.groupOwnerAccountID] as? Int == 65534 && attributes[.ownerAccountID] as? Int == 65534)
        #expect(attributes[.posixPermissions] as? Int == 0o664)
    }

    /// Bounds without 0.9: until a fit, the automatic retention is the nearest bound, and the
    /// first review is scheduled with it already.
    @Test func theFirstReviewIsScheduledWithTheAutomaticSettings() async throws {
        let new = try Self.collection("desired_retention_bounds: [0.93, 0.95]\nfuzz: false\n")
        let fixed = try Self.collection("desired_retention: 0.93\nfuzz: false\n")
        let plain = try Self.collection("desired_retention: 0.9\nfuzz: false\n")
        defer {
            new.remove()
            fixed.remove()
            plain.remove()
        }
        let id = try #require(try await Self.ids(in: new).first)
        // Easy on a new card: straight to days, as many as the retention gives.
        let adapting = try await Self.review(id, 3, at: "2026-11-20T09:00:00Z", in: new)
        #expect(adapting == (try await Self.review(id, 3, at: "2026-11-20T09:00:00Z", in: fixed)))
        let usual = try await Self.review(id, 3, at: "2026-11-20T09:00:00Z", in: plain)
        #expect(adapting != usual, "0.93 schedules sooner than 0.9: \(adapting) \(usual)")
    }

    /// A new collection beside the one reviewed, whose badger.yml could not take them, is not
    /// warned about: only the collection reviewed is.
    @Test func aCollectionNotReviewedIsNotWarnedAbout() async throws {
        let directory = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        defer {
            directory.remove()
            outside.remove()
        }
        try directory.write("a/badger.yml", "fuzz: true\n")
        try directory.write("a/t.md", Self.deck)
        try directory.write("b/t.md", Self.deck.replacingOccurrences(of: "topic: T", with: "topic: B"))
        let target = try outside.write("shared.yml", "fuzz: true\n")
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("b/badger.yml"), withDestinationURL: target)
        let list = try await BadgerProcess.run(["list", "a", "--format", "json"], in: directory.url).standardOutput
        let id = try #require(list.components(separatedBy: "\"id\" : \"").dropFirst().first.map { String($0.prefix(16)) })
        let review = try await BadgerProcess.run(["review", "--card", id, "--rating", "2"], in: directory.url)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(!review.standardError.contains("keeps the fixed defaults"), "\(review.standardError)")
        #expect(try directory.read("a/badger.yml").contains("desired_retention: auto"))
    }

    @Test func aCollectionThatHoldsReviewsKeepsItsSettings() async throws {
        let directory = try Self.collection()
        defer { directory.remove() }
        let ids = try await Self.ids(in: directory)
        _ = try await Self.review(ids[0], 2, at: "2026-11-20T09:00:00Z", in: directory)
        // A collection from before: reviews, and no badger.yml.
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("badger.yml"))
        _ = try await Self.review(ids[1], 2, at: "2026-11-20T09:05:00Z", in: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("badger.yml").path))
    }

    @Test func settingsOfYourOwnAndOtherSchedulersAreLeftAlone() async throws {
        let parameters =
            "fsrs_parameters: [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]\n"
        for settings in [
            Self.fixed, "scheduler: sm2\n", "desired_retention: 0.9\nlearning_steps: auto\nrelearning_steps: []\n", parameters,
        ] {
            let directory = try Self.collection(settings)
            defer { directory.remove() }
            let id = try #require(try await Self.ids(in: directory).first)
            _ = try await Self.review(id, 2, at: "2026-11-20T09:00:00Z", in: directory)
            #expect(try directory.read("badger.yml") == settings)
        }
    }

    /// A badger.yml linked out of the collection is never written: the review is recorded, the
    /// collection keeps the fixed defaults, and a warning says so.
    @Test func aBadgerYmlLinkedOutOfTheCollectionIsNotWritten() async throws {
        let outside = try TemporaryDirectory()
        let directory = try Self.collection()
        defer {
            outside.remove()
            directory.remove()
        }
        let target = try outside.write("shared.yml", "fuzz: true\n")
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("badger.yml"), withDestinationURL: target)
        let id = try #require(try await Self.ids(in: directory).first)
        let result = try await BadgerProcess.run(["review", "--card", id, "--rating", "2"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("keeps the fixed defaults"), "\(result.standardError)")
        #expect(try outside.read("shared.yml") == "fuzz: true\n")
        #expect(try directory.read("t.reviews").contains("\(id)"))
    }
}

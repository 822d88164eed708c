import BadgerTestSupport
import Foundation
import Testing

/// Clones that never ran `badger git-setup`: merges, rebases and cherry-picks of studied
/// collections are conflict-free (the committed `.gitattributes` unites logs and state files)
/// and every review counts exactly once, even three equal ratings in one second.
@Suite(.enabled(if: Git.path != nil, "git is not installed; skipping the end-to-end merge tests"))
struct GitWithoutSetupTests {
    struct Clones {
        let directory: TemporaryDirectory
        let origin: URL
        let a: URL
        let b: URL
        let ids: [String]

        init() async throws {
            directory = try TemporaryDirectory()
            let root = directory.url
            origin = root.appendingPathComponent("origin.git")
            let seed = root.appendingPathComponent("seed")
            (a, b) = (root.appendingPathComponent("A"), root.appendingPathComponent("B"))
            try directory.write("seed/badger.yml", "fuzz: true\n")
            try directory.write(
                "seed/d.md", "---\ntopic: T\n---\n\n" + (1...4).map { "Q: question \($0)\nA: answer \($0)\n" }.joined(separator: "\n"))
            try await Self.git(["init", "--bare", "-b", "main", origin.path], in: root)
            try await Self.git(["init", "-b", "main"], in: seed)
            try await StudiedClones.configureUser(seed, name: "Seed")
            ids = try await StudiedClones.ids(in: seed)
            try #require(ids.count == 4)
            try await Self.review(ids[0], "2026-01-01T08:00:00Z", in: seed)
            try await Self.git(["add", "-A"], in: seed)
            try await Self.git(["commit", "-m", "First review"], in: seed)
            try await Self.git(["push", origin.path, "main"], in: seed)
            for (clone, name) in [(a, "A"), (b, "B")] {
                try await Self.git(["clone", origin.path, clone.path], in: root)
                try await StudiedClones.configureUser(clone, name: name)
            }
        }

        static func git(_ arguments: [String], in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let result = try await Git.run(arguments, in: directory)
            try #require(
                result.status == 0, "git \(arguments.joined(separator: " ")): \(result.standardOutput)\(result.standardError)",
                sourceLocation: sourceLocation)
        }

        static func review(_ id: String, _ time: String, rating: String = "2", in clone: URL) async throws {
            let result = try await BadgerProcess.run(["review", "--card", id, "--rating", rating, "--at", time], in: clone)
            try #require(result.status == 0, "\(result.standardError)")
        }

        /// A studies card 2 three times in one second with one rating, and card 1; B studies
        /// cards 2 and 3. Both commit.
        func studyApart() async throws {
            for _ in 0..<3 { try await Self.review(ids[1], "2026-01-02T08:00:00Z", in: a) }
            try await Self.review(ids[0], "2026-01-03T08:00:00Z", in: a)
            try await Self.review(ids[1], "2026-01-02T09:00:00Z", rating: "3", in: b)
            try await Self.review(ids[2], "2026-01-02T09:05:00Z", in: b)
            for clone in [a, b] {
                try await Self.git(["add", "-A"], in: clone)
                try await Self.git(["commit", "-m", "Studied"], in: clone)
            }
        }

        /// Every review line of a clone's logs.
        func reviews(in clone: URL) throws -> [String] {
            try String(contentsOf: clone.appendingPathComponent("d.reviews"), encoding: .utf8).split(separator: "\n")
                .filter { $0.contains("\treviewed\t") }.map(String.init)
        }

        /// The state file a fresh rebuild of the clone's logs gives, elsewhere.
        func rebuilt(_ clone: URL) async throws -> String {
            let copy = directory.url.appendingPathComponent("rebuild-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            for file in ["d.md", "badger.yml", "d.reviews"] {
                try FileManager.default.copyItem(at: clone.appendingPathComponent(file), to: copy.appendingPathComponent(file))
            }
            try #require(try await BadgerProcess.run(["state", "rebuild"], in: copy).status == 0)
            return try String(contentsOf: copy.appendingPathComponent("d.state"), encoding: .utf8)
        }

        func checkMerged(_ clone: URL, expecting count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            #expect(try await Git.run(["ls-files", "--unmerged"], in: clone).standardOutput.isEmpty, sourceLocation: sourceLocation)
            for file in ["d.reviews", "d.state"] {
                let text = try String(contentsOf: clone.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("<<<<<<<") && !text.contains(">>>>>>>"), "\(file)", sourceLocation: sourceLocation)
            }
            let reviews = try reviews(in: clone)
            #expect(reviews.count == count, "\(reviews)", sourceLocation: sourceLocation)
            #expect(Set(reviews).count == reviews.count, sourceLocation: sourceLocation)
            // Any command brings the merged state file in line with the logs.
            let list = try await BadgerProcess.run(["list"], in: clone)
            #expect(list.status == 0, "\(list.standardError)", sourceLocation: sourceLocation)
            let fresh = try await rebuilt(clone)
            #expect(
                try String(contentsOf: clone.appendingPathComponent("d.state"), encoding: .utf8) == fresh, sourceLocation: sourceLocation)
        }

        func remove() { directory.remove() }
    }

    @Test func aMergeWithoutSetupKeepsEveryReviewOnce() async throws {
        let clones = try await Clones()
        defer { clones.remove() }
        #expect(try clones.directory.read("A/.gitattributes").contains("*.reviews merge=union"))
        #expect(try clones.directory.read("A/.gitignore").contains(".badger.lock\n.*.tmp-*\n"))
        // A temporary file a killed write left is not committed (`git add -A` in a script, say).
        try clones.directory.write("A/.badger.yml.tmp-4242", "half a file")
        let status = try await Git.run(["status", "--porcelain"], in: clones.a)
        #expect(!status.standardOutput.contains(".tmp-"), "\(status.standardOutput)")
        try FileManager.default.removeItem(at: clones.a.appendingPathComponent(".badger.yml.tmp-4242"))
        try await clones.studyApart()
        try await Clones.git(["push", "origin", "main"], in: clones.a)
        let pull = try await Git.run(["pull", "--no-rebase", "origin", "main"], in: clones.b)
        #expect(pull.status == 0, "\(pull.standardOutput)\(pull.standardError)")
        #expect(!(pull.standardOutput + pull.standardError).contains("CONFLICT"))
        try await clones.checkMerged(clones.b, expecting: 1 + 4 + 2)
        // Card 2's three equal ratings in one second are three reviews.
        #expect(try clones.reviews(in: clones.b).count { $0.hasPrefix("2026-01-02T08:00:00Z\treviewed\t\(clones.ids[1])\t3\t") } == 3)
    }

    @Test func twoClonesThatEachReFittedMergeWithoutAConflict() async throws {
        let clones = try await Clones()
        defer { clones.remove() }
        #expect(try clones.directory.read("A/.gitattributes").contains("badger.yml merge=union"))
        #expect(try clones.directory.read("A/.gitattributes").contains("badger.fits merge=union"))
        // Each clone re-fits as a study session's end does: the fitted keys at the end of
        // badger.yml, one more line in badger.fits.
        let defaults =
            "0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658"
        for (clone, last, reviews) in [(clones.a, "0.1542", 120), (clones.b, "0.2000", 130)] {
            let yml = clone.appendingPathComponent("badger.yml")
            let text = try String(contentsOf: yml, encoding: .utf8)
            try
                (text
                + "fsrs_parameters: [\(defaults), \(last)]\nfsrs_parameters_fitted: \"2026-01-05\"\nfsrs_parameters_reviews: \(reviews)\n")
                .write(to: yml, atomically: true, encoding: .utf8)
            try "2026-01-05T09:00:00Z\tfit\treviews=\(reviews)\tparameters=[\(defaults), \(last)]\n"
                .write(to: clone.appendingPathComponent("badger.fits"), atomically: true, encoding: .utf8)
            try await Clones.git(["add", "-A"], in: clone)
            try await Clones.git(["commit", "-m", "Re-fitted"], in: clone)
        }
        try await Clones.git(["push", "origin", "main"], in: clones.a)
        let pull = try await Git.run(["pull", "--no-rebase", "origin", "main"], in: clones.b)
        #expect(pull.status == 0, "\(pull.standardOutput)\(pull.standardError)")
        #expect(!(pull.standardOutput + pull.standardError).contains("CONFLICT"))
        #expect(try await Git.run(["ls-files", "--unmerged"], in: clones.b).standardOutput.isEmpty)
        #expect(try clones.directory.read("B/badger.fits").split(separator: "\n").count == 2)
        // Both fits are in badger.yml; every command reads it (the last fit's keys count).
        let due = try await BadgerProcess.run(["due"], in: clones.b)
        #expect(due.status == 0 || due.status == 1, "\(due.standardError)")
        #expect(!due.standardError.contains("error"), "\(due.standardError)")
    }

    @Test func aSettingChangedDifferentlyInTwoClonesIsNamedWithBothLines() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "desired_retention: 0.85\nfuzz: true\ndesired_retention: 0.9\n")
        try directory.write("d.md", "---\ntopic: T\n---\n\nQ: q?\nA: a\n")
        let due = try await BadgerProcess.run(["due"], in: directory.url)
        #expect(due.status == 2)
        #expect(due.standardError.contains("`desired_retention` is set more than once (lines 1 and 3)"), "\(due.standardError)")
    }

    @Test func aRebaseWithoutSetupKeepsEveryReviewOnce() async throws {
        let clones = try await Clones()
        defer { clones.remove() }
        try await clones.studyApart()
        try await Clones.git(["push", "origin", "main"], in: clones.a)
        let pull = try await Git.run(["pull", "--rebase", "origin", "main"], in: clones.b)
        #expect(pull.status == 0, "\(pull.standardOutput)\(pull.standardError)")
        try await clones.checkMerged(clones.b, expecting: 1 + 4 + 2)
        // And A, pulling B's rebased work, ends with the same logs.
        try await Clones.git(["add", "-A"], in: clones.b)
        _ = try await Git.run(["commit", "-m", "Rebuilt state"], in: clones.b)
        try await Clones.git(["push", "origin", "main"], in: clones.b)
        try await Clones.git(["pull", "--no-rebase", "origin", "main"], in: clones.a)
        try await clones.checkMerged(clones.a, expecting: 1 + 4 + 2)
        #expect(Set(try clones.reviews(in: clones.a)) == Set(try clones.reviews(in: clones.b)))
    }

    /// A card added in one clone and edited in the other before any command there saw it is
    /// recorded twice, once by each clone with its own text: after the merge the card continues
    /// one history, lint reports the other, and `state link --join` makes them one.
    @Test func aCardRecordedTwiceByTwoClonesIsJoinedIntoOneHistory() async throws {
        let clones = try await Clones()
        defer { clones.remove() }
        let deck = try clones.directory.read("A/d.md") + "\nQ: What is the largest planet?\nA: Jupiter\n"
        try clones.directory.write("A/d.md", deck)
        try await Clones.git(["commit", "-am", "A card"], in: clones.a)
        try await Clones.git(["push", "origin", "main"], in: clones.a)
        try await Clones.git(["pull", "--no-rebase", "origin", "main"], in: clones.b)
        try clones.directory.write("B/d.md", deck.replacingOccurrences(of: "largest planet", with: "largest planit"))
        let typo = try #require(try await StudiedClones.ids(in: clones.b).last)
        try await Clones.review(typo, "2026-01-05T09:00:00Z", rating: "3", in: clones.b)
        try await Clones.git(["add", "-A"], in: clones.b)
        try await Clones.git(["commit", "-m", "Fixed and studied"], in: clones.b)
        let original = try #require(try await StudiedClones.ids(in: clones.a).last)
        try await Clones.review(original, "2026-01-05T08:00:00Z", in: clones.a)
        try await Clones.review(original, "2026-01-06T08:00:00Z", in: clones.a)
        try await Clones.git(["add", "-A"], in: clones.a)
        try await Clones.git(["commit", "-m", "Studied"], in: clones.a)
        try await Clones.git(["push", "origin", "main"], in: clones.a)
        try await Clones.git(["pull", "--no-rebase", "origin", "main"], in: clones.b)
        try await clones.checkMerged(clones.b, expecting: 1 + 3)
        let lint = try await BadgerProcess.run(["lint"], in: clones.b)
        #expect(lint.standardOutput.contains(original) && lint.standardOutput.contains("--join"), "\(lint.standardOutput)")
        let refused = try await BadgerProcess.run(["state", "link", original, typo], in: clones.b)
        #expect(refused.status == 2 && refused.standardError.contains("--join"), "\(refused.standardError)")
        let joined = try await BadgerProcess.run(["state", "link", original, typo, "--join"], in: clones.b)
        #expect(joined.status == 0, "\(joined.standardError)")
        #expect(joined.standardOutput.contains("(3 reviews)"), "\(joined.standardOutput)")
        let show = try await BadgerProcess.run(["show", typo], in: clones.b)
        #expect(show.standardOutput.contains("History: 3 reviews"), "\(show.standardOutput)")
        let after = try await BadgerProcess.run(["lint"], in: clones.b)
        #expect(after.status == 0 && !after.standardOutput.contains("warning:"), "\(after.standardOutput)")
        #expect(try clones.directory.read("B/d.state") == (try await clones.rebuilt(clones.b)))
        // The other clone, merged with it, sees the same.
        try await Clones.git(["add", "-A"], in: clones.b)
        try await Clones.git(["commit", "-m", "Joined"], in: clones.b)
        try await Clones.git(["push", "origin", "main"], in: clones.b)
        try await Clones.git(["pull", "--no-rebase", "origin", "main"], in: clones.a)
        #expect(try await BadgerProcess.run(["show", typo], in: clones.a).standardOutput.contains("History: 3 reviews"))
    }

    @Test func aCherryPickedStudyCommitCountsOnce() async throws {
        let clones = try await Clones()
        defer { clones.remove() }
        // A studies on a branch; the commit is cherry-picked onto main, then the branch merged.
        try await Clones.git(["checkout", "-b", "side"], in: clones.a)
        try await Clones.review(clones.ids[3], "2026-01-04T08:00:00Z", in: clones.a)
        try await Clones.git(["add", "-A"], in: clones.a)
        try await Clones.git(["commit", "-m", "Studied on a branch"], in: clones.a)
        try await Clones.git(["checkout", "main"], in: clones.a)
        try await Clones.review(clones.ids[2], "2026-01-04T09:00:00Z", in: clones.a)
        try await Clones.git(["add", "-A"], in: clones.a)
        try await Clones.git(["commit", "-m", "Studied on main"], in: clones.a)
        let pick = try await Git.run(["cherry-pick", "side"], in: clones.a)
        #expect(pick.status == 0, "\(pick.standardOutput)\(pick.standardError)")
        let merge = try await Git.run(["merge", "--no-edit", "side"], in: clones.a)
        #expect(merge.status == 0, "\(merge.standardOutput)\(merge.standardError)")
        try await clones.checkMerged(clones.a, expecting: 3)
    }
}

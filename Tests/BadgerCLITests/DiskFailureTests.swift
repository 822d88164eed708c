import BadgerTestSupport
import Foundation
import Testing

/// A full disk and a read-only collection: every writing command fails with a message naming the
/// file and the system's reason, exits 2, and leaves the files as they were.
///
/// The collection lives on a small tmpfs mounted for the test (the tests run as root in CI; as
/// another user they fail, saying so).
@Suite(.serialized) struct DiskFailureTests {
    static let deck = "---\ntopic: T\n---\n\n" + (1...12).map { "Q: question \($0)\nA: answer \($0)\n" }.joined(separator: "\n")

    @Test func aFullDiskGivesAClearErrorAndKeepsTheFiles() async throws {
        try await Self.withMountedCollection { directory, ids in
            let before = try Self.contents(of: directory)
            // Fill what is left of the file system.
            let filler = FileManager.default.createFile(atPath: directory.appendingPathComponent("filler").path, contents: nil)
            try #require(filler)
            let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("filler"))
            while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
            try? handle.close()

            let result = try await BadgerProcess.run(["import", "words.csv", "--topic", "T"], in: directory)
            #expect(result.status == 2, "import: \(result.status) \(result.standardError)")
            let clear = result.standardError.contains("No space left on device") && result.standardError.contains("badger: error:")
            #expect(clear, "import: \(result.standardError)")
            // The state is up to date, so rebuilding it needs no space.
            let rebuild = try await BadgerProcess.run(["state", "rebuild"], in: directory)
            #expect(rebuild.status == 0, "\(rebuild.standardError)")
            var after = try Self.contents(of: directory)
            after["filler"] = nil
            #expect(after == before)
            // A review is appended to the log (the state file is only a cache, rebuilt later) or,
            // if not even the line fits, refused with the files as they were.
            let review = try await BadgerProcess.run(["review", "--card", ids[1], "--rating", "2"], in: directory)
            var afterReview = try Self.contents(of: directory)
            afterReview["filler"] = nil
            if review.status == 0 {
                let log = String(decoding: afterReview["t.reviews"] ?? Data(), as: UTF8.self)
                #expect(log.hasPrefix(String(decoding: before["t.reviews"] ?? Data(), as: UTF8.self)))
                #expect(log.split(separator: "\n").last?.contains("\treviewed\t\(ids[1])\t3\t") == true, "\(log)")
            } else {
                #expect(review.status == 2, "\(review.standardError)")
                #expect(review.standardError.contains("No space left on device"), "\(review.standardError)")
                #expect(afterReview == before)
            }
        }
    }

    /// Output that cannot be written (standard output on a full disk) is said on standard error,
    /// with exit status 2: it trapped with a stack trace, and a simulator reading a short file
    /// would not know.
    @Test func outputThatCannotBeWrittenIsAnErrorNotACrash() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            "h.json", #"[{"id": "a", "reviews": [{"rating": 3, "at": "2026-01-05T09:00:00Z"}]}]"#)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" schedule replay h.json > /dev/full", BadgerProcess.executable.path]
        process.currentDirectoryURL = directory.url
        let result = try await ExternalProcess.run(process)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError == "badger: error: cannot write the output: No space left on device\n")
        // Help and the version too (they said nothing and exited 0).
        for arguments in ["--help", "--version", "help optimize", "schedule replay --help"] {
            let help = ChildProcess()
            help.executableURL = URL(fileURLWithPath: "/bin/sh")
            help.arguments = ["-c", "exec \"$0\" \(arguments) > /dev/full", BadgerProcess.executable.path]
            let refused = try await ExternalProcess.run(help)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.standardError == "badger: error: cannot write the output: No space left on device\n", "\(arguments)")
        }
    }

    /// A collection named twice, once through a bind mount of its folder (a path `realpath`
    /// keeps apart): one collection, its cards counted once and its lock taken once (`due`
    /// counted every card twice, `optimize --apply` waited for its own lock).
    @Test func aCollectionReachedThroughABindMountCountsOnce() async throws {
        try #require(getuid() == 0, "this test bind-mounts a folder and must run as root (CI does)")
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        try parent.write("c/t.md", Self.deck)
        try FileManager.default.createDirectory(at: parent.url.appendingPathComponent("alias"), withIntermediateDirectories: false)
        try await Self.mount(["--bind", parent.url.appendingPathComponent("c").path, parent.url.appendingPathComponent("alias").path])
        let outcome: Result<Void, Error>
        do {
            let once = try await BadgerProcess.run(["list", "c"], in: parent.url)
            for paths in [["c", "alias"], ["alias", "c"], ["alias/t.md", "c/t.md"]] {
                let twice = try await BadgerProcess.run(["list"] + paths, in: parent.url)
                #expect(twice.standardOutput.split(separator: "\n").count == once.standardOutput.split(separator: "\n").count, "\(paths)")
                let due = try await BadgerProcess.run(["due"] + paths, in: parent.url)
                #expect(due.standardOutput.contains("0 due now, 12 new"), "\(paths): \(due.standardOutput)")
            }
            let rebuilt = try await BadgerProcess.run(["state", "rebuild", "c", "alias"], in: parent.url)
            #expect(rebuilt.status == 0, "\(rebuilt.standardError)")
            #expect(!rebuilt.standardError.contains("lock"), "\(rebuilt.standardError)")
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try? await Self.mount(["-u", parent.url.appendingPathComponent("alias").path], program: "/bin/umount")
        try outcome.get()
    }

    /// A standard stream closed (`>&-`, `<&-`) or a folder given as standard input: the output
    /// never goes into a file the command opens next (it went into the collection's lock file),
    /// the review is recorded, and standard input that cannot be read is an error, not a trap.
    @Test func closedOrUnreadableStandardStreamsAreHandled() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("t.md", Self.deck)
        let listed = try await BadgerProcess.run(["list"], in: directory.url)
        let id = try #require(listed.standardOutput.split(separator: " ").first.map(String.init))
        func shell(_ script: String) async throws -> BadgerProcess.Result {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, BadgerProcess.executable.path]
            process.currentDirectoryURL = directory.url
            return try await ExternalProcess.run(process)
        }
        // Output to a closed standard output is an error, as a write to a closed descriptor
        // is (it went nowhere, with status 0); the review is recorded before it is said.
        let reviewed = try await shell(#"exec "$0" review --card \#(id) --rating 2 >&- 2>&-"#)
        #expect(reviewed.status == 2)
        #expect(try directory.read("t.reviews").contains("\treviewed\t\(id)\t3\t"))
        let version = try await shell(#"exec "$0" --version >&-"#)
        #expect(version.status == 2 && version.standardError == "badger: error: cannot write the output: Bad file descriptor\n")
        // A session with standard output closed: it says so and ends, and its screen never
        // goes into the lock file (which took the closed descriptor, and held the screen).
        let session = try await shell(#"exec "$0" study --topic T --count 3 --plain >&- < /dev/null"#)
        #expect(session.status == 2, "\(session.standardError)")
        #expect(session.standardError.contains("cannot write the output: Bad file descriptor"), "\(session.standardError)")
        #expect(!((try? directory.read(".badger.lock")) ?? "").contains("Question"))
        // Commands that write standard output their own way (compile's copy, the language server).
        for script in [#"exec "$0" compile >&-"#, #"exec "$0" lsp >&- < /dev/null"#] {
            let closed = try await shell(script)
            #expect(closed.status == 2, "\(script): \(closed.standardError)")
            #expect(closed.standardError.contains("cannot write"), "\(script): \(closed.standardError)")
        }
        // Answers from an endless input (a line that never ends took every byte of memory) or
        // from a folder: an error, nothing recorded.
        for (script, message) in [
            (#"exec "$0" study --topic T --count 10 --plain --no-adapt < /dev/zero"#, "standard input: a line longer than 64 KiB"),
            (#"exec "$0" study --topic T --count 10 --plain --no-adapt < ."#, "standard input cannot be read: Is a directory"),
        ] {
            let refused = try await shell(script)
            #expect(refused.status == 2, "\(script): \(refused.standardError)")
            #expect(refused.standardError.contains(message), "\(script): \(refused.standardError)")
        }
        let quiet = try await shell(#"exec "$0" lint >&-"#)
        #expect(quiet.status == 0, "a command with nothing to say succeeds: \(quiet.standardError)")
        for script in [#"exec "$0" schedule replay - < ."#, #"exec "$0" schedule replay - <&-"#] {
            let refused = try await shell(script)
            #expect(refused.status == 2, "\(script): \(refused.standardError)")
            #expect(refused.standardError.hasPrefix("badger: error: -: "), "\(script): \(refused.standardError)")
            #expect(!refused.standardError.contains("Fatal error"))
        }
    }

    @Test func aReadOnlyCollectionGivesAClearErrorAndKeepsTheFiles() async throws {
        try await Self.withMountedCollection { directory, ids in
            let before = try Self.contents(of: directory)
            try await Self.mount(["-o", "remount,ro", directory.path])

            for arguments in [
                ["review", "--card", ids[1], "--rating", "2"], ["import", "words.csv", "--topic", "T"], ["state", "rebuild"],
                ["study", "--plain", "--topic", "T", "--count", "10"],
            ] {
                let result = try await BadgerProcess.run(arguments, in: directory, input: "\n2\nq\nq\n")
                #expect(result.status == 2, "\(arguments): \(result.status) \(result.standardError)")
                let clear =
                    result.standardError.lowercased().contains("read-only file system") && result.standardError.contains("badger: error:")
                #expect(clear, "\(arguments): \(result.standardError)")
            }
            // Reading still works.
            let due = try await BadgerProcess.run(["due"], in: directory)
            #expect(due.status == 0 || due.status == 1, "\(due.standardError)")
            #expect(try Self.contents(of: directory) == before)
        }
    }

    // MARK: - Helpers

    /// Runs `body` with a collection on a fresh 512 KiB tmpfs: the deck `t.md` (its card ids are
    /// passed along), one review of its first card, and `words.csv` with one card to import.
    static func withMountedCollection(_ body: (URL, [String]) async throws -> Void) async throws {
        try #require(getuid() == 0, "these tests mount a tmpfs and must run as root (CI does)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await mount(["-t", "tmpfs", "-o", "size=512k", "tmpfs", directory.url.path])
        // Unmounted afterwards whatever happened (an `async` call cannot sit in a `defer`).
        let outcome: Result<Void, Error>
        do {
            try Data(deck.utf8).write(to: directory.url.appendingPathComponent("t.md"))
            let ids = try await KillLoopTests.ids(in: directory.url)
            try #require(ids.count == 12)
            let first = try await BadgerProcess.run(["review", "--card", ids[0], "--rating", "2"], in: directory.url)
            try #require(first.status == 0, "\(first.standardError)")
            // The next command records the cards not yet in the log; the files are then settled.
            _ = try await BadgerProcess.run(["due"], in: directory.url)
            try Data("question 13; answer 13\n".utf8).write(to: directory.url.appendingPathComponent("words.csv"))
            try await body(directory.url, ids)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try? await mount(["-u", directory.url.path], program: "/bin/umount")
        try outcome.get()
    }

    /// Runs `mount` (or `umount`, whose arguments drop the leading `-u`), awaiting it without
    /// holding a thread of the test runner's pool.
    static func mount(_ arguments: [String], program: String = "/bin/mount") async throws {
        let arguments = program.hasSuffix("umount") ? Array(arguments.dropFirst()) : arguments
        func run(_ arguments: [String]) async throws -> Int32 {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            return try await ExternalProcess.run(process).status
        }
        let status = try await run(arguments)
        if status != 0, program.hasSuffix("umount") {
            // Busy for a moment (a program another test started may hold a file of it open
            // while it starts): try again, then detach it lazily.
            for _ in 0..<20 {
                try await Task.sleep(for: .milliseconds(100))
                if try await run(arguments) == 0 { return }
            }
            _ = try await run(["-l"] + arguments)
            return
        }
        try #require(status == 0, "\(program) \(arguments) failed")
    }

    /// Every file in the directory (not the lock) and its bytes.
    static func contents(of directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name != ".badger.lock" {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return result
    }
}

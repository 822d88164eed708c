import BadgerTestSupport
import Foundation
import Testing

/// Images while studying, run as a user runs `badger study`: half-block art and `[image: alt]`
/// in a real terminal (tmux), `o` starting the image viewer, images lying about their type, and
/// the plain mode's text.
@Suite struct StudyImageTests {
    static let anatomy = """
        ---
        topic: Anatomy
        ---

        Q: ![A colour gradient](images/gradient.png)
        A: The gradient

        """

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: PackagePaths.url("Tests/BadgerTerminalTests/Fixtures/Images/\(name)"))
    }

    /// A collection with the anatomy deck, its image, and `extra` decks.
    static func sandbox(deck: String = anatomy, images: [String: String] = ["gradient.png": "gradient-32x16.png"]) throws -> StudySandbox {
        let sandbox = try StudySandbox(decks: ["anatomy.md": deck])
        for (name, source) in images { try sandbox.directory.write("images/\(name)", try Self.fixture(source)) }
        return sandbox
    }

    /// Starts `badger study ARGUMENTS` in tmux through a script (so the environment needs no quoting).
    static func start(
        _ tmux: Tmux, _ sandbox: StudySandbox, _ arguments: String, environment: String = "", columns: Int = 80, rows: Int = 24
    )
        throws
    {
        let script = "#!/bin/sh\n\(environment)\nexec '\(BadgerProcess.executable.path)' study \(arguments)\n"
        let url = try sandbox.directory.write("run.sh", script)
        chmod(url.path, 0o755)
        try tmux.start("./run.sh; echo \"EXITED $?\"; sleep 5", in: sandbox.url, columns: columns, rows: rows)
    }

    @Test(.timeLimit(.minutes(1))) func blocksDrawTheImageAsHalfBlockArtThatFitsTheWindow() throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try Self.start(tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images blocks")
        let screen = try tmux.waitFor("Space answer")
        // The 32×16 image at its own size: 32 columns, 8 rows of ▀.
        let art = screen.split(separator: "\n").filter { $0.contains("▀") }
        #expect(art.count == 8)
        #expect(art.allSatisfy { $0.filter { $0 == "▀" }.count == 32 })
        #expect(!screen.contains("[image:"))
        #expect(screen.contains("o image"))
        // At 40×12 the answer, the buttons and the keys still fit: the image shrinks.
        try tmux.run(["resize-window", "-t", tmux.name, "-x", "40", "-y", "12"])
        try tmux.send("Space")
        let small = try tmux.waitFor("The gradient")
        let rows = small.split(separator: "\n", omittingEmptySubsequences: false)
        let smallArt = rows.filter { $0.contains("▀") }
        #expect(!smallArt.isEmpty && smallArt.count < 8)
        #expect(small.contains("0 Fail · 1m"))
        #expect(small.contains("undo"))
        #expect(rows.allSatisfy { $0.count <= 40 })
        try tmux.send("q")
        _ = try tmux.waitFor("l: learn again")
        try tmux.send("q")
        #expect(try tmux.waitFor("EXITED").contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func imagesNoneKeepsTheAltText() throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try Self.start(tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images none", columns: 40, rows: 12)
        let screen = try tmux.waitFor("Space answer")
        #expect(screen.contains("[image: A colour gradient]"))
        #expect(!screen.contains("▀"))
        try tmux.send("q")
        _ = try tmux.waitFor("l: learn again")
        try tmux.send("q")
        #expect(try tmux.waitFor("EXITED").contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func oRunsTheViewerWithThePathAsOneArgumentNeverThroughAShell() throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let name = "a;b $(touch pwned) `touch pwned2`.png"
        let deck =
            Self.anatomy.replacingOccurrences(of: "(images/gradient.png)", with: "(<images/\(name)>)")
            + "Q: No picture here\nA: Right\n"
        let sandbox = try Self.sandbox(deck: deck, images: [name: "quadrants-4x4.png"])
        defer { sandbox.remove() }
        let argv = sandbox.url.appendingPathComponent("argv.txt").path
        let viewer = try sandbox.directory.write("viewer.sh", "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(argv)'\n")
        chmod(viewer.path, 0o755)
        let tmux = Tmux()
        defer { tmux.kill() }
        try Self.start(
            tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images blocks",
            environment: "export BADGER_IMAGE_VIEWER='\(viewer.path) --from-badger'")
        _ = try tmux.waitFor("Space answer")
        try tmux.send("o")
        let opened = try tmux.waitFor("Opened")
        #expect(opened.contains("Space answer"))  // the study screen is still there
        var written = ""
        for _ in 0..<50 where written.isEmpty {
            written = (try? String(contentsOfFile: argv, encoding: .utf8)) ?? ""
            usleep(100_000)
        }
        let resolved = URL(fileURLWithPath: sandbox.url.path).resolvingSymlinksInPath().path
        #expect(written == "--from-badger\n\(resolved)/images/\(name)\n")
        #expect(!sandbox.exists("pwned") && !sandbox.exists("pwned2"))
        // A card without an image says so.
        try tmux.send("s")
        _ = try tmux.waitFor("No picture here")
        try tmux.send("o")
        _ = try tmux.waitFor("This card shows no image.")
        try tmux.send("q")
        _ = try tmux.waitFor("l: learn again")
        try tmux.send("q")
        #expect(try tmux.waitFor("EXITED").contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func aMissingViewerIsAStatusLine() throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try Self.start(
            tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images blocks",
            environment: "export BADGER_IMAGE_VIEWER=no-such-viewer-here")
        _ = try tmux.waitFor("Space answer")
        try tmux.send("o")
        let screen = try tmux.waitFor("No image viewer")
        #expect(screen.contains("cannot find no-such-viewer-here"))
        try tmux.send("q")
        _ = try tmux.waitFor("l: learn again")
        try tmux.send("q")
        #expect(try tmux.waitFor("EXITED").contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func anImageLyingAboutItsTypeGetsAMessageNotACrash() throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let deck = Self.anatomy + "Q: ![Not a picture](images/text.png)\nA: Text\n"
        let sandbox = try Self.sandbox(deck: deck, images: ["gradient.png": "liar.png", "text.png": "make_fixtures.py"])
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try Self.start(tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images blocks")
        let screen = try tmux.waitFor("Space answer")
        #expect(screen.contains("[image: A colour gradient: damaged or unsupported image data]"))
        try tmux.send("s")
        let next = try tmux.waitFor("Not a picture")
        #expect(next.contains("[image: Not a picture: not a PNG, JPEG or GIF image (judged by its content)]"))
        try tmux.send("q")
        _ = try tmux.waitFor("l: learn again")
        try tmux.send("q")
        #expect(try tmux.waitFor("EXITED").contains("EXITED 0"))
    }

    @Test func plainModeNamesTheImageAndItsPathWithoutEscapes() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let result = try sandbox.study(["--topic", "Anatomy", "--count", "10", "--ahead", "0", "--images", "blocks"], input: "q\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Question:\n  [image: A colour gradient] (images/gradient.png)\n"))
        #expect(!result.standardOutput.contains("\u{1B}"))
        #expect(!result.standardOutput.contains("▀"))
    }
}

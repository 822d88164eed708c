import BadgerTestSupport
import Foundation
import Testing

/// Images while studying, run as a user runs `badger study`: half-block art and `[image: alt]`
/// in a real terminal (tmux), `o` starting the image viewer, images lying about their type, and
/// the plain mode's text.
@Suite(.serialized) struct StudyImageTests {
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
        async throws
    {
        let script = "#!/bin/sh\n\(environment)\nexec '\(BadgerProcess.executable.path)' study \(arguments)\n"
        try sandbox.directory.writeExecutable("run.sh", script)
        try await tmux.start("./run.sh; echo \"EXITED $?\"; sleep 5", in: sandbox.url, columns: columns, rows: rows)
    }

    @Test(.timeLimit(.minutes(1))) func blocksDrawTheImageAsHalfBlockArtThatFitsTheWindow() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try await Self.start(tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images blocks")
        let screen = try await tmux.waitFor("Space answer")
        // The 32×16 image at its own size: 32 columns, 8 rows of ▀.
        let art = screen.split(separator: "\n").filter { $0.contains("▀") }
        #expect(art.count == 8)
        #expect(art.allSatisfy { $0.filter { $0 == "▀" }.count == 32 })
        #expect(!screen.contains("[image:"))
        #expect(screen.contains("o image"))
        // At 40×12 the answer, the buttons and the keys still fit: the image shrinks.
        try await tmux.run(["resize-window", "-t", tmux.name, "-x", "40", "-y", "12"])
        try await tmux.send("Space")
        let small = try await tmux.waitFor("The gradient")
        let rows = small.split(separator: "\n", omittingEmptySubsequences: false)
        let smallArt = rows.filter { $0.contains("▀") }
        #expect(!smallArt.isEmpty && smallArt.count < 8)
        #expect(small.contains("0 Fail · 1m"))
        #expect(small.contains("undo"))
        #expect(rows.allSatisfy { $0.count <= 40 })
        // The help names o, and fits 40×12 whole.
        try await tmux.send("?")
        let help = try await tmux.waitFor("open the card's image")
        #expect(help.contains("q Esc Ctrl-C quit (ratings are saved)"))
        #expect(help.split(separator: "\n").allSatisfy { !$0.contains("…") }, "nothing cut at 40 columns: \(help)")
        try await tmux.send("x")
        _ = try await tmux.waitFor("The gradient")
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func autoInsideTmuxAsksTheTerminalAndDrawsBlocks() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        // kitty's variable inherited from outside tmux does not count; tmux answers the device
        // attributes query itself (without sixel), so the keys after it still work.
        try await Self.start(tmux, sandbox, "--topic Anatomy --count 10 --ahead 0", environment: "export KITTY_WINDOW_ID=1")
        let screen = try await tmux.waitFor("Space answer")
        #expect(screen.split(separator: "\n").filter { $0.contains("▀") }.count == 8)
        try await tmux.send("Space")
        #expect(try await tmux.waitFor("The gradient").contains("0 Fail"))
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func imagesNoneKeepsTheAltText() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try await Self.start(tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images none", columns: 40, rows: 12)
        let screen = try await tmux.waitFor("Space answer")
        #expect(screen.contains("[image: A colour gradient]"))
        #expect(!screen.contains("▀"))
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func oRunsTheViewerWithThePathAsOneArgumentNeverThroughAShell() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let name = "a;b $(touch pwned) `touch pwned2`.png"
        let deck =
            Self.anatomy.replacingOccurrences(of: "(images/gradient.png)", with: "(<images/\(name)>)")
            + "Q: No picture here\nA: Right\n"
        let sandbox = try Self.sandbox(deck: deck, images: [name: "quadrants-4x4.png"])
        defer { sandbox.remove() }
        let argv = sandbox.url.appendingPathComponent("argv.txt").path
        let viewer = try sandbox.directory.writeExecutable(
            "viewer.sh", "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(argv)'\n")
        let tmux = Tmux()
        defer { tmux.kill() }
        try await Self.start(
            tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images blocks",
            environment: "export BADGER_IMAGE_VIEWER='\(viewer.path) --from-badger'")
        _ = try await tmux.waitFor("Space answer")
        try await tmux.send("o")
        let opened = try await tmux.waitFor("Opened")
        #expect(opened.contains("Space answer"))  // the study screen is still there
        var written = ""
        for _ in 0..<50 where written.isEmpty {
            written = (try? String(contentsOfFile: argv, encoding: .utf8)) ?? ""
            try await Task.sleep(for: .milliseconds(100))
        }
        let resolved = URL(fileURLWithPath: sandbox.url.path).resolvingSymlinksInPath().path
        #expect(written == "--from-badger\n\(resolved)/images/\(name)\n")
        #expect(!sandbox.exists("pwned") && !sandbox.exists("pwned2"))
        // A card without an image says so.
        try await tmux.send("s")
        _ = try await tmux.waitFor("No picture here")
        try await tmux.send("o")
        _ = try await tmux.waitFor("This card shows no image.")
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func aMissingViewerIsAStatusLine() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try await Self.start(
            tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images blocks",
            environment: "export BADGER_IMAGE_VIEWER=no-such-viewer-here")
        _ = try await tmux.waitFor("Space answer")
        try await tmux.send("o")
        let screen = try await tmux.waitFor("No image viewer")
        #expect(screen.contains("cannot find no-such-viewer-here"))
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test(.timeLimit(.minutes(1))) func anImageLyingAboutItsTypeGetsAMessageNotACrash() async throws {
        try #require(Tmux.isAvailable, "needs tmux (make test installs it)")
        // Studied although lint reports the images (the rule is switched off for the test).
        let deck = Self.anatomy + "<!-- badger-ignore-file: ImageFormatSupported -->\n\nQ: ![Not a picture](images/text.png)\nA: Text\n"
        let sandbox = try Self.sandbox(deck: deck, images: ["gradient.png": "liar.png", "text.png": "make_fixtures.py"])
        defer { sandbox.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try await Self.start(tmux, sandbox, "--topic Anatomy --count 10 --ahead 0 --images blocks")
        let screen = try await tmux.waitFor("Space answer")
        #expect(screen.contains("[image: A colour gradient: damaged or unsupported image data]"))
        try await tmux.send("s")
        let next = try await tmux.waitFor("Not a picture")
        #expect(next.contains("[image: Not a picture: not a PNG, JPEG or GIF image (judged by its content)]"))
        #expect(try await tmux.quitStudy().contains("EXITED 0"))
    }

    @Test func plainModeNamesTheImageAndItsPathWithoutEscapes() async throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.study(["--topic", "Anatomy", "--count", "10", "--ahead", "0", "--images", "blocks"], input: "q\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Question:\n  [image: A colour gradient] (images/gradient.png)\n"))
        #expect(!result.standardOutput.contains("\u{1B}"))
        #expect(!result.standardOutput.contains("▀"))
    }
}

/// The graphics protocols, end to end: what `badger study` writes to a pseudo-terminal (through
/// `script`), which tmux would not pass on.
@Suite struct StudyGraphicsTests {
    /// Runs `badger study ARGUMENTS` in a pseudo-terminal (the variables that choose an image
    /// protocol taken out), typing `keys` once the card is drawn; returns what was written.
    static func run(
        _ arguments: [String], in sandbox: StudySandbox, environment: [String: String] = [:], keys: [String] = ["q", "q"]
    ) async throws -> String {
        try await BadgerProcess.runInTerminal(
            ["study"] + arguments, in: sandbox.url, environment: environment,
            removing: ["TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "LC_TERMINAL", "COLORTERM"], typing: keys
        ).standardOutput
    }

    static func sandbox() throws -> StudySandbox {
        try StudyImageTests.sandbox(images: ["gradient.png": "gradient-32x16.png"])
    }

    static let arguments = ["--topic", "Anatomy", "--count", "10", "--ahead", "0"]
    static let kittyDeleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    @Test(.timeLimit(.minutes(1))) func kittyITermAndSixelSequencesReachTheTerminal() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script (util-linux)")
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let png = try StudyImageTests.fixture("gradient-32x16.png").base64EncodedString()
        // kitty: the PNG as it is, in 3×1 cells (32×16 pixels at 10×20 pixels a cell), cursor
        // saved and restored around it.
        let kitty = try await Self.run(Self.arguments + ["--images", "kitty"], in: sandbox)
        #expect(kitty.contains("\u{1B}7\u{1B}_Ga=T,f=100,t=d,c=3,r=1,C=1,q=2,m=0;\(png)\u{1B}\\\u{1B}8"))
        #expect(kitty.contains("Session summary"))
        // Images are deleted before each redraw, so the summary shows none.
        #expect(kitty.contains(Self.kittyDeleteAll + "\u{1B}[H\u{1B}[2J"))
        let iterm = try await Self.run(Self.arguments + ["--images", "iterm"], in: sandbox)
        #expect(iterm.contains("\u{1B}]1337;File=inline=1;size=922;width=3;height=1;preserveAspectRatio=1;doNotMoveCursor=1:\(png)\u{07}"))
        let sixel = try await Self.run(Self.arguments + ["--images", "sixel"], in: sandbox)
        #expect(sixel.contains("\u{1B}7\u{1B}Pq\"1;1;24;12#"))
        // auto in kitty (by TERM), and on a terminal that does not answer the device attributes
        // query: half-block art after asking.
        let auto = try await Self.run(Self.arguments, in: sandbox, environment: ["TERM": "xterm-kitty"])
        #expect(auto.contains("\u{1B}_Ga=T,f=100"))
        #expect(!auto.contains("\u{1B}[c"))
        let silent = try await Self.run(Self.arguments, in: sandbox)
        #expect(silent.contains("\u{1B}[c"))
        #expect(silent.contains("▀"))
        // Each drew the card.
        for output in [kitty, iterm, sixel, silent] { #expect(output.contains(" · card 1 of 1")) }
    }

    @Test(.timeLimit(.minutes(1))) func aViewerThatFailsAtOnceIsReported() async throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let output = try await Self.run(
            Self.arguments + ["--images", "none"], in: sandbox, environment: ["BADGER_IMAGE_VIEWER": "false"], keys: ["o", "q", "q"])
        #expect(output.contains("Could not open images/gradient.png: false ended with status 1."))
    }

    @Test(.timeLimit(.minutes(1))) func halfBlockArtNeedsColorSoNoColorTurnsItOffUnlessAskedFor() async throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let auto = try await Self.run(Self.arguments + ["--images", "auto"], in: sandbox, environment: ["NO_COLOR": "1"])
        #expect(auto.contains("[image: A colour gradient]"))
        #expect(!auto.contains("▀"))
        // An explicit --images blocks is what the user asked for: NO_COLOR does not silently override it.
        let blocks = try await Self.run(Self.arguments + ["--images", "blocks"], in: sandbox, environment: ["NO_COLOR": "1"])
        #expect(blocks.contains("▀"))
    }

    @Test(.timeLimit(.minutes(1))) func anImageLinkedFromOutsideTheCollectionIsNeverRead() async throws {
        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        let secret = try outside.write("secret.png", try StudyImageTests.fixture("gradient-32x16.png"))
        // Studied although lint reports the image (the rule is switched off for the test).
        let deck = StudyImageTests.anatomy.replacingOccurrences(of: "images/gradient.png", with: "images/link.png")
            .replacingOccurrences(of: "---\n\nQ:", with: "---\n\n<!-- badger-ignore-file: ImageInsideCollection -->\n\nQ:")
        let sandbox = try StudyImageTests.sandbox(deck: deck, images: [:])
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: sandbox.url.appendingPathComponent("images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.url.appendingPathComponent("images/link.png").path, withDestinationPath: secret.path)
        let output = try await Self.run(Self.arguments + ["--images", "blocks"], in: sandbox)
        #expect(output.contains("[image: A colour gradient: outside the collection]"))
        #expect(!output.contains("▀"))
    }
}

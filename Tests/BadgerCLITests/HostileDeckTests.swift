import BadgerTestSupport
import Foundation
import Testing

/// Decks written to break the tool: every command that reads them must end normally (exit 0 or 1)
/// with diagnostics, never crash, hang or overflow its stack.
@Suite("Hostile decks")
struct HostileDeckTests {
    /// 100,000 levels in `make test-long`; 10,000 (far past the limit of 64) in `make test`.
    static let depth = LongTests.enabled ? 100_000 : 10_000
    static let header = "---\ntopic: Hostile\n---\n\n"

    /// Named deck bodies, each pathological in one way.
    static let decks: [(name: String, body: [UInt8])] = {
        let n = depth
        func text(_ body: String) -> [UInt8] { Array((header + body).utf8) }
        var random = SeededBytes(seed: 42)
        return [
            ("quotes", text("Q: Deep quote?\n\nA: answer\n\n" + String(repeating: "> ", count: n) + "x\n")),
            ("lists", text("Q: Deep list?\n\nA:\n" + String(repeating: "- ", count: n) + "x\n")),
            ("ordered", text("Q: Deep ordered list?\n\nA:\n" + String(repeating: "1. ", count: n) + "x\n")),
            (
                "emphasis",
                text("Q: Deep emphasis " + String(repeating: "*a ", count: n) + "x" + String(repeating: " b*", count: n) + "\n\nA: y\n")
            ),
            (
                "strong",
                text("Q: Deep strong " + String(repeating: "**a ", count: n) + "x" + String(repeating: " b**", count: n) + "\n\nA: y\n")
            ),
            ("brackets", text("Q: Brackets " + String(repeating: "[", count: n) + "x" + String(repeating: "]", count: n) + "\n\nA: y\n")),
            ("links", text("Q: Links " + String(repeating: "[a ", count: n) + "x" + String(repeating: "](u)", count: n) + "\n\nA: y\n")),
            ("braces", text("Q: Braces $" + String(repeating: "{", count: n) + "x" + String(repeating: "}", count: n) + "$\n\nA: y\n")),
            ("unbalanced-braces", text("Q: Open braces $" + String(repeating: "{", count: n) + "x$\n\nA: y\n")),
            (
                "fractions",
                text(
                    "Q: Fractions $" + String(repeating: "\\frac{1}{", count: 5_000) + "x" + String(repeating: "}", count: 5_000)
                        + "$\n\nA: y\n")
            ),
            (
                "environments",
                text(
                    "Q: Environments $$" + String(repeating: "\\begin{matrix}", count: 5_000)
                        + String(repeating: "\\end{matrix}", count: 5_000) + "$$\n\nA: y\n")
            ),
            ("dollars", text("Q: Dollars " + String(repeating: "$", count: n) + "\n\nA: " + String(repeating: "$x ", count: n) + "\n")),
            ("backticks", text("Q: Ticks " + String(repeating: "`", count: n) + "\n\nA: " + String(repeating: "`a", count: n) + "\n")),
            (
                "table",
                text(
                    "Q: Wide table?\n\nA:\n\n" + String(repeating: "|a", count: 10_000) + "|\n" + String(repeating: "|-", count: 10_000)
                        + "|\n")
            ),
            (
                "alias-bomb",
                text("").dropLast(5)
                    + Array(
                        "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n---\n\nQ: q\n\nA: a\n"
                            .utf8)
            ),
            ("nul-bytes", text("Q: Nul\0 here?\n\nA: \0\0\0\n")),
            ("invalid-utf8", Array(header.utf8) + [0x51, 0x3A, 0x20, 0xFF, 0xFE, 0xC3, 0x28, 0x0A, 0x0A, 0x41, 0x3A, 0x20, 0x80, 0x0A]),
            ("random-bytes", (0..<200_000).map { _ in random.next() }),
            (
                "controls",
                text("Q: \u{1B}[31mred\u{1B}]0;title\u{07} \u{202E}evil\u{9B}2J?\n\nA: \u{1B}[2J\u{1B}P+q\u{1B}\\\n\nE: \u{7}\u{8}\n")
            ),
        ]
    }()

    @Test("lint, compile and list end normally on every hostile deck", arguments: decks.map(\.name))
    func commandsSurvive(name: String) async throws {
        let body = try #require(Self.decks.first { $0.name == name }?.body)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("\(name).md", Data(body))
        for arguments in [["lint", "."], ["lint", "--format", "json", "."], ["compile", ".", "-o", "out.json"], ["list", "."]] {
            let result = try await BadgerProcess.run(arguments, in: directory.url)
            #expect([0, 1].contains(result.status), "\(arguments) on \(name) exited \(result.status): \(result.standardError.suffix(300))")
            let fatal = result.standardError.contains("Fatal error")
            #expect(!fatal)
            for output in [result.standardOutput, result.standardError] {
                let control = output.unicodeScalars.first { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\u{07}" }
                #expect(control == nil, "\(arguments) on \(name) printed a control character")
            }
        }
    }

    @Test(
        "a card nested 10,000 (test-long: 100,000) levels deep is reported and studied as plain text",
        arguments: ["quotes", "lists", "ordered", "emphasis", "strong"])
    func deepNestingIsReported(name: String) async throws {
        let body = try #require(Self.decks.first { $0.name == name }?.body)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("\(name).md", Data(body))
        let lint = try await BadgerProcess.run(["lint", "."], in: directory.url)
        #expect(lint.status == 1)
        let reported = lint.standardOutput.contains("error: [NestingWithinLimit] Markdown nested more than 64 levels deep")
        #expect(reported, "\(lint.standardOutput.prefix(500))")
        // A card with an error is left out of studying, with a note naming the rule.
        let leftOut = try await BadgerProcess.run(
            ["study", "--plain", "--topic", "Hostile", "--count", "1", "."], in: directory.url, input: "a\n2\nq\n")
        #expect(leftOut.standardError.contains("left out until fixed: [NestingWithinLimit]"), "\(leftOut.standardError.suffix(300))")
        // With the rule switched off, it is studied, the deep part as plain text.
        let header = Array(Self.header.utf8)
        _ = try directory.write(
            "\(name).md", Data(header + Array("<!-- badger-ignore-file: NestingWithinLimit -->\n\n".utf8) + body.dropFirst(header.count)))
        let study = try await BadgerProcess.run(
            ["study", "--plain", "--topic", "Hostile", "--count", "1", "."], in: directory.url, input: "a\n2\nq\n")
        #expect(study.status == 0, "\(study.standardError.suffix(300))")
        let studied = study.standardOutput.contains("Cards studied: 1")
        #expect(studied, "\(study.standardOutput.suffix(500))")
    }
}

/// A tiny deterministic generator of bytes (xorshift), so "random" decks are the same every run.
struct SeededBytes {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt8 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}

/// Control and escape sequences and bidi overrides in every field of a deck never reach the
/// terminal unescaped, whichever command prints them.
@Suite("Hostile text in every field")
struct HostileTextTests {
    static let evil = "\u{1B}[31mred\u{1B}]0;title\u{07}\u{202E}rtl\u{9B}2J\u{1B}P+q\u{1B}\\\u{8}\u{7F}"

    /// Control characters in YAML are written as escapes (`\e`, `\x9B`, `\u202E`); the text is as evil.
    static var deck: String {
        """
        ---
        topic: "Evil \\e[31mred\\u202Ertl\\x9B2J\\a"
        ---

        # Section \(evil)

        Q: Question \(evil)?
        A: Answer \(evil)
        E: Explanation \(evil)
        H: Hint \(evil)

        Q: Second \(evil) $x^{\(evil)}$
        A: ![alt \(evil)](missing\(evil).png)
        """
    }

    /// A front matter key with an escape sequence in it, which diagnostics quote.
    static let broken = "---\ntopic: Broken\nc\u{1B}[2Jolor: red\nto\u{9B}pic2: x\n---\n\nQ: q \u{1B}[1m\nA: a\n"

    @Test func noCommandPrintsAControlSequence() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("evil.md", Self.deck)
        _ = try directory.write("broken.md", Self.broken)
        _ = try directory.write("evil.csv", "q \(Self.evil); a \(Self.evil)\n")
        let list = try await BadgerProcess.run(["list", "--format", "text"], in: directory.url)
        let id = String(list.standardOutput.prefix(16))
        var runs: [[String]] = [
            ["lint"], ["lint", "--format", "github"], ["list"], ["topics"], ["due"], ["stats"], ["show", id],
            ["import", "evil.csv", "--topic", "Evil \(Self.evil)", "--dry-run"], ["compile", "-o", "out.json"],
        ]
        runs.append(["study", "--plain", "--topic", "all", "--count", "10"])
        for arguments in runs {
            let result = try await BadgerProcess.run(arguments, in: directory.url, input: "\n\ne\nh\n2\n\n0\nq\nq\n")
            #expect([0, 1, 2].contains(result.status), "\(arguments): \(result.status)")
            for output in [result.standardOutput, result.standardError] {
                let control = output.unicodeScalars.first {
                    ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
                }
                #expect(control == nil, "\(arguments) printed U+\(String(control?.value ?? 0, radix: 16))")
            }
        }
        #expect(list.standardOutput.contains("Question"), "\(list.standardOutput)")
    }
}

/// Inputs the fuzzers found (`Fuzz/README.md`), kept as regression tests: each lints with exit 0
/// or 1 and every diagnostic points inside the file.
@Suite("Fuzz findings")
struct FuzzFindingTests {
    static let directory = PackagePaths.url("Tests/BadgerCLITests/Fixtures/FuzzFindings")

    static var findings: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test(arguments: findings)
    func lintsWithPositionsInsideTheFile(name: String) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let bytes = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        _ = try scratch.write("finding.md", bytes)
        let lineCount = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        let result = try await BadgerProcess.run(["lint", "--format", "json", "."], in: scratch.url)
        #expect([0, 1].contains(result.status), "\(result.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let diagnostics = document?["diagnostics"] as? [[String: Any]] ?? []
        #expect(!diagnostics.isEmpty)
        for diagnostic in diagnostics {
            let line =
                (diagnostic["range"] as? [String: Any]).flatMap { $0["start"] as? [String: Any] }?["line"] as? Int
                ?? diagnostic["line"] as? Int ?? -1
            #expect((1...lineCount).contains(line), "\(name): \(diagnostic)")
        }
    }
}

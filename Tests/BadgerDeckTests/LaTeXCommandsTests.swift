import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerDeck

/// `LaTeXCommands` against KaTeX itself: Debian's libjs-katex (a test dependency, see the
/// Makefile) ships KaTeX's source, and Fixtures/katex_commands.py reads its definitions.
@Suite struct LaTeXCommandsTests {
    static let katexSource = "/usr/share/javascript/katex/katex.mjs"
    static let script = PackagePaths.url("Tests/BadgerDeckTests/Fixtures/katex_commands.py").path

    struct Extracted {
        var commands: Set<String> = []
        var environments: Set<String> = []
    }

    /// What the script reads from the installed KaTeX (its `command NAME` and `environment NAME`
    /// lines), or nil when libjs-katex is not installed.
    static func extracted() async throws -> Extracted? {
        guard FileManager.default.fileExists(atPath: katexSource) else { return nil }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, katexSource]
        let result = try await ExternalProcess.run(process)
        #expect(result.status == 0, "\(result.standardError)")
        var extracted = Extracted()
        for line in result.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[0] == "command" { extracted.commands.insert(parts[1]) }
            if parts[0] == "environment" { extracted.environments.insert(parts[1]) }
        }
        return extracted
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: katexSource), "libjs-katex is not installed"))
    func tableIsExactlyWhatTheInstalledKaTeXKnowsInMathMode() async throws {
        let katex = try #require(try await Self.extracted())
        let commands = katex.commands
        #expect(commands.count > 900, "the script found too few commands; has KaTeX's source changed shape?")
        #expect(
            LaTeXCommands.known.subtracting(commands).sorted() == [],
            "in the table but not in KaTeX: regenerate with Tests/BadgerDeckTests/Fixtures/katex_commands.py --swift")
        #expect(commands.subtracting(LaTeXCommands.known).sorted() == [], "in KaTeX but not in the table")
        #expect(katex.environments == LaTeXCommands.environments)
    }

    @Test(arguments: ["bra", "ket", "braket", "Set", "N", "R", "Z", "argmax", "href", "operatorname", "limits", "cr", "text"])
    func commandsKaTeXRendersInMathAreKnown(name: String) {
        #expect(LaTeXCommands.known.contains(name))
    }

    @Test(arguments: ["textdollar", "ss", "i", "textbackslash", "textendash", "ce", "emph"])
    func commandsKaTeXRefusesInMathAreNot(name: String) {
        #expect(!LaTeXCommands.known.contains(name))
    }

    @Test func onlyControlWordsAreListed() {
        #expect(LaTeXCommands.known.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } })
    }
}

import BadgerTestSupport
import Foundation
import Testing

/// The collection's LaTeX macros while studying: expanded before the math is drawn.
@Suite struct StudyMacroTests {
    @Test func macrosFromBothFilesAreExpandedWithTheirArguments() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "macros:\n  R: \\mathbb{R}\n")
        try directory.write("macros.tex", "\\newcommand{\\sq}[1]{{#1}^2}\n")
        try directory.write("Decks/math.md", "---\ntopic: Math\n---\n\nQ: Is $\\sq{x} \\in \\R$?\nA: $\\sq{2} = 4$\n")
        let result = try await BadgerProcess.run(["study", "--topic", "Math", "--count", "10"], in: directory.url, input: "n\n\nq\nq\n")
        #expect(result.standardOutput.contains("Is x² ∈ ℝ?"), "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("2² = 4"), "\(result.standardOutput)")
    }
}

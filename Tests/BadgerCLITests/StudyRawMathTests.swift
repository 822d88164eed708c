import BadgerTestSupport
import Foundation
import Testing

/// `m` shows a card as written, math in LaTeX, while studying.
@Suite struct StudyRawMathTests {
    @Test func mShowsTheLaTeXAsWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("Decks/math.md", "---\ntopic: Math\n---\n\nQ: What is $\\frac{1}{2} + x^2$?\nA: $y_n$\n")
        let result = try await BadgerProcess.run(["study", "--topic", "Math", "--count", "10"], in: directory.url, input: "m\n\nm\nq\nq\n")
        #expect(result.standardOutput.contains("What is 1/2 + x²?"))
        #expect(result.standardOutput.contains("Question: What is $\\frac{1}{2} + x^2$?"))
        #expect(result.standardOutput.contains("Answer: $y_n$"))
    }
}

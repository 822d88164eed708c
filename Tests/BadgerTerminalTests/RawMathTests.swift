import BadgerTerminal
import Testing

@Suite struct RawMathTests {
    @Test func mathIsLaidOutUnlessRawMathIsAskedFor() {
        let markdown = "Simplify $x^2 + \\alpha$."
        #expect(MarkdownRenderer.render(markdown: markdown, style: TerminalStyle(usesColor: false, width: 60)) == ["Simplify x² + α."])
        #expect(
            MarkdownRenderer.render(markdown: markdown, style: TerminalStyle(usesColor: false, width: 60, showsRawMath: true)) == [
                "Simplify $x^2 + \\alpha$."
            ])
    }
}

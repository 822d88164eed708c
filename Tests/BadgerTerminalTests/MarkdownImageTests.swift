import BadgerTerminal
import Testing

/// How `MarkdownRenderer` shows images when asked to draw them: in place of `[image: alt]`,
/// as text or as lines of their own.
@Suite struct MarkdownImageTests {
    static let style = TerminalStyle(usesColor: false, width: 30)

    @Test func withoutARenderingImagesAreTheirAltText() {
        #expect(MarkdownRenderer.render(markdown: "See ![a heart](h.png) here", style: Self.style) == ["See [image: a heart] here"])
        #expect(MarkdownRenderer.render(markdown: "![](h.png)", style: Self.style) == ["[image: h.png]"])
    }

    @Test func aBlockStandsOnLinesOfItsOwnBetweenTheText() {
        var seen: [MarkdownImage] = []
        let lines = MarkdownRenderer.render(markdown: "Before ![a heart](images/h.png) after", style: Self.style) { image in
            seen.append(image)
            return .block(lines: ["▀▀▀▀", "▀▀▀▀"], columns: 4)
        }
        #expect(lines == ["Before", "▀▀▀▀", "▀▀▀▀", "after"])
        #expect(seen == [MarkdownImage(source: "images/h.png", alt: "a heart", columns: 30)])
    }

    @Test func insideAQuoteOrListTheBlockIsIndentedAndGivenTheNarrowerWidth() {
        var widths: [Int] = []
        let rendering: ImageRendering = { image in
            widths.append(image.columns)
            return .block(lines: ["##"], columns: 2)
        }
        #expect(MarkdownRenderer.render(markdown: "> ![x](x.png)", style: Self.style, images: rendering) == ["│ ##"])
        #expect(MarkdownRenderer.render(markdown: "- ![x](x.png)", style: Self.style, images: rendering) == ["• ##"])
        #expect(widths == [28, 28])
    }

    @Test func textReplacesTheAltTextAndIsSanitized() {
        let lines = MarkdownRenderer.render(markdown: "![x](x.png)", style: Self.style) { _ in .text("[image: x \u{1B}[31m] (x.png)") }
        #expect(lines == ["[image: x \\u{1B}[31m] (x.png)"])
    }

    @Test func tablesKeepTheAltText() {
        let lines = MarkdownRenderer.render(markdown: "| a |\n|---|\n| ![x](x.png) |", style: Self.style) { _ in
            .block(lines: ["▀▀▀▀▀▀▀▀▀▀"], columns: 10)
        }
        #expect(lines.contains("[image: x]"))
        #expect(!lines.joined().contains("▀"))
    }
}

import BadgerDeck
import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerTerminal

@Suite struct MarkdownRendererTests {
    static let sample = """
        # Power rule

        A *plain* question with **strong**, `code`, ~~strike~~ and a [link](https://example.com "title"). \
        Then a sentence that is long enough to wrap several times at forty columns, with \
        a word like supercalifragilisticexpialidociousandthensomemoretobreakit.

        Line one\\
        line two after a hard break; math $\\frac{d}{dx} x^n$ inline.

        $$
        \\frac{d}{dx} x^3 = 3x^2
        $$

        - and a list item that is long enough to wrap under its own hanging indent
          - nested with **bold** text
        - with two items

        9. ninth
        10. tenth, with a longer text that must wrap under the number

        - [ ] open task
        - [x] done task

        > a quote with Q: inside it, and enough words that it wraps inside the bar
        >
        > > nested quote

        ```swift
        let code = "Q: not a label, and a very long line that is cut at the terminal width"
        \tindented()
        ```

        | left | center | right |
        | :--- | :----: | ----: |
        | a    | b      | c     |
        | longer cell | 中文字 | 42 |

        ---

        ## Wide text

        日本語の文章は単語の間に空白がないので、幅で折り返す必要があります。Emoji 🦡🦡🦡 too.

        ![A small dot](images/dot.png) and <https://example.org>.
        """

    static func plain(_ width: Int) -> TerminalStyle { TerminalStyle(usesColor: false, width: width) }

    /// The visible text: SGR sequences removed.
    static func visible(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    static func width(_ line: String) -> Int { DisplayWidth.of(visible(line)) }

    /// Whether every ESC in `text` starts an SGR sequence: `ESC [ digits/semicolons m`.
    static func onlySGR(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}" {
                guard index + 1 < scalars.count, scalars[index + 1] == "[" else { return false }
                var end = index + 2
                while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
                guard end < scalars.count, scalars[end] == "m", end > index + 2 else { return false }
                index = end + 1
                continue
            }
            let value = scalars[index].value
            if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
            if [0x200E, 0x200F, 0x061C].contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            {
                return false
            }
            index += 1
        }
        return true
    }

    // MARK: - Snapshots

    @Test(arguments: [40, 60, 100]) func snapshotPlain(width: Int) {
        let lines = MarkdownRenderer.render(markdown: Self.sample, style: Self.plain(width))
        for line in lines { #expect(Self.width(line) <= width, "\(line)") }
        assertSnapshot(lines.joined(separator: "\n") + "\n", named: "Markdown.\(width).txt")
    }

    @Test func snapshotColor() {
        let style = TerminalStyle(usesColor: true, width: 60)
        let lines = MarkdownRenderer.render(markdown: Self.sample, style: style, accent: RGBColor(hex: "#7c3aed"))
        for line in lines {
            #expect(Self.width(line) <= 60)
            #expect(Self.onlySGR(line))
        }
        let shown = lines.joined(separator: "\n").replacingOccurrences(of: "\u{1B}", with: "⎋")
        assertSnapshot(shown + "\n", named: "Markdown.color.60.txt")
    }

    @Test func everythingFixtureRenders() throws {
        let text = try String(contentsOf: PackagePaths.url("Tests/BadgerDeckTests/Fixtures/Everything.md"), encoding: .utf8)
        for width in [20, 40, 80] {
            for usesColor in [false, true] {
                let lines = MarkdownRenderer.render(
                    markdown: text, style: TerminalStyle(usesColor: usesColor, width: width), accent: RGBColor(hex: "#7c3aed"))
                #expect(!lines.isEmpty)
                for line in lines {
                    #expect(Self.width(line) <= width, "\(line)")
                    #expect(Self.onlySGR(line))
                }
            }
        }
    }

    // MARK: - Colors

    @Test func rgbColorParsesHex() {
        #expect(RGBColor(hex: "#7c3aed") == RGBColor(r: 0x7C, g: 0x3A, b: 0xED))
        #expect(RGBColor(hex: "#FFF") == RGBColor(r: 255, g: 255, b: 255))
        #expect(RGBColor(hex: "abc") == RGBColor(r: 0xAA, g: 0xBB, b: 0xCC))
        #expect(RGBColor(hex: "#12345") == nil)
        #expect(RGBColor(hex: "#gggggg") == nil)
        #expect(RGBColor(hex: "") == nil)
    }

    @Test func colorStylesAndAccent() {
        let style = TerminalStyle(usesColor: true, width: 80)
        let accent = RGBColor(r: 1, g: 2, b: 3)
        let lines = MarkdownRenderer.render(markdown: "# Title\n\n*i* **b** ~~s~~ `c`\n\n- item", style: style, accent: accent)
        #expect(lines[0] == "\u{1B}[1;38;2;1;2;3mTitle\u{1B}[0m")
        #expect(lines[2] == "\u{1B}[3mi\u{1B}[0m \u{1B}[1mb\u{1B}[0m \u{1B}[9ms\u{1B}[0m \u{1B}[7mc\u{1B}[0m")
        #expect(lines[4] == "\u{1B}[38;2;1;2;3m•\u{1B}[0m item")
    }

    @Test func plainDropsMarkersAndShowsLinks() {
        let lines = MarkdownRenderer.render(
            markdown: "# Title\n\n*i* **b** ~~s~~ `c` [site](https://a.example) <https://b.example>\n\n![alt](x.png)",
            style: Self.plain(80))
        #expect(lines == ["Title", "", "i b s c site <https://a.example> https://b.example", "", "[image: alt]"])
    }

    @Test func stylesResetOnEveryWrappedLine() {
        let style = TerminalStyle(usesColor: true, width: 20)
        let lines = MarkdownRenderer.render(
            markdown: "**bold words that go on and on across several lines** then *italic words wrapping too*", style: style)
        #expect(lines.count > 2)
        for line in lines {
            #expect(Self.width(line) <= 20)
            // Whatever the line turns on, it turns off: its last escape is a reset.
            let sequences = line.matches(of: /\x1B\[[0-9;]*m/).map { String($0.output) }
            #expect(sequences.last == "\u{1B}[0m", "\(line)")
        }
        // Bold that wraps is closed at the end of the first line and reopened on the next.
        #expect(lines[0] == "\u{1B}[1mbold words that go\u{1B}[0m")
        #expect(lines[1].hasPrefix("\u{1B}[1mon and on"))
    }

    // MARK: - Wrapping

    @Test func wrappingNeverExceedsWidth() {
        var generator = MarkdownSeededGenerator(seed: 42)
        let words = [
            "a", "word", "longer", "supercalifragilistic", "日本語", "🦡", "e\u{301}", "**bold**", "*it*", "`code`",
            "[l](http://x.y/very/long/path/segment)", "~~x~~", "中文中文中文中文中文中文中文中文中文中文中文", "$x^2$",
        ]
        for _ in 0..<300 {
            let width = Int.random(in: 20...120, using: &generator)
            let count = Int.random(in: 1...60, using: &generator)
            let text = (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            for usesColor in [false, true] {
                let lines = MarkdownRenderer.render(markdown: text, style: TerminalStyle(usesColor: usesColor, width: width))
                for line in lines { #expect(Self.width(line) <= width, "width \(width): \(line)") }
                // No text is lost or duplicated by wrapping.
                let joined = lines.map(Self.visible).joined()
                let expected = MarkdownRenderer.render(markdown: text, style: TerminalStyle(usesColor: false, width: 10_000))
                    .joined().replacingOccurrences(of: " ", with: "")
                #expect(joined.replacingOccurrences(of: " ", with: "") == expected)
            }
        }
    }

    @Test func wideCharactersTakeTwoColumns() {
        let lines = MarkdownRenderer.render(markdown: String(repeating: "漢", count: 25), style: Self.plain(20))
        #expect(lines == [String(repeating: "漢", count: 10), String(repeating: "漢", count: 10), String(repeating: "漢", count: 5)])
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("🦡") == 2)
        #expect(DisplayWidth.of("👩‍👩‍👧") == 2)
    }

    @Test func longWordsBreak() {
        let lines = MarkdownRenderer.render(markdown: "go " + String(repeating: "x", count: 45), style: Self.plain(20))
        #expect(lines == ["go", String(repeating: "x", count: 20), String(repeating: "x", count: 20), "xxxxx"])
    }

    @Test func listsHaveHangingIndent() {
        let markdown = """
            - one two three four five six seven
              - nested alpha beta gamma delta
            1. first item that wraps around
            - [x] done task that wraps around
            """
        let lines = MarkdownRenderer.render(markdown: markdown, style: Self.plain(20))
        #expect(
            lines == [
                "• one two three four",
                "  five six seven",
                "  ◦ nested alpha",
                "    beta gamma delta",
                "",
                "1. first item that",
                "   wraps around",
                "",
                "[x] done task that",
                "    wraps around",
            ])
    }

    @Test func looseListsKeepBlankLinesAndNumbersAlign() {
        let markdown = (1...10).map { "\($0). item" }.joined(separator: "\n")
        let lines = MarkdownRenderer.render(markdown: markdown, style: Self.plain(40))
        #expect(lines.first == " 1. item")
        #expect(lines.last == "10. item")
        let loose = MarkdownRenderer.render(markdown: "- a\n\n- b", style: Self.plain(40))
        #expect(loose == ["• a", "", "• b"])
    }

    @Test func blockQuotesWrapInsideTheBar() {
        let lines = MarkdownRenderer.render(markdown: "> one two three four five six", style: Self.plain(20))
        #expect(lines == ["│ one two three four", "│ five six"])
    }

    @Test func codeBlocksAreTruncatedNotWrapped() {
        let lines = MarkdownRenderer.render(
            markdown: "```\n" + String(repeating: "y", count: 30) + "\n\tz\n```", style: Self.plain(20))
        #expect(lines == ["  " + String(repeating: "y", count: 17) + "…", "      z"])
    }

    @Test func thematicBreakSpansTheWidth() {
        #expect(MarkdownRenderer.render(markdown: "---", style: Self.plain(25)) == [String(repeating: "─", count: 25)])
    }

    // MARK: - Tables

    @Test func tablesAlignColumns() {
        let markdown = "| left | center | right |\n| :--- | :----: | ----: |\n| a | b | c |\n| longer | 中 | 42 |"
        let lines = MarkdownRenderer.render(markdown: markdown, style: Self.plain(60))
        #expect(
            lines == [
                "left   │ center │ right",
                "───────┼────────┼──────",
                "a      │   b    │     c",
                "longer │   中   │    42",
            ])
    }

    @Test func wideTablesShrinkTheWidestColumns() {
        let markdown = """
            | key | description |
            | --- | ----------- |
            | a | a description that is much longer than the terminal is wide |
            | b | short |
            """
        let lines = MarkdownRenderer.render(markdown: markdown, style: Self.plain(30))
        for line in lines { #expect(Self.width(line) <= 30, "\(line)") }
        #expect(lines[0] == "key │ description")
        #expect(lines[1] == "────┼" + String(repeating: "─", count: 25))
        #expect(lines[2] == "a   │ a description that is")
        #expect(lines.contains("b   │ short"))
        #expect(lines.count > 4)
    }

    @Test func tablesTooWideForColumnsBecomeRecords() {
        let header = "|" + (1...12).map { " h\($0) |" }.joined()
        let rule = "|" + String(repeating: " --- |", count: 12)
        let row = "|" + (1...12).map { " v\($0) |" }.joined()
        let lines = MarkdownRenderer.render(markdown: [header, rule, row].joined(separator: "\n"), style: Self.plain(20))
        #expect(lines.first == "h1: v1")
        #expect(lines.last == "h12: v12")
    }

    // MARK: - Hostile text

    @Test func hostileTextIsNeverEmittedRaw() {
        let hostile = [
            "\u{1B}[2J\u{1B}[H clear screen", "\u{1B}]0;pwned title\u{07}", "\u{9B}31m C1 CSI", "\u{9D}0;osc\u{9C}",
            "evil\u{202E}txt.exe", "\u{2066}isolate\u{2069}", "bell\u{07} backspace\u{08} del\u{7F}", "\u{1B}P dcs \u{1B}\\",
        ]
        for text in hostile {
            for usesColor in [false, true] {
                let markdown =
                    "# \(text)\n\n*\(text)* `\(text)` [\(text)](http://x/\(text))\n\n```\n\(text)\n```\n\n| \(text) |\n| - |\n| \(text) |\n\n- \(text)\n\n> \(text)"
                let lines = MarkdownRenderer.render(markdown: markdown, style: TerminalStyle(usesColor: usesColor, width: 40))
                for line in lines {
                    #expect(Self.onlySGR(line), "\(line.debugDescription)")
                    if !usesColor { #expect(!line.contains("\u{1B}")) }
                }
            }
        }
        let shown = MarkdownRenderer.render(markdown: "a\u{1B}[31mb", style: Self.plain(40))
        #expect(shown == ["a\\u{1B}[31mb"])
    }

    @Test func fuzzedControlCharactersNeverYieldForeignEscapes() {
        var generator = MarkdownSeededGenerator(seed: 7)
        let alphabet: [Character] = [
            "\u{1B}", "[", "]", "\u{9B}", "\u{9D}", "\u{07}", "\u{00}", "\u{7F}", "\u{202E}", "\u{2067}", "\u{200F}", "\r", "\n",
            "\t", "*", "_", "`", "~", "|", "-", ">", "#", "$", " ", " ", "a", "b", "1", ";", "m", "漢", "e\u{301}",
        ]
        for _ in 0..<500 {
            let length = Int.random(in: 0...80, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let width = Int.random(in: 20...80, using: &generator)
            for usesColor in [false, true] {
                let lines = MarkdownRenderer.render(
                    markdown: text, style: TerminalStyle(usesColor: usesColor, width: width), accent: RGBColor(hex: "#123"))
                for line in lines {
                    #expect(Self.onlySGR(line), "\(text.debugDescription) → \(line.debugDescription)")
                    #expect(Self.width(line) <= width)
                    #expect(!line.contains("\n"))
                }
            }
        }
    }

    // MARK: - Small terminals

    @Test func fortyColumnsIsReadable() {
        let lines = MarkdownRenderer.render(markdown: Self.sample, style: Self.plain(40))
        for line in lines { #expect(Self.width(line) <= 40) }
        #expect(lines.contains("Power rule"))
        #expect(lines.contains { $0.hasPrefix("• and a list item") })
        #expect(lines.contains { $0.hasPrefix("│ a quote with Q:") })
        #expect(lines.contains { $0.contains("│") && $0.contains("┼") == false && $0.hasPrefix("left") })
    }
}

/// A small deterministic random number generator (SplitMix64) for property tests.
private struct MarkdownSeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

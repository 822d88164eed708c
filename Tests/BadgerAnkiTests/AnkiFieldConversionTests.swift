import BadgerDeck
import Foundation
import Testing

@testable import BadgerAnki

/// `AnkiFieldImport` (Anki field HTML to deck Markdown) and `AnkiFieldExport` (back).
@Suite struct AnkiFieldConversionTests {
    // MARK: - Helpers

    private func imported(_ html: String) -> String {
        AnkiFieldImport.markdown(fromHTML: html, mediaFolder: "media").markdown
    }

    /// The text a browser shows for `html` (tags removed, entities decoded), ignoring how white
    /// space runs are spelled.
    private func shownText(ofHTML html: String) -> String {
        var text = ""
        var insideTag = false
        for character in html {
            switch character {
            case "<": insideTag = true
            case ">" where insideTag: insideTag = false
            default: if !insideTag { text.append(character) }
            }
        }
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: value)
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    private func shownText(ofMarkdown markdown: String) -> String {
        shownText(ofHTML: HTMLRenderer.render(markdown: markdown))
    }

    /// The cards of a deck whose only card asks `markdown`.
    private func parsedQuestions(_ markdown: String) -> [String?] {
        let text = "---\ntopic: T\n---\n\nQ: \(markdown)\nA: x\n"
        let parsed = DeckParser.parse(
            Array(text.utf8), file: DeckFile(displayPath: "t.md", absolutePath: "/t.md", collectionRoot: "/"))
        return parsed.cards.map { $0.field(.question)?.markdown }
    }

    // MARK: - Import: formatting

    @Test func boldBecomesStrongEmphasis() {
        #expect(imported("What is the capital of <b>France</b>?") == "What is the capital of **France**?")
        #expect(imported("<STRONG>Paris</STRONG> and <em>Lyon</em> and <I>Nice</I>") == "**Paris** and *Lyon* and *Nice*")
    }

    @Test func nestedAndUnclosedEmphasis() {
        #expect(imported("<b><i>x</i></b>") == "***x***")
        #expect(shownText(ofMarkdown: imported("<b><i>x</i></b>")) == "x")
        #expect(imported("<b>unclosed <i>tags") == "**unclosed *tags***")
        #expect(imported("</b>stray close</i>") == "stray close")
        #expect(imported("<b></b><i> </i>empty") == "empty")
        #expect(imported("<b>a</b><b>b</b>") == "**ab**")
    }

    @Test func emphasisDelimitersSkipSpaces() {
        #expect(imported("<b>France </b>is") == "**France** is")
        #expect(imported("a<i> b</i>") == "a *b*")
    }

    @Test func emphasisThatMarkdownCannotSayIsDropped() {
        let markdown = imported("a<b>\"b\"</b>c")
        #expect(shownText(ofMarkdown: markdown) == "a\"b\"c")
        #expect(!markdown.contains("*"))
    }

    @Test func underlineSubscriptSpanAndFontKeepTheirText() {
        #expect(imported("<u>under</u> H<sub>2</sub>O x<sup>2</sup>") == "under H2O x2")
        #expect(imported("<span style=\"color: rgb(255, 0, 0);\">red</span> <font color=blue>blue</font>") == "red blue")
    }

    @Test func scriptAndStyleGoWithTheirContent() {
        #expect(imported("a<script>alert('<b>x</b>')</script>b") == "ab")
        #expect(imported("<style>b { color: red }</style>text<SCRIPT type=x>1 < 2</SCRIPT>") == "text")
        #expect(imported("unterminated<script>never closed") == "unterminated")
    }

    @Test func codeBecomesACodeSpan() {
        #expect(imported("<code>x*y</code>") == "`x*y`")
        #expect(imported("<code>a`b</code>") == "``a`b``")
        #expect(imported("<code>`tick</code>") == "`` `tick ``")
        #expect(imported("<code>$x$</code>") == "`$x$`")
        #expect(shownText(ofMarkdown: imported("run <code> ls -l </code> now")) == "run ls -l now")
    }

    @Test func linksKeepTheirDestination() {
        #expect(imported("<a href=\"https://example.com\">site</a>") == "[site](https://example.com)")
        #expect(imported("<a href=https://x.org/a%20b>a [b]</a>") == "[a \\[b\\]](https://x.org/a%20b)")
        #expect(imported("<a href=\"https://x.org/a b\">spaced</a>") == "[spaced](<https://x.org/a b>)")
        #expect(imported("<a href=\"x\"></a>gone") == "gone")
        #expect(imported("<a>no href</a>") == "no href")
        #expect(imported("<a href=x>broken<br>over lines</a>") == "broken\\\nover lines")
    }

    @Test func listItemsBecomeLines() {
        #expect(imported("<ul><li>one</li><li># two</li></ul>after") == "• one\\\n• # two\n\nafter")
        #expect(imported("Steps:<ol><li>mix</li><li>bake</li></ol>") == "Steps:\n\n1\\. mix\\\n2\\. bake")
        #expect(imported("<ul><li>a<br>b</li><li></li><li><b>c</b></li></ul>") == "• a\\\nb\\\n• **c**")
        #expect(imported("<li>stray item") == "• stray item")
    }

    // MARK: - Import: text

    @Test func entitiesAreDecodedAndTextIsEscaped() {
        let markdown = imported("Escapes: 3 &lt; 4 &amp;amp; 5 &gt; 2, a * b, 100%")
        #expect(markdown == "Escapes: 3 \\< 4 \\&amp; 5 > 2, a \\* b, 100%")
        #expect(shownText(ofMarkdown: markdown) == "Escapes: 3 < 4 &amp; 5 > 2, a * b, 100%")
        #expect(imported("&quot;q&quot; &#39;s&#x27; &eacute;t&eacute; &mdash; &euro;5 &unknown;") == "\"q\" 's' été — €5 \\&unknown;")
        #expect(imported("&#0; &#x110000; &#99999999999;") == "\u{FFFD} \u{FFFD} \\&#99999999999;")
    }

    @Test func markdownSyntaxInTextIsEscaped() {
        #expect(imported("x_1 and # not a heading") == "x\\_1 and # not a heading")
        #expect(
            imported("# heading?<br>- item?<br>1. ordered?<br>&gt; quote?") == "\\# heading?\\\n\\- item?\\\n1\\. ordered?\\\n\\> quote?")
        #expect(imported("a | b ~ c `d` [e] \\f") == "a \\| b \\~ c \\`d\\` \\[e] \\\\f")
        for html in ["x_1 and # not a heading", "# heading?<br>- item?<br>1. ordered?<br>&gt; quote?", "a | b ~ c `d` [e] \\f"] {
            let expected = shownText(ofHTML: html.replacingOccurrences(of: "<br>", with: "\n"))
            #expect(shownText(ofMarkdown: imported(html)) == expected)
        }
    }

    @Test func aLessThanThatIsNotATagIsText() {
        #expect(imported("1 < 2 and a <3 and <") == "1 \\< 2 and a \\<3 and \\<")
        #expect(imported("a <b c") == "a \\<b c")
        #expect(imported("<!-- comment -->kept<!doctype html>") == "kept")
    }

    @Test func dollarsOutsideMathAreEscaped() {
        let markdown = imported("costs $5 and $x$")
        #expect(markdown == "costs \\$5 and \\$x\\$")
        #expect(shownText(ofMarkdown: markdown) == "costs $5 and $x$")
    }

    @Test func whiteSpaceAndNonBreakingSpaces() {
        #expect(imported("&nbsp;") == "")
        #expect(imported("a&nbsp;&nbsp;b   c\n d\t") == "a b c d")
        #expect(imported("  <div> padded </div>  ") == "padded")
    }

    // MARK: - Import: lines and paragraphs

    @Test func lineBreaksAreHardBreaks() {
        let markdown = imported("Rome<br>(since 1871)")
        #expect(markdown == "Rome\\\n(since 1871)")
        #expect(HTMLRenderer.render(markdown: markdown) == "<p>Rome<br />\n(since 1871)</p>\n")
        #expect(imported("a<BR/>b<br />c") == "a\\\nb\\\nc")
    }

    @Test func divsAreLinesAndBlankLinesAreParagraphs() {
        #expect(imported("<div>line one</div><div>line two</div>") == "line one\\\nline two")
        #expect(imported("<div>a</div><div><br></div><div>b</div>") == "a\n\nb")
        #expect(imported("a<br><br><br><br>b<br><br>") == "a\n\nb")
        #expect(imported("<br><p>one</p><p>two</p><br>") == "one\n\ntwo")
    }

    @Test func linesNeverReadAsLabelsOrBreaks() {
        let markdown = imported("Q: not<br>A: a label<br>---<br>C: x<br>***")
        #expect(!markdown.split(separator: "\n").contains { $0.hasPrefix("Q:") || $0.hasPrefix("A:") || $0.hasPrefix("C:") })
        #expect(!markdown.split(separator: "\n").contains { $0 == "---" || $0 == "***" })
        #expect(parsedQuestions(markdown) == [markdown])
    }

    // MARK: - Import: math and cloze

    @Test func mathJaxBecomesDollarMath() {
        let html = "The derivative of \\(x^2\\) is {{c1::\\(2x\\)}} and of \\(x^3\\) is {{c2::\\(3x^2\\)::power rule}}."
        #expect(imported(html) == "The derivative of $x^2$ is {{c1::$2x$}} and of $x^3$ is {{c2::$3x^2$::power rule}}.")
        #expect(imported("Euler: \\[e^{i\\pi} + {{c1::1}} = 0\\]") == "Euler: $$e^{i\\pi} + {{c1::1}} = 0$$")
        #expect(imported("\\(x^{ {{c1::2}} }\\)") == "$x^{ {{c1::2}} }$")
    }

    @Test func mathKeepsItsTeXVerbatim() {
        #expect(imported("\\(a_1 * b_2 &lt; c\\)") == "$a_1 * b_2 < c$")
        #expect(imported("\\(a < b > c\\) \\(x<span style=\"color:red\">y</span>\\)") == "$a < b > c$ $xy$")
        #expect(imported("\\( x \\)") == "$x$")
        #expect(imported("\\[a<br>b\\\\<br>- c\\]") == "$$a\nb\\\\ - c$$")
        #expect(imported("[$]a+b[/$] and [$$]c[/$$]") == "$a+b$ and $$c$$")
        #expect(imported("\\(x\\)5") == "$x$&#53;")
        #expect(shownText(ofMarkdown: imported("\\(x\\)5")) == "\\(x\\)5")
        #expect(imported("\\(a\\)\\(b\\)") == "$a$ $b$")
    }

    @Test func mathThatDollarsCannotHoldStaysText() {
        #expect(imported("\\(\\)") == "\\\\(\\\\)")
        #expect(imported("\\(a $ b\\)") == "\\\\(a \\$ b\\\\)")
        #expect(imported("\\( unclosed") == "\\\\( unclosed")
    }

    @Test func clozeDeletionsStay() {
        #expect(
            imported("{{c1::<b>Canberra</b>}} is in {{c2::Australia::a *country*}}")
                == "{{c1::**Canberra**}} is in {{c2::Australia::a \\*country\\*}}")
        #expect(imported("<code>{{c1::x}}</code>") == "{{c1::x}}")
    }

    @Test func convertedClozeTextKeepsItsDeletions() {
        let html = "The derivative of \\(x^2\\) is {{c1::\\(2x\\)}} and of <b>\\(x^3\\)</b> is {{c2::\\(3x^2\\)::power rule}}."
        let cloze = ClozeText(imported(html))
        #expect(cloze.problems.isEmpty)
        #expect(cloze.deletions.map(\.number) == [1, 2])
        #expect(cloze.deletions.map(\.text) == ["$2x$", "$3x^2$"])
        #expect(cloze.deletions.map(\.hint) == [nil, "power rule"])
        let inMath = ClozeText(imported("Euler: \\[e^{i\\pi} + {{c1::1}} = 0\\] and \\(x^{ {{c2::2}} }\\)"))
        #expect(inMath.problems.isEmpty)
        #expect(inMath.deletions.map(\.insideMath) == [true, true])
        #expect(ClozeText(imported("{{c1::a * b [c]}} &amp; {{c2::x_1}}")).deletions.map(\.text) == ["a \\* b \\[c]", "x\\_1"])
    }

    // MARK: - Import: media

    @Test func imagesBecomeMediaPaths() {
        let result = AnkiFieldImport.markdown(fromHTML: "Which flag is this? <img src=\"flag.png\">", mediaFolder: "media")
        #expect(result == .init(markdown: "Which flag is this? ![](media/flag.png)", images: ["flag.png"], sounds: []))
        #expect(AnkiFieldImport.markdown(fromHTML: "<IMG SRC=flag.png>", mediaFolder: "").markdown == "![](flag.png)")
        let repeated = AnkiFieldImport.markdown(fromHTML: "<img src=a.png><img src='b.gif'><img src=a.png>", mediaFolder: "m/")
        #expect(repeated.images == ["a.png", "b.gif"])
        #expect(repeated.markdown == "![](m/a.png)![](m/b.gif)![](m/a.png)")
    }

    @Test func imageNamesWithSpacesAndParenthesesStillParse() {
        let result = AnkiFieldImport.markdown(
            fromHTML: "<img src=\"my%20flag%20(1)&amp;co.png\" alt=\"A [flag]\">", mediaFolder: "media")
        #expect(result.images == ["my flag (1)&co.png"])
        #expect(result.markdown == "![A \\[flag\\]](<media/my flag (1)\\&co.png>)")
        #expect(
            HTMLRenderer.render(markdown: result.markdown) == "<p><img src=\"media/my%20flag%20(1)&amp;co.png\" alt=\"A [flag]\" /></p>\n")
        var asked: [String] = []
        _ = AnkiFieldExport.html(fromMarkdown: result.markdown) { path in
            asked.append(path)
            return nil
        }
        #expect(asked == ["media/my flag (1)&co.png"])
    }

    @Test func imagesOutsideTheMediaFolderAreLinks() {
        for source in ["https://example.com/f.png", "../secret.png", "dir/f.png", "data:image/png;base64,AAAA"] {
            let result = AnkiFieldImport.markdown(fromHTML: "<img src=\"\(source)\">", mediaFolder: "media")
            #expect(result.images.isEmpty)
            #expect(result.markdown.hasPrefix("[") && !result.markdown.hasPrefix("!["))
        }
        #expect(imported("<img src=\"https://x.org/f.png\" alt=\"Flag\">") == "[Flag](https://x.org/f.png)")
        #expect(imported("<img>") == "")
    }

    @Test func soundsAreReportedAndDropped() {
        let result = AnkiFieldImport.markdown(
            fromHTML: "Listen: [sound:anthem.mp3] [sound:a&amp;b.ogg][sound:anthem.mp3]", mediaFolder: "m")
        #expect(result == .init(markdown: "Listen:", images: [], sounds: ["anthem.mp3", "a&b.ogg"]))
        #expect(imported("[sound:never closed") == "\\[sound:never closed")
    }

    // MARK: - Import: robustness

    @Test func sloppyAndFuzzedHTMLNeverCrashes() {
        let fragments = [
            "<", ">", "</", "<b", "<b>", "</b>", "<i>", "</i>", "<br>", "<div>", "</div>", "<p>", "<li>", "</ul>", "<ol>", "<a href=x>",
            "</a>", "<img src=\"a b.png\">", "<img src=", "\"", "'", "&", "&amp;", "&#", "&#x41;", "&nbsp;", "\\(", "\\)", "\\[", "\\]",
            "[$]", "[/$]", "{{c1::", "}}", "::", "$", "*", "_", "#", "Q:", "\n", " ", "x", "1.", "-", "`", "<code>", "</code>",
            "<script>", "</script>", "[sound:", "]", "<!--", "-->", "\u{F0000}", "\u{0}", "é",
        ]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<1500 {
            let html = (0..<Int.random(in: 1...14, using: &generator)).map { _ in fragments.randomElement(using: &generator) ?? "" }
                .joined()
            let markdown = imported(html)
            #expect(!markdown.hasPrefix("\n") && !markdown.hasSuffix("\n") && !markdown.contains("\n\n\n"), "\(html.debugDescription)")
            #expect(!markdown.unicodeScalars.contains { (0xF_0000...0xF_FFFF).contains($0.value) }, "\(html.debugDescription)")
            if !markdown.isEmpty { #expect(parsedQuestions(markdown) == [markdown], "\(html.debugDescription)") }
            _ = AnkiFieldExport.html(fromMarkdown: markdown) { _ in "x.png" }
        }
    }

    @Test func pathologicalFieldsTakeLinearTime() {
        let size = 20_000
        for unit in ["\\(", "\\[", "[$]", "[sound:", "<a ", "<b c=\"", "<!", "<code>", "&#", "<!--"] {
            let html = String(repeating: unit, count: size / unit.count) + ">"
            let started = ContinuousClock.now
            _ = imported(html)
            #expect(ContinuousClock.now - started < .seconds(5), "\(unit)")
        }
    }

    @Test func plainTextSurvivesImportAndExport() {
        let alphabet = Array("abcXYZ019 *_#<>&$|\\[]{}~`!.-=+%;'\"")
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2000 {
            let text = String((0..<Int.random(in: 1...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let html = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            let markdown = imported(html)
            let expected = text.split(separator: " ").joined(separator: " ")
            #expect(shownText(ofMarkdown: markdown) == expected, "\(text.debugDescription) → \(markdown.debugDescription)")
            let exported = AnkiFieldExport.html(fromMarkdown: markdown) { _ in nil }
            #expect(shownText(ofHTML: exported) == expected, "\(text.debugDescription) → \(exported.debugDescription)")
        }
    }

    @Test(arguments: [
        "What is the capital of <b>France</b>?", "Rome<br>(since 1871)", "x_1 and # not a heading<br># heading",
        "Q: one<br>A: two<br>E: three", "line<br>---<br>more", "<div>a</div><div><br></div><div>A: b</div>",
        "Euler: \\[e^{i\\pi}<br>+ {{c1::1}}<br>= 0\\]", "<ul><li>Q: item</li><li>two</li></ul>then<br>- dash",
        "1. not a list<br>2) neither<br>+ nor this<br>= nor this", "`code` and <code>code</code><br>    indented",
        "<img src=\"a (1).png\"><br>| a | b |<br>|---|---|", "\\(x\\)<br>y \\(z\\)<br>", "<ol><li>one</li><li>two</li></ol>",
        "<ul><li>a</li></ul><div>Answer: b</div>",
    ])
    func convertedMarkdownIsOneDeckQuestion(html: String) {
        let markdown = imported(html)
        #expect(parsedQuestions(markdown) == [markdown], "\(markdown.debugDescription)")
    }

    // MARK: - Export

    /// A line that looks like a card label gets a zero-width space in the deck; Anki gets the
    /// line back without it.
    @Test func aLabelLikeLineGoesBackToAnkiWithoutItsGuard() {
        let markdown = imported("Q: one<br>A: two")
        #expect(markdown.contains("&#8203;") || markdown.contains("\u{200B}"), "\(markdown.debugDescription)")
        let exported = AnkiFieldExport.html(fromMarkdown: markdown) { _ in nil }
        #expect(exported == "Q: one<br>A: two", "\(exported.debugDescription)")
    }

    @Test func exportUnwrapsParagraphs() {
        #expect(
            AnkiFieldExport.html(fromMarkdown: "What is the capital of **France**?") { _ in nil }
                == "What is the capital of <strong>France</strong>?")
        #expect(AnkiFieldExport.html(fromMarkdown: "one\ntwo\n\nthree\\\nfour") { _ in nil } == "one two<br><br>three<br>four")
        #expect(
            AnkiFieldExport.html(fromMarkdown: "Steps:\n\n- a\n- b") { _ in nil } == "<p>Steps:</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>")
        #expect(AnkiFieldExport.html(fromMarkdown: "3 \\< 4 \\& a \\* b") { _ in nil } == "3 &lt; 4 &amp; a * b")
    }

    @Test func exportWritesMathJaxAndKeepsCloze() {
        let markdown = "The derivative of $x^2$ is {{c1::$2x$}} and of $x^3$ is {{c2::$3x^2$::power rule}}."
        #expect(
            AnkiFieldExport.html(fromMarkdown: markdown) { _ in nil }
                == "The derivative of \\(x^2\\) is {{c1::\\(2x\\)}} and of \\(x^3\\) is {{c2::\\(3x^2\\)::power rule}}.")
        #expect(AnkiFieldExport.html(fromMarkdown: "$$e^{i\\pi} + {{c1::1}} = 0$$") { _ in nil } == "\\[e^{i\\pi} + {{c1::1}} = 0\\]")
        #expect(AnkiFieldExport.html(fromMarkdown: "$x^{ {{c1::2}} } < y$") { _ in nil } == "\\(x^{ {{c1::2}} } &lt; y\\)")
    }

    @Test func exportRenamesImages() {
        let html = AnkiFieldExport.html(fromMarkdown: "Flag: ![France](media/flags/fr.png) ![](<media/a b.png>)") { path in
            path == "media/flags/fr.png" ? "fr & co.png" : nil
        }
        #expect(html == "Flag: <img src=\"fr &amp; co.png\" alt=\"France\" /> <img src=\"media/a%20b.png\" alt=\"\" />")
    }

    @Test func importedFieldsExportAsAnkiWroteThem() {
        for html in [
            "What is the capital of <strong>France</strong>?", "Rome<br>(since 1871)",
            "The derivative of \\(x^2\\) is {{c1::\\(2x\\)}} and of \\(x^3\\) is {{c2::\\(3x^2\\)::power rule}}.",
            "Euler: \\[e^{i\\pi} + {{c1::1}} = 0\\]", "a<br><br>b", "3 &lt; 4 &amp; 5",
        ] {
            #expect(AnkiFieldExport.html(fromMarkdown: imported(html)) { _ in nil } == html)
        }
        let flag = AnkiFieldImport.markdown(fromHTML: "Which flag is this? <img src=\"flag.png\">", mediaFolder: "media")
        #expect(
            AnkiFieldExport.html(fromMarkdown: flag.markdown) { $0 == "media/flag.png" ? "flag.png" : nil }
                == "Which flag is this? <img src=\"flag.png\" alt=\"\" />")
    }
}

/// A small deterministic random number generator (SplitMix64), so failures reproduce.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

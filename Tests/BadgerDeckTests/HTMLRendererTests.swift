import Testing

@testable import BadgerDeck

private func rendered(_ markdown: String) -> String {
    HTMLRenderer.render(CommonMarkConverter.parse(markdown).document.children)
}

@Suite struct HTMLRendererTests {
    /// Math-free Markdown whose HTML must match cmark-gfm's own renderer byte for byte.
    static let referenceSnippets: [String] = [
        "Just a paragraph.\n",
        "Two\nlines in one paragraph.\n\nAnd a second paragraph.\n",
        "Some *emphasis*, _more emphasis_, **strong** and __strong__, ***both***.\n",
        "- one\n- two\n  - nested a\n  - nested b\n- three\n",
        "- loose one\n\n- loose two\n\n  second paragraph\n\n  - nested tight\n  - nested tight 2\n",
        "1. first\n2. second\n",
        "3. three\n4. four\n\n   continued\n",
        "- [ ] todo\n- [x] done\n- [X] also done\n- plain\n",
        "> quoted *text*\n>\n> > nested quote\n>\n> - list in quote\n",
        "```swift title=\"x\"\nlet x = 1 < 2 && \"a\"\n```\n",
        "```\nno info\n```\n",
        "~~~ python\nprint('hi')\n~~~\n",
        "    indented code\n    <b>raw</b>\n",
        "# H1\n## H2\n### H3\n#### H4\n##### H5\n###### H6\n\nSetext\n======\n\nSub\n---\n",
        "Above\n\n---\n\n***\n\nBelow\n",
        "| Left | Center | Right | None |\n|:-----|:------:|------:|------|\n| a | *b* | `c` | d |\n| e | f |\n",
        "| Only | Header |\n|---|---|\n",
        "| a |\n|---|\n| x \\| y |\n",
        "This is ~~struck~~ and ~also struck~.\n",
        "[link](https://example.com \"A title\") and [no title](/path) and [empty]()\n",
        "![alt with *emphasis* and `code`](img.png \"Image title\") ![](empty.png)\n",
        "Autolinks <https://x.y> and <mailto:me@x.y> and <me@example.com>.\n",
        "Inline <b>raw</b> HTML and <span class=\"x\">span</span>.\n",
        "<div>\nblock html\n</div>\n\nafter\n",
        "<!-- a comment -->\n\ntext\n",
        "[click](javascript:alert(1)) [vb](VBScript:x) [file](file:///etc/passwd) ![img](data:image/png;base64,AAA) [data](data:text/html,x)\n",
        "Entities &amp; &copy; &lt;tag&gt; &#35; &#x22; &nbsp;end and a bare & ampersand < > \"quotes\"\n",
        "Hard break with spaces  \nand with backslash\\\nend\n",
        "Escapes: \\*not emphasis\\* \\_ \\# \\[x\\] \\` \\\\ \\< \\&amp;\n",
        "[spaces](<a b c.html>) [brackets](a[1].html) [quote](a'b\"c.html) [unicode](/é/日本?q=ü&r=1#frag) [percent](a%20b%zz)\n",
        "[ref link][ref] and [collapsed][]\n\n[ref]: /url \"Ref Title\"\n[collapsed]: https://c.example\n",
        "Code `with <tags> & \"quotes\"` and `` double ` tick ``\n",
        "Text with trailing spaces at the end   \n",
        "1. outer\n   - inner [ ] not a task\n   - [x] inner task\n2. outer two\n",
        "Line one\n\n\n\nLine after blank lines\n",
    ]

    @Test(arguments: HTMLRendererTests.referenceSnippets)
    func matchesCmarkGFMForMathFreeMarkdown(markdown: String) {
        #expect(rendered(markdown) == CommonMarkConverter.referenceHTML(markdown))
    }

    @Test func referenceIsNotTrivial() {
        // Guards the cross-check: cmark's reference output is real HTML, so equality above means something.
        #expect(CommonMarkConverter.referenceHTML("*a*\n") == "<p><em>a</em></p>\n")
        #expect(CommonMarkConverter.referenceHTML("<b>x</b>\n") == "<p><!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n")
    }

    @Test func rawHTMLIsOmitted() {
        #expect(rendered("<script>alert(1)</script>\n") == "<!-- raw HTML omitted -->\n")
        #expect(rendered("a <img src=x onerror=alert(1)> b\n") == "<p>a <!-- raw HTML omitted --> b</p>\n")
    }

    @Test func dangerousLinksAreDropped() {
        #expect(rendered("[x](javascript:alert(1))\n") == "<p><a href=\"\">x</a></p>\n")
        #expect(rendered("[x](JAVASCRIPT:alert(1))\n") == "<p><a href=\"\">x</a></p>\n")
    }

    @Test func inlineMathIsASpan() {
        #expect(rendered("Square $x^2$ here\n") == "<p>Square <span class=\"math inline\">\\(x^2\\)</span> here</p>\n")
    }

    @Test func displayMathIsASpan() {
        #expect(rendered("$$\\frac{1}{2}$$\n") == "<p><span class=\"math display\">\\[\\frac{1}{2}\\]</span></p>\n")
    }

    @Test func displayMathOnItsOwnLinesKeepsItsNewlines() {
        #expect(rendered("$$\na+b\n$$\n") == "<p><span class=\"math display\">\\[\na+b\n\\]</span></p>\n")
    }

    @Test func mathIsHTMLEscaped() {
        #expect(rendered("$a<b$\n") == "<p><span class=\"math inline\">\\(a&lt;b\\)</span></p>\n")
        #expect(rendered("$a > b \\& \"c\"$\n") == "<p><span class=\"math inline\">\\(a &gt; b \\&amp; &quot;c&quot;\\)</span></p>\n")
    }

    @Test func mathIsNotEmphasisedInHTML() {
        #expect(rendered("$a_1 * b_2$ and *c*\n") == "<p><span class=\"math inline\">\\(a_1 * b_2\\)</span> and <em>c</em></p>\n")
    }

    @Test func mathInsideOtherInlinesAndBlocks() {
        #expect(rendered("**bold $x$**\n") == "<p><strong>bold <span class=\"math inline\">\\(x\\)</span></strong></p>\n")
        #expect(rendered("- $y$\n") == "<ul>\n<li><span class=\"math inline\">\\(y\\)</span></li>\n</ul>\n")
        #expect(
            rendered("| m |\n|---|\n| $z$ |\n")
                == "<table>\n<thead>\n<tr>\n<th>m</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><span class=\"math inline\">\\(z\\)</span></td>\n</tr>\n</tbody>\n</table>\n"
        )
    }

    @Test func mathInImageAltTextIsPlainTeX() {
        #expect(rendered("![area $r<1$](c.png)\n") == "<p><img src=\"c.png\" alt=\"area r&lt;1\" /></p>\n")
    }

    @Test func mathInCodeIsCode() {
        #expect(rendered("`$x$`\n") == "<p><code>$x$</code></p>\n")
    }

    @Test func dollarsThatAreNotMathRenderAsText() {
        #expect(rendered("$5 and $10\n") == "<p>$5 and $10</p>\n")
        #expect(rendered("\\$x\\$\n") == "<p>$x$</p>\n")
    }

    @Test func renderingASubsetOfBlocks() {
        let document = CommonMarkConverter.parse("# Title\n\nFirst\n\nSecond\n").document
        #expect(HTMLRenderer.render(Array(document.children.dropFirst())) == "<p>First</p>\n<p>Second</p>\n")
        #expect(HTMLRenderer.render([]) == "")
    }

    @Test(arguments: [
        ("a b", "a%20b"),
        ("a&b", "a&amp;b"),
        ("it's", "it&#x27;s"),
        ("é", "%C3%A9"),
        ("<>\"[]", "%3C%3E%22%5B%5D"),
        ("/ok-_.+!*(),%#@?=;:/$~", "/ok-_.+!*(),%#@?=;:/$~"),
    ])
    func hrefEscapingMatchesHoudini(url: String, expected: String) {
        #expect(HTMLRenderer.escapeHref(url) == expected)
    }

    @Test(arguments: [
        ("https://x.y", true), ("/relative", true), ("mailto:a@b", true),
        ("javascript:alert(1)", false), ("JavaScript:x", false), ("vbscript:x", false), ("file:///etc", false),
        ("data:image/png;base64,AA", true), ("data:image/webp;base64,AA", true), ("data:text/html,x", false),
    ])
    func safeURLs(url: String, safe: Bool) {
        #expect(HTMLRenderer.isSafe(url) == safe)
    }
}

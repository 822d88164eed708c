import Foundation
import Testing

@testable import BadgerDeck

/// Plain text written as a field says exactly that text: parsed back, the field is paragraphs
/// whose text and math spell the input, and `unescape` of its Markdown gives the input again.
@Suite("Markdown Escaper") struct MarkdownEscaperTests {
    static let tricky: [String] = [
        "plain text",
        "semi; colon and \"quotes\"",
        "line one\nA: not a label\nq: nor this\nExplanation: nor this",
        "# not a heading\n## nor this",
        "above\n---\nbelow",
        "above\n===\nbelow",
        "text\n-\nmore",
        "| a | b |\n|---|---|\n| 1 | 2 |",
        "What is $x^2$ at $x = 3$?",
        "$$\n\\frac{a}{b} = c\n$$",
        "*stars* and _underscores_ and **bold** and ~~strike~~",
        "\\backslash and \\\\ two and \\* escaped-looking",
        "<b>html</b> and <!-- comment --> and <https://example.com>",
        "1. list\n2. two\n- dash\n+ plus\n* star",
        "> quote\n>> deeper",
        "`code` and ```fence```\n```\nfenced\n```\n~~~\ntilde\n~~~",
        "[link](https://x.y) and ![image](a.png) and [ref]: /url",
        "costs $5 and $10",
        "a $ alone and $unclosed",
        "a \\$ escaped-looking dollar and \\$x$ math after a backslash",
        "&amp; &lt; &#65; entities",
        "paragraph one\n\nparagraph two\n\n\nthree",
        "trailing backslash \\\nnext",
        "a  \nhard break?",
        "$a\n# b$ math that would break a block",
        "$a\n\nb$ math across a blank line",
        "tab\tinside and 3.14 and 10) not a list",
        "Q: at the start of the first line",
        "under a label line\nR: yes",
        "- [ ] task\n- [x] done",
        "日本語 $\\alpha$ émoji 🦡",
    ]

    /// The field's text as a reader sees it: text nodes, math as `$…$`/`$$…$$`, line breaks as
    /// LF, paragraphs separated by a blank line; zero-width spaces (label guards) dropped.
    static func spelled(_ field: CardField) -> String {
        var paragraphs: [String] = []
        for block in field.blocks {
            guard block.kind == .paragraph else { return "<not a paragraph: \(block.kind)>" }
            var text = ""
            func walk(_ node: MarkdownNode) {
                switch node.kind {
                case .text(let literal): text += literal
                case .softBreak: text += "\n"
                case .math(let tex, let display): text += display ? "$$\(tex)$$" : "$\(tex)$"
                default: text += "<\(node.kind)>"
                }
            }
            block.children.forEach(walk)
            paragraphs.append(text.replacingOccurrences(of: "\u{200B}", with: ""))
        }
        return paragraphs.joined(separator: "\n\n")
    }

    static func written(_ drafts: [CardDraft]) -> ParsedDeck {
        let text = DeckWriter.appending(drafts, to: nil, topic: "Tricky")
        return DeckParser.parse(Array(text.utf8), file: DeckFile(displayPath: "t.md", absolutePath: "/t.md", collectionRoot: "/"))
    }

    @Test(arguments: tricky)
    func everyFieldSaysItsText(text: String) throws {
        let deck = Self.written([CardDraft(question: text, answer: text, explanation: text, hint: text, reversed: true)])
        try #require(deck.cards.count == 1)
        let card = deck.cards[0]
        #expect(card.fields.map(\.label) == [.question, .answer, .explanation, .hint, .reversed])
        #expect(deck.swallowedLabels.isEmpty && deck.strayFields.isEmpty)
        let expected = MarkdownEscaper.normalized(text)
        for label in [CardLabel.question, .answer, .explanation, .hint] {
            let field = try #require(card.field(label))
            #expect(MarkdownEscaper.unescape(field.markdown) == expected, "\(label) markdown \(field.markdown)")
            let spelled = Self.spelled(field)
            // Runs of blank lines between paragraphs are one paragraph break in the tree.
            let collapsed = expected.replacingOccurrences(of: "\n\n\n", with: "\n\n")
            #expect(spelled == collapsed, "\(label) spelled \(spelled)")
        }
        #expect(card.field(.reversed)?.markdown == "yes")
    }

    @Test func mathStaysMathAndOtherDollarsAreEscaped() {
        #expect(MarkdownEscaper.escape("What is $x^2$ at 3?") == "What is $x^2$ at 3?")
        #expect(MarkdownEscaper.escape("costs $5 and $10") == "costs \\$5 and \\$10")
        #expect(MarkdownEscaper.escape("$$\n\\frac{a}{b}\n$$") == "$$\n\\frac{a}{b}\n$$")
        #expect(MarkdownEscaper.escape("$a\n# b$") == "\\$a\n\\# b\\$")
    }

    @Test func lineStartsAreEscapedOnlyAfterTheFirstLine() {
        #expect(MarkdownEscaper.escape("# a\n# b") == "# a\n\\# b")
        #expect(MarkdownEscaper.escape("x\nA: y") == "x\n&#8203;A: y")
        #expect(MarkdownEscaper.escape("x\n1. y\n3.14") == "x\n1\\. y\n3.14")
        #expect(MarkdownEscaper.escape("a*b_c|d") == "a\\*b\\_c\\|d")
    }

    @Test func normalizingTrimsLinesAndUnifiesLineBreaks() {
        #expect(MarkdownEscaper.normalized("\r\n  a  \r\n\tb\rc \n\n") == "a\nb\nc")
        #expect(MarkdownEscaper.normalized(" \n \n") == "")
    }

    @Test func unescapeLeavesHandWrittenMarkupAlone() {
        #expect(MarkdownEscaper.unescape("*bonsoir* \\# and $a\\_1$") == "*bonsoir* # and $a\\_1$")
    }
}

import Testing

@testable import BadgerDeck

@Suite struct ClozeTextTests {
    @Test func ankiDeletionsWithHintsAndNumbers() {
        let cloze = ClozeText("{{c1::Canberra}} is the capital of {{c2::Australia::country}}, {{c1::not Sydney}}.")
        #expect(cloze.numbers == [1, 2])
        #expect(cloze.deletions.map(\.text) == ["Canberra", "Australia", "not Sydney"])
        #expect(cloze.deletions[1].hint == "country")
        #expect(cloze.question(for: 1) == "[…] is the capital of Australia, […].")
        #expect(cloze.question(for: 2) == "Canberra is the capital of [country], not Sydney.")
        #expect(cloze.answer(for: 2) == "Canberra is the capital of **Australia**, not Sydney.")
        #expect(cloze.hidden(for: 1) == "Canberra … not Sydney")
        #expect(cloze.identity(for: 2) == "Canberra is the capital of {{…}}, not Sydney.")
        #expect(!cloze.usesBrackets)
    }

    @Test func deletionsAreBraceBalancedInsideAndAroundMath() {
        let cloze = ClozeText("$\\frac{ {{c1::a+b}} }{2}$, $e^{i\\pi} = {{c2::-1}}$ and {{c3::\\frac{a}{b}}}")
        #expect(cloze.deletions.map(\.text) == ["a+b", "-1", "\\frac{a}{b}"])
        #expect(cloze.deletions.map(\.insideMath) == [true, true, false])
        #expect(cloze.question(for: 1) == "$\\frac{ {\\boxed{?}} }{2}$, $e^{i\\pi} = -1$ and \\frac{a}{b}")
        #expect(cloze.answer(for: 1) == "$\\frac{ {a+b} }{2}$, $e^{i\\pi} = -1$ and \\frac{a}{b}")
        #expect(cloze.problems.isEmpty)
    }

    @Test func aHintInsideMathIsBoxedText() {
        let cloze = ClozeText("$x = {{c1::2::a_number}}$")
        #expect(cloze.question(for: 1) == "$x = {\\boxed{\\text{a\\_number}}}$")
    }

    @Test func problemsAreFoundWhereTheyAre() {
        #expect(ClozeText("a {{c1::b").problems == [.unclosed(offset: 2, number: 1)])
        #expect(ClozeText("a {{c1:: }} c {{c2::d}}").problems == [.empty(offset: 2, number: 1)])
        #expect(ClozeText("a {{c0::b}}").problems == [.badNumber(offset: 2, written: "0")])
        #expect(ClozeText("a {{cx::b}}").problems == [.badNumber(offset: 2, written: "x")])
        #expect(ClozeText("{{config}} and {{c1 x}}").deletions.isEmpty)
    }

    @Test func codeSpansAndEscapesAreText() {
        let cloze = ClozeText("`{{c1::x}}` and \\{{c2::y}} and {{c3::z}}")
        #expect(cloze.numbers == [3])
    }

    @Test func hashcardsBracketsWhenNoAnkiDeletion() {
        let cloze = ClozeText("[Berlin] is the capital of [Germany], see [map](http://x) ![i](a.png) \\[not\\] $[0,1]$")
        #expect(cloze.usesBrackets)
        #expect(cloze.deletions.map(\.text) == ["Berlin", "Germany"])
        #expect(cloze.numbers == [1, 2])
        #expect(cloze.ankiForm.hasPrefix("{{c1::Berlin}} is the capital of {{c2::Germany}}"))
        // Anki's form wins: brackets are then text.
        #expect(ClozeText("[a] {{c1::b}}").deletions.map(\.text) == ["b"])
    }

    @Test func theCardIdIgnoresHintsNumbersAndHiddenText() {
        let a = ClozeText("{{c1::Canberra}} is in {{c2::Australia}}")
        let b = ClozeText("{{c2::Canberra::city}} is in {{c1::Australia::country}}")
        #expect(a.identity(for: 1) == b.identity(for: 2))
        #expect(a.identity(for: 2) == b.identity(for: 1))
        // What a card hides is not part of its id (the other card shows it, so its id changes).
        #expect(a.identity(for: 1) == ClozeText("{{c1::Canberra (ACT)}} is in {{c2::Australia}}").identity(for: 1))
    }

    @Test func aCLineAfterAnAnswerStartsACardOfItsOwn() throws {
        let parsed = DeckParser.parse(
            Array("---\ntopic: G\n---\n\nQ: Capital of France?\nA: Paris\nC: [Berlin] is the capital of Germany.\n".utf8),
            file: DeckFile(displayPath: "d.md", absolutePath: "/c/d.md", collectionRoot: "/c"))
        #expect(parsed.cards.count == 2)
        #expect(parsed.cards[0].field(.answer)?.markdown == "Paris")
        #expect(parsed.cards[1].isCloze)
    }
}

@Suite struct ClozeAnkiFormTests {
    /// Found by fuzzing: a backtick in a link destination opens a code span (it binds tighter
    /// than the link, as in CommonMark), in hashcards' form as in Anki's.
    @Test func aCodeSpanInALinkDestinationIsOneInBothForms() {
        let cloze = ClozeText("[Berlin](`.png) [n] of [Germany] ![i](`.png) [Rome]")
        #expect(cloze.deletions.map(\.text) == ["Rome"])
        #expect(ClozeText(cloze.ankiForm).numbers == cloze.numbers)
    }

    /// Found by fuzzing: math starting inside a link's text (or before a destination that never
    /// closes) is math in hashcards' form too; skipping the link swallowed the code span's
    /// backtick, which then hid the deletion in Anki's form.
    @Test(arguments: ["[$](`$`[e]`", "[$](`$`)[e]`"])
    func mathInALinksTextIsMathInBothForms(_ text: String) {
        // The link's text is read as Anki's form reads it: its `$` opens math, whose end lets
        // the backtick open a code span that hides `[e]` in both forms.
        let cloze = ClozeText(text)
        #expect(ClozeText(cloze.ankiForm).numbers == cloze.numbers)
    }

    /// Found by fuzzing: `{{c1::}::}}` hides `}` (an empty hint); written back as
    /// `{{c1::}}}` it read as an empty deletion and a brace after it.
    @Test(arguments: ["{{c1::}::}}", "x {{c1::a}::}} y", "{{c1::a}b}::}} {{c2::c}}"])
    func aTextEndingInAnUnpairedBraceReadsBackFromAnkisForm(_ text: String) {
        let cloze = ClozeText(text)
        #expect(cloze.problems.isEmpty)
        let again = ClozeText(cloze.ankiForm)
        #expect(again.problems.isEmpty, "\(cloze.ankiForm)")
        #expect(again.numbers == cloze.numbers, "\(cloze.ankiForm)")
        #expect(again.deletions.count == cloze.deletions.count, "\(cloze.ankiForm)")
        // A balanced text keeps its closing brace as written.
        #expect(ClozeText("{{c1::\\frac{a}{b}}}").ankiForm == "{{c1::\\frac{a}{b}}}")
    }

    /// Found by fuzzing: a hint ending in a backslash that escaped the whitespace trimmed off
    /// it (`{{c1::a::b\⏎}}`), written back as `{{c1::a::b\}}`, escaped the closing braces and
    /// read as an unclosed deletion.
    @Test(arguments: ["{{c1::a::b\\\r}}", "{{c1::a::b\\ }} {{c2::c::d\\\\\\ }}", "x {{c1::a\\ ::h\\ }} y"])
    func aHintEndingInABackslashReadsBackFromAnkisForm(_ text: String) {
        let cloze = ClozeText(text)
        #expect(cloze.problems.isEmpty)
        let again = ClozeText(cloze.ankiForm)
        #expect(again.problems.isEmpty, "\(cloze.ankiForm)")
        #expect(again.deletions.map(\.number) == cloze.deletions.map(\.number), "\(cloze.ankiForm)")
        #expect(again.deletions.map(\.hint) == cloze.deletions.map(\.hint), "\(cloze.ankiForm)")
    }

    /// Nothing in a link starts a deletion; a destination that never closes is text.
    @Test func linksStartNoDeletion() {
        #expect(ClozeText("[a [b]](url) [c]").deletions.map(\.text) == ["c"])
        #expect(ClozeText("[a](b [c]").deletions.map(\.text) == ["c"])
    }

    /// Found by fuzzing: a hashcards deletion with an unpaired brace, a `::` or a `{{c2` did not read back.
    @Test(arguments: [
        "[a {b] c", "[a } b] c", "[a::b] c", "[x}}] y", "[a {{c2 b}} c] d", "[Brmc{1::pen {{c2\u{1}sAted}a+b}} }{2}$ and {{c1:}{b}coe]`",
    ])
    func hashcardsTextsReadBackFromAnkisForm(_ text: String) {
        let cloze = ClozeText(text)
        #expect(cloze.usesBrackets)
        let again = ClozeText(cloze.ankiForm)
        #expect(again.problems.isEmpty, "\(cloze.ankiForm)")
        #expect(again.numbers == cloze.numbers, "\(cloze.ankiForm)")
        #expect(again.deletions.map(\.hint) == [nil], "\(cloze.ankiForm)")
    }
}

/// What a fresh-eyed review found.
@Suite struct ClozeEdgeTests {
    @Test func aHiddenScriptOrArgumentStaysAGroupKaTeXAccepts() {
        // The deletion's own braces were the group; its box is one group again.
        #expect(ClozeText("$x^{{c1::2}}$").question(for: 1) == "$x^{\\boxed{?}}$")
        #expect(ClozeText("$\\frac{{c1::a}}{b}$").question(for: 1) == "$\\frac{\\boxed{?}}{b}$")
    }

    @Test func thePlaceholderNeverMakesALink() {
        #expect(ClozeText("{{c1::f}}(x) = x^2").question(for: 1) == "\\[…\\](x) = x^2")
        #expect(ClozeText("{{c1::H2O}}: water").question(for: 1) == "\\[…\\]: water")
        #expect(HTMLRenderer.render(markdown: ClozeText("{{c1::f}}(x) = x^2").question(for: 1)) == "<p>[…](x) = x^2</p>\n")
    }

    @Test func linksInHashcardsFormAreSkippedWhole() {
        let cloze = ClozeText("[Berlin] see [the map][ref] and [see [1]](url) and [Bonn]")
        #expect(cloze.deletions.map(\.text) == ["Berlin", "Bonn"])
        #expect(cloze.problems.isEmpty)
        #expect(ClozeText("[text][] and [Rome]").deletions.map(\.text) == ["Rome"])
    }

    @Test func aNestedDeletionIsReported() {
        #expect(ClozeText("{{c1::a {{c2::b}} c}}").problems == [.nested(offset: 8, number: 1)])
    }

    @Test func boldIsLeftOutWhereMarkdownWouldShowTheAsterisks() {
        #expect(ClozeText("Na{{c1::+}} ion").answer(for: 1) == "Na+ ion")
        #expect(ClozeText("x{{c1::(y)}}").answer(for: 1) == "x(y)")
        #expect(ClozeText("the {{c1::heart}} pumps").answer(for: 1) == "the **heart** pumps")
    }
}

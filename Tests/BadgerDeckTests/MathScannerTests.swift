import Foundation
import Testing

@testable import BadgerDeck

/// A math node found in a parsed document: its TeX, whether it is display math, and where it starts.
private struct FoundMath: Equatable {
    var tex: String
    var display: Bool
    var start: Location
}

private func mathNodes(in markdown: String, firstLine: Int = 1) -> [FoundMath] {
    var found: [FoundMath] = []
    CommonMarkConverter.parse(markdown, firstLine: firstLine).document.forEach { node in
        if case .math(let tex, let display) = node.kind {
            found.append(FoundMath(tex: tex, display: display, start: node.range.start))
        }
    }
    return found
}

private func mathTeX(in markdown: String) -> [String] {
    mathNodes(in: markdown).map(\.tex)
}

private func countNodes(in markdown: String, where predicate: (MarkdownNode.Kind) -> Bool) -> Int {
    var count = 0
    CommonMarkConverter.parse(markdown).document.forEach { node in
        if predicate(node.kind) { count += 1 }
    }
    return count
}

@Suite struct MathScannerTests {
    // MARK: Inline math

    @Test func dollarPairIsInlineMath() {
        let math = mathNodes(in: "The square $x^2$ grows.")
        #expect(math.map(\.tex) == ["x^2"])
        #expect(math.map(\.display) == [false])
    }

    @Test func pricesAreNotMath() {
        let result = CommonMarkConverter.parse("It costs $5 and $10 today.")
        #expect(mathTeX(in: "It costs $5 and $10 today.").isEmpty)
        #expect(result.unclosedMath.isEmpty)
        #expect(result.document.plainText == "It costs $5 and $10 today.")
    }

    @Test(arguments: [
        "a $ x$ b",  // space after the opener
        "a $x $ b",  // space before the closer
        "a $x$5 b",  // the only candidate closer is followed by a digit
        "a $\tx$ b",  // tab after the opener
    ])
    func dollarsBreakingThePandocRulesAreNotMath(_ markdown: String) {
        #expect(mathTeX(in: markdown).isEmpty)
        #expect(CommonMarkConverter.parse(markdown).document.plainText == markdown)
    }

    @Test func closerFollowedByDigitIsSkippedForALaterCloser() {
        // `$` before `5` cannot close, so the math runs on to the next valid closer.
        #expect(mathTeX(in: "$a$5b$ end") == ["a$5b"])
    }

    @Test func escapedDollarsAreLiteral() {
        let result = CommonMarkConverter.parse(#"Literally \$x\$ here."#)
        #expect(mathTeX(in: #"Literally \$x\$ here."#).isEmpty)
        #expect(result.document.plainText == "Literally $x$ here.")
        #expect(result.unclosedMath.isEmpty)
    }

    @Test func escapedDollarInsideMathDoesNotClose() {
        #expect(mathTeX(in: #"Cost $a\$b$ ok"#) == [#"a\$b"#])
    }

    @Test func mathWinsOverEmphasis() {
        let markdown = "Product $a_1 * b_2 * c_3$ and $x_1_2$."
        #expect(mathTeX(in: markdown) == ["a_1 * b_2 * c_3", "x_1_2"])
        let emphasis = countNodes(in: markdown) { kind in
            if case .emphasis = kind { return true }
            if case .strong = kind { return true }
            return false
        }
        #expect(emphasis == 0)
    }

    @Test func mathIsKeptVerbatim() {
        #expect(mathTeX(in: #"Here $\{a\} \& <b> *c* `d`$ end"#) == [#"\{a\} \& <b> *c* `d`"#])
    }

    @Test func codeSpanWinsOverMath() {
        let markdown = "Type `$x$` literally."
        #expect(mathTeX(in: markdown).isEmpty)
        var codes: [String] = []
        CommonMarkConverter.parse(markdown).document.forEach { node in
            if case .code(let code) = node.kind { codes.append(code) }
        }
        #expect(codes == ["$x$"])
    }

    @Test func mathInsideFencedCodeIsCode() {
        #expect(mathTeX(in: "```\n$x$ and $$y$$\n```\n").isEmpty)
    }

    // MARK: Display math

    @Test func doubleDollarsAreDisplayMath() {
        let math = mathNodes(in: #"$$\frac{1}{2}$$"#)
        #expect(math.map(\.tex) == [#"\frac{1}{2}"#])
        #expect(math.map(\.display) == [true])
    }

    @Test func displayMathOnItsOwnLinesInsideAParagraph() {
        let markdown = "Pythagoras:\n$$\na^2 + b^2 = c^2\n$$\nholds."
        let document = CommonMarkConverter.parse(markdown).document
        #expect(document.children.count == 1)
        let math = mathNodes(in: markdown)
        #expect(math.count == 1)
        #expect(math.first?.display == true)
        #expect(math.first?.tex.trimmingCharacters(in: .whitespacesAndNewlines) == "a^2 + b^2 = c^2")
        #expect(math.first?.start == Location(line: 2, column: 1))
        #expect(document.plainText.hasPrefix("Pythagoras:"))
        #expect(document.plainText.hasSuffix("holds."))
    }

    @Test func displayMathWithSingleDollarsInsideIsOneSpan() {
        #expect(mathNodes(in: "$$a $b$ c$$") == [FoundMath(tex: "a $b$ c", display: true, start: Location(line: 1, column: 1))])
    }

    // MARK: Unclosed math

    @Test func unclosedDisplayMathIsReportedWithItsPosition() {
        let result = CommonMarkConverter.parse("Intro line\nsee $$x + y\nmore")
        #expect(result.unclosedMath == [CommonMarkConverter.UnclosedMath(location: Location(line: 2, column: 5), display: true)])
        #expect(mathTeX(in: "Intro line\nsee $$x + y\nmore").isEmpty)
        #expect(result.document.plainText.contains("$$x + y"))
    }

    @Test func unclosedInlineMathIsReportedAsInline() {
        let result = CommonMarkConverter.parse("Let $x be a number.")
        #expect(result.unclosedMath == [CommonMarkConverter.UnclosedMath(location: Location(line: 1, column: 5), display: false)])
        #expect(result.document.plainText == "Let $x be a number.")
    }

    @Test func unclosedMathHonoursFirstLine() {
        let result = CommonMarkConverter.parse("one\ntwo $$ x", firstLine: 20)
        #expect(result.unclosedMath == [CommonMarkConverter.UnclosedMath(location: Location(line: 21, column: 5), display: true)])
    }

    @Test(arguments: ["$5", "Pay $5.", "From $5 to $10", "$ alone", "end $"])
    func dollarsThatDoNotOpenMathAreNotReported(_ markdown: String) {
        let result = CommonMarkConverter.parse(markdown)
        #expect(result.unclosedMath.isEmpty)
        #expect(mathTeX(in: markdown).isEmpty)
    }

    // MARK: Card labels stop math

    @Test func mathNeverRunsAcrossACardLabelLine() {
        let markdown = "Q: costs $5\nA: $x$"
        #expect(mathTeX(in: markdown) == ["x"])
        let result = CommonMarkConverter.parse(markdown)
        #expect(result.document.plainText == "Q: costs $5 A: x")
        var texts: [String] = []
        result.document.forEach { node in
            if case .text(let text) = node.kind { texts.append(text) }
        }
        #expect(texts.contains { $0.hasPrefix("A:") })
    }

    @Test func unclosedDollarStopsAtTheNextLabelAndIsReported() {
        let markdown = "Q: what is $a\nAnswer: $b$"
        #expect(mathTeX(in: markdown) == ["b"])
        let result = CommonMarkConverter.parse(markdown)
        #expect(result.unclosedMath == [CommonMarkConverter.UnclosedMath(location: Location(line: 1, column: 12), display: false)])
    }

    @Test func unclosedDisplayStopsAtTheNextLabel() {
        let markdown = "Q: $$x\nA: $$y$$"
        #expect(mathNodes(in: markdown).map(\.tex) == ["y"])
        #expect(CommonMarkConverter.parse(markdown).unclosedMath.map(\.display) == [true])
    }

    @Test func mathMaySpanAnOrdinaryLine() {
        #expect(mathTeX(in: "Sum $a +\nb$ end") == ["a +\nb"])
    }

    // MARK: Scale

    @Test func paragraphFullOfUnclosedDollarsParses() {
        let markdown = String(repeating: "$a ", count: 10_000)
        let result = CommonMarkConverter.parse(markdown)
        #expect(mathTeX(in: markdown).isEmpty)
        #expect(result.unclosedMath.count == 10_000)
        #expect(result.unclosedMath.allSatisfy { !$0.display })
        #expect(result.document.plainText == String(markdown.dropLast()))
    }

    // MARK: Positions

    @Test func mathStartsAtItsDollarSign() {
        let math = mathNodes(in: "Text $x$ here\nsecond $y$")
        #expect(math.map(\.start) == [Location(line: 1, column: 6), Location(line: 2, column: 8)])
    }

    @Test func mathColumnsCountUTF8Bytes() {
        // "é" is two bytes, so the dollar is at byte column 4.
        #expect(mathNodes(in: "é $x$").map(\.start) == [Location(line: 1, column: 4)])
    }

    @Test func mathPositionsHonourFirstLine() {
        let math = mathNodes(in: "Text $x$ here\nsecond $$y$$", firstLine: 10)
        #expect(math.map(\.start) == [Location(line: 10, column: 6), Location(line: 11, column: 8)])
        #expect(math.map(\.display) == [false, true])
    }

    @Test(arguments: [
        ("| a $z$ b |\n|---|\n| c |\n", "z"),
        ("| h |\n|---|\n| a $z$ b |\n", "z"),
    ])
    func mathInsideTableCellsIsFound(markdown: String, tex: String) {
        #expect(mathTeX(in: markdown) == [tex])
    }

    @Test func mathInsideListAndQuoteIsFound() {
        #expect(mathTeX(in: "- item $a$\n\n> quoted $b$\n") == ["a", "b"])
    }
}

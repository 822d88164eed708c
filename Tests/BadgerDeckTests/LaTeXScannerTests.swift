import Testing

@testable import BadgerDeck

@Suite struct LaTeXScannerTests {
    @Test(arguments: [
        #"\frac{1}{2}"#,
        #"x^{2} + y_{i,j}"#,
        #"\{ a \}"#,
        #"\{"#,
        #"\}"#,
        #"a \, b \; c \! d \: e \quad f"#,
        #"\alpha + \beta = \mathbb{R}"#,
        #"\operatorname{rank}(A)"#,
        #"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#,
        #"\begin{align*} x &= 1 \end{align*}"#,
        #"\begin{cases} 1 \\ 2 \end{cases} + \begin{matrix} a \end{matrix}"#,
        #"\left( \frac{a}{b} \right)"#,
        #"\left\{ x \right."#,
        #"\left( \left[ x \right] \right)"#,
        #"50\% {x}"#,
        "a % } \\unknowncmd {\n b",
        #"\\ \\"#,
        "",
    ])
    func wellFormedMathHasNoProblems(tex: String) {
        #expect(LaTeXScanner.problems(in: tex) == [])
    }

    @Test(arguments: ["{a", "{{a}", "\\frac{1}{2", "{a \\}"])
    func unclosedBraceIsReported(tex: String) {
        #expect(LaTeXScanner.problems(in: tex) == [.unclosedBrace])
    }

    @Test(arguments: ["a}", "{a}}", "\\{a}"])
    func unexpectedClosingBraceIsReported(tex: String) {
        #expect(LaTeXScanner.problems(in: tex) == [.unexpectedClosingBrace])
    }

    @Test func mismatchedEnvironmentIsReported() {
        let problems = LaTeXScanner.problems(in: #"\begin{pmatrix} a \end{bmatrix}"#)
        #expect(problems == [.mismatchedEnd(expected: "pmatrix", found: "bmatrix")])
    }

    @Test func endOfAnOuterEnvironmentClosesTheInnerOnesToo() {
        let problems = LaTeXScanner.problems(in: #"\begin{aligned} \begin{matrix} a \end{aligned}"#)
        #expect(problems.first == .mismatchedEnd(expected: "matrix", found: "aligned"))
        #expect(!problems.contains(.unclosedEnvironment("aligned")))
    }

    @Test func endWithoutBeginIsReported() {
        #expect(LaTeXScanner.problems(in: #"a \end{cases}"#) == [.mismatchedEnd(expected: nil, found: "cases")])
    }

    @Test func unclosedEnvironmentIsReported() {
        #expect(LaTeXScanner.problems(in: #"\begin{cases} a \\ b"#) == [.unclosedEnvironment("cases")])
    }

    @Test func nestedUnclosedEnvironmentsAreReportedInnermostFirst() {
        #expect(
            LaTeXScanner.problems(in: #"\begin{aligned} \begin{matrix} a"#) == [
                .unclosedEnvironment("matrix"), .unclosedEnvironment("aligned"),
            ])
    }

    @Test func unknownEnvironmentIsReported() {
        #expect(LaTeXScanner.problems(in: #"\begin{foo} a \end{foo}"#) == [.unknownEnvironment("foo")])
    }

    @Test func leftWithoutRightIsReported() {
        #expect(LaTeXScanner.problems(in: #"\left( x"#) == [.leftWithoutRight])
    }

    @Test func rightWithoutLeftIsReported() {
        #expect(LaTeXScanner.problems(in: #"x \right)"#) == [.rightWithoutLeft])
    }

    @Test func unknownCommandIsReportedByName() {
        #expect(LaTeXScanner.problems(in: #"\fracc{1}{2}"#) == [.unknownCommand("fracc")])
        #expect(LaTeXScanner.problems(in: #"\alpha + \alpah"#) == [.unknownCommand("alpah")])
    }

    @Test(arguments: ["frac", "alpha", "mathbb", "operatorname", "sqrt", "sum", "int", "cdot"])
    func knownCommandsAreNotReported(name: String) {
        #expect(LaTeXScanner.problems(in: "\\" + name + "{x}") == [])
    }

    @Test func commandUsedTwiceIsReportedOnce() {
        #expect(LaTeXScanner.problems(in: #"\foo + \foo^2 + \baz + \foo"#) == [.unknownCommand("foo"), .unknownCommand("baz")])
    }

    @Test func environmentUsedTwiceIsReportedOnce() {
        let problems = LaTeXScanner.problems(in: #"\begin{foo} a \end{foo} \begin{foo} b \end{foo}"#)
        #expect(problems == [.unknownEnvironment("foo")])
    }

    @Test(arguments: ["bra", "ket", "braket", "Set", "N", "R", "Z", "argmax", "href"])
    func katexOnlyCommandsAreNotReported(name: String) {
        #expect(LaTeXScanner.problems(in: "\\" + name + "{x}") == [])
    }

    @Test func macroNamesAreKnown() {
        #expect(LaTeXScanner.problems(in: #"\norm{x} + \foo"#, macros: ["norm"]) == [.unknownCommand("foo")])
    }

    @Test func commandNameEndsAtTheFirstNonLetter() {
        #expect(LaTeXScanner.problems(in: #"\alpha2 \beta_1 \gamma^2"#) == [])
        #expect(LaTeXScanner.problems(in: #"\foo2"#) == [.unknownCommand("foo")])
    }

    @Test func commentSkipsToTheEndOfTheLine() {
        #expect(LaTeXScanner.problems(in: "x % \\nosuchcommand {\n+ \\nosuch") == [.unknownCommand("nosuch")])
    }

    @Test func escapedPercentIsNotAComment() {
        #expect(LaTeXScanner.problems(in: #"5\% \foo"#) == [.unknownCommand("foo")])
    }

    @Test func problemsAreReportedInOrder() {
        let problems = LaTeXScanner.problems(in: #"\foo } \baz \left( \begin{cases} {"#)
        #expect(
            problems == [
                .unknownCommand("foo"), .unexpectedClosingBrace, .unknownCommand("baz"),
                .unclosedBrace, .unclosedEnvironment("cases"), .leftWithoutRight,
            ])
    }
}

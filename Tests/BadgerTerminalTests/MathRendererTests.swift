import BadgerTerminal
import BadgerTestSupport
import Foundation
import Testing

@Suite struct MathRendererTests {
    private func inline(_ tex: String, width: Int = 80) -> MathRendering {
        MathRenderer.render(tex, display: false, width: width)
    }

    private func display(_ tex: String, width: Int = 80) -> MathRendering {
        MathRenderer.render(tex, display: true, width: width)
    }

    private static func expressions() throws -> [(display: Bool, tex: String)] {
        let url = PackagePaths.url("Tests/BadgerTerminalTests/Fixtures/math-expressions.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return (parts[0] == "display", parts.count > 1 ? String(parts[1]) : "")
        }
    }

    private static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    // MARK: golden file

    @Test func goldenRenderings() throws {
        let expressions = try Self.expressions()
        #expect(expressions.count >= 60)
        var out = ""
        for (isDisplay, tex) in expressions {
            let rendering = MathRenderer.render(tex, display: isDisplay, width: 72)
            let shown = tex.count > 100 ? String(tex.prefix(100)) + "… (\(tex.count) characters)" : tex
            out += (isDisplay ? "display" : "inline") + "\t" + shown + "\n"
            if rendering.isFallback { out += "    (raw TeX)\n" }
            for line in rendering.lines.prefix(8) { out += "    │" + line + "\n" }
            if rendering.lines.count > 8 { out += "    … (\(rendering.lines.count - 8) more lines)\n" }
            out += "\n"
        }
        assertSnapshot(out, named: "Math.golden")
    }

    @Test func noControlCharactersAndWithinWidthForEveryFixture() throws {
        for (isDisplay, tex) in try Self.expressions() {
            for width in [1, 20, 72] {
                let rendering = MathRenderer.render(tex, display: isDisplay, width: width)
                for line in rendering.lines {
                    #expect(!Self.hasControlCharacters(line), "\(tex)")
                    #expect(line.count <= max(width, 1) * 2, "\(tex) at width \(width)")
                }
            }
        }
    }

    // MARK: key outputs

    @Test func scripts() {
        #expect(inline("x^2") == MathRendering(lines: ["x²"], isFallback: false))
        #expect(inline("a_n").lines == ["aₙ"])
        #expect(inline("x^2 + 2x + 1").lines == ["x² + 2x + 1"])
        #expect(inline("x^{-1}").lines == ["x⁻¹"])
        #expect(inline("x^y").lines == ["x^y"])
        #expect(inline("e^{x+y}").lines == ["e^(x+y)"])
        #expect(inline("x_{\\alpha}").lines == ["x_α"])
    }

    @Test func symbols() {
        #expect(inline("\\alpha+\\beta").lines == ["α+β"])
        #expect(inline("\\alpha \\to \\beta").lines == ["α → β"])
        #expect(inline("\\mathbb{R}").lines == ["ℝ"])
        #expect(inline("\\mathbb{F}").lines == ["𝔽"])
        #expect(inline("a \\leq b \\neq c").lines == ["a ≤ b ≠ c"])
        #expect(inline("\\partial f / \\partial x").lines == ["∂f / ∂x"])
        #expect(inline("\\alpha x + \\alpha + \\sin x").lines == ["αx + α + sin x"])
        #expect(inline("\\text{if } x > 0").lines == ["if x > 0"])
    }

    /// Inline fractions are written with a slash (`1/2`, not `½`); display fractions are stacked.
    @Test func fractions() {
        #expect(inline("\\frac{1}{2}").lines == ["1/2"])
        #expect(inline("\\frac{a+b}{c+d}").lines == ["(a+b)/(c+d)"])
        #expect(display("\\frac{1}{2}").lines == ["1", "─", "2"])
        #expect(display("\\frac{a+b}{c}").lines == ["a+b", "───", " c"])
        #expect(display("x = \\frac{1}{2}").lines == ["    1", "x = ─", "    2"])
    }

    @Test func roots() {
        #expect(inline("\\sqrt{x}").lines == ["√x"])
        #expect(inline("\\sqrt{b^2 - 4ac}").lines == ["√(b² − 4ac)"])
        #expect(inline("\\sqrt[3]{x}").lines == ["∛x"])
        #expect(display("\\sqrt{b^2 - 4ac}").lines == [" ________", "√b² − 4ac"])
    }

    @Test func sumWithLimits() {
        #expect(inline("\\sum_{k=1}^{n} k").lines == ["∑ₖ₌₁ⁿ k"])
        #expect(display("\\sum_{k=1}^{n} k").lines == [" n", " ∑  k", "k=1"])
    }

    @Test func pmatrixInDisplay() {
        #expect(display("\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}").lines == ["⎛a  b⎞", "⎝c  d⎠"])
        // Inline, a matrix has no one-line form and is laid out in 2D too.
        #expect(inline("\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}").lines.count == 2)
    }

    @Test func alignedDerivation() {
        let tex = "\\begin{aligned} (a+b)^2 &= (a+b)(a+b) \\\\ &= a^2 + 2ab + b^2 \\end{aligned}"
        #expect(display(tex).lines == ["(a+b)² = (a+b)(a+b)", "       = a² + 2ab + b²"])
    }

    @Test func cases() {
        let tex = "|x| = \\begin{cases} x & x \\geq 0 \\\\ -x & x < 0 \\end{cases}"
        #expect(display(tex).lines == ["|x| = ⎧ x   x ≥ 0", "      ⎩ −x  x < 0"])
    }

    // MARK: fallback and robustness

    @Test func rawOnRequest() {
        #expect(MathRenderer.render("x^2", display: false, width: 80, raw: true) == MathRendering(lines: ["x^2"], isFallback: true))
    }

    @Test func tooWideFallsBackToRawSplitToWidth() {
        let tex = "x_1 + x_2 + x_3 + x_4 + x_5 + x_6"
        #expect(inline(tex, width: 80).isFallback == false)
        let narrow = inline(tex, width: 10)
        #expect(narrow.isFallback)
        #expect(narrow.lines == ["x_1 + x_2", "+ x_3 +", "x_4 + x_5", "+ x_6"])
        #expect(narrow.lines.allSatisfy { $0.count <= 10 })
    }

    @Test func unsupportedOrMalformedFallsBack() {
        #expect(inline("\\unknowncommand{x}") == MathRendering(lines: ["\\unknowncommand{x}"], isFallback: true))
        #expect(inline("{x^2").isFallback)
        #expect(inline("x^2}").isFallback)
        #expect(inline("\\frac{1}").isFallback)
        #expect(inline("") == MathRendering(lines: [], isFallback: false))
    }

    @Test func deepNestingFallsBackWithoutCrashing() {
        let open = String(repeating: "{", count: 10_000)
        #expect(inline(open).isFallback)
        let balanced = open + "x" + String(repeating: "}", count: 10_000)
        #expect(inline(balanced, width: 100_000).isFallback)
        let roots = String(repeating: "\\sqrt{", count: 5_000) + "x" + String(repeating: "}", count: 5_000)
        #expect(display(roots).isFallback)
    }

    @Test func controlCharactersAreRemoved() {
        let rendering = inline("x\u{1B}[31m^2\u{7}\u{202E}\n+ 1\t\u{0}")
        #expect(rendering.lines.allSatisfy { !Self.hasControlCharacters($0) })
        #expect(rendering.lines == ["x[31m² + 1"])
        let raw = MathRenderer.render("a\u{1B}b\nc", display: false, width: 80, raw: true)
        #expect(raw.lines == ["ab c"])
    }

    @Test func largeRandomInputFinishes() {
        var generator = SeededGenerator(seed: 42)
        let pieces = [
            "{", "}", "^", "_", "\\frac", "\\sqrt", "\\left(", "\\right)", "&", "\\\\", "x", "2", " ", "\\alpha",
            "\\begin{pmatrix}", "\\end{pmatrix}", "\\sum", "[", "]", "\\text{", "\\mathbb{", "+", "-", "\\",
        ]
        var tex = ""
        while tex.count < 50_000 { tex += pieces[Int(generator.next() % UInt64(pieces.count))] }
        let start = Date()
        for display in [false, true] {
            for width in [20, 80, 100_000] {
                let rendering = MathRenderer.render(tex, display: display, width: width)
                #expect(rendering.lines.allSatisfy { !Self.hasControlCharacters($0) })
            }
        }
        // Also short random pieces, which get past the length limit and into the parser.
        for _ in 0..<2_000 {
            var short = ""
            for _ in 0..<(generator.next() % 40) { short += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let rendering = MathRenderer.render(short, display: generator.next() % 2 == 0, width: 60)
            #expect(rendering.lines.allSatisfy { !Self.hasControlCharacters($0) })
        }
        #expect(Date().timeIntervalSince(start) < 30)
    }
}

/// SplitMix64, so the random input is the same on every run.
private struct SeededGenerator {
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

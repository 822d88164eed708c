import BadgerTerminal
import Testing

/// A collection's LaTeX macros in the terminal: expanded before math is laid out.
@Suite struct MathMacroExpanderTests {
    static let macros = [
        #"\R"#: #"\mathbb{R}"#, #"\norm"#: #"\lVert #1\rVert"#, #"\inner"#: #"\langle #1, #2\rangle"#,
        #"\half"#: #"\frac{1}{2}"#, #"\loop"#: #"\loop x"#, #"\sq"#: "#1^2",
    ]

    private func expand(_ tex: String) -> String? { MathMacroExpander.expand(tex, macros: Self.macros) }

    @Test func macroWithoutArgumentsIsReplaced() {
        #expect(expand(#"x \in \R"#) == #"x \in \mathbb{R}"#)
    }

    @Test func argumentsAreBraceGroupsOrSingleTokens() {
        #expect(expand(#"\norm{x + \half}"#) == #"\lVert x + \frac{1}{2}\rVert"#)
        #expect(expand(#"\inner x {y_{1}}"#) == #"\langle x, y_{1}\rangle"#)
        #expect(expand(#"\sq\alpha"#) == #"\alpha^2"#)
        #expect(expand(#"\norm{\{a\}}"#) == #"\lVert \{a\}\rVert"#)
    }

    @Test func macrosInsideExpansionsAndArgumentsExpand() {
        #expect(expand(#"\norm{\R}"#) == #"\lVert \mathbb{R}\rVert"#)
    }

    @Test func anExpansionDoesNotRunIntoTheLettersAfterIt() {
        let macros = [#"\a"#: #"\alpha"#, #"\dotted"#: #"#1\cdot"#, #"\ax"#: "#1x"]
        #expect(MathMacroExpander.expand(#"\a b\a\a x"#, macros: macros) == #"\alpha b\alpha\alpha x"#)
        #expect(MathMacroExpander.expand(#"\dotted{1}y"#, macros: macros) == #"1\cdot y"#)
        #expect(MathMacroExpander.expand(#"\ax\beta"#, macros: macros) == #"\beta x"#)
    }

    @Test func otherCommandsAndLongerNamesAreLeftAlone() {
        #expect(expand(#"\Real + \Rvert + \\ \R"#) == #"\Real + \Rvert + \\ \mathbb{R}"#)
    }

    @Test func endlessOrIncompleteExpansionFails() {
        #expect(expand(#"\loop"#) == nil)
        #expect(expand(#"\norm"#) == nil)
        #expect(expand(#"\norm}"#) == nil)
    }

    @Test func rendererExpandsMacrosWithAnArgument() {
        let plain = MathRenderer.render(#"\norm{v} \in \R"#, display: false, width: 80)
        #expect(plain.isFallback)
        let expanded = MathRenderer.render(#"\norm{v} \in \R"#, display: false, width: 80, macros: Self.macros)
        #expect(expanded == MathRenderer.render(#"\lVert v\rVert \in \mathbb{R}"#, display: false, width: 80))
        #expect(!expanded.isFallback)
        // The space after `\lVert` in the expansion is kept, as the renderer keeps spaces.
        #expect(expanded.lines == ["‖ v‖ ∈ ℝ"])
    }

    @Test func failedExpansionShowsTheTeXAsWritten() {
        let rendering = MathRenderer.render(#"\loop + 1"#, display: false, width: 80, macros: Self.macros)
        #expect(rendering == MathRendering(lines: [#"\loop + 1"#], isFallback: true))
    }

    @Test func markdownRendererTakesTheMacrosFromTheStyle() {
        let style = TerminalStyle(usesColor: false, width: 40, macros: Self.macros)
        #expect(MarkdownRenderer.render(markdown: #"Is $\sq{x} \in \R$?"#, style: style) == ["Is x² ∈ ℝ?"])
    }

    @Test func randomInputNeitherCrashesNorGrowsWithoutBound() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array(#"\{}#12 abR^é"#)
        let macros = [#"\a"#: "#1#1#1", #"\b"#: #"\a{\a{x}}"#, #"\R"#: #"{\R}"#, #"\{"#: "#2"]
        for _ in 0..<2000 {
            let length = Int(generator.next() % 40)
            let tex = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            if let expanded = MathMacroExpander.expand(tex, macros: macros) {
                #expect(expanded.utf8.count <= MathRenderer.maxInputLength)
            }
            _ = MathRenderer.render(tex, display: false, width: 30, macros: macros)
        }
    }
}

/// A small deterministic generator (SplitMix64) for repeatable random inputs.
private struct SplitMix64: RandomNumberGenerator {
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

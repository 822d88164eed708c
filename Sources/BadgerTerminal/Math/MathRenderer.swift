/// Math rendered for the terminal.
public struct MathRendering: Equatable, Sendable {
    /// The lines to print, trailing spaces removed. Empty for empty input.
    public var lines: [String]
    /// True when the raw TeX is shown instead of a rendering (asked for, unsupported, malformed,
    /// too deep, or too wide).
    public var isFallback: Bool

    public init(lines: [String], isFallback: Bool) {
        self.lines = lines
        self.isFallback = isFallback
    }
}

/// Renders LaTeX math as Unicode text.
///
/// - Inline math is one line when possible: `x^2 + 1` → `x² + 1`, `\frac{a+b}{c+d}` → `(a+b)/(c+d)`
///   (fractions are always written with a slash inline, never as vulgar fractions such as `½`),
///   `\sqrt{b^2-4ac}` → `√(b² − 4ac)`, `\sum_{k=1}^{n} k` → `∑ₖ₌₁ⁿ k`. Matrices, `aligned`/`cases`
///   environments and anything containing them are laid out in 2D.
/// - Display math is laid out in 2D: stacked fractions with a `─` rule, limits above and below
///   large operators, raised/lowered scripts that have no Unicode script characters, roots with a
///   vinculum, sized delimiters, matrices and aligned rows.
/// - White space in the source is kept (collapsed to one space), so `\alpha+\beta` → `α+β` and
///   `\alpha \to \beta` → `α → β`; `\,`, `\;`, `\quad` add spaces.
/// - Unknown commands and environments, unbalanced braces, nesting deeper than
///   `MathParser.maxDepth`, input longer than `maxInputLength`, and renderings wider than `width`
///   fall back to the raw TeX for the whole expression (`isFallback`), wrapped to `width`.
/// - Control characters never reach the output: they are removed (line breaks and tabs become
///   spaces) before anything else happens.
public enum MathRenderer {
    /// Longer input is shown raw without being parsed.
    public static let maxInputLength = 20_000

    /// Renders `tex` (without `$` delimiters) for a terminal `width` columns wide. `raw` asks for
    /// the TeX itself. `macros` (name with backslash to expansion, as KaTeX's `macros` option)
    /// are expanded first, by `MathMacroExpander`; an expansion that fails shows the raw TeX.
    public static func render(
        _ tex: String, display: Bool, width: Int, raw: Bool = false, macros: [String: String] = [:]
    ) -> MathRendering {
        let width = max(1, width)
        let source = sanitized(tex)
        if source.allSatisfy({ $0 == " " }) { return MathRendering(lines: [], isFallback: raw) }
        if raw || source.unicodeScalars.count > maxInputLength { return fallback(source, width: width) }
        guard let expanded = MathMacroExpander.expand(source, macros: macros),
            let node = try? MathParser.parse(macros.isEmpty ? expanded : sanitized(expanded))
        else { return fallback(source, width: width) }
        if !display, let line = MathLinear.render(node), MathWidth.of(line) <= width {
            return MathRendering(lines: [trimmedTrailing(line)], isFallback: false)
        }
        if let box = try? MathLayout(maxWidth: width).layout(node) {
            return MathRendering(lines: box.rows.map(trimmedTrailing), isFallback: false)
        }
        if display, let line = MathLinear.render(node), MathWidth.of(line) <= width {
            return MathRendering(lines: [trimmedTrailing(line)], isFallback: false)
        }
        return fallback(source, width: width)
    }

    /// The raw TeX, white space collapsed, wrapped at spaces to `width` columns (words longer
    /// than a line are cut).
    static func fallback(_ source: String, width: Int) -> MathRendering {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in source.split(separator: " ") {
            var word = String(word)
            var wordWidth = MathWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            line = ""
            lineWidth = 0
            while wordWidth > width {
                // Cut a prefix that fits (at least one character, so this always advances).
                var piece = ""
                var pieceWidth = 0
                var rest = Substring(word)
                while let c = rest.first {
                    let w = MathWidth.of(String(c))
                    if pieceWidth > 0, pieceWidth + w > width { break }
                    piece.append(c)
                    pieceWidth += w
                    rest = rest.dropFirst()
                }
                lines.append(piece)
                word = String(rest)
                wordWidth -= pieceWidth
            }
            line = word
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return MathRendering(lines: lines, isFallback: true)
    }

    /// `text` without control characters (C0, C1, DEL) or bidirectional overrides; tabs, line and
    /// paragraph breaks become spaces, runs of spaces one space.
    static func sanitized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let isBreak =
                scalar.properties.isWhitespace || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator
            if isBreak {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
                continue
            }
            if scalar.properties.generalCategory == .control { continue }
            if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                || scalar.value == 0x200E || scalar.value == 0x200F
            {
                continue
            }
            out.append(scalar)
            lastWasSpace = false
        }
        var result = String(out)
        if result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    private static func trimmedTrailing(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }
}

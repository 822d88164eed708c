/// How output may be decorated: colors on or off, and the width to lay text out in.
public struct TerminalStyle: Sendable, Equatable {
    /// Whether ANSI color and emphasis escapes may be used.
    public var usesColor: Bool
    /// The number of columns to wrap and lay out to (at least 20).
    public var width: Int
    /// Show math as the LaTeX written in the deck (between `$`), not laid out as Unicode.
    public var showsRawMath: Bool
    /// The collection's LaTeX macros, name (with backslash) to expansion, expanded in math
    /// before it is laid out (`MathMacroExpander`).
    public var macros: [String: String]

    public init(usesColor: Bool, width: Int, showsRawMath: Bool = false, macros: [String: String] = [:]) {
        self.usesColor = usesColor
        self.width = max(20, width)
        self.showsRawMath = showsRawMath
        self.macros = macros
    }
}

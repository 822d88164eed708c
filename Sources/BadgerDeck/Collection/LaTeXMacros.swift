/// A collection's own LaTeX macros: the `macros:` mapping of `badger.yml` and the definitions
/// in `macros.tex` beside it.
///
/// Each macro is a name with its backslash (`\R`) and an expansion in which `#1` … `#9` stand
/// for arguments, the format of KaTeX's `macros` option. Lint counts the names as known commands
/// and checks the expansions, `badger compile` passes the expansions on for KaTeX, and the
/// terminal expands them before laying math out. When both files define a name, `badger.yml`
/// wins.
public struct LaTeXMacros: Sendable, Equatable {
    /// The file of definitions beside `badger.yml`.
    public static let fileName = "macros.tex"

    /// One macro and where it is defined.
    public struct Definition: Sendable, Equatable {
        /// What the macro stands for, with `#1` … `#9` for its arguments.
        public var expansion: String
        /// The path of the file that defines it, as given to the parser.
        public var path: String
        /// The 1-based line of the definition in that file.
        public var line: Int

        public init(expansion: String, path: String, line: Int) {
            self.expansion = expansion
            self.path = path
            self.line = line
        }
    }

    /// Every macro by name, with its backslash: `\R`.
    public var definitions: [String: Definition] = [:]

    public init(definitions: [String: Definition] = [:]) { self.definitions = definitions }

    /// KaTeX's `macros` option: each name (with its backslash) and its expansion.
    public var expansions: [String: String] { definitions.mapValues(\.expansion) }

    /// The names the LaTeX check accepts as commands: control words, without the backslash.
    public var commandNames: Set<String> {
        Set(definitions.keys.compactMap { name in Self.isControlWord(name) ? String(name.dropFirst()) : nil })
    }

    public var isEmpty: Bool { definitions.isEmpty }

    /// These macros with `other`'s added; where both define a name, `other`'s definition is kept.
    public func overridden(by other: LaTeXMacros) -> LaTeXMacros {
        LaTeXMacros(definitions: definitions.merging(other.definitions) { _, new in new })
    }

    /// `name` with a leading backslash added when it has none (`R` → `\R`), or nil when it is
    /// not a macro name: a control word (`\norm`) or one control symbol (`\!`).
    public static func normalizedName(_ name: String) -> String? {
        let name = name.hasPrefix("\\") ? name : "\\" + name
        let rest = name.dropFirst()
        if rest.count == 1, let character = rest.first, !character.isLetter, !character.isWhitespace { return name }
        return isControlWord(name) ? name : nil
    }

    static func isControlWord(_ name: String) -> Bool {
        name.hasPrefix("\\") && name.count > 1 && name.dropFirst().allSatisfy { $0.isASCII && $0.isLetter }
    }
}

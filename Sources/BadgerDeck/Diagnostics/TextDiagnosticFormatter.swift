/// Formats diagnostics the way compilers do: `path:line:col: error: [RuleID] message`, notes
/// after, and on a terminal a source excerpt with a caret under the problem.
public struct TextDiagnosticFormatter: Sendable {
    /// Whether to show the source line and a caret under each diagnostic.
    public var showsExcerpts: Bool
    /// Whether to color with ANSI escapes.
    public var usesColor: Bool
    /// The text of a line of a file (by display path), for excerpts.
    public var sourceLine: @Sendable (String, Int) -> String?

    public init(showsExcerpts: Bool, usesColor: Bool, sourceLine: @escaping @Sendable (String, Int) -> String? = { _, _ in nil }) {
        self.showsExcerpts = showsExcerpts
        self.usesColor = usesColor
        self.sourceLine = sourceLine
    }

    /// The text of one diagnostic with its notes, ending with a newline.
    public func format(_ diagnostic: Diagnostic) -> String {
        var text = heading(
            file: diagnostic.file, location: diagnostic.range.start, label: diagnostic.severity.rawValue,
            message: "[\(diagnostic.ruleID)] " + diagnostic.message, color: diagnostic.severity == .error ? "31" : "35")
        text += excerpt(file: diagnostic.file, range: diagnostic.range)
        for note in diagnostic.notes {
            text += heading(
                file: note.file ?? diagnostic.file, location: (note.range ?? diagnostic.range).start, label: "note",
                message: note.message, color: "36")
            if let file = note.file, let range = note.range { text += excerpt(file: file, range: range) }
        }
        return text
    }

    /// A closing line such as `2 errors and 1 warning in 3 decks`.
    public static func summary(errors: Int, warnings: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return count(errors, "error") + " and " + count(warnings, "warning")
    }

    private func heading(file: String, location: SourceLocation, label: String, message: String, color: String) -> String {
        let place = UntrustedText.sanitized(file) + ":\(location.line):\(location.column):"
        let body = UntrustedText.sanitized(message)
        guard usesColor else { return "\(place) \(label): \(body)\n" }
        return "\u{1B}[1m\(place)\u{1B}[0m \u{1B}[1;\(color)m\(label):\u{1B}[0m \u{1B}[1m\(body)\u{1B}[0m\n"
    }

    private func excerpt(file: String, range: SourceRange) -> String {
        guard showsExcerpts, let line = sourceLine(file, range.start.line) else { return "" }
        let bytes = Array(line.utf8)
        let startByte = min(max(range.start.column - 1, 0), bytes.count)
        let endByte =
            range.end.line == range.start.line
            ? min(max(range.end.column - 1, startByte + 1), max(bytes.count, startByte + 1)) : startByte + 1
        let before = String(decoding: bytes[..<startByte], as: UTF8.self)
        let marked = String(decoding: bytes[startByte..<min(endByte, bytes.count)], as: UTF8.self)
        var padding = ""
        for scalar in before.unicodeScalars {
            padding += scalar == "\t" ? "\t" : String(repeating: " ", count: Self.width(of: scalar))
        }
        let markWidth = max(1, marked.unicodeScalars.reduce(0) { $0 + Self.width(of: $1) })
        let number = String(range.start.line)
        let gutter = String(repeating: " ", count: number.count)
        let caret = "^" + String(repeating: "~", count: markWidth - 1)
        let coloredCaret = usesColor ? "\u{1B}[1;32m\(caret)\u{1B}[0m" : caret
        return " \(number) | \(UntrustedText.sanitized(line))\n \(gutter) | \(padding)\(coloredCaret)\n"
    }

    /// How many terminal cells a character takes as shown in an excerpt: its `DisplayWidth`,
    /// or the width of the escape an unsafe character is shown as.
    static func width(of scalar: Unicode.Scalar) -> Int {
        UntrustedText.isUnsafe(scalar, keepNewlines: false) ? "\\u{\(String(scalar.value, radix: 16))}".count : DisplayWidth.of(scalar)
    }
}

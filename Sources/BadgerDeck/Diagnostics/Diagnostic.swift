/// How serious a diagnostic is.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One problem found in a deck: what is wrong, where, and which rule says so.
public struct Diagnostic: Hashable, Sendable {
    /// Extra information attached to a diagnostic, such as where a duplicate was first defined.
    public struct Note: Hashable, Sendable {
        public var message: String
        /// The file the note points at, as shown to the user; `nil` for a note without a place.
        public var file: String?
        public var range: SourceRange?

        public init(message: String, file: String? = nil, range: SourceRange? = nil) {
            self.message = message
            self.file = file
            self.range = range
        }
    }

    /// A change to the deck that resolves the problem, for editors to offer as a quick fix.
    public struct Fix: Hashable, Sendable {
        /// What the fix does, e.g. "Change `topc` to `topic`".
        public var title: String
        /// The edits to make, in the diagnostic's file, none overlapping.
        public var edits: [TextEdit]

        public init(title: String, edits: [TextEdit]) {
            self.title = title
            self.edits = edits
        }
    }

    /// Replace `range` with `newText`. A column past the end of its line means the line's end.
    public struct TextEdit: Hashable, Sendable {
        public var range: SourceRange
        public var newText: String

        public init(range: SourceRange, newText: String) {
            self.range = range
            self.newText = newText
        }
    }

    public var severity: Severity
    /// The identifier of the rule that produced this diagnostic, e.g. `AnswerPresent`.
    public var ruleID: String
    public var message: String
    /// The file's path as the user named it (relative to the working directory when given so).
    public var file: String
    public var range: SourceRange
    public var notes: [Note]
    /// Quick fixes, for rules with an obvious one; the text formats do not show them.
    public var fixes: [Fix]

    public init(
        severity: Severity, ruleID: String, message: String, file: String, range: SourceRange,
        notes: [Note] = [], fixes: [Fix] = []
    ) {
        self.severity = severity
        self.ruleID = ruleID
        self.message = message
        self.file = file
        self.range = range
        self.notes = notes
        self.fixes = fixes
    }
}

extension Diagnostic {
    /// Orders diagnostics by file, then position, then rule, so output is stable.
    public static func sortedForOutput(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted {
            ($0.file, $0.range.start, $0.ruleID, $0.message) < ($1.file, $1.range.start, $1.ruleID, $1.message)
        }
    }
}

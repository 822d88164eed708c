import Foundation

/// `badger lint --format json`: every diagnostic and a summary, with a schema version.
public enum JSONDiagnosticFormatter {
    public static let schemaVersion = 1

    struct Position: Encodable {
        var line: Int
        var column: Int
    }
    struct Range: Encodable {
        var start: Position
        var end: Position
        init(_ range: SourceRange) {
            start = Position(line: range.start.line, column: range.start.column)
            end = Position(line: range.end.line, column: range.end.column)
        }
    }
    struct Note: Encodable {
        var message: String
        var file: String?
        var range: Range?
        enum CodingKeys: String, CodingKey { case message, file, range }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(message, forKey: .message)
            try container.encode(file, forKey: .file)
            try container.encode(range, forKey: .range)
        }
    }
    struct Entry: Encodable {
        var file: String
        var severity: Severity
        var ruleID: String
        var message: String
        var range: Range
        var notes: [Note]
    }
    struct Summary: Encodable {
        var decks: Int
        var cards: Int
        var errors: Int
        var warnings: Int
    }
    struct Document: Encodable {
        var schemaVersion: Int
        var diagnostics: [Entry]
        var summary: Summary
    }

    /// The JSON document for `diagnostics` of a collection with `decks` decks and `cards` cards.
    public static func format(_ diagnostics: [Diagnostic], decks: Int, cards: Int) throws -> String {
        let document = Document(
            schemaVersion: schemaVersion,
            diagnostics: diagnostics.map { diagnostic in
                Entry(
                    file: diagnostic.file, severity: diagnostic.severity, ruleID: diagnostic.ruleID, message: diagnostic.message,
                    range: Range(diagnostic.range),
                    notes: diagnostic.notes.map { Note(message: $0.message, file: $0.file, range: $0.range.map(Range.init)) })
            },
            summary: Summary(
                decks: decks, cards: cards, errors: diagnostics.count { $0.severity == .error },
                warnings: diagnostics.count { $0.severity == .warning }))
        return try JSONOutput.text(document)
    }
}

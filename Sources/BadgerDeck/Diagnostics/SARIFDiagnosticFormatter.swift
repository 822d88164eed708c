import Foundation

/// `badger lint --format sarif`: SARIF 2.1.0, the format GitHub code scanning and many editors
/// read. Every rule is listed in the tool's rule table; results point into it by index.
public enum SARIFDiagnosticFormatter {
    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "utf16CodeUnits"
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "badger"
        var rules: [Rule]
    }
    struct Rule: Encodable {
        var id: String
        var shortDescription: Message
        var defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { var level: String }
    struct Message: Encodable { var text: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
    }
    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
        var message: Message?
    }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }

    /// The SARIF log for `diagnostics`. Columns are converted to UTF-16 code units, SARIF's
    /// default, using `sourceLine` to read each line (the UTF-8 column is kept if it cannot).
    public static func format(_ diagnostics: [Diagnostic], sourceLine: (String, Int) -> String? = { _, _ in nil }) throws -> String {
        let rules = RuleCatalog.all
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        func column(_ file: String, _ location: SourceLocation) -> Int {
            guard let line = sourceLine(file, location.line) else { return location.column }
            let bytes = Array(line.utf8)
            let prefix = String(decoding: bytes[..<min(max(location.column - 1, 0), bytes.count)], as: UTF8.self)
            return prefix.utf16.count + 1 + max(0, location.column - 1 - bytes.count)
        }
        func location(_ file: String, _ range: SourceRange, message: String? = nil) -> Location {
            Location(
                physicalLocation: PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: uri(file)),
                    region: Region(
                        startLine: range.start.line, startColumn: column(file, range.start), endLine: range.end.line,
                        endColumn: column(file, range.end))),
                message: message.map(Message.init))
        }
        let results = diagnostics.map { diagnostic in
            let related = diagnostic.notes.compactMap { note -> Location? in
                guard let range = note.range else { return nil }
                return location(note.file ?? diagnostic.file, range, message: note.message)
            }
            return Result(
                ruleId: diagnostic.ruleID, ruleIndex: index[diagnostic.ruleID] ?? 0, level: diagnostic.severity.rawValue,
                message: Message(text: diagnostic.message), locations: [location(diagnostic.file, diagnostic.range)],
                relatedLocations: related.isEmpty ? nil : related)
        }
        let log = Log(runs: [
            Run(
                tool: Tool(
                    driver: Driver(
                        rules: rules.map {
                            Rule(
                                id: $0.id, shortDescription: Message(text: $0.summary),
                                defaultConfiguration: Configuration(level: $0.severity.rawValue))
                        })),
                results: results)
        ])
        return try JSONOutput.text(log)
    }

    /// A relative URI for a path: percent-encoded, with `/` kept.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return trimmed.addingPercentEncoding(withAllowedCharacters: allowed) ?? trimmed
    }
}

// The LSP 3.17 types for publishing diagnostics.

/// A place a diagnostic refers to, such as where a duplicate question is first asked.
public struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
    public var location: Location
    public var message: String
}

/// A diagnostic as LSP shows it. Severity 1 is an error, 2 a warning.
public struct ProtocolDiagnostic: Codable, Hashable, Sendable {
    public var range: Range
    public var severity: Int
    public var code: String
    public var source: String
    public var message: String
    public var relatedInformation: [DiagnosticRelatedInformation]?
}

struct PublishDiagnosticsParams: Codable {
    var uri: String
    var version: Int?
    var diagnostics: [ProtocolDiagnostic]
}

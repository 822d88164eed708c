import BadgerDeck

/// The library's diagnostics as the protocol shows them, with notes as related information.
enum ProtocolDiagnostics {
    static func convert(
        _ diagnostics: [Diagnostic], in document: TextDocument, workspace: Workspace, encoding: PositionEncoding
    ) -> [ProtocolDiagnostic] {
        var others: [String: TextDocument] = [:]
        return diagnostics.map { diagnostic in
            var message = diagnostic.message
            var related: [DiagnosticRelatedInformation] = []
            for note in diagnostic.notes {
                let path = note.file ?? diagnostic.file
                guard let range = note.range else {
                    message += "\n" + note.message
                    continue
                }
                if path != diagnostic.file, others[path] == nil { others[path] = workspace.text(of: path) }
                guard let text = path == diagnostic.file ? document : others[path] else { continue }
                let uri = workspace.documents[path]?.uri ?? DocumentURI.uri(path)
                related.append(.init(location: Location(uri: uri, range: text.range(of: range, encoding: encoding)), message: note.message))
            }
            return ProtocolDiagnostic(
                range: document.range(of: diagnostic.range, encoding: encoding), severity: diagnostic.severity == .error ? 1 : 2,
                code: diagnostic.ruleID, source: "badger", message: message, relatedInformation: related.isEmpty ? nil : related)
        }
    }
}

/// `badger lint --format github`: GitHub Actions workflow commands, which show each diagnostic
/// as an annotation on the pull request's diff.
public enum GitHubDiagnosticFormatter {
    /// One `::error …::message` or `::warning …::message` line per diagnostic.
    public static func format(_ diagnostic: Diagnostic) -> String {
        let command = diagnostic.severity == .error ? "error" : "warning"
        var properties = [
            "file=" + escapeProperty(diagnostic.file),
            "line=\(diagnostic.range.start.line)",
            "col=\(diagnostic.range.start.column)",
        ]
        if diagnostic.range.end.line == diagnostic.range.start.line, diagnostic.range.end.column > diagnostic.range.start.column {
            properties.append("endColumn=\(diagnostic.range.end.column)")
        }
        properties.append("title=" + escapeProperty(diagnostic.ruleID))
        var message = diagnostic.message
        for note in diagnostic.notes {
            let place = note.range.map { "\(note.file ?? diagnostic.file):\($0.start.line):\($0.start.column): " } ?? ""
            message += "\n" + place + "note: " + note.message
        }
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(UntrustedText.sanitized(message, keepNewlines: true)))\n"
    }

    /// Escapes a message as the workflow command syntax requires.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a property value (file name, title) as the workflow command syntax requires.
    static func escapeProperty(_ text: String) -> String {
        escapeData(UntrustedText.sanitized(text)).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

import BadgerDeck

/// Code actions: the fixes the library's rules attach to their diagnostics, for the
/// diagnostics in the requested range.
enum QuickFixes {
    static func actions(
        for range: Range, in document: TextDocument, diagnostics: [Diagnostic], workspace: Workspace, encoding: PositionEncoding
    ) -> [CodeAction] {
        var actions: [CodeAction] = []
        for diagnostic in diagnostics where !diagnostic.fixes.isEmpty {
            guard document.range(of: diagnostic.range, encoding: encoding).overlaps(range) else { continue }
            let shown = ProtocolDiagnostics.convert([diagnostic], in: document, workspace: workspace, encoding: encoding)
            for (index, fix) in diagnostic.fixes.enumerated() {
                let edits = fix.edits.map { TextEdit(range: document.range(of: $0.range, encoding: encoding), newText: $0.newText) }
                actions.append(
                    CodeAction(
                        title: fix.title, kind: "quickfix", diagnostics: shown, isPreferred: index == 0 ? true : nil,
                        edit: WorkspaceEdit(changes: [document.uri: edits])))
            }
        }
        return actions
    }
}

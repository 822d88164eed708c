import BadgerDeck
import BadgerStudy

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
                        edit: WorkspaceEdit(changes: [document.uri: edits]), command: nil))
            }
        }
        // An edited card that could continue several histories: one action per history, each
        // running `badger.stateLink` (what `badger state link` does).
        if let path = DocumentURI.path(document.uri) {
            let first = range.start.line + 1
            let last = max(first, range.end.line + 1)
            for action in workspace.historyLinks.actions(path: path, lines: first...last) {
                let related = diagnostics.filter { $0.ruleID == StateMatchesCards.description.id && $0.range.start.line == action.line }
                actions.append(
                    CodeAction(
                        title: action.title, kind: "quickfix",
                        diagnostics: ProtocolDiagnostics.convert(related, in: document, workspace: workspace, encoding: encoding),
                        isPreferred: nil, edit: nil,
                        command: Command(title: action.title, command: HistoryLinks.command, arguments: action.arguments)))
            }
        }
        return actions
    }
}

// The LSP 3.17 results of hover, completion, outline and code actions.

/// Text for the editor to show: `markdown` or `plaintext`.
public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind: String
    public var value: String
}

/// What hovering shows, and over which range.
public struct Hover: Codable, Hashable, Sendable {
    public var contents: MarkupContent
    public var range: Range?
}

/// One completion: its label and the edit that inserts it.
public struct CompletionItem: Codable, Hashable, Sendable {
    /// LSP's CompletionItemKind numbers for the kinds used here.
    public enum Kind: Int, Codable, Sendable {
        case text = 1, function = 3, field = 5, value = 12, keyword = 14, snippet = 15, file = 17, folder = 19
    }

    public var label: String
    public var kind: Kind?
    public var detail: String?
    public var textEdit: TextEdit?
    public var sortText: String?
}

/// The completions at a position.
public struct CompletionList: Codable, Hashable, Sendable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]
}

/// An entry of a document's outline, with its children.
public struct DocumentSymbol: Codable, Hashable, Sendable {
    /// LSP's SymbolKind numbers for the kinds used here.
    public enum Kind: Int, Codable, Sendable {
        case namespace = 3, string = 15
    }

    public var name: String
    public var detail: String?
    public var kind: Kind
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]?
}

/// Edits to make, by document URI.
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [String: [TextEdit]]
}

/// A quick fix: its title, the diagnostics it resolves, and its edit or the command to run.
public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    public var kind: String
    public var diagnostics: [ProtocolDiagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit?
    public var command: Command?
}

/// A command the client asks the server to run (`workspace/executeCommand`).
public struct Command: Codable, Hashable, Sendable {
    public var title: String
    public var command: String
    public var arguments: [String]?
}

// The LSP 3.17 data types the server reads and writes, with the protocol's field names.

/// A place between characters: 0-based line, and 0-based column in the negotiated encoding.
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.character) < (rhs.line, rhs.character) }
}

public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// Whether the two ranges share a position (touching counts).
    func overlaps(_ other: Range) -> Bool { start <= other.end && other.start <= end }
}

public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
}

public struct TextDocumentIdentifier: Codable, Sendable {
    public var uri: String
}

public struct TextDocumentItem: Codable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int
    public var text: String
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable {
    public var uri: String
    public var version: Int?
}

/// A change to an open document: `text` replaces `range`, or the whole text without a range.
public struct TextDocumentContentChangeEvent: Codable, Sendable {
    public var range: Range?
    public var text: String

    public init(range: Range?, text: String) {
        self.range = range
        self.text = text
    }
}

struct DidOpenTextDocumentParams: Codable {
    var textDocument: TextDocumentItem
}

struct DidChangeTextDocumentParams: Codable {
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [TextDocumentContentChangeEvent]
}

struct DidCloseTextDocumentParams: Codable {
    var textDocument: TextDocumentIdentifier
}

struct TextDocumentPositionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var position: Position
}

struct DocumentSymbolParams: Codable {
    var textDocument: TextDocumentIdentifier
}

struct CodeActionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var range: Range
}

/// What `initialize` tells the server; only the parts it uses.
struct InitializeParams: Decodable {
    struct Capabilities: Decodable {
        struct General: Decodable { var positionEncodings: [String]? }
        struct Workspace: Decodable {
            struct DidChangeWatchedFiles: Decodable { var dynamicRegistration: Bool? }
            var didChangeWatchedFiles: DidChangeWatchedFiles?
        }
        var general: General?
        var workspace: Workspace?
    }
    var capabilities: Capabilities?
}

/// Files changed on disk, from the client's file watcher.
struct DidChangeWatchedFilesParams: Codable {
    struct FileEvent: Codable {
        var uri: String
        /// 1 created, 2 changed, 3 deleted.
        var type: Int
    }
    var changes: [FileEvent]
}

/// The server's request that the client watch deck files (`client/registerCapability`).
struct RegistrationParams: Encodable {
    struct Registration: Encodable {
        struct Options: Encodable {
            struct Watcher: Encodable { var globPattern: String }
            var watchers: [Watcher]
        }
        var id: String
        var method: String
        var registerOptions: Options
    }
    var registrations: [Registration]
}

/// A request from the server to the client.
struct RequestMessage<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID
    var method: String
    var params: Params
}

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

public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind: String
    public var value: String
}

public struct Hover: Codable, Hashable, Sendable {
    public var contents: MarkupContent
    public var range: Range?
}

public struct CompletionItem: Codable, Hashable, Sendable {
    /// LSP's CompletionItemKind numbers for the kinds used here.
    public enum Kind: Int, Codable, Sendable {
        case text = 1, function = 3, field = 5, value = 12, keyword = 14, file = 17, folder = 19
    }

    public var label: String
    public var kind: Kind?
    public var detail: String?
    public var textEdit: TextEdit?
    public var sortText: String?
}

public struct CompletionList: Codable, Hashable, Sendable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]
}

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

public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [String: [TextEdit]]
}

public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    public var kind: String
    public var diagnostics: [ProtocolDiagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit
}

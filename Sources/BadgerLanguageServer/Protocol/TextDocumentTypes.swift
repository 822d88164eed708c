// The LSP 3.17 types for documents, positions and their notifications, with the protocol's names.

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

/// A stretch of a document, from `start` up to (not including) `end`.
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

/// A range in a document named by its URI.
public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range
}

/// Replace `range` with `newText`.
public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
}

/// A document named by its URI.
public struct TextDocumentIdentifier: Codable, Sendable {
    public var uri: String
}

/// An opened document: its URI, version and whole text.
public struct TextDocumentItem: Codable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int
    public var text: String
}

/// A document and the version a change brings it to.
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

struct ExecuteCommandParams: Codable {
    var command: String
    var arguments: [String]?
}

struct CodeActionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var range: Range
}

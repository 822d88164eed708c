// The LSP 3.17 types of initialization and of the server's registration of file watching.

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

/// The server's answer to `initialize`: what it can do, and the position encoding chosen.
struct InitializeResult: Encodable {
    struct Capabilities: Encodable {
        struct TextDocumentSync: Encodable {
            var openClose = true
            /// 2: incremental changes.
            var change = 2
        }
        struct CompletionOptions: Encodable {
            var triggerCharacters = ["\\", "/", "(", ":", "{"]
        }
        struct CodeActionOptions: Encodable {
            var codeActionKinds = ["quickfix"]
        }
        struct ExecuteCommandOptions: Encodable {
            var commands = [HistoryLinks.command]
        }

        var positionEncoding: PositionEncoding
        var textDocumentSync = TextDocumentSync()
        var hoverProvider = true
        var completionProvider = CompletionOptions()
        var documentSymbolProvider = true
        var definitionProvider = true
        var codeActionProvider = CodeActionOptions()
        var executeCommandProvider = ExecuteCommandOptions()
    }

    struct ServerInfo: Encodable {
        var name: String
        var version: String?
    }

    var capabilities: Capabilities
    var serverInfo: ServerInfo
}

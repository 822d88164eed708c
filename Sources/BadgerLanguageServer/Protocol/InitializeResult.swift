/// The server's answer to `initialize`: what it can do, and the position encoding chosen.
struct InitializeResult: Encodable {
    struct Capabilities: Encodable {
        struct TextDocumentSync: Encodable {
            var openClose = true
            /// 2: incremental changes.
            var change = 2
        }
        struct CompletionOptions: Encodable {
            var triggerCharacters = ["\\", "/", "(", ":"]
        }
        struct CodeActionOptions: Encodable {
            var codeActionKinds = ["quickfix"]
        }

        var positionEncoding: PositionEncoding
        var textDocumentSync = TextDocumentSync()
        var hoverProvider = true
        var completionProvider = CompletionOptions()
        var documentSymbolProvider = true
        var definitionProvider = true
        var codeActionProvider = CodeActionOptions()
    }

    struct ServerInfo: Encodable {
        var name: String
        var version: String?
    }

    var capabilities: Capabilities
    var serverInfo: ServerInfo
}

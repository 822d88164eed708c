import BadgerDeck
import BadgerMemory
import Foundation

/// A Language Server for decks (LSP 3.17): diagnostics from every lint rule as the author types,
/// hover, completion, outline, go to definition on images and quick fixes, all from the
/// library's parser and rules.
///
/// Messages are handled one at a time, in order, on the caller's thread. The server never reads
/// the clock or prints: bytes come in through `run`'s input and go out through its output, and
/// files are read through the `FileAccess` it is given.
public final class LanguageServer {
    private enum Phase { case uninitialized, running, shuttingDown }

    private var phase = Phase.uninitialized
    private var encoding = PositionEncoding.utf16
    /// Whether the client can be asked to watch files.
    private var canWatchFiles = false
    private let workspace: Workspace
    private let version: String?
    private let send: ([UInt8]) -> Void
    /// The time a command the client runs is recorded at (a history linked).
    private let now: () -> Date
    /// Record ids for the lines a command appends to a review log.
    private var generator: any RandomNumberGenerator
    /// Set by the `exit` notification: 0 after `shutdown`, else 1.
    public private(set) var exitCode: Int32?

    /// - Parameters:
    ///   - send: writes one message body (framing is the caller's).
    ///   - now: the clock, read only when the client runs a command.
    ///   - generator: the source of record ids for the review-log lines a command writes.
    public init(
        fileAccess: any FileAccess, version: String? = nil, now: @escaping () -> Date = Date.init,
        generator: any RandomNumberGenerator = SystemRandomNumberGenerator(), send: @escaping ([UInt8]) -> Void
    ) {
        workspace = Workspace(fileAccess: fileAccess)
        self.version = version
        self.now = now
        self.generator = generator
        self.send = send
    }

    /// Serves until `exit` or the end of the input, and returns the exit status: 0 after
    /// `shutdown` and `exit` or at the end of the input, 1 for `exit` without `shutdown`.
    public static func run(
        input: some ByteInput, output: some ByteOutput, fileAccess: any FileAccess, version: String? = nil
    ) -> Int32 {
        var reader = MessageReader(input: input)
        let writer = MessageWriter(output: output)
        let server = LanguageServer(fileAccess: fileAccess, version: version, send: writer.send)
        while let frame = reader.next() {
            switch frame {
            case .message(let body): server.handle(body)
            case .badHeader(let reason): server.reply(nil, error: .parseError("bad message header: \(reason)"))
            }
            if let code = server.exitCode { return code }
        }
        return 0
    }

    /// Handles one message body.
    public func handle(_ body: [UInt8]) {
        guard let envelope = try? ProtocolJSON.decode(IncomingEnvelope.self, from: body) else {
            let isJSON = (try? JSONSerialization.jsonObject(with: Data(body), options: .fragmentsAllowed)) != nil
            return reply(nil, error: isJSON ? .invalidRequest("a message is a JSON object with a method") : .parseError("invalid JSON"))
        }
        guard let method = envelope.method else {
            // A response to a request the server never sends, or garbage.
            if envelope.id == nil { reply(nil, error: .invalidRequest("a message needs a method")) }
            return
        }
        if let id = envelope.id {
            do {
                try request(method, id: id, body: body)
            } catch let error as ResponseError {
                reply(id, error: error)
            } catch {
                reply(id, error: .invalidParams("invalid parameters for \(method): \(Self.describe(error))"))
            }
        } else {
            // A notification with bad parameters is dropped: there is no one to answer.
            try? notification(method, body: body)
        }
    }

    // MARK: - Requests

    private func request(_ method: String, id: RequestID, body: [UInt8]) throws {
        switch phase {
        case .uninitialized:
            guard method == "initialize" else { throw ResponseError.serverNotInitialized }
        case .running:
            if method == "initialize" { throw ResponseError.invalidRequest("the server is already initialized") }
        case .shuttingDown:
            throw ResponseError.invalidRequest("the server is shutting down; only exit is accepted")
        }
        switch method {
        case "initialize":
            let params = try Self.params(InitializeParams.self, body)
            encoding = PositionEncoding.negotiated(from: params.capabilities?.general?.positionEncodings)
            canWatchFiles = params.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration == true
            phase = .running
            reply(
                id, InitializeResult(capabilities: .init(positionEncoding: encoding), serverInfo: .init(name: "badger", version: version)))
        case "shutdown":
            phase = .shuttingDown
            reply(id, Optional<Int>.none)
        case "textDocument/hover":
            let params = try Self.params(TextDocumentPositionParams.self, body)
            guard let (_, document, deck) = open(params.textDocument.uri) else { return reply(id, Optional<Hover>.none) }
            reply(
                id, CardHover.hover(at: params.position, in: document, deck: deck, fileAccess: workspace.fileAccess, encoding: encoding))
        case "textDocument/completion":
            let params = try Self.params(TextDocumentPositionParams.self, body)
            guard let (path, document, deck) = open(params.textDocument.uri) else {
                return reply(id, CompletionList(isIncomplete: false, items: []))
            }
            let context = DeckCompletion.Context(
                deck: deck, topics: workspace.topics(near: path), deckDirectory: deck.deck.file.directory,
                fileAccess: workspace.fileAccess, encoding: encoding)
            reply(id, DeckCompletion.complete(at: params.position, in: document, context: context))
        case "textDocument/documentSymbol":
            let params = try Self.params(DocumentSymbolParams.self, body)
            guard let (_, document, deck) = open(params.textDocument.uri) else { return reply(id, [DocumentSymbol]()) }
            reply(id, DeckOutline.symbols(of: deck.deck, in: document, encoding: encoding))
        case "textDocument/definition":
            let params = try Self.params(TextDocumentPositionParams.self, body)
            guard let (_, document, deck) = open(params.textDocument.uri) else { return reply(id, Optional<Location>.none) }
            reply(
                id,
                ImageDefinition.location(
                    at: params.position, in: document, deck: deck.deck, fileAccess: workspace.fileAccess, encoding: encoding))
        case "textDocument/codeAction":
            let params = try Self.params(CodeActionParams.self, body)
            guard let (path, document, _) = open(params.textDocument.uri) else { return reply(id, [CodeAction]()) }
            reply(
                id,
                QuickFixes.actions(
                    for: params.range, in: document, diagnostics: workspace.diagnostics(for: path), workspace: workspace,
                    encoding: encoding))
        case "workspace/executeCommand":
            let params = try Self.params(ExecuteCommandParams.self, body)
            guard params.command == HistoryLinks.command, let arguments = params.arguments, arguments.count == 3 else {
                throw ResponseError.invalidParams("unknown command \(params.command), or not its three arguments (key, card, deck)")
            }
            let (key, contentID, deck) = (arguments[0], arguments[1], arguments[2])
            guard let card = workspace.card(contentID, near: deck), let root = workspace.root(ofDeck: deck) else {
                throw ResponseError.invalidParams("no card \(contentID) in \(deck) any more")
            }
            // Only what a quick fix offers now (as `badger state link` checks): a history that
            // another card continues, a card with a history of its own, a key no log knows, or
            // an ambiguity settled since, writes nothing.
            guard workspace.offersLink(key: key, contentID: contentID, path: card.file.absolutePath) else {
                throw ResponseError.invalidParams(
                    "history \(key) is not one card \(contentID) may continue (any more): settled, studied, or not a candidate")
            }
            do {
                try workspace.historyLinks.link(
                    key: key, contentID: contentID, deckPath: card.file.absolutePath, card: card, time: now(),
                    recordID: ReviewRecord.newRecordID(using: &generator), root: root)
            } catch {
                throw ResponseError.requestFailed("\(error)")
            }
            reply(id, Optional<Int>.none)
            publish(workspace.recheckAfterLogChange(card.file.absolutePath))
        default:
            throw ResponseError.methodNotFound(method)
        }
    }

    /// The open document at `uri` and its checked deck, or nil when it is not open or not a deck.
    private func open(_ uri: String) -> (String, TextDocument, CheckedDeck)? {
        guard let path = DocumentURI.path(uri), let document = workspace.documents[path],
            let deck = workspace.checkedDeck(at: path)
        else { return nil }
        return (path, document, deck)
    }

    // MARK: - Notifications

    private func notification(_ method: String, body: [UInt8]) throws {
        if method == "exit" {
            exitCode = phase == .shuttingDown ? 0 : 1
            return
        }
        // Before `initialize` every notification but `exit` is dropped.
        guard phase == .running else { return }
        switch method {
        case "initialized":
            // Decks changed outside the editor (git, badger add) are re-checked when the client
            // reports them; the client's answer to this request needs no handling.
            guard canWatchFiles else { return }
            let watch = RegistrationParams.Registration(
                id: "badger-decks", method: "workspace/didChangeWatchedFiles",
                registerOptions: .init(watchers: [
                    .init(globPattern: "**/*.md"), .init(globPattern: "**/badger.yml"), .init(globPattern: "**/macros.tex"),
                ]))
            send(
                ProtocolJSON.encode(
                    RequestMessage(
                        id: .string("badger-watch"), method: "client/registerCapability", params: RegistrationParams(registrations: [watch])
                    )))
        case "workspace/didChangeWatchedFiles":
            let params = try Self.params(DidChangeWatchedFilesParams.self, body)
            for change in params.changes {
                guard let path = DocumentURI.path(change.uri) else { continue }
                publish(workspace.refresh(path: path))
            }
        case "textDocument/didOpen":
            let item = try Self.params(DidOpenTextDocumentParams.self, body).textDocument
            guard let path = DocumentURI.path(item.uri) else { return }
            publish(workspace.open(TextDocument(uri: item.uri, version: item.version, text: item.text), path: path))
        case "textDocument/didChange":
            let params = try Self.params(DidChangeTextDocumentParams.self, body)
            guard let path = DocumentURI.path(params.textDocument.uri) else { return }
            publish(workspace.change(path: path, params.contentChanges, version: params.textDocument.version, encoding: encoding))
        case "textDocument/didClose":
            let params = try Self.params(DidCloseTextDocumentParams.self, body)
            guard let path = DocumentURI.path(params.textDocument.uri) else { return }
            let uri = params.textDocument.uri
            let changed = workspace.close(path: path)
            publish(changed)
            // A closed deck keeps no diagnostics unless another deck's change gives it some.
            if !changed.contains(path) { sendDiagnostics(uri: uri, version: nil, []) }
        default:
            // `didSave`, `$/cancelRequest`, `$/setTrace` and others need nothing.
            break
        }
    }

    private func publish(_ paths: [String]) {
        for path in paths {
            guard let document = workspace.text(of: path) else {
                sendDiagnostics(uri: DocumentURI.uri(path), version: nil, [])
                continue
            }
            let diagnostics = ProtocolDiagnostics.convert(
                workspace.diagnostics(for: path), in: document, workspace: workspace, encoding: encoding)
            sendDiagnostics(uri: document.uri, version: document.version, diagnostics)
        }
    }

    private func sendDiagnostics(uri: String, version: Int?, _ diagnostics: [ProtocolDiagnostic]) {
        let params = PublishDiagnosticsParams(uri: uri, version: version, diagnostics: diagnostics)
        send(ProtocolJSON.encode(NotificationMessage(method: "textDocument/publishDiagnostics", params: params)))
    }

    // MARK: - Replies

    private func reply<Result: Encodable>(_ id: RequestID, _ result: Result?) {
        send(ProtocolJSON.encode(ResponseMessage(id: id, result: result)))
    }

    private func reply(_ id: RequestID?, error: ResponseError) {
        send(ProtocolJSON.encode(ErrorMessage(id: id, error: error)))
    }

    private static func params<Params: Decodable>(_ type: Params.Type, _ body: [UInt8]) throws -> Params {
        try ProtocolJSON.decode(IncomingParams<Params>.self, from: body).params
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(Self.path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "wrong value at \(Self.path(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

import BadgerDeck
import BadgerTestSupport
import Foundation

@testable import BadgerLanguageServer

/// A language server in this process with a deck collection in a temporary directory, driven
/// by JSON messages as a client would send them, recording everything the server sends.
final class ServerSession {
    let directory: TemporaryDirectory
    private(set) var sent: [[String: Any]] = []
    private var server: LanguageServer!
    private var nextID = 1

    /// Starts a server and initializes it, offering `encodings` as the client's position encodings.
    init(files: [String: String], encodings: [String]? = nil, watchingFiles: Bool = false) throws {
        directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write(path, text) }
        server = LanguageServer(fileAccess: LocalFileSystem(), version: "test") { [unowned self] body in
            self.sent.append((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? ["unreadable": true])
        }
        var capabilities: [String: Any] = [:]
        if let encodings { capabilities["general"] = ["positionEncodings": encodings] }
        if watchingFiles { capabilities["workspace"] = ["didChangeWatchedFiles": ["dynamicRegistration": true]] }
        _ = request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities])
        notify("initialized", [:])
    }

    deinit { directory.remove() }

    /// The path of a file of the collection, resolved as the server sees it.
    func path(_ relative: String) -> String { directory.url.appendingPathComponent(relative).standardizedFileURL.path }

    func uri(_ relative: String) -> String { URL(fileURLWithPath: path(relative)).absoluteString }

    /// Sends a request and returns the server's response to it.
    @discardableResult
    func request(_ method: String, _ params: Any) -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return sent.last { ($0["id"] as? Int) == id } ?? [:]
    }

    /// The result of a request, as pretty JSON for a golden.
    func result(_ method: String, _ params: Any) -> String {
        Self.json(request(method, params)["result"] ?? NSNull())
    }

    func notify(_ method: String, _ params: Any) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Tells the server that `relative` changed on disk (`type` 1 created, 2 changed, 3 deleted).
    func fileChanged(_ relative: String, type: Int = 2) {
        notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(relative), "type": type]]])
    }

    func send(_ message: [String: Any]) {
        // Test messages are plain dictionaries, always valid JSON.
        server.handle(Array((try? JSONSerialization.data(withJSONObject: message)) ?? Data()))
    }

    func sendRaw(_ body: String) { server.handle(Array(body.utf8)) }

    var exitCode: Int32? { server.exitCode }

    func open(_ relative: String, text: String? = nil, version: Int = 1) {
        let contents = text ?? (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? ""
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri(relative), "languageId": "markdown", "version": version, "text": contents]])
    }

    /// Replaces `[line, character]` to `[line, character]` with `text`.
    func change(_ relative: String, from start: [Int], to end: [Int], text: String, version: Int) {
        let range = ["start": ["line": start[0], "character": start[1]], "end": ["line": end[0], "character": end[1]]]
        notify(
            "textDocument/didChange",
            ["textDocument": ["uri": uri(relative), "version": version], "contentChanges": [["range": range, "text": text]]])
    }

    /// The notifications published since `index`.
    func published(since index: Int = 0) -> [[String: Any]] {
        sent[index...].filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.compactMap { $0["params"] as? [String: Any] }
    }

    /// The last diagnostics published for a file.
    func diagnostics(_ relative: String) -> [[String: Any]]? {
        published().last { $0["uri"] as? String == uri(relative) }?["diagnostics"] as? [[String: Any]]
    }

    /// The rule IDs of the last diagnostics published for a file, with their 0-based lines.
    func codes(_ relative: String) -> [String] {
        (diagnostics(relative) ?? []).map { diagnostic in
            let line = ((diagnostic["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1
            return "\(line):\(diagnostic["code"] as? String ?? "?")"
        }
    }

    /// The labels of the completion items at a position.
    func completionLabels(_ relative: String, _ line: Int, _ character: Int) -> [String] {
        let result = request("textDocument/completion", at(relative, line, character))["result"] as? [String: Any]
        return (result?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    static func position(_ line: Int, _ character: Int) -> [String: Int] { ["line": line, "character": character] }

    func at(_ relative: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri(relative)], "position": Self.position(line, character)]
    }

    /// Pretty, key-sorted JSON with the temporary directory's URI replaced by `file:///COLLECTION`.
    func golden(_ value: Any) -> String {
        Self.json(value).replacingOccurrences(of: URL(fileURLWithPath: path("")).absoluteString, with: "file:///COLLECTION/")
            .replacingOccurrences(of: "file:///COLLECTION//", with: "file:///COLLECTION/")
    }

    static func json(_ value: Any) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

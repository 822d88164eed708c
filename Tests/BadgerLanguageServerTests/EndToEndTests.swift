import BadgerTestSupport
import Foundation
import Testing

/// `badger lsp` driven by an independent client, pygls's `LanguageClient` (Python), through
/// `Fixtures/pygls_client.py`: open, diagnostics, hover, completion, a quick fix, shutdown.
/// `make test-deps` installs the pinned pygls; without it the test fails and says so.
@Suite struct EndToEndTests {
    @Test func pyglsClientEditsADeckThroughTheRealServer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "")
        try directory.write("other.md", "---\ntopic: Science\n---\n\nQ: What is the speed of light?\nA: c\n")
        let script = PackagePaths.url("Tests/BadgerLanguageServerTests/Fixtures/pygls_client.py")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, BadgerProcess.executable.path, directory.url.standardizedFileURL.path]
        let result = try await ExternalProcess.run(process)
        let text = result.standardOutput + result.standardError
        if process.terminationStatus == 3 {
            Issue.record("the end-to-end client is missing: \(text)")
            return
        }
        #expect(process.terminationStatus == 0, "pygls client failed:\n\(text)")
        // Every check the client makes, so none can be skipped silently.
        let passed = text.split(separator: "\n").filter { $0.hasPrefix("ok: ") }
        #expect(passed.count == 13, "expected 13 passed checks:\n\(text)")
        #expect(text.contains("ok: the server exits 0 after shutdown and exit"))
    }

    static func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n" + json }

    @Test func theRealBinaryExitsAsTheProtocolSays() async throws {
        let initialize = Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        let exit = Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        // Standard input closing ends the server cleanly.
        let closed = try await BadgerProcess.run(["lsp"], input: initialize)
        #expect(closed.status == 0)
        #expect(closed.standardOutput.hasPrefix("Content-Length: "))
        #expect(closed.standardOutput.contains(#""positionEncoding":"utf-16""#))
        let clean = try await BadgerProcess.run(
            ["lsp"], input: initialize + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#) + exit)
        #expect(clean.status == 0)
        #expect(clean.standardOutput.hasSuffix(#"{"id":2,"jsonrpc":"2.0","result":null}"#))
        let abrupt = try await BadgerProcess.run(["lsp"], input: initialize + exit)
        #expect(abrupt.status == 1)
        // Garbage is answered with a parse error, not a crash.
        let garbage = try await BadgerProcess.run(["lsp"], input: "Content-Length: 3\r\n\r\n{{{" + initialize)
        #expect(garbage.status == 0)
        #expect(garbage.standardOutput.contains(#""code":-32700"#))
        #expect(garbage.standardError.isEmpty)
    }
}

import BadgerDeck
import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerLanguageServer

/// JSON-RPC and the LSP lifecycle: errors, initialization, shutdown and exit.
@Suite struct ProtocolTests {
    static func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n" + json }

    /// Runs a server over `input` and returns its exit status and every message it wrote.
    static func run(_ input: String) -> (status: Int32, messages: [String]) {
        let output = RecordedOutput()
        let status = LanguageServer.run(input: ChunkedInput(input, chunkSize: 5), output: output, fileAccess: LocalFileSystem())
        var reader = MessageReader(input: ChunkedInput(output.text))
        var messages: [String] = []
        while case .message(let body)? = reader.next() { messages.append(String(decoding: body, as: UTF8.self)) }
        return (status, messages)
    }

    static let initialize = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)

    @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() {
        let result = Self.run(
            Self.frame(#"{"jsonrpc":"2.0","id":"a","method":"textDocument/hover","params":{}}"#)
                + Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#))
        #expect(result.status == 0)
        #expect(result.messages == [#"{"error":{"code":-32002,"message":"the server has not been initialized"},"id":"a","jsonrpc":"2.0"}"#])
    }

    @Test func initializeAnswersCapabilitiesAndTheEncoding() {
        let result = Self.run(
            Self.frame(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]}}}}"#
            ) + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}"#))
        assertSnapshot(result.messages.joined(separator: "\n") + "\n", named: "initialize.jsonl")
    }

    @Test func unknownMethodsAndBadMessagesGetTheRightErrors() {
        let result = Self.run(
            Self.initialize
                + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"workspace/symbol","params":{}}"#)
                + Self.frame(#"{"jsonrpc":"2.0","method":"workspace/unknownNotification","params":{}}"#)
                + Self.frame(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#)
                + Self.frame(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":7}}"#)
                + Self.frame(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/didOpen","par"#)
                + Self.frame("[1,2]")
                + Self.frame(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))
                + Self.frame(#"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#)
                + "Content-Length: nope\r\n\r\n"
                + Self.frame(
                    #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere.md"},"position":{"line":0,"character":0}}}"#
                ))
        #expect(result.status == 0)
        assertSnapshot(result.messages.dropFirst().joined(separator: "\n") + "\n", named: "errors.jsonl")
    }

    @Test func dollarRequestsAreNotFoundAndDollarNotificationsIgnored() {
        let result = Self.run(
            Self.initialize + Self.frame(#"{"jsonrpc":"2.0","method":"$/progress","params":{"token":1,"value":{}}}"#)
                + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"$/custom","params":{}}"#))
        #expect(result.messages.count == 2)
        #expect(result.messages.last == #"{"error":{"code":-32601,"message":"method not found: $/custom"},"id":2,"jsonrpc":"2.0"}"#)
    }

    @Test func shutdownThenExitExitsZeroAndExitAloneExitsOne() {
        let clean = Self.run(
            Self.initialize + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
                + Self.frame(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{}}"#)
                + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
                + Self.frame(#"{"jsonrpc":"2.0","id":4,"method":"never answered"}"#))
        #expect(clean.status == 0)
        #expect(clean.messages.count == 3)
        #expect(clean.messages[1] == #"{"id":2,"jsonrpc":"2.0","result":null}"#)
        #expect(clean.messages[2].contains(#""code":-32600"#))
        let abrupt = Self.run(Self.initialize + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#))
        #expect(abrupt.status == 1)
        // Exit before initialize, too, is exit without shutdown.
        #expect(Self.run(Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)).status == 1)
    }

    @Test func theEndOfInputEndsTheServerCleanly() {
        let result = Self.run(Self.initialize + "Content-Length: 50\r\n\r\n{\"jsonrpc\"")
        #expect(result.status == 0)
        #expect(result.messages.count == 2)
        #expect(result.messages[1].contains("the input ended inside a message's body"))
    }
}

import Testing

@testable import BadgerLanguageServer

/// Bytes handed out in fixed-size chunks, as a pipe might.
struct ChunkedInput: ByteInput {
    var bytes: [UInt8]
    var chunkSize: Int

    init(_ text: String, chunkSize: Int = 1 << 16) {
        bytes = Array(text.utf8)
        self.chunkSize = chunkSize
    }

    mutating func read(maxCount: Int) -> [UInt8] {
        let count = min(maxCount, chunkSize, bytes.count)
        defer { bytes.removeFirst(count) }
        return Array(bytes.prefix(count))
    }
}

/// Everything written, in order.
final class RecordedOutput: ByteOutput {
    var bytes: [UInt8] = []
    func write(_ bytes: [UInt8]) { self.bytes += bytes }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

@Suite struct FramingTests {
    static func frames(_ text: String, chunkSize: Int = 1 << 16) -> [MessageReader<ChunkedInput>.Frame] {
        var reader = MessageReader(input: ChunkedInput(text, chunkSize: chunkSize))
        var frames: [MessageReader<ChunkedInput>.Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        return frames
    }

    static func message(_ text: String) -> MessageReader<ChunkedInput>.Frame { .message(Array(text.utf8)) }

    @Test(arguments: [1, 3, 7, 1 << 16])
    func readsMessagesWhateverTheChunking(chunkSize: Int) {
        // The body has a multi-byte character: Content-Length counts bytes.
        let input =
            "Content-Length: 10\r\n\r\n{\"a\":\"é\"}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:2\r\n\r\n{}"
        #expect(Self.frames(input, chunkSize: chunkSize) == [Self.message("{\"a\":\"é\"}"), Self.message("{}")])
    }

    @Test func acceptsBareLineFeedsAndBlankLinesBetweenMessages() {
        #expect(Self.frames("Content-Length: 2\n\n{}\r\n\r\nContent-Length: 2\r\n\r\n[]") == [Self.message("{}"), Self.message("[]")])
    }

    @Test func reportsBadHeadersAndCarriesOn() {
        let frames = Self.frames("Content-Length: abc\r\n\r\nContent-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(frames.count == 3)
        #expect(frames[0] == .badHeader("Content-Length is not a number: \"abc\""))
        #expect(frames[1] == .badHeader("the headers have no Content-Length"))
        #expect(frames[2] == Self.message("{}"))
    }

    @Test func endsCleanlyAndReportsATruncatedMessage() {
        #expect(Self.frames("").isEmpty)
        #expect(Self.frames("Content-Length: 10\r\n\r\n{}") == [.badHeader("the input ended inside a message's body")])
        #expect(Self.frames("Content-Length: 10\r\n") == [.badHeader("the input ended inside a message's headers")])
    }

    @Test func refusesAnOversizedBodyWithoutBufferingIt() {
        let huge = MessageReader<ChunkedInput>.maximumLength + 1
        let frames = Self.frames("Content-Length: \(huge)\r\n\r\n{}")
        #expect(frames == [.badHeader("Content-Length \(huge) is over the limit of \(huge - 1) bytes")])
    }

    @Test func writesContentLengthInBytes() {
        let output = RecordedOutput()
        MessageWriter(output: output).send(Array("{\"a\":\"😀\"}".utf8))
        #expect(output.text == "Content-Length: 12\r\n\r\n{\"a\":\"😀\"}")
    }
}

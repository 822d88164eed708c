/// Writes JSON-RPC messages with LSP base-protocol framing: `Content-Length: N\r\n\r\n` and the
/// N bytes of the body.
public struct MessageWriter<Output: ByteOutput> {
    private let output: Output

    public init(output: Output) { self.output = output }

    /// Sends one message body (UTF-8 JSON) as a single write.
    public func send(_ body: [UInt8]) {
        output.write(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }
}

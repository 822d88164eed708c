/// Reads JSON-RPC messages framed by LSP base-protocol headers (`Content-Length: N`, a blank
/// line, then N bytes of JSON) from a byte stream.
///
/// Header lines end in CRLF (a bare LF is accepted too). Headers other than `Content-Length`
/// are ignored. A header block without a usable `Content-Length` is reported and skipped, so one
/// bad message never stops the stream.
public struct MessageReader<Input: ByteInput> {
    /// What came next on the stream.
    public enum Frame: Equatable {
        /// The body of one message.
        case message([UInt8])
        /// A header block that could not be used, with the reason.
        case badHeader(String)
    }

    /// Bodies larger than this are refused (and skipped) rather than buffered.
    public static var maximumLength: Int { 256 << 20 }

    private var input: Input
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    public init(input: Input) { self.input = input }

    /// The next frame, or nil once the input has ended.
    public mutating func next() -> Frame? {
        var length: Int?
        var problem: String?
        var sawHeader = false
        while true {
            guard let line = readLine() else {
                return sawHeader ? .badHeader("the input ended inside a message's headers") : nil
            }
            if line.isEmpty {
                // Blank lines between messages are tolerated.
                guard sawHeader else { continue }
                break
            }
            sawHeader = true
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                problem = "a header line has no colon: \"\(Self.shown(line))\""
                continue
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            guard name == "content-length" else { continue }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingBlanks()
            if let number = Int(value), number >= 0 {
                length = number
            } else {
                problem = "Content-Length is not a number: \"\(Self.shown(Array(value.utf8)))\""
            }
        }
        guard let length else { return .badHeader(problem ?? "the headers have no Content-Length") }
        guard length <= Self.maximumLength else {
            skip(length)
            return .badHeader("Content-Length \(length) is over the limit of \(Self.maximumLength) bytes")
        }
        guard let body = readBytes(length) else { return .badHeader("the input ended inside a message's body") }
        return .message(body)
    }

    /// One header line without its line ending, or nil at the end of the input.
    private mutating func readLine() -> [UInt8]? {
        // How far past `position` has been searched (the buffer may move when it is filled).
        var searched = 0
        while true {
            if let newline = buffer[(position + searched)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > position, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[position..<end])
                position = newline + 1
                return line
            }
            searched = buffer.count - position
            guard fill() else {
                guard position < buffer.count else { return nil }
                let line = Array(buffer[position...])
                position = buffer.count
                return line
            }
        }
    }

    private mutating func readBytes(_ count: Int) -> [UInt8]? {
        while buffer.count - position < count {
            guard fill() else {
                position = buffer.count
                return nil
            }
        }
        let bytes = Array(buffer[position..<(position + count)])
        position += count
        return bytes
    }

    private mutating func skip(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            if position == buffer.count, !fill() { return }
            let taken = min(remaining, buffer.count - position)
            position += taken
            remaining -= taken
        }
    }

    /// Reads more input into the buffer; false at the end of the input.
    private mutating func fill() -> Bool {
        guard !ended else { return false }
        if position > 0, position * 2 >= buffer.count {
            buffer.removeFirst(position)
            position = 0
        }
        let bytes = input.read(maxCount: 1 << 16)
        if bytes.isEmpty {
            ended = true
            return false
        }
        buffer.append(contentsOf: bytes)
        return true
    }

    private static func shown(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}

import Foundation

/// JSON coding as the protocol wants it: stable key order, no escaped slashes.
enum ProtocolJSON {
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every message type here encodes without throwing.
        return (try? Array(encoder.encode(value))) ?? Array(#"{"jsonrpc":"2.0"}"#.utf8)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}

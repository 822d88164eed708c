import Foundation

/// The parts of an incoming JSON-RPC message that say what it is, read before its parameters.
struct IncomingEnvelope: Decodable {
    var jsonrpc: String?
    var id: RequestID?
    var method: String?
}

/// An incoming message's parameters, decoded as `Params` once the method is known.
struct IncomingParams<Params: Decodable>: Decodable {
    var params: Params
}

/// A successful response; `result` is written even when it is null.
struct ResponseMessage<Result: Encodable>: Encodable {
    var id: RequestID
    var result: Result?

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        if let result { try container.encode(result, forKey: .result) } else { try container.encodeNil(forKey: .result) }
    }
}

/// A failed response; the id is null when the request's id could not be read.
struct ErrorMessage: Encodable {
    var id: RequestID?
    var error: ResponseError

    enum CodingKeys: String, CodingKey { case jsonrpc, id, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
        try container.encode(error, forKey: .error)
    }
}

/// A notification from the server to the client.
struct NotificationMessage<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var method: String
    var params: Params
}

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

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

/// A request from the server to the client.
struct RequestMessage<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID
    var method: String
    var params: Params
}

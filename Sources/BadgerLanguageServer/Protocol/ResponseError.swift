/// A JSON-RPC error: the `error` member of a failed response.
public struct ResponseError: Error, Codable, Sendable, Equatable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// The message is not valid JSON, or its framing is broken.
    public static func parseError(_ message: String) -> ResponseError { .init(code: -32700, message: message) }
    /// The JSON is not a valid request object.
    public static func invalidRequest(_ message: String) -> ResponseError { .init(code: -32600, message: message) }
    public static func methodNotFound(_ method: String) -> ResponseError {
        .init(code: -32601, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> ResponseError { .init(code: -32602, message: message) }
    /// The request was valid but could not be carried out (LSP's RequestFailed).
    public static func requestFailed(_ message: String) -> ResponseError { .init(code: -32803, message: message) }
    /// A request arrived before `initialize`.
    public static let serverNotInitialized = ResponseError(code: -32002, message: "the server has not been initialized")
}

import BadgerDeck
import Foundation

/// What is wrong with a JSON input (`--settings`, `--histories`, `schedule replay`'s file), in
/// words: where, and what was expected, not Swift's `DecodingError`.
enum DecodingProblem {
    /// `type` decoded from `data` once `data` is strict JSON (`JSONSyntax`); the error is for
    /// `words(_:in:)`.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        if let problem = JSONSyntax.problem(in: data) { throw JSONSyntax.Failure(words: problem) }
        return try JSONDecoder().decode(type, from: data)
    }

    /// The kind of JSON value an input is at its top level.
    enum TopLevel {
        case object, list
    }

    /// `words(_:in:)` saying what the input should be: "not an object such as {…}: …" when its top
    /// level is of another kind (or empty), else the problem and then the form ("`x` must be a
    /// list; the form is {…}"): an object with one field wrong, or cut short, is still an object.
    /// The kind is read from the first byte that is not white space (a byte-order mark skipped),
    /// not from parsing the input again (up to 512 MiB).
    static func words(_ error: any Error, in data: Data, expecting topLevel: TopLevel, form: String) -> String {
        let first = data.first { !" \t\r\n".utf8.contains($0) && ![0xEF, 0xBB, 0xBF].contains($0) }
        let matches = first == UInt8(ascii: topLevel == .object ? "{" : "[")
        let kind = topLevel == .object ? "an object" : "a list"
        let problem = words(error, in: data)
        return matches ? "\(problem); the form is \(form)" : "not \(kind) such as \(form): \(problem)"
    }

    static func words(_ error: any Error, in data: Data) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let container = context.codingPath.isEmpty ? "" : " in " + path(context.codingPath)
            return "`\(key.stringValue)` is missing\(container)"
        case DecodingError.typeMismatch(let type, let context):
            return "\(place(context)) must be \(expected(type))"
        case DecodingError.valueNotFound(let type, let context):
            return "\(place(context)) is null; it must be \(expected(type))"
        case let failure as JSONSyntax.Failure:
            return failure.words
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            return JSONSyntax.problem(in: data) ?? "not JSON (\(context.debugDescription))"
        case DecodingError.dataCorrupted(let context):
            // A number that does not fit the field: 3.5 where a whole number belongs.
            return "\(place(context)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        case is [String: Any].Type: "an object"
        default: "of the documented form"
        }
    }

    private static func place(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "the top level" : path(context.codingPath)
    }

    /// `[2].reviews[0].rating`, in backticks.
    private static func path(_ keys: [any CodingKey]) -> String {
        let parts = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return "`" + parts.joined(separator: ".").replacingOccurrences(of: ".[", with: "[") + "`"
    }
}

import Foundation

/// What is wrong with a JSON input (`--settings`, `--histories`, `schedule replay`'s file), in
/// words: where, and what was expected, not Swift's `DecodingError`.
enum DecodingProblem {
    static func words(_ error: any Error, in data: Data) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let container = context.codingPath.isEmpty ? "" : " in " + path(context.codingPath)
            return "`\(key.stringValue)` is missing\(container)"
        case DecodingError.typeMismatch(let type, let context):
            return "\(place(context)) must be \(expected(type))"
        case DecodingError.valueNotFound(let type, let context):
            return "\(place(context)) is null; it must be \(expected(type))"
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            return syntax(data) ?? "not JSON (\(context.debugDescription))"
        case DecodingError.dataCorrupted(let context):
            // A number that does not fit the field: 3.5 where a whole number belongs.
            return "\(place(context)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    /// Where `data` stops being JSON, as Foundation's parser words it, with the line and column:
    /// the decoder only says "not valid JSON".
    private static func syntax(_ data: Data) -> String? {
        guard let text = String(data: data, encoding: .utf8) else { return "not JSON: not UTF-8 text" }
        let description: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            guard let words = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            description = words
        }
        // Lines end in LF, CRLF or a lone CR; columns count bytes, as elsewhere.
        func location(_ offset: Int) -> String {
            let before = Array(data.prefix(max(0, min(offset, data.count))))
            var (line, start) = (1, 0)
            for (index, byte) in before.enumerated() {
                let lineFeed = byte == UInt8(ascii: "\n")
                let loneReturn =
                    byte == UInt8(ascii: "\r") && (index + 1 >= data.count || data[data.startIndex + index + 1] != UInt8(ascii: "\n"))
                if lineFeed || loneReturn { (line, start) = (line + 1, index + 1) }
            }
            return "line \(line), column \(before.count - start + 1)"
        }
        // "Number 1e400 is not representable in Swift."
        if description.hasPrefix("Number "), let end = description.range(of: " is not representable") {
            let number = String(description[description.index(description.startIndex, offsetBy: 7)..<end.lowerBound])
            let offset = text.range(of: number).map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) }
            return "the number \(number)\(offset.map { " at " + location($0) } ?? "") is out of range"
        }
        // "Invalid value around character 11."
        if let range = description.range(of: "around character "),
            let offset = Int(description[range.upperBound...].prefix { $0.isNumber })
        {
            return "not JSON near \(location(offset))"
        }
        if description.hasPrefix("Unexpected end of file") { return "not JSON: it ends before the JSON does" }
        return "not JSON (\(description))"
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

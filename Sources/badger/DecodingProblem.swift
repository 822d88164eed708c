import BadgerDeck
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

    /// Where `data` stops being JSON, as Foundation's parser words it (swift-corelibs-foundation's
    /// wording, as on Linux), with the line and column: the decoder only says "not valid JSON".
    private static func syntax(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        if let (offset, location) = SourceText.firstInvalidUTF8(in: bytes) {
            return
                "not UTF-8 text at line \(location.line), column \(location.column) (first bad byte at offset \(offset)); badger reads JSON in UTF-8"
        }
        let description: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            guard let words = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            description = words
        }
        // Offsets after a byte-order mark, as the parser counts them.
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        func location(_ offset: Int) -> String {
            let place = SourceText.location(ofOffset: max(0, min(offset, text.count)), in: text)
            return "line \(place.line), column \(place.column)"
        }
        // "Number 1e400 is not representable in Swift."
        if description.hasPrefix("Number "), let end = description.range(of: " is not representable") {
            let number = Array(description[description.index(description.startIndex, offsetBy: 7)..<end.lowerBound].utf8)
            return
                "the number \(String(decoding: number, as: UTF8.self))\(Self.token(number, in: text).map { " at " + location($0) } ?? "") is out of range"
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

    /// The offset of `number` in `text` where it stands as a number, not inside a string or a
    /// longer number.
    private static func token(_ number: [UInt8], in text: [UInt8]) -> Int? {
        let before: Set<UInt8> = Set(" \t\r\n:,[".utf8)
        let after: Set<UInt8> = Set(" \t\r\n,]}".utf8)
        guard !number.isEmpty, text.count >= number.count else { return nil }
        for start in 0...(text.count - number.count) where text[start..<start + number.count].elementsEqual(number) {
            let end = start + number.count
            if (start == 0 || before.contains(text[start - 1])) && (end == text.count || after.contains(text[end])) { return start }
        }
        return nil
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

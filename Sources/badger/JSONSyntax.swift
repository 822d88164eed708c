import BadgerDeck
import Foundation

/// Whether a JSON input (`--settings`, `--params`, `--histories`, `schedule replay`'s file) is
/// one JSON value as RFC 8259 writes it, and if not, where it stops being one, in words with
/// the line and column. Stricter than Foundation's parser, which takes a comma before `]` or
/// `}` and keeps the first of a key written twice where Python and jq keep the last: a file
/// must mean one thing to badger and to the simulator that wrote it. Checked before decoding.
enum JSONSyntax {
    /// How deep arrays and objects may nest (Foundation's decoder stops at 512).
    static let deepest = 512

    /// A problem found, in words.
    struct Failure: Error {
        var words: String
    }

    /// What is wrong with `data` as JSON, or nil when it is one JSON value.
    static func problem(in data: Data) -> String? {
        let bytes = [UInt8](data)
        if let (offset, location) = SourceText.firstInvalidUTF8(in: bytes) {
            return
                "not UTF-8 text at line \(location.line), column \(location.column) (first bad byte at offset \(offset)); badger reads JSON in UTF-8"
        }
        // Lines and columns count from after a byte-order mark.
        var scanner = Scanner(bytes: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        return scanner.run()
    }

    /// One pass over the bytes, containers on a stack of their own (no recursion: nesting is
    /// bounded by `deepest`, not by the thread's stack).
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// For each open object, its keys and where each stood, changed in place (a copy per key
        /// made a wide object quadratic).
        var keys: [[[UInt8]: Int]] = []

        func location(_ offset: Int) -> String {
            let place = SourceText.location(ofOffset: min(offset, bytes.count), in: bytes)
            return "line \(place.line), column \(place.column)"
        }

        func notJSON(_ expected: String) -> String {
            index >= bytes.count ? "not JSON: it ends before the JSON does" : "not JSON near \(location(index)): \(expected)"
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func run() -> String? {
            // Whether each open container is an object (else an array).
            var stack: [Bool] = []
            skipWhitespace()
            while true {
                // A value.
                guard index < bytes.count else { return notJSON("") }
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard stack.count < JSONSyntax.deepest else {
                        return "not JSON near \(location(index)): nested deeper than \(JSONSyntax.deepest) levels"
                    }
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    stack.append(isObject)
                    if isObject { keys.append([:]) }
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: isObject ? "}" : "]") {
                        index += 1
                        close(&stack)
                        break
                    }
                    if isObject, let problem = key() { return problem }
                    continue
                case UInt8(ascii: "\""):
                    if let problem = string() { return problem }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if let problem = number() { return problem }
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    guard let word = ["true", "false", "null"].first(where: { bytes[index...].starts(with: $0.utf8) }) else {
                        return notJSON("expected a value")
                    }
                    index += word.utf8.count
                default:
                    return notJSON("expected a value")
                }
                // After a value: the next in its container, the container's end, or the end.
                while true {
                    skipWhitespace()
                    guard let isObject = stack.last else {
                        return index == bytes.count ? nil : "not JSON near \(location(index)): text after the JSON value"
                    }
                    guard index < bytes.count else { return notJSON("") }
                    let closing = UInt8(ascii: isObject ? "}" : "]")
                    if bytes[index] == closing {
                        index += 1
                        close(&stack)
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: ",") else { return notJSON("expected , or \(isObject ? "}" : "]")") }
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == closing {
                        return
                            "not JSON near \(location(comma)): a comma before \(isObject ? "}" : "]") (JSON has none after the last item)"
                    }
                    if isObject, let problem = key() { return problem }
                    break
                }
            }
        }

        /// Closes the innermost container.
        mutating func close(_ stack: inout [Bool]) {
            if stack.removeLast() { keys.removeLast() }
        }

        /// A key, its colon and the whitespace after it, in the innermost object: each key once.
        mutating func key() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return notJSON("expected a key in double quotes") }
            let start = index
            if let problem = string() { return problem }
            // Compared as decoded: "id" and "\u0069d" are one key.
            var name = Array(bytes[(start + 1)..<(index - 1)])
            if name.contains(UInt8(ascii: "\\")),
                let decoded = (try? JSONSerialization.jsonObject(with: Data(bytes[start..<index]), options: [.fragmentsAllowed])) as? String
            {
                name = Array(decoded.utf8)
            }
            if let first = keys[keys.count - 1].updateValue(start, forKey: name) {
                return
                    "the key \(String(decoding: bytes[start..<index], as: UTF8.self)) at \(location(start)) is written twice in one object (first at \(location(first))); keep one"
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return notJSON("expected : after the key") }
            index += 1
            skipWhitespace()
            return nil
        }

        /// The four hexadecimal digits at `start`, as a UTF-16 code unit.
        func hexUnit(at start: Int) -> Int? {
            guard start + 4 <= bytes.count, bytes[start..<start + 4].allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }) else {
                return nil
            }
            return Int(String(decoding: bytes[start..<start + 4], as: UTF8.self), radix: 16)
        }

        /// A string, from its opening quote to after its closing one.
        mutating func string() -> String? {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return nil
                }
                guard byte >= 0x20 else { return notJSON("a control character inside a string (write it escaped, such as \\n)") }
                if byte == UInt8(ascii: "\\") {
                    let escape = index
                    index += 1
                    guard index < bytes.count else { break }
                    if bytes[index] == UInt8(ascii: "u") {
                        guard let unit = hexUnit(at: index + 1) else { return notJSON("\\u takes four hexadecimal digits") }
                        // A surrogate only as the first half of a pair: alone it is no character.
                        let lone = "a lone surrogate (\\u\(String(unit, radix: 16))) is no character"
                        if (0xDC00...0xDFFF).contains(unit) {
                            index = escape
                            return notJSON(lone)
                        }
                        index += 4
                        if (0xD800...0xDBFF).contains(unit) {
                            guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u"),
                                let low = hexUnit(at: index + 3), (0xDC00...0xDFFF).contains(low)
                            else {
                                index = escape
                                return notJSON(lone)
                            }
                            index += 6
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(bytes[index]) {
                        return notJSON("not an escape JSON has (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                    }
                }
                index += 1
            }
            return notJSON("")
        }

        /// A number: `-`, digits without a leading zero, a fraction and an exponent; one that
        /// no double holds (1e400, or 1e-400: not zero, yet it would read as zero) is out of range.
        mutating func number() -> String? {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                return notJSON("expected a digit")
            }
            var whole = 1
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    return notJSON("a number does not start with 0")
                }
            } else {
                whole = digits()
            }
            var fraction = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                fraction = digits()
                guard fraction > 0 else { return notJSON("expected a digit after the decimal point") }
            }
            let mantissa = bytes[start..<index]
            var exponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return notJSON("expected a digit in the exponent") }
                exponent = true
            }
            // Without an exponent, up to 300 digits either side of the point always fit a double.
            guard exponent || whole > 300 || fraction > 300 else { return nil }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            let zero = !mantissa.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
            guard let value = Double(text), value.isFinite, value != 0 || zero else {
                return "the number \(text) at \(location(start)) is out of range"
            }
            return nil
        }
    }
}

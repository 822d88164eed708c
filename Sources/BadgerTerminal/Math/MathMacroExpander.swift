/// Expands a collection's LaTeX macros in math before it is laid out, as KaTeX's `macros`
/// option does.
///
/// A macro is a name with its backslash (`\norm`, or a control symbol such as `\!`) and an
/// expansion where `#1` … `#9` stand for its arguments and `##` for a `#`; it takes as many
/// arguments as the highest `#n` it uses. An argument is a brace group (without its braces) or
/// else one token: a control sequence or one character, spaces before it skipped. Expansions
/// are expanded again, so macros may use macros.
public enum MathMacroExpander {
    /// At most this many expansions in one expression (KaTeX's `maxExpand` default).
    public static let maxExpansions = 1000

    /// `tex` with every macro of `macros` expanded; nil when an expansion is missing an
    /// argument, there are more than `maxExpansions` (a macro that uses itself), or the text
    /// grows past `MathRenderer.maxInputLength` bytes.
    ///
    /// - Parameters:
    ///   - tex: One math expression, without delimiters.
    ///   - macros: Each macro's name with its backslash, to its expansion.
    public static func expand(_ tex: String, macros: [String: String]) -> String? {
        guard !macros.isEmpty, tex.contains("\\") else { return tex }
        let table = Dictionary(uniqueKeysWithValues: macros.map { (Array($0.key.utf8), Array($0.value.utf8)) })
        var input = Array(tex.utf8)
        var output: [UInt8] = []
        var index = 0
        var expansions = 0
        while index < input.count {
            let byte = input[index]
            guard byte == backslash, let end = controlSequenceEnd(input, from: index) else {
                output.append(byte)
                index += 1
                continue
            }
            let name = Array(input[index..<end])
            guard let body = table[name] else {
                output += name
                index = end
                continue
            }
            expansions += 1
            guard expansions <= maxExpansions else { return nil }
            var next = end
            var arguments: [[UInt8]] = []
            for _ in 0..<argumentCount(body) {
                guard let (argument, after) = argument(input, from: next) else { return nil }
                arguments.append(argument)
                next = after
            }
            let replacement = substituted(body, arguments: arguments)
            // Expanded in place, so that macros in the expansion expand too.
            var rest = replacement
            if endsWithControlWord(replacement), next < input.count, isLetter(input[next]) { rest.append(space) }
            input = Array(input[..<index]) + rest + Array(input[next...])
            guard input.count <= MathRenderer.maxInputLength else { return nil }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let backslash = UInt8(ascii: "\\")
    private static let space = UInt8(ascii: " ")
    private static let hash = UInt8(ascii: "#")

    /// The end of the control word or symbol starting at the backslash at `start`.
    private static func controlSequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        var end = start + 1
        while end < bytes.count, isLetter(bytes[end]) { end += 1 }
        return end == start + 1 ? start + 2 : end
    }

    /// The highest `#n` in `body`.
    private static func argumentCount(_ body: [UInt8]) -> Int {
        var highest = 0
        var index = 0
        while index + 1 < body.count {
            if body[index] == hash {
                let next = body[index + 1]
                if next >= UInt8(ascii: "1"), next <= UInt8(ascii: "9") { highest = max(highest, Int(next - UInt8(ascii: "0"))) }
                index += 2
            } else {
                index += 1
            }
        }
        return highest
    }

    /// The argument starting at `start` (spaces skipped) and the index after it.
    private static func argument(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int)? {
        var index = start
        while index < bytes.count, bytes[index] == space { index += 1 }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            var depth = 0
            var cursor = index
            while cursor < bytes.count {
                switch bytes[cursor] {
                case backslash: cursor += 1
                case UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return (Array(bytes[(index + 1)..<cursor]), cursor + 1) }
                default: break
                }
                cursor += 1
            }
            return nil
        case UInt8(ascii: "}"):
            return nil
        case backslash:
            guard let end = controlSequenceEnd(bytes, from: index) else { return nil }
            return (Array(bytes[index..<end]), end)
        default:
            // One character: a UTF-8 lead byte and its continuation bytes.
            var end = index + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return (Array(bytes[index..<end]), end)
        }
    }

    /// `body` with `#n` replaced by argument n and `##` by `#`.
    private static func substituted(_ body: [UInt8], arguments: [[UInt8]]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < body.count {
            let byte = body[index]
            guard byte == hash, index + 1 < body.count else {
                result.append(byte)
                index += 1
                continue
            }
            let next = body[index + 1]
            if next == hash {
                result.append(hash)
            } else if next >= UInt8(ascii: "1"), next <= UInt8(ascii: "9"), Int(next - UInt8(ascii: "1")) < arguments.count {
                let argument = arguments[Int(next - UInt8(ascii: "1"))]
                result += argument
                if endsWithControlWord(argument), index + 2 < body.count, isLetter(body[index + 2]) { result.append(space) }
            } else {
                result += [byte, next]
            }
            index += 2
        }
        return result
    }

    /// Whether `bytes` ends with a control word (`\alpha`), which a following letter would extend.
    private static func endsWithControlWord(_ bytes: [UInt8]) -> Bool {
        var index = bytes.count - 1
        while index >= 0, isLetter(bytes[index]) { index -= 1 }
        guard index >= 0, index < bytes.count - 1, bytes[index] == backslash else { return false }
        // `\\alpha` is a line break followed by letters, not a control word.
        var backslashes = 0
        var cursor = index
        while cursor >= 0, bytes[cursor] == backslash {
            backslashes += 1
            cursor -= 1
        }
        return backslashes % 2 == 1
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}

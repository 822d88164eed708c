import Foundation

extension LaTeXMacros {
    /// Reads the definitions of a `macros.tex` file.
    ///
    /// The file holds definitions and `%` comments only:
    /// `\newcommand{\R}{\mathbb{R}}`, `\newcommand{\norm}[1]{\lVert #1\rVert}` (also
    /// `\renewcommand`, `\providecommand`, a starred form and the name without braces) and
    /// `\def\abs#1{\lvert #1\rvert}` (also `\gdef`). A definition may span lines. A name defined
    /// twice keeps its last definition.
    ///
    /// - Parameters:
    ///   - tex: The file's text.
    ///   - path: The file's path, for error messages and `Definition.path`.
    /// - Throws: `CollectionError.badConfig` naming the file and the line of the first thing that
    ///   is not a definition, an optional argument (which KaTeX's macros cannot take), an
    ///   argument count outside 0–9, a `#` number beyond the arguments, or a missing brace.
    public init(tex: String, path: String) throws {
        var reader = TeXReader(bytes: Array(tex.utf8))
        func bad(_ line: Int, _ problem: String) -> CollectionError { .badConfig(path: path, problem: "line \(line): " + problem) }
        while true {
            reader.skipSpaceAndComments()
            guard !reader.isAtEnd else { break }
            let line = reader.line
            guard let command = reader.controlSequence() else {
                throw bad(line, "expected a definition such as \\newcommand{\\R}{\\mathbb{R}}, found `\(reader.restOfLine())`")
            }
            let name: String
            var argumentCount: Int?
            switch command {
            case "\\newcommand", "\\renewcommand", "\\providecommand":
                if reader.peek == UInt8(ascii: "*") { reader.advance() }
                reader.skipSpaceAndComments()
                if reader.peek == UInt8(ascii: "{") {
                    reader.advance()
                    reader.skipSpaceAndComments()
                    guard let inner = reader.controlSequence() else { throw bad(line, "\(command) needs a name such as {\\R}") }
                    reader.skipSpaceAndComments()
                    guard reader.peek == UInt8(ascii: "}") else { throw bad(line, "\(command){\(inner)…}: one name between the braces") }
                    reader.advance()
                    name = inner
                } else if let inner = reader.controlSequence() {
                    name = inner
                } else {
                    throw bad(line, "\(command) needs a name such as {\\R}")
                }
                reader.skipSpaceAndComments()
                if reader.peek == UInt8(ascii: "[") {
                    reader.advance()
                    let digits = reader.take { $0 != UInt8(ascii: "]") && $0 != 0x0A }
                    guard reader.peek == UInt8(ascii: "]"), let count = Int(digits.trimmingCharacters(in: .whitespaces)),
                        (0...9).contains(count)
                    else { throw bad(line, "`\(name)`: the number of arguments must be 0 to 9, as in [1]") }
                    reader.advance()
                    argumentCount = count
                    reader.skipSpaceAndComments()
                    if reader.peek == UInt8(ascii: "[") {
                        throw bad(line, "`\(name)`: a default for an optional argument is not supported (KaTeX's macros have none)")
                    }
                }
            case "\\def", "\\gdef":
                reader.skipSpaceAndComments()
                guard let inner = reader.controlSequence() else { throw bad(line, "\(command) needs a name such as \\R") }
                name = inner
                let parameters = reader.take { $0 != UInt8(ascii: "{") && $0 != 0x0A }
                let expected = (0..<(parameters.count / 2)).map { "#\($0 + 1)" }.joined()
                guard parameters.filter({ $0 != " " }) == expected, parameters.count <= 18 else {
                    throw bad(line, "`\(name)`: parameters must be #1#2… in order, at most #9, found `\(parameters)`")
                }
                argumentCount = parameters.count / 2
            default:
                throw bad(line, "expected \\newcommand, \\renewcommand or \\def, found `\(command)`")
            }
            reader.skipSpaceAndComments()
            guard reader.peek == UInt8(ascii: "{") else {
                throw bad(line, "`\(name)`: the definition must follow in braces, as in {\\mathbb{R}}")
            }
            guard let body = reader.group() else { throw bad(line, "`\(name)`: the definition's opening brace is never closed") }
            if let highest = Self.highestArgument(in: body), highest > (argumentCount ?? 0) {
                throw bad(line, "`\(name)` uses #\(highest) but takes \(argumentCount ?? 0) argument\(argumentCount == 1 ? "" : "s")")
            }
            definitions[name] = Definition(expansion: body, path: path, line: line)
        }
    }

    /// The highest `#n` in `expansion` (`##` is a literal `#`), or nil when it uses none.
    static func highestArgument(in expansion: String) -> Int? {
        var highest: Int?
        var previousWasHash = false
        for character in expansion {
            if previousWasHash {
                previousWasHash = false
                if let digit = character.wholeNumberValue, character.isASCII { highest = max(highest ?? 0, digit) }
                continue
            }
            previousWasHash = character == "#"
        }
        return highest
    }
}

/// A cursor over the bytes of a TeX file that counts lines.
private struct TeXReader {
    let bytes: [UInt8]
    var index = 0
    /// The 1-based line of `index`.
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func advance() {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
    }

    mutating func skipSpaceAndComments() {
        while let byte = peek {
            if byte == UInt8(ascii: "%") {
                while let next = peek, next != 0x0A { advance() }
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                advance()
            } else {
                return
            }
        }
    }

    /// A control word (`\norm`) or control symbol (`\!`) at the cursor, with its backslash.
    mutating func controlSequence() -> String? {
        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count else { return nil }
        var end = index + 1
        while end < bytes.count, Self.isLetter(bytes[end]) { end += 1 }
        if end == index + 1 {
            guard bytes[end] != 0x0A, bytes[end] != 0x20 else { return nil }
            end += 1
        }
        let name = String(decoding: bytes[index..<end], as: UTF8.self)
        while index < end { advance() }
        return name
    }

    /// The bytes up to (not including) the first for which `include` is false, as text.
    mutating func take(while include: (UInt8) -> Bool) -> String {
        let start = index
        while let byte = peek, include(byte) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The text between the `{` at the cursor and its matching `}` (escaped braces `\{` `\}` do
    /// not count), the cursor moved past it; nil when the brace is never closed.
    mutating func group() -> String? {
        let start = index + 1
        var depth = 0
        while let byte = peek {
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                advance()
                advance()
                continue
            }
            advance()
            if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return String(decoding: bytes[start..<(index - 1)], as: UTF8.self) }
            }
        }
        return nil
    }

    /// The text from the cursor to the end of its line, cut at 40 characters.
    func restOfLine() -> String {
        let end = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}

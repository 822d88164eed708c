/// A token of the small LaTeX math dialect `MathRenderer` understands.
enum MathToken: Equatable, Sendable {
    /// An ordinary character (letter, digit, operator, punctuation).
    case char(Character)
    /// A control sequence without its backslash: `alpha`, or a single symbol such as `,` or `\\`.
    case command(String)
    case open, close, sup, sub, ampersand
    /// A run of white space (collapsed to one token).
    case space
}

/// Splits math source into tokens. Comments (`%` to end of line) are dropped; `~` is a space.
enum MathTokenizer {
    static func tokenize(_ source: String) -> [MathToken] {
        var tokens: [MathToken] = []
        let chars = Array(source)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\":
                i += 1
                guard i < chars.count else {
                    tokens.append(.char("\\"))
                    continue
                }
                if chars[i].isASCIILetter {
                    var name = ""
                    while i < chars.count, chars[i].isASCIILetter {
                        name.append(chars[i])
                        i += 1
                    }
                    tokens.append(.command(name))
                } else {
                    tokens.append(.command(chars[i].isWhitespace ? " " : String(chars[i])))
                    i += 1
                }
                continue
            case "%":
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            case "{": tokens.append(.open)
            case "}": tokens.append(.close)
            case "^": tokens.append(.sup)
            case "_": tokens.append(.sub)
            case "&": tokens.append(.ampersand)
            default:
                if c.isWhitespace || c == "~" {
                    if tokens.last != .space { tokens.append(.space) }
                } else {
                    tokens.append(.char(c))
                }
            }
            i += 1
        }
        return tokens
    }
}

extension Character {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

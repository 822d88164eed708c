/// Finds structural problems in one math span: braces, environments, `\left`/`\right`, and
/// unknown commands. It does not render; it only checks what a renderer would choke on.
struct LaTeXScanner {
    enum Problem: Equatable {
        case unclosedBrace
        case unexpectedClosingBrace
        case unclosedEnvironment(String)
        case mismatchedEnd(expected: String?, found: String)
        case unknownEnvironment(String)
        case leftWithoutRight
        case rightWithoutLeft
        case unknownCommand(String)
    }

    /// Every problem in `tex`, in the order found; an unknown command or environment is reported
    /// once however often the span uses it.
    ///
    /// - Parameters:
    ///   - tex: One math span, without its delimiters.
    ///   - macros: Command names (without the backslash) the collection defines as macros;
    ///     they count as known.
    static func problems(in tex: String, macros: Set<String> = []) -> [Problem] {
        let bytes = Array(tex.utf8)
        var problems: [Problem] = []
        var reportedNames: Set<String> = []
        var braceDepth = 0
        var environments: [String] = []
        var leftDepth = 0
        var index = 0
        func readGroupName(after start: Int) -> (String, Int)? {
            var i = start
            while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
            guard let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
            return (String(decoding: bytes[(i + 1)..<close], as: UTF8.self), close + 1)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                var end = index + 1
                while end < bytes.count, isLetter(bytes[end]) { end += 1 }
                if end == index + 1 {
                    index += 2  // A one-character command such as \{ or \,
                    continue
                }
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                index = end
                switch name {
                case "begin":
                    if let (environment, next) = readGroupName(after: index) {
                        if !LaTeXCommands.environments.contains(environment), reportedNames.insert("{" + environment).inserted {
                            problems.append(.unknownEnvironment(environment))
                        }
                        environments.append(environment)
                        index = next
                    }
                case "end":
                    if let (environment, next) = readGroupName(after: index) {
                        if environments.last == environment {
                            environments.removeLast()
                        } else {
                            problems.append(.mismatchedEnd(expected: environments.last, found: environment))
                            // Recover as if the \end closed what it names, or else what is open.
                            if let position = environments.lastIndex(of: environment) {
                                environments.removeSubrange(position...)
                            } else if !environments.isEmpty {
                                environments.removeLast()
                            }
                        }
                        index = next
                    }
                case "left": leftDepth += 1
                case "right":
                    if leftDepth == 0 { problems.append(.rightWithoutLeft) } else { leftDepth -= 1 }
                default:
                    if !LaTeXCommands.known.contains(name), !macros.contains(name), reportedNames.insert(name).inserted {
                        problems.append(.unknownCommand(name))
                    }
                }
            case UInt8(ascii: "{"):
                braceDepth += 1
                index += 1
            case UInt8(ascii: "}"):
                if braceDepth == 0 { problems.append(.unexpectedClosingBrace) } else { braceDepth -= 1 }
                index += 1
            case UInt8(ascii: "%"):
                // A comment runs to the end of the line.
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            default:
                index += 1
            }
        }
        if braceDepth > 0 { problems.append(.unclosedBrace) }
        for environment in environments.reversed() { problems.append(.unclosedEnvironment(environment)) }
        if leftDepth > 0 { problems.append(.leftWithoutRight) }
        return problems
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}

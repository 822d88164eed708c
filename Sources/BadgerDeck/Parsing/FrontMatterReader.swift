import Yams

/// Finds and reads the front matter block of a deck with Yams.
enum FrontMatterReader {
    /// The front matter at the top of `source`, or nil if the file does not start with `---`.
    static func read(_ source: SourceText) -> FrontMatter? {
        guard source.lineCount > 0, isFence(source.line(1), allowDots: false) else { return nil }
        var closing: Int?
        var number = 2
        while number <= source.lineCount {
            if isFence(source.line(number), allowDots: true) {
                closing = number
                break
            }
            number += 1
        }
        let lastLine = closing ?? source.lineCount
        var matter = FrontMatter(
            lines: 1...lastLine, isClosed: closing != nil, syntaxError: nil, notAMapping: nil,
            anchorsAndAliases: [], entries: [])
        guard closing != nil else { return matter }

        let yamlLastLine = lastLine - 1
        let yaml = yamlLastLine >= 2 ? source.text(fromLine: 2, column: 1, throughLine: yamlLastLine) : ""
        matter.anchorsAndAliases = anchorsAndAliases(in: source, lines: 2..<lastLine)
        guard matter.anchorsAndAliases.isEmpty else { return matter }

        // Positions from Yams count lines from the YAML's first line and columns in Unicode
        // scalars; convert both to file positions.
        func location(_ mark: Mark?) -> SourceLocation {
            guard let mark else { return SourceLocation(line: 2, column: 1) }
            let line = mark.line + 1
            let text = String(decoding: source.line(line), as: UTF8.self)
            let byteColumn = text.unicodeScalars.prefix(max(mark.column - 1, 0)).reduce(0) { $0 + UTF8.width($1) } + 1
            return SourceLocation(line: line, column: byteColumn)
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            matter.syntaxError = describe(error, location: location)
            return matter
        } catch {
            matter.syntaxError = ("\(error)", SourceLocation(line: 2, column: 1))
            return matter
        }
        guard let node else { return matter }  // An empty block: no keys.
        guard case .mapping(let mapping) = node else {
            matter.notAMapping = location(node.mark)
            return matter
        }
        for (key, value) in mapping {
            matter.entries.append(
                FrontMatter.Entry(
                    key: key.string ?? "\(key)", keyLocation: location(key.mark), value: shape(of: value),
                    valueLocation: location(value.mark)))
        }
        return matter
    }

    private static func isFence(_ line: ArraySlice<UInt8>, allowDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == 0x20 || last == 0x09 { trimmed = trimmed.dropLast() }
        return trimmed.elementsEqual("---".utf8) || (allowDots && trimmed.elementsEqual("...".utf8))
    }

    private static func shape(of node: Node) -> FrontMatter.Value {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if let bool = node.bool { return .bool(bool) }
                if node.null != nil { return .null }
                if node.int != nil || node.float != nil { return .number(scalar.string) }
            }
            return .string(scalar.string)
        case .sequence: return .sequence
        case .mapping: return .mapping
        case .alias: return .null
        }
    }

    private static func describe(_ error: YamlError, location: (Mark?) -> SourceLocation) -> (String, SourceLocation) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let prefix = context.map { "\($0.text) " } ?? ""
            return (prefix + problem, location(mark))
        default:
            return ("\(error)", location(nil))
        }
    }

    /// Whether a line ends with a block scalar indicator (`|` or `>`, with optional chomping and
    /// indentation indicators) after a key or a list dash, before any comment.
    private static func opensBlockScalar(_ line: [UInt8]) -> Bool {
        var content = line[...]
        if let hash = line.indices.first(where: { line[$0] == UInt8(ascii: "#") && ($0 == 0 || line[$0 - 1] == 0x20) }) {
            content = line[..<hash]
        }
        while let last = content.last, last == 0x20 || last == 0x09 { content = content.dropLast() }
        while let last = content.last, last == UInt8(ascii: "-") || last == UInt8(ascii: "+") || (last >= 0x30 && last <= 0x39) {
            content = content.dropLast()
        }
        guard let indicator = content.last, indicator == UInt8(ascii: "|") || indicator == UInt8(ascii: ">") else { return false }
        let before = content.dropLast()
        return before.last == 0x20 && (before.dropLast().last == UInt8(ascii: ":") || before.dropLast().last == UInt8(ascii: "-"))
    }

    /// Anchors and aliases, found lexically: an `&` or `*` that starts a YAML node (at the start
    /// of a line's content, or after `:`, `-`, `[`, `{` or `,`), outside quotes and comments.
    /// Aliases make a small file expand into a huge one, so decks may not use them.
    private static func anchorsAndAliases(in source: SourceText, lines: Range<Int>) -> [SourceLocation] {
        var found: [SourceLocation] = []
        // Lines of a block scalar (`key: |` or `key: >`) are text: skip those indented deeper
        // than the line that opened it.
        var blockScalarIndent: Int?
        for number in lines {
            let line = Array(source.line(number))
            let indent = line.prefix { $0 == 0x20 }.count
            if let opener = blockScalarIndent {
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) || indent > opener { continue }
                blockScalarIndent = nil
            }
            if opensBlockScalar(line) { blockScalarIndent = indent }
            var quote: UInt8?
            var previous: UInt8 = 0x20  // last non-blank byte, or a space at the start of a line
            var index = 0
            while index < line.count {
                let byte = line[index]
                if let open = quote {
                    if byte == open { quote = nil }
                    if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") { index += 1 }
                } else if byte == UInt8(ascii: "#"), index == 0 || line[index - 1] == 0x20 || line[index - 1] == 0x09 {
                    break
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    if [0x20, UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(
                        previous)
                    {
                        quote = byte
                    }
                } else if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*") {
                    let startsNode = [0x20, UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")]
                        .contains(previous)
                    let atTokenStart =
                        index == 0 || line[index - 1] == 0x20 || line[index - 1] == 0x09
                        || [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(line[index - 1])
                    if startsNode, atTokenStart, index + 1 < line.count, line[index + 1] != 0x20 {
                        found.append(SourceLocation(line: number, column: index + 1))
                    }
                }
                if byte != 0x20, byte != 0x09 { previous = byte }
                index += 1
            }
        }
        return found
    }
}

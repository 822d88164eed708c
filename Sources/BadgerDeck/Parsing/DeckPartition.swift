/// Cuts a large deck into parts that parse on their own exactly as they do in the whole file,
/// so that memory stays bounded by the part, not the file.
///
/// A part ends before a line that starts with a `Q:` label in its first column and follows a
/// blank line. There, Markdown has closed every list, block quote, table and paragraph; only a
/// fenced code block or a raw HTML block such as `<pre>` or `<!--` at the top level can still
/// be open. `DeckParser` sees that in the parsed part (its last block reaches the part's end)
/// and takes a part twice as large instead.
///
/// Link reference definitions are the one thing Markdown shares across a whole document. Their
/// lines are collected once and put before every part; a deck with definitions this cannot
/// copy exactly (over several lines, or too many) is parsed whole.
struct DeckPartition {
    private let source: SourceText
    /// Every link reference definition of the deck, each followed by a blank line; empty if
    /// there are none.
    let definitions: [UInt8]
    /// How many lines `definitions` has.
    let definitionLineCount: Int

    /// A partition of the lines from `firstLine` into parts of about `partSize` bytes, or nil
    /// when the deck is one part or must be parsed whole.
    init?(_ source: SourceText, from firstLine: Int, partSize: Int) {
        guard firstLine <= source.lineCount, source.bytes.count - source.lineStarts[firstLine - 1] > partSize,
            let definitions = LinkDefinitionLines(source, from: firstLine)
        else { return nil }
        self.source = source
        self.definitions = definitions.lines
        definitionLineCount = 2 * definitions.count
    }

    /// The last line of the part that starts at line `start` and holds at least `size` bytes,
    /// or the file's last line.
    func end(ofPartFrom start: Int, size: Int) -> Int {
        let startOffset = source.lineStarts[start - 1]
        guard size < source.bytes.count - startOffset else { return source.lineCount }
        var line = max(source.location(ofOffset: startOffset + size).line, start + 1)
        while line <= source.lineCount {
            if isCut(beforeLine: line) { return line - 1 }
            line += 1
        }
        return source.lineCount
    }

    /// Whether line `line` starts a `Q:` or `C:` label in column 1 after a blank line.
    private func isCut(beforeLine line: Int) -> Bool {
        guard let found = source.label(onLine: line), found.label.startsCard, found.column == 1 else { return false }
        return source.line(line - 1).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// The link reference definitions of a deck (`[label]: destination "title"`), each found on a
/// line of its own; nil when a line may start a definition that is not that simple, or when
/// there are more than 64 KiB of them.
///
/// A line counts when, after indentation, block quote and list markers, it starts with `[` and
/// has `]:` or no `]` at all (a label that goes on). This finds a definition wherever Markdown
/// would, and some where it would not (inside code): those define a label no card uses, or
/// one used without its definition, which is rare enough not to parse a big deck whole.
private struct LinkDefinitionLines {
    static let maximumBytes = 64 * 1024
    var lines: [UInt8] = []
    var count = 0

    init?(_ source: SourceText, from firstLine: Int) {
        for number in firstLine...source.lineCount {
            let line = source.line(number)
            // Cheap test first: most lines have no `[` at all.
            guard line.contains(UInt8(ascii: "[")) else { continue }
            let content = Self.strippingMarkers(line)
            guard content.first == UInt8(ascii: "[") else { continue }
            guard content.contains(UInt8(ascii: "]")) else {
                // A label that may go on to the next line.
                if number < source.lineCount, Self.contains(source.line(number + 1), "]:") { return nil }
                continue
            }
            guard Self.contains(content, "]:") else { continue }
            guard Self.isSimpleDefinition(content), lines.count + content.count < Self.maximumBytes else { return nil }
            // Each in a paragraph of its own, so one that Markdown rejects cannot spoil the next.
            lines += content
            lines += [0x0A, 0x0A]
            count += 1
        }
    }

    /// The line without indentation, `>` markers and list markers in front.
    private static func strippingMarkers(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = line
        while true {
            let before = rest.count
            rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
            if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
                let after = rest.dropFirst()
                if after.first == 0x20 || after.first == 0x09 { rest = after }
            } else {
                let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                let after = rest.dropFirst(digits.count)
                if !digits.isEmpty, digits.count <= 9, after.first == UInt8(ascii: ".") || after.first == UInt8(ascii: ")"),
                    after.dropFirst().first == 0x20 || after.dropFirst().first == 0x09
                {
                    rest = after.dropFirst()
                }
            }
            if rest.count == before { return rest }
        }
    }

    /// `[label]: destination` with an optional quoted title, all on this line, and nothing
    /// that can start a block after it.
    private static func isSimpleDefinition(_ content: ArraySlice<UInt8>) -> Bool {
        guard let close = content.firstIndex(of: UInt8(ascii: "]")), content[content.index(after: close)...].starts(with: [0x3A])
        else { return false }
        let label = content[content.index(after: content.startIndex)..<close]
        guard !label.contains(UInt8(ascii: "[")), label.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        let rest = content[(close + 2)...].drop { $0 == 0x20 || $0 == 0x09 }
        return !rest.isEmpty
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ text: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard bytes.count >= needle.count else { return false }
        var index = bytes.startIndex
        while index <= bytes.endIndex - needle.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// Git's merge conflict markers: a `<<<<<<<` line, a `=======` line, then a `>>>>>>>` line, each
/// seven characters at the start of its line (`<<<<<<<` and `>>>>>>>` alone or followed by a space
/// and a label, `=======` alone). A file holding them is half of two versions: its cards are not
/// read until the conflict is resolved. A complete set of markers inside one fenced code block
/// that closes after it (an example of a conflict in a card) is text; anything less certain (a
/// fence CommonMark would not read as one, inside an HTML block or a list item, that never
/// closes) counts as a conflict: reading a conflicted deck for cards could record a card that
/// holds a marker, which is worse than reporting an example.
enum ConflictMarkers {
    struct Found: Equatable {
        /// From the first `<<<<<<<` to the `>>>>>>>` that closes it.
        var lines: ClosedRange<Int>
        /// Whether the file is meant as a deck: it starts with `---`, or a line starts with a
        /// card label (a conflicted file with neither is skipped as not a deck).
        var looksLikeDeck: Bool
    }

    /// The first complete set of markers in `source`, or nil.
    static func find(_ source: SourceText) -> Found? {
        /// The `<<<<<<<` line, and whether it stood inside a fenced block.
        var opened: (line: Int, inFence: Bool)?
        var divided = false
        /// A complete set inside a fenced block: text only once that block closes.
        var example: ClosedRange<Int>?
        var fence: (character: UInt8, length: Int)?
        for line in 1...source.lineCount {
            let start = source.lineStarts[line - 1]
            guard start < source.bytes.count else { continue }
            let first = source.bytes[start]
            // Most lines are passed over by their first byte.
            guard
                first == UInt8(ascii: "<") || first == UInt8(ascii: "=") || first == UInt8(ascii: ">") || first == UInt8(ascii: " ")
                    || first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
            else { continue }
            let text = source.line(line)
            if let run = fenceRun(text) {
                if let open = fence {
                    if run.character == open.character, run.length >= open.length, run.closes {
                        fence = nil
                        // The example's block closed: its markers were text.
                        if example != nil { (example, opened, divided) = (nil, nil, false) }
                    }
                } else {
                    fence = (run.character, run.length)
                }
                continue
            }
            if opened == nil, isMarker(text, UInt8(ascii: "<")) {
                opened = (line, fence != nil)
            } else if opened != nil, example == nil, isMarker(text, UInt8(ascii: "="), alone: true) {
                divided = true
            } else if let open = opened, divided, example == nil, isMarker(text, UInt8(ascii: ">")) {
                guard open.inFence, fence != nil else { return Found(lines: open.line...line, looksLikeDeck: looksLikeDeck(source)) }
                example = open.line...line
            }
        }
        // A block that never closed: not an example anyone can be sure of.
        return example.map { Found(lines: $0, looksLikeDeck: looksLikeDeck(source)) }
    }

    /// Whether `line` is seven `character`s, alone or (unless `alone`) followed by a space and more.
    private static func isMarker(_ line: ArraySlice<UInt8>, _ character: UInt8, alone: Bool = false) -> Bool {
        guard line.count >= 7, line.prefix(7).allSatisfy({ $0 == character }) else { return false }
        if line.count == 7 { return true }
        return !alone && line[line.startIndex + 7] == UInt8(ascii: " ")
    }

    /// A code fence (CommonMark: up to three spaces, then three or more backticks or tildes):
    /// its character, its length, and whether it could close a fence (nothing but blanks after).
    private static func fenceRun(_ line: ArraySlice<UInt8>) -> (character: UInt8, length: Int, closes: Bool)? {
        var index = line.startIndex
        while index < line.endIndex, line[index] == UInt8(ascii: " "), index - line.startIndex < 3 { index += 1 }
        guard index < line.endIndex, line[index] == UInt8(ascii: "`") || line[index] == UInt8(ascii: "~") else { return nil }
        let character = line[index]
        let runStart = index
        while index < line.endIndex, line[index] == character { index += 1 }
        let length = index - runStart
        guard length >= 3 else { return nil }
        let rest = line[index...]
        // A backtick fence's info string holds no backtick.
        if character == UInt8(ascii: "`"), rest.contains(UInt8(ascii: "`")) { return nil }
        return (character, length, rest.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }

    private static func looksLikeDeck(_ source: SourceText) -> Bool {
        if source.line(1).elementsEqual("---".utf8) { return true }
        return (1...source.lineCount).contains { source.label(onLine: $0) != nil }
    }
}

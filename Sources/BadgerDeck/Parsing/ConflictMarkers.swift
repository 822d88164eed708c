/// Git's merge conflict markers: a `<<<<<<<` line, a `=======` line, then a `>>>>>>>` line, each
/// seven characters at the start of its line, alone or followed by a space and a label. A file
/// holding them is half of two versions: its cards are not read until the conflict is resolved.
enum ConflictMarkers {
    /// The lines of the first `<<<<<<<` and of the `>>>>>>>` that closes it, or nil when `source`
    /// has no complete set.
    static func find(_ source: SourceText) -> ClosedRange<Int>? {
        var opened: Int?
        var divided = false
        for line in 1...source.lineCount {
            let start = source.lineStarts[line - 1]
            // Most lines are passed over by their first byte.
            guard start < source.bytes.count, [UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(source.bytes[start])
            else { continue }
            let text = source.line(line)
            if isMarker(text, UInt8(ascii: "<")) {
                opened = opened ?? line
            } else if opened != nil, isMarker(text, UInt8(ascii: "="), alone: true) {
                divided = true
            } else if let first = opened, divided, isMarker(text, UInt8(ascii: ">")) {
                return first...line
            }
        }
        return nil
    }

    /// Whether `line` is seven `character`s, alone or (unless `alone`) followed by a space and more.
    private static func isMarker(_ line: ArraySlice<UInt8>, _ character: UInt8, alone: Bool = false) -> Bool {
        guard line.count >= 7, line.prefix(7).allSatisfy({ $0 == character }) else { return false }
        if line.count == 7 { return true }
        return !alone && line[line.startIndex + 7] == UInt8(ascii: " ")
    }
}

/// Finds the deletions of a cloze field, in one pass over its bytes. See `ClozeText`.
struct ClozeScanner {
    let bytes: [UInt8]
    /// Whether to read hashcards' `[text]` form instead of `{{cN::text}}`.
    let brackets: Bool
    private(set) var deletions: [ClozeDeletion] = []
    private(set) var problems: [ClozeProblem] = []
    private var math = MathScanner()
    /// The end of the math span being scanned, if inside one.
    private var mathEnd: Int?
    /// The end of the link being scanned (hashcards' form): no deletion starts before it.
    private var linkEnd = 0

    /// The largest deletion number read; Anki's own limit is far below it.
    static let largestNumber = 9999

    init(bytes: [UInt8], brackets: Bool) {
        self.bytes = bytes
        self.brackets = brackets
    }

    private func byte(_ index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }

    mutating func run() {
        var index = 0
        while index < bytes.count {
            if let end = mathEnd, index >= end { mathEnd = nil }
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "`") where mathEnd == nil:
                index = endOfCodeSpan(at: index)
            case UInt8(ascii: "$") where mathEnd == nil:
                let bytes = self.bytes
                if case .math(let content, let end, _) = math.scan(
                    owner: 1, at: index, byte: { $0 >= 0 && $0 < bytes.count ? bytes[$0] : 0 })
                {
                    mathEnd = end
                    index = content.lowerBound
                } else {
                    index += byte(index + 1) == UInt8(ascii: "$") ? 2 : 1
                }
            case UInt8(ascii: "{") where !brackets:
                index = deletion(at: index) ?? index + 1
            case UInt8(ascii: "[") where brackets && mathEnd == nil && index >= linkEnd:
                index = bracketDeletion(at: index) ?? index + 1
            default:
                index += 1
            }
        }
    }

    /// Past the code span starting with the backtick run at `start`, or past the run when it
    /// never closes.
    private func endOfCodeSpan(at start: Int) -> Int {
        var runEnd = start
        while byte(runEnd) == UInt8(ascii: "`") { runEnd += 1 }
        let length = runEnd - start
        var index = runEnd
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            var closeEnd = index
            while byte(closeEnd) == UInt8(ascii: "`") { closeEnd += 1 }
            if closeEnd - index == length { return closeEnd }
            index = closeEnd
        }
        return runEnd
    }

    /// Reads `{{cN::text}}` or `{{cN::text::hint}}` at `start`; the index after it, or nil when
    /// no deletion starts there.
    private mutating func deletion(at start: Int) -> Int? {
        guard byte(start + 1) == UInt8(ascii: "{"), byte(start + 2) | 0x20 == UInt8(ascii: "c") else { return nil }
        var index = start + 3
        while isDigit(byte(index)) || isLetter(byte(index)) { index += 1 }
        let written = String(decoding: bytes[(start + 3)..<index], as: UTF8.self)
        guard byte(index) == UInt8(ascii: ":"), byte(index + 1) == UInt8(ascii: ":") else { return nil }
        guard !written.isEmpty, written.utf8.allSatisfy(isDigit), let number = Int(written.prefix(6)), number >= 1,
            number <= Self.largestNumber
        else {
            problems.append(.badNumber(offset: start, written: written))
            return index + 2
        }
        let contentStart = index + 2
        index = contentStart
        var depth = 0
        var hintStart: Int?
        /// Where a deletion inside this one starts (Anki's nesting, not supported).
        var nested: Int?
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if current == UInt8(ascii: "{") {
                if byte(index + 1) == UInt8(ascii: "{"), byte(index + 2) | 0x20 == UInt8(ascii: "c"), isDigit(byte(index + 3)) {
                    nested = nested ?? index
                }
                depth += 1
            } else if current == UInt8(ascii: "}") {
                if depth == 0, byte(index + 1) == UInt8(ascii: "}") {
                    if let nested {
                        problems.append(.nested(offset: nested, number: number))
                        return index + 2
                    }
                    let textEnd = hintStart.map { $0 - 2 } ?? index
                    let text = String(decoding: bytes[contentStart..<textEnd], as: UTF8.self)
                    let hint = hintStart.map { String(decoding: bytes[$0..<index], as: UTF8.self) }
                    add(number: number, text: text, hint: hint, range: start..<(index + 2))
                    return index + 2
                }
                depth = max(0, depth - 1)
            } else if current == UInt8(ascii: ":"), depth == 0, hintStart == nil, byte(index + 1) == UInt8(ascii: ":") {
                hintStart = index + 2
                index += 2
                continue
            }
            index += 1
        }
        problems.append(.unclosed(offset: start, number: number))
        return bytes.count
    }

    /// Reads hashcards' `[text]` at `start`; the index after it, or nil when the bracket opens
    /// a link, an image or nothing.
    private mutating func bracketDeletion(at start: Int) -> Int? {
        if start > 0, bytes[start - 1] == UInt8(ascii: "!") { return nil }
        var depth = 0
        var index = start + 1
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if current == UInt8(ascii: "`") {
                index = endOfCodeSpan(at: index)
                continue
            }
            if current == UInt8(ascii: "[") {
                depth += 1
            } else if current == UInt8(ascii: "]") {
                if depth > 0 {
                    depth -= 1
                } else {
                    let next = byte(index + 1)
                    // `[text](url)` and `[text][ref]` are links, not deletions; nothing in them
                    // starts one, but math and code in them are read as in Anki's form (the
                    // scan goes on after the bracket). A destination that never closes is text.
                    if next == UInt8(ascii: "(") || next == UInt8(ascii: "[") {
                        let closing = next == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
                        if let end = end(of: index + 1, opening: next, closing: closing) { linkEnd = end }
                        return nil
                    }
                    let text = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
                    add(number: deletions.count + 1, text: text, hint: nil, range: start..<(index + 1))
                    return index + 1
                }
            }
            index += 1
        }
        return nil
    }

    /// Past the bracket that closes the one opened at `start`, or nil when none does.
    private func end(of start: Int, opening: UInt8, closing: UInt8) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            // A code span binds tighter than a link (CommonMark), as it does outside one.
            if current == UInt8(ascii: "`") {
                index = endOfCodeSpan(at: index)
                continue
            }
            if current == opening { depth += 1 }
            if current == closing {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    private mutating func add(number: Int, text: String, hint: String?, range: Range<Int>) {
        let trimmedText = text.trimmingWhitespace()
        guard !trimmedText.isEmpty else {
            problems.append(.empty(offset: range.lowerBound, number: number))
            return
        }
        let trimmedHint = hint?.trimmingWhitespace()
        deletions.append(
            ClozeDeletion(
                number: number, text: text, hint: trimmedHint?.isEmpty == false ? trimmedHint : nil, range: range,
                insideMath: mathEnd != nil))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}

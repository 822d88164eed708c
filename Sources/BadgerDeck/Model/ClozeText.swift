/// One deletion of a cloze field: `{{c1::text}}`, `{{c1::text::hint}}`, or hashcards' `[text]`.
public struct ClozeDeletion: Sendable, Equatable {
    /// The card it belongs to: deletions with the same number are hidden together.
    public var number: Int
    /// What the deletion hides, as written (Markdown, or LaTeX inside math).
    public var text: String
    /// What the hidden deletion shows instead of `[…]`, if written.
    public var hint: String?
    /// Where the whole deletion, markers included, stands in the field's Markdown (UTF-8 offsets).
    public var range: Range<Int>
    /// Whether the deletion stands inside `$…$` or `$$…$$` math.
    public var insideMath: Bool
}

/// A problem in how a cloze field writes its deletions, at a UTF-8 offset of the field.
public enum ClozeProblem: Sendable, Equatable {
    /// `{{c1::` without its closing `}}`.
    case unclosed(offset: Int, number: Int)
    /// `{{c1::}}`, or `[]` / `[ ]` in hashcards' form: nothing to hide.
    case empty(offset: Int, number: Int)
    /// `{{c0::…}}` or a number too large to be one.
    case badNumber(offset: Int, written: String)
    /// A deletion inside another (`{{c1::a {{c2::b}} c}}`, Anki's nesting), not supported.
    case nested(offset: Int, number: Int)
}

/// The text of a `C:` field and its deletions; every distinct deletion number makes one card.
///
/// Deletions are written as in Anki, `{{c1::text}}` or `{{c1::text::hint}}`, and are read
/// brace-balanced, so `{{c1::\frac{a}{b}}}` hides `\frac{a}{b}` (Anki would close at the first
/// `}}`). A field without any `{{cN::` deletion may use hashcards' form instead: every
/// `[text]` is a deletion of its own, numbered in order, except `\[`, `\]`, links and images
/// (`[…](…)`, `![…](…)`) and brackets inside math. Code spans are text in both forms.
public struct ClozeText: Sendable {
    /// The field's Markdown as written.
    public let markdown: String
    /// The deletions, in source order.
    public let deletions: [ClozeDeletion]
    /// How the field's deletions are written wrongly, in source order.
    public let problems: [ClozeProblem]
    /// Whether the deletions are written in hashcards' `[text]` form.
    public let usesBrackets: Bool

    public init(_ markdown: String) {
        self.markdown = markdown
        let bytes = Array(markdown.utf8)
        var scan = ClozeScanner(bytes: bytes, brackets: false)
        scan.run()
        if scan.deletions.isEmpty, scan.problems.isEmpty {
            var brackets = ClozeScanner(bytes: bytes, brackets: true)
            brackets.run()
            scan = brackets
        }
        deletions = scan.deletions
        problems = scan.problems
        usesBrackets = scan.brackets && !scan.deletions.isEmpty
    }

    /// The distinct deletion numbers, ascending: one card each.
    public var numbers: [Int] { Array(Set(deletions.map(\.number))).sorted() }

    /// The field as card `number` asks it: that number's deletions hidden as `[…]` (or
    /// `[hint]`; inside math `{\boxed{?}}` or `{\boxed{\text{hint}}}`, a group so that it can
    /// stand as a script or an argument), the others shown.
    public func question(for number: Int) -> String {
        rewritten { deletion, after in
            guard deletion.number == number else { return deletion.text }
            if deletion.insideMath { return "{\\boxed{" + (deletion.hint.map { "\\text{\(Self.mathText($0))}" } ?? "?") + "}}" }
            let shown = deletion.hint.map(Self.bracketText) ?? "…"
            // Before `(`, `[` or `:` the brackets would make a link or a link definition.
            if after == "(" || after == "[" || after == ":" { return "\\[" + shown + "\\]" }
            return "[" + shown + "]"
        }
    }

    /// The field with card `number`'s deletions revealed in place: in bold (when Markdown reads
    /// the asterisks as bold there), or inside math as a braced group.
    public func answer(for number: Int) -> String {
        rewrittenInContext { deletion, after, before in
            guard deletion.number == number else { return deletion.text }
            if deletion.insideMath { return "{" + deletion.text + "}" }
            return Self.emphasized(deletion.text, before: before, after: after)
        }
    }

    /// What card `number`'s identity is computed from: the question it asks, with its
    /// deletions as `{{…}}` and the others as plain text. Hints and numbers are left out, so
    /// renumbering, re-hinting, editing what it hides or marking another deletion in the same
    /// text keeps its id (as editing the answer of a question card does).
    public func identity(for number: Int) -> String {
        rewritten { deletion, _ in deletion.number == number ? "{{…}}" : deletion.text }
    }

    /// The field with every deletion written in Anki's form, `{{cN::text}}` or
    /// `{{cN::text::hint}}` (hashcards' `[text]` converted; a brace without its partner or a
    /// `::` in such a text gets a backslash, so that it reads back as the same deletion).
    public var ankiForm: String {
        rewritten { deletion, _ in
            var text = usesBrackets ? Self.escapedForAnki(deletion.text) : deletion.text
            // `{{c1::}::}}` hides `}` (its empty hint dropped): written back without the hint,
            // that brace and the closing ones would read as `}}` and a `}` after the deletion.
            if deletion.hint == nil, Self.endsWithUnpairedClosingBrace(text) { text.insert("\\", at: text.index(before: text.endIndex)) }
            // `{{c1::a::b\ }}` hides `a` with the hint `b\` (the space it escaped trimmed):
            // written back as is, that backslash would escape the `::` or the closing braces.
            func closable(_ part: String) -> String { Self.endsWithLoneBackslash(part) ? part + " " : part }
            return "{{c\(deletion.number)::" + closable(text) + (deletion.hint.map { "::" + closable($0) } ?? "") + "}}"
        }
    }

    /// Whether `text` ends with a backslash that escapes nothing (an odd run of them).
    static func endsWithLoneBackslash(_ text: String) -> Bool {
        text.utf8.reversed().prefix { $0 == UInt8(ascii: "\\") }.count % 2 == 1
    }

    /// Whether `text` ends with a `}` that closes no `{` of its own (backslash escapes read as
    /// the scanner reads them).
    static func endsWithUnpairedClosingBrace(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var depth = 0
        var index = 0
        var lastUnpaired: Int?
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 1
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                if depth == 0 { lastUnpaired = index } else { depth -= 1 }
            default:
                break
            }
            index += 1
        }
        return lastUnpaired == bytes.count - 1
    }

    /// `text` with a backslash before each brace that has no partner, before the first brace of
    /// each `{{cN`, and before the second colon of each `::`.
    static func escapedForAnki(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var escaped = Set<Int>()
        var open: [Int] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 1
            case UInt8(ascii: "{"):
                // `{{c2…` would read as a deletion inside the deletion: its first brace is text.
                if index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "{"), bytes[index + 2] | 0x20 == UInt8(ascii: "c"),
                    (0x30...0x39).contains(bytes[index + 3])
                {
                    escaped.insert(index)
                } else {
                    open.append(index)
                }
            case UInt8(ascii: "}"):
                if open.popLast() == nil { escaped.insert(index) }
            case UInt8(ascii: ":") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":"):
                escaped.insert(index + 1)
                index += 1
            default:
                break
            }
            index += 1
        }
        escaped.formUnion(open)
        // A trailing backslash would escape the closing braces.
        var result: [UInt8] = []
        for (offset, byte) in bytes.enumerated() {
            if escaped.contains(offset) { result.append(UInt8(ascii: "\\")) }
            result.append(byte)
        }
        if bytes.last == UInt8(ascii: "\\"), bytes.reversed().prefix { $0 == UInt8(ascii: "\\") }.count % 2 == 1 {
            result.append(UInt8(ascii: " "))
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// What card `number` hides: its deletions' texts, joined by ` … `.
    public func hidden(for number: Int) -> String {
        deletions.filter { $0.number == number }.map(\.text).joined(separator: " … ")
    }

    /// The field with each deletion replaced, given the character after it.
    private func rewritten(_ replacement: (ClozeDeletion, Character?) -> String) -> String {
        rewrittenInContext { deletion, after, _ in replacement(deletion, after) }
    }

    /// The field with each deletion replaced, given the characters after and before it.
    private func rewrittenInContext(_ replacement: (ClozeDeletion, Character?, Character?) -> String) -> String {
        let bytes = Array(markdown.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var position = 0
        for deletion in deletions {
            result.append(contentsOf: bytes[position..<deletion.range.lowerBound])
            let after = String(decoding: bytes[deletion.range.upperBound...].prefix(4), as: UTF8.self).first
            let before = String(decoding: bytes[..<deletion.range.lowerBound].suffix(4), as: UTF8.self).last
            result.append(contentsOf: replacement(deletion, after, before).utf8)
            position = deletion.range.upperBound
        }
        result.append(contentsOf: bytes[position...])
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` in bold, when Markdown would read it so (no blank at either end, no `**` or line
    /// break inside, and no letter or digit beside a punctuation mark at an end, as in
    /// `Na**+**`); else as it is.
    static func emphasized(_ text: String, before: Character? = nil, after: Character? = nil) -> String {
        guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace, !text.contains("**"),
            !text.contains("\n")
        else { return text }
        if first.isPunctuation || first.isSymbol, let before, before.isLetter || before.isNumber { return text }
        if last.isPunctuation || last.isSymbol, let after, after.isLetter || after.isNumber { return text }
        return "**" + text + "**"
    }

    /// A hint shown as `[hint]` in Markdown: brackets and backslashes escaped.
    static func bracketText(_ hint: String) -> String {
        var result = ""
        for character in hint {
            if character == "[" || character == "]" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A hint shown inside `\text{…}`: characters special to LaTeX escaped.
    static func mathText(_ hint: String) -> String {
        var result = ""
        for character in hint {
            switch character {
            case "{", "}", "$", "&", "%", "#", "_": result += "\\" + String(character)
            case "\\": result += "\\textbackslash "
            case "^": result += "\\textasciicircum "
            case "~": result += "\\textasciitilde "
            default: result.append(character)
            }
        }
        return result
    }
}

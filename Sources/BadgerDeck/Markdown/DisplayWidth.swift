/// How many terminal columns text takes: East Asian wide characters and emoji take 2,
/// combining marks, variation selectors and zero-width characters 0, everything else 1. Every
/// part of badger that lines text up in a terminal (study screens, lists, math, diagnostics'
/// carets) measures with this, so they agree.
public enum DisplayWidth {
    /// The columns of one Unicode scalar on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0x200B...0x200F, 0x2060...0x2064,
            0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return 0
            default: return scalar.properties.isEmojiPresentation ? 2 : 1
            }
        }
    }

    /// A grapheme cluster is as wide as its widest scalar: a base letter with combining marks
    /// takes 1, an emoji sequence joined with ZWJ takes 2, a lone combining mark 0. A tab is
    /// shown as one space.
    public static func of(_ character: Character) -> Int {
        if character == "\t" { return 1 }
        return character.unicodeScalars.reduce(0) { max($0, of($1)) }
    }

    /// The columns of `text`.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// `parts` joined by `separator` into lines of at most `columns` on screen (a part longer
    /// than that stands alone), the first line after `indent`, the others after `continuation`.
    public static func wrapped(
        _ parts: [some StringProtocol], separator: String = " ", to columns: Int, indent: String = "", continuation: String = ""
    ) -> [String] {
        var lines: [String] = []
        var line = indent
        var bare = true
        for part in parts {
            if !bare, of(line) + of(separator) + of(part) > columns {
                lines.append(line)
                (line, bare) = (continuation, true)
            }
            line += (bare ? "" : separator) + part
            bare = false
        }
        return lines + [line]
    }

    /// `text` cut to at most `columns` columns, ending in `…` when cut.
    public static func clipped(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard of(text) > columns else { return text }
        var result = ""
        var width = 0
        for character in text {
            let next = of(character)
            if width + next > columns - 1 { break }
            result.append(character)
            width += next
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `columns` columns.
    public static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }
}

/// Makes text from decks safe to print on a terminal.
///
/// Decks come from other people. Their text must never move the cursor, change colors, set the
/// window title or reorder what is shown, so every C0 and C1 control character (ESC, CSI, OSC …),
/// DEL, and every bidirectional override or isolate is replaced by a visible `\u{…}` escape.
public enum UntrustedText {
    /// `text` with control characters and bidi controls shown as escapes; tab and (if
    /// `keepNewlines`) line feed are kept.
    public static func sanitized(_ text: String, keepNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepNewlines: keepNewlines) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar, keepNewlines: keepNewlines) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isUnsafe(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x0A: return !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }
}

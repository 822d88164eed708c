import BadgerDeck
import BadgerTerminal

/// Laying a screen out: a body that scrolls off with `…` when too tall, and a footer that
/// always stays at the bottom. Pure, so the fitting is the same at 40×12 as at 200×60.
enum ScreenLayout {
    /// The rows of a `columns`×`rows` screen: `body` cut to fit above `footer` (its last shown
    /// line replaced by `…` when something is left out), blank rows between, `footer` last.
    /// Lines are expected to fit `columns` already (see `clip`).
    static func compose(body: [String], footer: [String], columns: Int, rows: Int) -> [String] {
        let rows = max(1, rows)
        let footer = Array(footer.suffix(rows))
        let room = rows - footer.count
        var shown = body
        if shown.count > room {
            shown = room > 0 ? Array(body.prefix(room - 1)) + ["…"] : []
        }
        return shown + Array(repeating: "", count: max(0, room - shown.count)) + footer
    }

    /// `text` (plain, without escape codes) cut to `columns` display columns, with `…` when cut.
    static func clip(_ text: String, columns: Int) -> String {
        DisplayWidth.clipped(text, to: columns)
    }

    /// `parts` joined by `separator` into lines of at most `columns` (a part too long is clipped).
    static func wrap(_ parts: [String], separator: String, columns: Int) -> [String] {
        DisplayWidth.wrapped(parts, separator: separator, to: columns).map { clip($0, columns: columns) }
    }

    /// Bold text in the topic's color (or just bold) when color is on.
    static func accented(_ text: String, color: RGBColor?, usesColor: Bool) -> String {
        guard usesColor else { return text }
        guard let color else { return "\u{1B}[1m" + text + "\u{1B}[0m" }
        return "\u{1B}[1;38;2;\(color.r);\(color.g);\(color.b)m" + text + "\u{1B}[0m"
    }

    /// Dim text when color is on.
    static func dim(_ text: String, usesColor: Bool) -> String {
        usesColor ? "\u{1B}[2m" + text + "\u{1B}[0m" : text
    }

    /// Reverse video when color is on, else `> ` before it.
    static func selected(_ text: String, usesColor: Bool) -> String {
        usesColor ? "\u{1B}[7m" + text + "\u{1B}[0m" : "> " + text
    }
}

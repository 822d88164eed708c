import Foundation

/// Writes cards into deck files: a card's Markdown, a new deck's front matter, and cards appended
/// after a deck's existing text, which is never rewritten.
public enum DeckWriter {
    /// The card's lines: `Q: …`, `A: …` (or, for cloze text, `C: …`), then `E: …`, `H: …` and
    /// `R: yes|no` when given, each field's text escaped by `MarkdownEscaper` so the deck says
    /// exactly that text (`{{c1::…}}` deletions included: braces and colons need no escape).
    /// No trailing newline.
    public static func markdown(for draft: CardDraft) -> String {
        var lines =
            draft.cloze
            ? ["C: " + questionMarkdown(for: draft)] : ["Q: " + questionMarkdown(for: draft), "A: " + MarkdownEscaper.escape(draft.answer)]
        if let explanation = draft.explanation, !MarkdownEscaper.normalized(explanation).isEmpty {
            lines.append("E: " + MarkdownEscaper.escape(explanation))
        }
        if let hint = draft.hint, !MarkdownEscaper.normalized(hint).isEmpty {
            lines.append("H: " + MarkdownEscaper.escape(hint))
        }
        if let reversed = draft.reversed, !draft.cloze { lines.append("R: " + (reversed ? "yes" : "no")) }
        return lines.joined(separator: "\n")
    }

    /// The Markdown the card's question field will hold (the image first, if any): what its
    /// card id and duplicate checks are computed from.
    public static func questionMarkdown(for draft: CardDraft) -> String {
        let question = MarkdownEscaper.escape(draft.question)
        guard let image = draft.image, !image.isEmpty else { return question }
        let path = image.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: "")
        let needsBrackets = path.contains { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" }
        let destination =
            needsBrackets ? "<" + path.replacingOccurrences(of: "<", with: "\\<").replacingOccurrences(of: ">", with: "\\>") + ">" : path
        return "![](\(destination))" + (question.isEmpty ? "" : " " + question)
    }

    /// The deck text with `drafts` appended: a new deck (front matter naming `topic`) when
    /// `existing` is nil, else `existing` unchanged, a blank line, and the cards, each separated
    /// by a blank line. Line endings follow the existing text (CRLF if it uses CRLF).
    public static func appending(_ drafts: [CardDraft], to existing: String?, topic: String) -> String {
        guard let existing else {
            let cards = drafts.map(markdown(for:)).joined(separator: "\n\n")
            return frontMatter(topic: topic) + (cards.isEmpty ? "" : "\n" + cards + "\n")
        }
        guard !drafts.isEmpty else { return existing }
        let crlf = existing.utf8.contains(0x0D) && existing.contains("\r\n")
        let newline = crlf ? "\r\n" : "\n"
        var cards = drafts.map(markdown(for:)).joined(separator: "\n\n") + "\n"
        if crlf { cards = cards.replacingOccurrences(of: "\n", with: "\r\n") }
        var separator: String
        if existing.isEmpty {
            separator = ""
        } else if existing.hasSuffix(newline + newline) || existing.hasSuffix("\n\n") {
            separator = ""
        } else if existing.hasSuffix(newline) || existing.utf8.last == 0x0A {
            separator = newline
        } else {
            separator = newline + newline
        }
        return existing + separator + cards
    }

    /// The front matter of a new deck: `---`, `topic: T` (quoted when YAML needs it), `---`.
    public static func frontMatter(topic: String) -> String {
        "---\ntopic: \(yamlScalar(topic))\n---\n"
    }

    /// Where a new deck for `topic` goes in `directory`: a file name of lowercase ASCII letters,
    /// digits and hyphens, ending in `.md` (`Linear Algebra` → `linear-algebra.md`).
    public static func deckPath(forTopic topic: String, in directory: String) -> String {
        var name = ""
        var pendingHyphen = false
        for scalar in topic.decomposedASCIIFolded().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !name.isEmpty { name += "-" }
                pendingHyphen = false
                name.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        name = name.lowercased()
        if name.count > 64 { name = String(name.prefix(64)) }
        while name.hasSuffix("-") { name.removeLast() }
        if name.isEmpty { name = "deck" }
        let base = directory.isEmpty ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
        return base + name + ".md"
    }

    /// `value` as a YAML scalar: plain when that reads back as the same string, else double-quoted.
    static func yamlScalar(_ value: String) -> String {
        let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~", ""]
        let plainSafe = value.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " -_.()/'+,".unicodeScalars.contains(scalar)
                || (!scalar.isASCII && !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
                    && scalar.properties.generalCategory != .format)
        }
        let startsSafe = value.first.map { $0.isLetter } ?? false
        if plainSafe, startsSafe, value == value.trimmingWhitespace(), !reserved.contains(value.lowercased()) { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}

extension String {
    /// The string with accents taken off letters (`é` → `e`), for file names.
    fileprivate func decomposedASCIIFolded() -> String {
        var result = ""
        for scalar in decomposedStringWithCanonicalMapping.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

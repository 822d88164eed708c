import BadgerDeck

/// Completion in a deck: card labels at a line start and `R:` values, front matter keys and the
/// collection's topics, image paths relative to the deck, and LaTeX commands inside math.
enum DeckCompletion {
    /// What the completion may draw on besides the text.
    struct Context {
        var deck: CheckedDeck?
        var topics: [String]
        /// The absolute path of the deck's directory, where image paths start.
        var deckDirectory: String
        var fileAccess: any FileAccess
        var encoding: PositionEncoding
    }

    static func complete(at position: Position, in document: TextDocument, context: Context) -> CompletionList {
        let prefix = document.linePrefix(before: position, encoding: context.encoding)
        let location = document.location(of: position, encoding: context.encoding)
        /// An edit replacing the last `count` characters before the cursor.
        func replacing(_ typed: Substring, with text: String) -> TextEdit {
            let start = Position(
                line: position.line, character: position.character - context.encoding.units(in: Array(typed.utf8)[...]))
            return TextEdit(range: Range(start: start, end: position), newText: text)
        }
        var items: [CompletionItem] = []
        if let frontMatter = context.deck?.deck.frontMatter, frontMatter.lines.contains(location.line),
            location.line != frontMatter.lines.lowerBound, !frontMatter.isClosed || location.line != frontMatter.lines.upperBound
        {
            if let match = prefix.wholeMatch(of: /\s*([A-Za-z]*)/) {
                for key in FrontMatterKeys.known.keys.sorted() where key.hasPrefix(match.1.lowercased()) {
                    items.append(
                        .init(
                            label: key, kind: .field, detail: FrontMatterKeys.known[key], textEdit: replacing(match.1, with: key + ": ")))
                }
            } else if let match = prefix.wholeMatch(of: /\s*topic:\s*(.*)/) {
                for topic in context.topics where topic != match.1 && topic.lowercased().hasPrefix(match.1.lowercased()) {
                    items.append(.init(label: topic, kind: .value, detail: "existing topic", textEdit: replacing(match.1, with: topic)))
                }
            } else if let match = prefix.wholeMatch(of: /\s*reversed:\s*([a-z]*)/) {
                for value in ["false", "true"] where value.hasPrefix(match.1) {
                    items.append(.init(label: value, kind: .value, textEdit: replacing(match.1, with: value)))
                }
            }
        } else if let match = prefix.firstMatch(of: /\{\{(?:[cC]\d*)?$/),
            let numbers = clozeNumbers(line: position.line, prefix: prefix, in: document)
        {
            items = clozeDeletions(typed: match.0[...], numbers: numbers, replacing: replacing)
        } else if let match = prefix.firstMatch(of: /!\[[^\]]*\]\(([^)\s]*)$/) {
            items = imagePaths(typed: match.1, context: context, replacing: replacing)
        } else if let match = prefix.firstMatch(of: /\\([A-Za-z]*)$/), isInsideMath(location, prefix: prefix, deck: context.deck) {
            for command in LaTeXCommands.known.sorted() where command.hasPrefix(match.1) {
                items.append(.init(label: "\\" + command, kind: .function, textEdit: replacing(match.0[...], with: "\\" + command)))
            }
        } else if let match = prefix.wholeMatch(of: /\ {0,3}(?i:r|reversed):\s*([A-Za-z]*)/) {
            for value in ["yes", "no"] where value.hasPrefix(match.1.lowercased()) {
                items.append(.init(label: value, kind: .value, detail: "R: value", textEdit: replacing(match.1, with: value)))
            }
        } else if let match = prefix.wholeMatch(of: /\ {0,3}([A-Za-z]*)/) {
            for label in CardLabel.allCases {
                for name in [label.shortName, label.longName] where name.lowercased().hasPrefix(match.1.lowercased()) {
                    items.append(
                        .init(
                            label: name + ":", kind: .keyword, detail: label.longName, textEdit: replacing(match.1, with: name + ": "),
                            sortText: (name.count == 1 ? "0" : "1") + String(CardLabel.allCases.firstIndex(of: label)!)))
                }
            }
        }
        return CompletionList(isIncomplete: false, items: items)
    }

    /// The deletion numbers already used in the cloze field the cursor is in (up to the cursor),
    /// or nil when the cursor is not in a `C:` field.
    static func clozeNumbers(line cursorLine: Int, prefix: String, in document: TextDocument) -> [Int]? {
        var lines: [ArraySlice<UInt8>] = []
        var line = cursorLine
        while line >= 0 {
            let bytes = line == cursorLine ? Array(prefix.utf8)[...] : document.line(line)
            if line != cursorLine, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
            let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
            if let (label, length) = CardLabel.match(bytes, at: start) {
                guard label == .cloze else { return nil }
                lines.append(bytes[(start + length)...])
                var text = lines.reversed().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
                // The rest of the field (to a blank line or the next label) counts too.
                var below = cursorLine + 1
                while below < document.lineCount {
                    let next = document.line(below)
                    let first = next.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? next.endIndex
                    if first == next.endIndex || CardLabel.match(next, at: first) != nil { break }
                    text += "\n" + String(decoding: next, as: UTF8.self)
                    below += 1
                }
                let cloze = ClozeText(text)
                // A field in hashcards' [text] form is not switched to {{cN::}} by a completion.
                if cloze.usesBrackets { return nil }
                return cloze.deletions.map(\.number)
            }
            lines.append(bytes)
            line -= 1
        }
        return nil
    }

    /// `{{cN::` for the next unused number first, then for each number already used (to hide
    /// another part together with it).
    private static func clozeDeletions(typed: Substring, numbers: [Int], replacing: (Substring, String) -> TextEdit) -> [CompletionItem] {
        let used = Array(Set(numbers)).sorted()
        let next = (used.last ?? 0) + 1
        var items = [
            CompletionItem(
                label: "{{c\(next)::…}}", kind: .snippet, detail: "new deletion: card \(next)",
                textEdit: replacing(typed, "{{c\(next)::"), sortText: "0")
        ]
        for number in used {
            items.append(
                .init(
                    label: "{{c\(number)::…}}", kind: .snippet, detail: "hide with the other c\(number) deletions",
                    textEdit: replacing(typed, "{{c\(number)::"), sortText: "1" + String(number)))
        }
        return items
    }

    /// Image files (PNG, JPEG, GIF) and directories next to what has been typed of a path.
    private static func imagePaths(
        typed: Substring, context: Context, replacing: (Substring, String) -> TextEdit
    ) -> [CompletionItem] {
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let partial = slash.map { typed[typed.index(after: $0)...] } ?? typed
        let directory = directoryPart.hasPrefix("/") ? directoryPart : context.deckDirectory + "/" + directoryPart
        guard let entries = try? context.fileAccess.entries(ofDirectory: directory) else { return [] }
        var items: [CompletionItem] = []
        for name in entries where !name.hasPrefix(".") && name.hasPrefix(partial) {
            switch context.fileAccess.kind(atPath: directory + "/" + name) {
            case .directory:
                items.append(.init(label: name + "/", kind: .folder, textEdit: replacing(partial, name + "/")))
            case .file where [".png", ".jpg", ".jpeg", ".gif"].contains(where: name.lowercased().hasSuffix):
                items.append(.init(label: name, kind: .file, detail: directoryPart + name, textEdit: replacing(partial, name)))
            default:
                continue
            }
        }
        return items
    }

    /// Whether `location` is inside math: a math span the parser found, or after an opening
    /// `$` still unclosed (as while typing).
    private static func isInsideMath(_ location: SourceLocation, prefix: String, deck: CheckedDeck?) -> Bool {
        guard let deck else { return false }
        var inside = false
        for card in deck.deck.cards where card.lines.contains(location.line) {
            for field in card.fields {
                field.forEachNode { node in
                    guard case .math(let tex, let display) = node.kind else { return }
                    // An inline node's range has only its start; the end follows from the TeX.
                    let delimiter = display ? 2 : 1
                    let lines = tex.split(separator: "\n", omittingEmptySubsequences: false)
                    let start = node.range.start
                    let end =
                        lines.count == 1
                        ? SourceLocation(line: start.line, column: start.column + delimiter + tex.utf8.count)
                        : SourceLocation(line: start.line + lines.count - 1, column: 1 + lines.last!.utf8.count)
                    if start < location, location <= end { inside = true }
                }
            }
        }
        if inside { return true }
        return deck.deck.unclosedMath.contains { math in
            math.location.line == location.line
                ? math.location.column < location.column : math.display && math.location.line < location.line
        }
    }
}

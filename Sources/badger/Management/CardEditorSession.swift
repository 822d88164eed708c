import BadgerDeck
import Foundation

/// Writing new cards in the user's editor: a template in a private temporary file, the editor
/// started on it, and the result read back and checked as a deck of its own.
enum CardEditorSession {
    /// Fields to fill in the template.
    struct Prefill {
        var image: String?
        var answer: String?
        var explanation: String?
        var hint: String?
        var reversed: Bool?
    }

    /// The template: instructions in an HTML comment (prose, ignored by the parser), then the
    /// labels. Returns the text and the line of `Q:`.
    static func template(topic: String, deck: DeckFile, prefill: Prefill) -> (text: String, questionLine: Int) {
        func oneLine(_ text: String) -> String { UntrustedText.sanitized(CardID.normalized(text)) }
        let comment = [
            "<!--",
            "New card for the topic \(oneLine(topic)), to be added to \(oneLine(deck.displayPath)).",
            "Write the question after Q: and the answer after A: (both required); E: is an",
            "optional explanation, H: an optional hint, and a line R: yes learns the card both",
            "ways. Fields are Markdown and may span several lines and paragraphs. Several cards",
            "may follow each other, each starting with Q:. Save and quit to add the card;",
            "leave everything empty to cancel.",
            "-->",
            "",
        ]
        var fields = ["Q: " + (prefill.image.map { "![](\($0))" } ?? "")]
        fields.append("A: " + (prefill.answer ?? ""))
        fields.append("E: " + (prefill.explanation ?? ""))
        if let hint = prefill.hint { fields.append("H: " + hint) }
        if let reversed = prefill.reversed { fields.append("R: " + (reversed ? "yes" : "no")) }
        return ((comment + fields).joined(separator: "\n") + "\n", comment.count + 1)
    }

    /// Opens the editor on a template and returns the cards written (their Markdown, as
    /// written, from the first `Q:` on), and the temporary file
    /// (kept until the caller is done, so a refused card is not lost). Ends the command with
    /// status 1 when the editor fails, the card is empty, or it has errors.
    ///
    /// - Parameter pending: files about to be written (an image), for checking the card.
    static func run(topic: String, deck: DeckFile, prefill: Prefill, pending: [String: [UInt8]]) throws -> (
        markdown: String, file: String
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("badger-add-\(UUID().uuidString)").path
        let stem = ((deck.absolutePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let file = folder + "/" + (stem.isEmpty ? "card" : stem) + ".card.md"
        let (text, questionLine) = template(topic: topic, deck: deck, prefill: prefill)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        } catch {
            Terminal.standardError.write("badger: error: cannot write a temporary file in \(folder): \(error.localizedDescription)\n")
            throw ExitStatus.usageOrIO.code
        }
        func discard() { try? FileManager.default.removeItem(atPath: folder) }

        let status: Int32
        do {
            status = try ExternalProgram.edit(file, line: questionLine)
        } catch {
            discard()
            throw error
        }
        guard status == 0 else {
            discard()
            Terminal.standardError.write("badger: the editor exited with status \(status); nothing added\n")
            throw ExitStatus.findings.code
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            discard()
            Terminal.standardError.write("badger: error: cannot read \(DeckPlacement.shown(file)) back from the editor\n")
            throw ExitStatus.usageOrIO.code
        }

        // Check what was written as a deck of the topic, placed beside the real deck so image
        // paths resolve the same; lines are shifted back to those of the file edited.
        let header = "---\ntopic: \(yamlString(topic))\n---\n"
        let headerLines = 3
        let virtual = DeckFile(
            displayPath: DeckPlacement.shown(file), absolutePath: deck.directory + "/.badger-new-card-\(getpid()).md",
            collectionRoot: deck.collectionRoot)
        var files = pending
        files[virtual.absolutePath] = Array(header.utf8) + [UInt8](data)
        let loaded: DeckCollection
        do {
            loaded = try DeckCollection.load([virtual], fileAccess: FileOverlay(files: files), options: .init(keepingTrees: true))
        } catch {
            discard()
            Terminal.standardError.write("badger: error: cannot check the card: \(error)\n")
            throw ExitStatus.usageOrIO.code
        }
        let cards = loaded.decks.first?.cards ?? []
        let strays = loaded.decks.first?.strayFields ?? []
        if strays.isEmpty, cards.allSatisfy({ card in card.fields.allSatisfy(\.isEmpty) }) {
            discard()
            Terminal.standardError.write("badger: the card is empty; nothing added\n")
            throw ExitStatus.findings.code
        }
        let diagnostics = loaded.diagnostics.map { shifted($0, by: -headerLines) }
        let formatter = TextDiagnosticFormatter(
            showsExcerpts: false, usesColor: ColorChoice.auto.enabled(isTerminal: Terminal.standardError.isTerminal))
        Terminal.standardError.write(diagnostics.map(formatter.format).joined())
        let errors = diagnostics.count { $0.severity == .error }
        guard errors == 0, !cards.isEmpty else {
            if cards.isEmpty { Terminal.standardError.write("badger: no card found: a card starts with a line Q: …\n") }
            Terminal.standardError.write(
                "badger: not added: \(TextDiagnosticFormatter.summary(errors: errors, warnings: diagnostics.count - errors)); "
                    + "\(UntrustedText.sanitized(deck.displayPath)) is unchanged\n")
            Terminal.standardError.write("badger: what you wrote is kept in \(DeckPlacement.shown(file))\n")
            throw ExitStatus.findings.code
        }
        // The cards exactly as written: from the first card's Q: line to the last card's last line.
        let edited = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let lines = edited.split(separator: "\n", omittingEmptySubsequences: false)
        let first = cards[0].location.line - headerLines
        let last = min(lines.count, (cards.map(\.lines.upperBound).max() ?? 0) - headerLines)
        // Labels left empty from the template (an `E:` with nothing after it) are dropped.
        let emptyLabelLines = Set(
            cards.flatMap { card in card.fields.filter { $0.isEmpty && $0.label != .question && $0.label != .answer } }
                .map { $0.labelRange.start.line - headerLines })
        var written = (first...max(first, last)).filter { !emptyLabelLines.contains($0) && $0 <= lines.count }.map { String(lines[$0 - 1]) }
        while let line = written.last, line.trimmingCharacters(in: .whitespaces).isEmpty { written.removeLast() }
        return (written.joined(separator: "\n"), file)
    }

    /// The deck text with cards written as Markdown appended, as `DeckWriter.appending` appends
    /// drafts: a new deck with front matter when `existing` is nil, else the existing text
    /// unchanged, a blank line, and the cards, with the existing text's line endings.
    static func appending(_ markdown: String, to existing: String?, topic: String) -> String {
        guard let existing else { return DeckWriter.frontMatter(topic: topic) + "\n" + markdown + "\n" }
        let crlf = existing.contains("\r\n")
        let newline = crlf ? "\r\n" : "\n"
        let cards = (crlf ? markdown.replacingOccurrences(of: "\n", with: "\r\n") : markdown) + newline
        let separator: String
        if existing.isEmpty || existing.hasSuffix("\n\n") || existing.hasSuffix("\r\n\r\n") {
            separator = ""
        } else if existing.hasSuffix("\n") {
            separator = newline
        } else {
            separator = newline + newline
        }
        return existing + separator + cards
    }

    /// `text` as a YAML double-quoted scalar (a JSON string is one).
    static func yamlString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `diagnostic` with its lines (and its notes') moved by `offset`.
    static func shifted(_ diagnostic: Diagnostic, by offset: Int) -> Diagnostic {
        func move(_ range: SourceRange) -> SourceRange {
            SourceRange(
                start: SourceLocation(line: max(1, range.start.line + offset), column: range.start.column),
                end: SourceLocation(line: max(1, range.end.line + offset), column: range.end.column))
        }
        var moved = diagnostic
        moved.range = move(diagnostic.range)
        moved.notes = diagnostic.notes.map { note in
            var note = note
            note.range = note.range.map(move)
            return note
        }
        return moved
    }
}

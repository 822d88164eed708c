import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTerminal
import Foundation

/// Hover on a card: its question and answer rendered as plain text (math as Unicode), its id
/// and kind, and each direction's schedule from the deck's sidecar state file.
enum CardHover {
    static func hover(
        at position: Position, in document: TextDocument, deck checked: CheckedDeck, fileAccess: any FileAccess,
        encoding: PositionEncoding
    ) -> Hover? {
        let location = document.location(of: position, encoding: encoding)
        guard let card = checked.deck.cards.first(where: { $0.lines.contains(location.line) }) else { return nil }
        let studyCards = checked.cards.filter { $0.line == card.location.line }
        guard let first = studyCards.first else { return nil }
        var text = "**\(first.kind.rawValue) card** in \(first.topic)"
        if let section = card.section { text += " · \(section)" }
        text += "\n\n"
        // The collection's LaTeX macros, expanded as `badger study` does.
        let macros = (try? CollectionLoader(fileAccess: fileAccess).configuration(forRoot: checked.deck.file.collectionRoot))?.macros
        let style = TerminalStyle(usesColor: false, width: 72, macros: macros?.expansions ?? [:])
        if card.isCloze {
            // Each deletion number is a card: what it asks.
            for studyCard in studyCards {
                guard let cloze = studyCard.cloze, let question = studyCard.question else { continue }
                let rendered = MarkdownRenderer.render(CommonMarkConverter.parse(question.markdown).document.children, style: style)
                text += "c\(cloze.number) asks (hides \"\(cloze.hidden)\"):\n```text\n" + rendered.joined(separator: "\n") + "\n```\n\n"
            }
        }
        for (label, side) in [("Question", card.field(.question)), ("Answer", card.field(.answer))] {
            guard let side, !side.isEmpty else { continue }
            let rendered = MarkdownRenderer.render(side.blocks, style: style)
            text += "\(label):\n```text\n" + rendered.joined(separator: "\n") + "\n```\n\n"
        }
        let states = state(of: checked.deck.file, fileAccess: fileAccess)
        for studyCard in studyCards {
            let direction =
                studyCard.direction == .reverse ? " (reverse)" : studyCard.cloze.map { " (c\($0.number))" } ?? ""
            text += "`\(studyCard.id)`\(direction): " + schedule(states?.entries[studyCard.id.description]?.memory) + "\n\n"
        }
        let range = document.range(
            of: SourceRange(start: card.location, end: SourceLocation(line: card.lines.upperBound, column: .max)), encoding: encoding)
        return Hover(contents: MarkupContent(kind: "markdown", value: text.trimmingCharacters(in: .newlines)), range: range)
    }

    /// One card's schedule in a line.
    static func schedule(_ memory: MemoryState?) -> String {
        guard let memory else { return "not studied yet" }
        var parts = [memory.retired ? "retired" : "due " + ISO8601DateFormatter().string(from: memory.due)]
        if let stability = memory.stability { parts.append(String(format: "stability %.1f days", stability)) }
        if let difficulty = memory.difficulty { parts.append(String(format: "difficulty %.2f", difficulty)) }
        parts.append("\(memory.repetitions) successful review\(memory.repetitions == 1 ? "" : "s")")
        parts.append("\(memory.lapses) lapse\(memory.lapses == 1 ? "" : "s")")
        return parts.joined(separator: ", ")
    }

    private static func state(of file: DeckFile, fileAccess: any FileAccess) -> SidecarState? {
        guard let bytes = try? fileAccess.contents(atPath: file.memoryFiles.statePath) else { return nil }
        return try? SidecarState(text: String(decoding: bytes, as: UTF8.self))
    }
}

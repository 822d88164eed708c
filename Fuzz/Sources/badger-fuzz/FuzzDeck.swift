import BadgerDeck
import Foundation

/// Parses, checks, expands and compiles one deck, and formats its diagnostics as text, GitHub
/// annotations and JSON (SARIF is left out: its JSON encoding took most of the time per input).
enum FuzzDeck {
    /// The smallest valid PNG: a 1×1 image, so image rules see a real file beside the deck.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89,
    ]

    static func run(_ bytes: [UInt8]) {
        let files = InMemoryFiles(["deck.md": bytes, "other.md": Array("---\ntopic: T\n---\n\nQ: q\n\nA: a\n".utf8), "img.png": png])
        let decks = ["deck.md", "other.md"].map {
            DeckFile(displayPath: $0, absolutePath: InMemoryFiles.root + "/" + $0, collectionRoot: InMemoryFiles.root)
        }
        guard let collection = try? DeckCollection.load(decks, fileAccess: files, options: .init(renderingHTML: true, keepingTrees: true))
        else { return }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let text = TextDiagnosticFormatter(showsExcerpts: true, usesColor: true) { _, line in
            line >= 1 && line <= lines.count ? String(lines[line - 1]) : nil
        }
        for diagnostic in collection.diagnostics {
            _ = text.format(diagnostic)
            _ = GitHubDiagnosticFormatter.format(diagnostic)
        }
        _ = try? JSONDiagnosticFormatter.format(collection.diagnostics, decks: collection.decks.count, cards: collection.cards.count)
        // The hand-written JSON of `compile` is JSONEncoder's, byte for byte, whatever the deck holds.
        let compiled = CompiledCollection(collection)
        precondition(compiled.json() == (try? JSONOutput.text(compiled)), "CompiledJSONWriter differs from JSONEncoder")
        for card in collection.cards {
            for field in [card.question, card.answer, card.explanation, card.hint] {
                if let field { _ = PlainTextRenderer.render(markdown: field.markdown) }
            }
        }
    }
}

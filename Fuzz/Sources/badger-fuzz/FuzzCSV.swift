import BadgerDeck
import Foundation

/// CSV import: reading rows (both delimiters), planning them against an existing deck, and
/// writing the planned cards as Markdown that must parse back.
enum FuzzCSV {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let existing = existingCards()
        for delimiter: Character in [";", ","] {
            let result = CSVCardReader(delimiter: delimiter).read(text)
            _ = CardImportPlan(rows: result.rows, topic: "Imported", existing: existing, reversedByDefault: false)
            let written = DeckWriter.appending(result.rows.map(\.draft), to: nil, topic: "Imported")
            FuzzDeck.run(Array(written.utf8))
        }
    }

    static func existingCards() -> [Card] {
        let bytes = Array("---\ntopic: Imported\n---\n\nQ: q\n\nA: a\n".utf8)
        let files = InMemoryFiles(["deck.md": bytes])
        let deck = DeckFile(displayPath: "deck.md", absolutePath: InMemoryFiles.root + "/deck.md", collectionRoot: InMemoryFiles.root)
        return (try? DeckCollection.load([deck], fileAccess: files).cards) ?? []
    }
}

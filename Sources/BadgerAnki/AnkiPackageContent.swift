import Foundation

/// The rows and JSON of a schema-11 collection, checked and worked out from an `AnkiCollection`:
/// what `AnkiPackageWriter` puts into `collection.anki21`.
struct AnkiPackageContent {
    struct NoteRow {
        var id: Int64
        var guid: String
        var noteTypeID: Int64
        var modified: Int64
        /// Space-separated, with a space before the first and after the last tag, or empty.
        var tags: String
        /// The fields joined by U+001F.
        var fields: String
        var sortField: String
        var checksum: Int64
    }

    struct CardRow {
        var id: Int64
        var noteID: Int64
        var deckID: Int64
        var ordinal: Int
        var modified: Int64
        var type: Int
        var queue: Int
        var due: Int64
        var interval: Int
        var factor: Int
        var repetitions: Int
        var lapses: Int
        var data: String
    }

    var config: [String: Any]
    /// The `models` column: note type JSON by id.
    var noteTypes: [String: Any]
    /// The `decks` column: deck JSON by id, with Default and every parent of a subdeck.
    var decks: [String: Any]
    var notes: [NoteRow]
    var cards: [CardRow]
    var reviews: [AnkiReview]

    init(_ collection: AnkiCollection, media: [AnkiMediaFile], now: Date) throws {
        let modified = Int64(now.timeIntervalSince1970.rounded(.down))
        let noteTypesByID = try Self.uniqueByID(collection.noteTypes, kind: "note type", id: \.id)
        noteTypes = Dictionary(
            uniqueKeysWithValues: collection.noteTypes.map {
                (String($0.id), AnkiSchema11.noteTypeJSON($0, modified: $0.modified ?? modified))
            })
        decks = try Self.deckJSON(collection.decks, modified: modified)

        var guids = Set<String>()
        notes = try collection.notes.map { note in
            guard !note.guid.isEmpty else { throw AnkiPackageError.emptyGUID(noteID: note.id) }
            guard guids.insert(note.guid).inserted else { throw AnkiPackageError.duplicateGUID(note.guid) }
            guard let noteType = noteTypesByID[note.noteTypeID] else {
                throw AnkiPackageError.unknownNoteType(noteID: note.id, noteTypeID: note.noteTypeID)
            }
            let fieldCount = AnkiSchema11.fieldNames(of: noteType).count
            guard note.fields.count == fieldCount else {
                throw AnkiPackageError.fieldCountMismatch(noteID: note.id, expected: fieldCount, actual: note.fields.count)
            }
            return try Self.noteRow(note)
        }
        let noteIDs = Set(try Self.uniqueByID(collection.notes, kind: "note", id: \.id).keys)
        let deckIDs = Set(decks.keys.compactMap { Int64($0) })

        cards = try collection.cards.map { card in
            guard noteIDs.contains(card.noteID) else { throw AnkiPackageError.unknownNote(cardID: card.id, noteID: card.noteID) }
            guard deckIDs.contains(card.deckID) else { throw AnkiPackageError.unknownDeck(cardID: card.id, deckID: card.deckID) }
            let data = card.data.isEmpty ? "{}" : card.data
            guard (try? JSONSerialization.jsonObject(with: Data(data.utf8))) is [String: Any] else {
                throw AnkiPackageError.invalidCardData(cardID: card.id, data: card.data)
            }
            return CardRow(
                id: card.id, noteID: card.noteID, deckID: card.deckID, ordinal: card.ordinal, modified: modified,
                type: card.type, queue: card.queue, due: card.due, interval: card.interval, factor: card.factor,
                repetitions: card.repetitions, lapses: card.lapses, data: data)
        }
        let cardIDs = Set(try Self.uniqueByID(collection.cards, kind: "card", id: \.id).keys)

        var reviewIDs = Set<Int64>()
        for review in collection.reviews {
            guard cardIDs.contains(review.cardID) else {
                throw AnkiPackageError.unknownCard(reviewID: review.id, cardID: review.cardID)
            }
            guard reviewIDs.insert(review.id).inserted else { throw AnkiPackageError.duplicateReviewID(review.id) }
        }
        reviews = collection.reviews

        var mediaNames = Set<String>()
        for file in media {
            guard !file.name.isEmpty, !file.name.contains("/"), !file.name.contains("\\"), mediaNames.insert(file.name).inserted
            else { throw AnkiPackageError.invalidMediaName(file.name) }
        }

        let nextNewPosition = (collection.cards.filter { $0.type == 0 }.map(\.due).max() ?? 0) + 1
        config = AnkiSchema11.collectionConfig(
            currentNoteTypeID: collection.noteTypes.first?.id, nextNewPosition: max(nextNewPosition, 1))
    }

    /// The collection Anki puts into `collection.anki2` for clients too old to read
    /// `collection.anki21`: one Basic note asking to update Anki.
    static func placeholder(now: Date) throws -> AnkiPackageContent {
        let id = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let message = "Please update to the latest Anki version, then import the .colpkg/.apkg file again."
        let basic = AnkiNoteType(
            id: id, name: AnkiNoteType.Kind.basic.rawValue, kind: .basic, fieldNames: ["Front", "Back"], templates: [])
        let note = AnkiNote(
            id: id, guid: "badgerUpdt", noteTypeID: id, fields: [message, message], tags: [],
            modified: Int64(now.timeIntervalSince1970.rounded(.down)))
        let card = AnkiCard(id: id, noteID: id, deckID: AnkiSchema11.defaultDeckID, ordinal: 0, due: 1)
        return try AnkiPackageContent(AnkiCollection(noteTypes: [basic], notes: [note], cards: [card]), media: [], now: now)
    }

    private static func noteRow(_ note: AnkiNote) throws -> NoteRow {
        for tag in note.tags where tag.isEmpty || tag.contains(where: \.isWhitespace) {
            throw AnkiPackageError.invalidTag(noteID: note.id, tag: tag)
        }
        let firstField = AnkiFieldText.strippingHTMLPreservingMediaFilenames(note.fields.first ?? "")
        return NoteRow(
            id: note.id, guid: note.guid, noteTypeID: note.noteTypeID, modified: note.modified,
            tags: note.tags.isEmpty ? "" : " \(note.tags.joined(separator: " ")) ",
            fields: note.fields.joined(separator: "\u{1F}"), sortField: firstField,
            checksum: AnkiFieldText.checksum(ofStripped: firstField))
    }

    /// The `decks` column: every deck, the parents a subdeck needs (Anki's own exports have
    /// them), and Default (id 1) unless a deck already has that id.
    private static func deckJSON(_ decks: [AnkiDeck], modified: Int64) throws -> [String: Any] {
        _ = try uniqueByID(decks, kind: "deck", id: \.id)
        var names = Set<String>()
        for deck in decks {
            let parts = deck.name.components(separatedBy: "::")
            guard !parts.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw AnkiPackageError.invalidDeckName(deck.name)
            }
            guard names.insert(deck.name).inserted else { throw AnkiPackageError.duplicateDeckName(deck.name) }
        }
        var all = decks
        if !decks.contains(where: { $0.id == AnkiSchema11.defaultDeckID }) {
            guard !names.contains(AnkiSchema11.defaultDeckName) else {
                throw AnkiPackageError.duplicateDeckName(AnkiSchema11.defaultDeckName)
            }
            all.append(AnkiDeck(id: AnkiSchema11.defaultDeckID, name: AnkiSchema11.defaultDeckName))
            names.insert(AnkiSchema11.defaultDeckName)
        }
        let missingParents = Set(
            decks.flatMap { deck in
                let parts = deck.name.components(separatedBy: "::")
                return (1..<max(parts.count, 1)).map { parts.prefix($0).joined(separator: "::") }
            }
        ).subtracting(names).sorted()
        var nextID = (all.map(\.id).max() ?? 0) + 1
        for name in missingParents {
            all.append(AnkiDeck(id: nextID, name: name))
            nextID += 1
        }
        return Dictionary(
            uniqueKeysWithValues: all.map { deck in
                let isDefault = deck.id == AnkiSchema11.defaultDeckID
                return (String(deck.id), AnkiSchema11.deckJSON(id: deck.id, name: deck.name, modified: isDefault ? 0 : modified))
            })
    }

    private static func uniqueByID<Element>(_ elements: [Element], kind: String, id: (Element) -> Int64) throws -> [Int64: Element] {
        var byID: [Int64: Element] = [:]
        for element in elements {
            guard byID.updateValue(element, forKey: id(element)) == nil else {
                throw AnkiPackageError.duplicateID(kind: kind, id: id(element))
            }
        }
        return byID
    }
}

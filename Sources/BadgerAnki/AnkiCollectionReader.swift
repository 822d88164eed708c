import Foundation
import GRDB

/// Reads an Anki collection file (SQLite) into an `AnkiCollection`: schema 11, whose note
/// types and decks are JSON in the `col` row, and schemas 15 to 18, which keep them in tables
/// with protobuf configurations.
enum AnkiCollectionReader {
    static func read(path: String, part: String) throws -> AnkiCollection {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "anki"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw AnkiReadError.damaged(part, "not an SQLite database")
        }
        do {
            return try queue.read { db in
                let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                guard tables.isSuperset(of: ["col", "notes", "cards", "revlog"]) else {
                    throw AnkiReadError.damaged(part, "not an Anki collection (it lacks the col, notes, cards or revlog table)")
                }
                let version: Int
                switch try DatabaseValue.fetchOne(db, sql: "SELECT ver FROM col")?.storage {
                case .int64(let number)?: version = Int(clamping: number)
                default: version = 0
                }
                var collection = AnkiCollection()
                switch version {
                case 11:
                    try readJSONSchema(db, into: &collection, part: part)
                case 14...18 where tables.isSuperset(of: ["notetypes", "fields", "templates", "decks"]):
                    try readTableSchema(db, into: &collection, part: part)
                default:
                    throw AnkiReadError.unknownSchema(version)
                }
                try readNotes(db, into: &collection)
                return collection
            }
        } catch let error as AnkiReadError {
            throw error
        } catch let error as DatabaseError {
            throw AnkiReadError.damaged(part, error.message ?? "SQLite error \(error.resultCode)")
        }
    }

    /// Note types and decks of schema 11: JSON objects in the `col` row.
    private static func readJSONSchema(_ db: Database, into collection: inout AnkiCollection, part: String) throws {
        guard let row = try Row.fetchOne(db, sql: "SELECT models, decks FROM col") else {
            throw AnkiReadError.damaged(part, "its col table is empty")
        }
        let modelsText = text(row, "models")
        let decksText = text(row, "decks")
        guard let models = try? JSONSerialization.jsonObject(with: Data(modelsText.utf8)) as? [String: Any],
            let decks = try? JSONSerialization.jsonObject(with: Data(decksText.utf8)) as? [String: Any]
        else { throw AnkiReadError.damaged(part, "its note types or decks are not JSON") }
        for (key, value) in models {
            guard let model = value as? [String: Any] else { continue }
            let id = (model["id"] as? NSNumber)?.int64Value ?? Int64(key) ?? 0
            let fields = ((model["flds"] as? [[String: Any]]) ?? []).sorted { ordinal($0) < ordinal($1) }
            let templates = ((model["tmpls"] as? [[String: Any]]) ?? []).sorted { ordinal($0) < ordinal($1) }
            let names = fields.map { $0["name"] as? String ?? "" }
            let formats = templates.map {
                AnkiNoteType.Template(
                    name: $0["name"] as? String ?? "", questionFormat: $0["qfmt"] as? String ?? "",
                    answerFormat: $0["afmt"] as? String ?? "", id: ($0["id"] as? NSNumber)?.int64Value)
            }
            let isCloze = (model["type"] as? NSNumber)?.intValue == 1
            let stock = (model["originalStockKind"] as? NSNumber)?.intValue ?? 0
            var type = AnkiNoteType(
                id: id, name: model["name"] as? String ?? "",
                kind: kind(stock: stock, isCloze: isCloze, fields: names, templates: formats),
                fieldNames: names, templates: formats)
            type.fieldIDs = fields.map { ($0["id"] as? NSNumber)?.int64Value }
            collection.noteTypes.append(type)
        }
        for (key, value) in decks {
            guard let deck = value as? [String: Any] else { continue }
            let id = (deck["id"] as? NSNumber)?.int64Value ?? Int64(key) ?? 0
            collection.decks.append(AnkiDeck(id: id, name: deck["name"] as? String ?? "Default"))
        }
        collection.noteTypes.sort { $0.id < $1.id }
        collection.decks.sort { $0.id < $1.id }
    }

    private static func ordinal(_ object: [String: Any]) -> Int { (object["ord"] as? NSNumber)?.intValue ?? 0 }

    /// Note types and decks of schemas 15 to 18: tables, with protobuf configurations.
    private static func readTableSchema(_ db: Database, into collection: inout AnkiCollection, part: String) throws {
        var fieldNames: [Int64: [(Int, String, Int64?)]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT ntid, ord, name, config FROM fields") {
            // The field's id is field 9 of its configuration (Anki 23.10 and later).
            var fieldID: Int64?
            for field in (try? ProtobufReader.fields(of: blob(row, "config"))) ?? [] {
                if field.number == 9, case .varint(let value) = field.value { fieldID = Int64(bitPattern: value) }
            }
            fieldNames[int(row, "ntid"), default: []].append((Int(int(row, "ord")), text(row, "name"), fieldID))
        }
        var templates: [Int64: [(Int, AnkiNoteType.Template)]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT ntid, ord, name, config FROM templates") {
            var question = ""
            var answer = ""
            var templateID: Int64?
            let config = blob(row, "config")
            for field in (try? ProtobufReader.fields(of: config)) ?? [] {
                switch (field.number, field.value) {
                case (1, .bytes(let text)): question = String(decoding: text, as: UTF8.self)
                case (2, .bytes(let text)): answer = String(decoding: text, as: UTF8.self)
                case (8, .varint(let value)): templateID = Int64(bitPattern: value)
                default: break
                }
            }
            templates[int(row, "ntid"), default: []].append(
                (
                    Int(int(row, "ord")),
                    AnkiNoteType.Template(name: text(row, "name"), questionFormat: question, answerFormat: answer, id: templateID)
                ))
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, name, config FROM notetypes ORDER BY id") {
            let id = int(row, "id")
            var isCloze = false
            var stock = 0
            let config = blob(row, "config")
            for field in (try? ProtobufReader.fields(of: config)) ?? [] {
                guard case .varint(let value) = field.value else { continue }
                if field.number == 1 { isCloze = value == 1 }
                if field.number == 9 { stock = Int(truncatingIfNeeded: value) }
            }
            let fields = (fieldNames[id] ?? []).sorted { $0.0 < $1.0 }
            let names = fields.map(\.1)
            let formats = (templates[id] ?? []).sorted { $0.0 < $1.0 }.map(\.1)
            var type = AnkiNoteType(
                id: id, name: text(row, "name"), kind: kind(stock: stock, isCloze: isCloze, fields: names, templates: formats),
                fieldNames: names, templates: formats)
            type.fieldIDs = fields.map(\.2)
            collection.noteTypes.append(type)
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM decks ORDER BY id") {
            // Schema 18 separates a deck's name from its parents' with U+001F.
            let name = text(row, "name")
            collection.decks.append(AnkiDeck(id: int(row, "id"), name: name.replacingOccurrences(of: "\u{1F}", with: "::")))
        }
    }

    /// Notes, cards and the review log: the same tables in every schema.
    private static func readNotes(_ db: Database, into collection: inout AnkiCollection) throws {
        let notes = try Row.fetchCursor(db, sql: "SELECT id, guid, mid, mod, tags, flds FROM notes ORDER BY id")
        while let row = try notes.next() {
            let fields = text(row, "flds")
            let tags = text(row, "tags")
            collection.notes.append(
                AnkiNote(
                    id: int(row, "id"), guid: text(row, "guid"), noteTypeID: int(row, "mid"),
                    fields: fields.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init),
                    tags: tags.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" }).map(String.init), modified: int(row, "mod")))
        }
        let cards = try Row.fetchCursor(
            db, sql: "SELECT id, nid, did, odid, ord, type, queue, due, ivl, factor, reps, lapses, data FROM cards ORDER BY id")
        while let row = try cards.next() {
            // A card in a filtered deck belongs to its original deck.
            let originalDeck = int(row, "odid")
            collection.cards.append(
                AnkiCard(
                    id: int(row, "id"), noteID: int(row, "nid"), deckID: originalDeck != 0 ? originalDeck : int(row, "did"),
                    ordinal: small(row, "ord"), type: small(row, "type"), queue: small(row, "queue"), due: int(row, "due"),
                    interval: small(row, "ivl"), factor: small(row, "factor"), repetitions: small(row, "reps"),
                    lapses: small(row, "lapses"), data: text(row, "data")))
        }
        collection.reviews.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM revlog") ?? 0)
        let reviews = try Row.fetchCursor(
            db, sql: "SELECT id, cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id")
        while let row = try reviews.next() {
            collection.reviews.append(
                AnkiReview(
                    id: int(row, "id"), cardID: int(row, "cid"), ease: small(row, "ease"), interval: small(row, "ivl"),
                    lastInterval: small(row, "lastIvl"), factor: small(row, "factor"), milliseconds: small(row, "time"),
                    kind: small(row, "type")))
        }
    }

    /// Which stock note type a type is: by the stock kind Anki records (2.1.55 and later), else
    /// by its templates' shape (a Basic-like type shows field 1 then field 2, a reversed one
    /// also field 2 then field 1).
    static func kind(stock: Int, isCloze: Bool, fields: [String], templates: [AnkiNoteType.Template]) -> AnkiNoteType.Kind {
        switch stock {
        case 1: return .basic
        case 2: return .basicAndReversed
        case 3: return .basicOptionalReversed
        case 5: return .cloze
        case 4, 6: return .other
        default: break
        }
        if isCloze { return .cloze }
        guard fields.count >= 2 else { return .other }
        func shows(_ template: AnkiNoteType.Template, _ field: String) -> Bool {
            template.questionFormat.trimmingCharacters(in: .whitespacesAndNewlines) == "{{\(field)}}"
        }
        if templates.count == 1, shows(templates[0], fields[0]) { return .basic }
        if templates.count == 2, shows(templates[0], fields[0]) {
            if shows(templates[1], fields[1]) { return .basicAndReversed }
            if fields.count >= 3,
                templates[1].questionFormat.trimmingCharacters(in: .whitespacesAndNewlines)
                    == "{{#\(fields[2])}}{{\(fields[1])}}{{/\(fields[2])}}"
            {
                return .basicOptionalReversed
            }
        }
        return .other
    }

    // Values read leniently: a collection from elsewhere may hold NULL, text or a real where
    // Anki writes an integer; nothing in it may crash the reader.

    private static func int(_ row: Row, _ column: String) -> Int64 {
        switch (row[column] as DatabaseValue).storage {
        case .int64(let value): return value
        case .double(let value): return value.isFinite && abs(value) < 9e18 ? Int64(value) : 0
        case .string(let text): return Int64(text.trimmingCharacters(in: .whitespaces)) ?? 0
        default: return 0
        }
    }

    private static func small(_ row: Row, _ column: String) -> Int {
        Int(clamping: max(Int64(Int32.min), min(Int64(Int32.max), int(row, column))))
    }

    private static func text(_ row: Row, _ column: String) -> String {
        switch (row[column] as DatabaseValue).storage {
        case .string(let text): return text
        case .blob(let data): return String(decoding: data, as: UTF8.self)
        case .int64(let value): return String(value)
        case .double(let value): return String(value)
        case .null: return ""
        }
    }

    private static func blob(_ row: Row, _ column: String) -> Data {
        switch (row[column] as DatabaseValue).storage {
        case .blob(let data): return data
        case .string(let text): return Data(text.utf8)
        default: return Data()
        }
    }
}

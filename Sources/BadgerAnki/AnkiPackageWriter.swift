import Foundation
import GRDB
import ZIPFoundation

/// Writes an `AnkiCollection` as a legacy Anki package (`.apkg`) that Anki 2.1.50+, AnkiDroid
/// and AnkiMobile import: a zip of `meta`, `collection.anki21` (schema 11), a placeholder
/// `collection.anki2` for older clients, the media files as `0`, `1`, … and the `media` map.
///
/// Review and day-learning cards' `due` is a day number counted from the collection's creation,
/// which the writer puts at `collectionCreation(now:)`, the 04:00 UTC day boundary at or before
/// `now`: due 0 is the day of `now`, 3 three days later. Anki moves these days onto its own
/// collection's calendar on import.
public enum AnkiPackageWriter {
    /// Writes `collection` and `media` to `url`, replacing any file there only once the package is
    /// complete. `now` is the modification time of everything the package adds (decks, note types,
    /// the collection), so the same input and `now` give the same package.
    public static func write(_ collection: AnkiCollection, media: [AnkiMediaFile], to url: URL, now: Date) throws {
        let content = try AnkiPackageContent(collection, media: media, now: now)
        let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "badger-anki-\(UUID().uuidString)", isDirectory: true)
        let temporaryPackage = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        do {
            try createDirectory(workDirectory)
            let collectionFile = workDirectory.appendingPathComponent("collection.anki21")
            let placeholderFile = workDirectory.appendingPathComponent("collection.anki2")
            try writeDatabase(content, to: collectionFile, now: now)
            try writeDatabase(AnkiPackageContent.placeholder(now: now), to: placeholderFile, now: now)
            try writeArchive(
                to: temporaryPackage, collectionFile: collectionFile, placeholderFile: placeholderFile, media: media,
                now: now)
            try moveIntoPlace(temporaryPackage, url)
        } catch {
            try? FileManager.default.removeItem(at: temporaryPackage)
            if let packageError = error as? AnkiPackageError { throw packageError }
            throw AnkiPackageError.writeFailed(path: url.path, reason: reason(error))
        }
    }

    /// Why a file operation failed, in the system's words (`No such file or directory`) rather
    /// than Foundation's error dump.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            let underlying = underlying as NSError
            if underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        }
        return "\(error)"
    }

    /// When the written collection was created: the 04:00 UTC at or before `now`, as Anki puts a
    /// new collection's creation at the day's rollover hour. Review `due` days count from it.
    public static func collectionCreation(now: Date) -> Date {
        let rolloverSeconds: Int64 = 4 * 3600
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let day = (seconds - rolloverSeconds).dividedRoundingDown(by: 86_400)
        return Date(timeIntervalSince1970: TimeInterval(day * 86_400 + rolloverSeconds))
    }

    /// `PackageMetadata { version: LEGACY_2 }` as protobuf: a package whose collection is
    /// `collection.anki21` and whose media map is JSON.
    static let metadata = Data([0x08, 0x02])

    private static func createDirectory(_ directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AnkiPackageError.writeFailed(path: directory.path, reason: reason(error))
        }
    }

    private static func writeDatabase(_ content: AnkiPackageContent, to file: URL, now: Date) throws {
        let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let creation = Int64(collectionCreation(now: now).timeIntervalSince1970)
        let database = try DatabaseQueue(path: file.path)
        try database.write { db in
            try db.execute(sql: AnkiSchema11.tables)
            try db.execute(
                sql: """
                    INSERT INTO col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, dconf, tags)
                    VALUES (1, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, '{}')
                    """,
                arguments: [
                    creation, milliseconds, milliseconds, AnkiSchema11.version, try json(content.config),
                    try json(content.noteTypes), try json(content.decks), try json(AnkiSchema11.deckConfigs),
                ])
            for note in content.notes {
                try db.execute(
                    sql: """
                        INSERT INTO notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data)
                        VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')
                        """,
                    arguments: [
                        note.id, note.guid, note.noteTypeID, note.modified, note.tags, note.fields, note.sortField,
                        note.checksum,
                    ])
            }
            for card in content.cards {
                try db.execute(
                    sql: """
                        INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses,
                          left, odue, odid, flags, data)
                        VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)
                        """,
                    arguments: [
                        card.id, card.noteID, card.deckID, card.ordinal, card.modified, card.type, card.queue, card.due,
                        card.interval, card.factor, card.repetitions, card.lapses, card.data,
                    ])
            }
            for review in content.reviews {
                try db.execute(
                    sql: """
                        INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)
                        VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        review.id, review.cardID, review.ease, review.interval, review.lastInterval, review.factor,
                        review.milliseconds, review.kind,
                    ])
            }
        }
        try database.close()
    }

    private static func json(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    private static func writeArchive(
        to file: URL, collectionFile: URL, placeholderFile: URL, media: [AnkiMediaFile], now: Date
    ) throws {
        let archive = try Archive(url: file, accessMode: .create)
        func add(_ name: String, _ data: Data) throws {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), modificationDate: now,
                compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<min(Int(position) + size, data.count))
            }
        }
        try add("meta", metadata)
        try add("collection.anki21", try Data(contentsOf: collectionFile))
        try add("collection.anki2", try Data(contentsOf: placeholderFile))
        var mediaMap: [String: String] = [:]
        for (index, file) in media.enumerated() {
            try add(String(index), file.data)
            mediaMap[String(index)] = file.name
        }
        try add("media", Data(try json(mediaMap).utf8))
    }

    /// Renames the finished package onto `url` (atomically replacing any file there).
    private static func moveIntoPlace(_ temporaryFile: URL, _ url: URL) throws {
        guard rename(temporaryFile.path, url.path) == 0 else {
            throw AnkiPackageError.writeFailed(path: url.path, reason: String(cString: strerror(errno)))
        }
    }
}

extension Int64 {
    fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

import BadgerTestSupport
import Foundation
import GRDB
import Testing
import ZIPFoundation

@testable import BadgerAnki

/// A small collection: Basic with an image, Basic (and reversed card), a two-deletion cloze, a
/// subdeck whose parent is not in the collection, a review card with an FSRS memory state.
private func sampleCollection(secondField: String = "Paris", modified: Int64 = 1_790_000_000) -> AnkiCollection {
    let basic = AnkiNoteType(id: 1_700_000_000_001, name: "Basic", kind: .basic, fieldNames: ["Front", "Back"], templates: [])
    let reversed = AnkiNoteType(
        id: 1_700_000_000_002, name: "Basic (and reversed card)", kind: .basicAndReversed, fieldNames: ["Front", "Back"],
        templates: [])
    let cloze = AnkiNoteType(id: 1_700_000_000_003, name: "Cloze", kind: .cloze, fieldNames: ["Text", "Back Extra"], templates: [])
    let geography = AnkiDeck(id: 1_700_000_000_100, name: "Geography")
    let physics = AnkiDeck(id: 1_700_000_000_101, name: "Science::Physics")
    let notes = [
        AnkiNote(
            id: 1_700_000_001_001, guid: "bdg-basic", noteTypeID: basic.id,
            fields: ["Capital of <b>France</b>? <img src=\"flag.png\">", secondField], tags: ["capitals", "europe"],
            modified: modified),
        AnkiNote(
            id: 1_700_000_001_002, guid: "bdg-rev", noteTypeID: reversed.id, fields: ["Germany", "Berlin"], tags: [],
            modified: modified),
        AnkiNote(
            id: 1_700_000_001_003, guid: "bdg-cloze", noteTypeID: cloze.id,
            fields: ["{{c1::Force}} equals mass times {{c2::acceleration}}", ""], tags: ["physics"], modified: modified),
    ]
    let cards = [
        AnkiCard(
            id: 1_700_000_002_001, noteID: notes[0].id, deckID: geography.id, ordinal: 0, type: 2, queue: 2, due: 3,
            interval: 5, factor: 2500, repetitions: 3, lapses: 0, data: #"{"s":7.5,"d":4.25,"dr":0.9}"#),
        AnkiCard(id: 1_700_000_002_002, noteID: notes[1].id, deckID: geography.id, ordinal: 0, due: 1),
        AnkiCard(id: 1_700_000_002_003, noteID: notes[1].id, deckID: geography.id, ordinal: 1, due: 1),
        AnkiCard(id: 1_700_000_002_004, noteID: notes[2].id, deckID: physics.id, ordinal: 0, due: 2),
        AnkiCard(id: 1_700_000_002_005, noteID: notes[2].id, deckID: physics.id, ordinal: 1, queue: -1, due: 2),
    ]
    let day: Int64 = 86_400_000
    let reviews = [
        AnkiReview(id: 1_789_000_000_000, cardID: cards[0].id, ease: 3, interval: 1, factor: 2500, milliseconds: 4000, kind: 0),
        AnkiReview(
            id: 1_789_000_000_000 + day, cardID: cards[0].id, ease: 3, interval: 3, lastInterval: 1, factor: 2500,
            milliseconds: 3000, kind: 1),
        AnkiReview(
            id: 1_789_000_000_000 + 4 * day, cardID: cards[0].id, ease: 4, interval: 5, lastInterval: 3, factor: 2500,
            milliseconds: 2000, kind: 1),
    ]
    return AnkiCollection(
        noteTypes: [basic, reversed, cloze], decks: [geography, physics], notes: notes, cards: cards, reviews: reviews)
}

private let pixel = Data(
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52])
private let sampleMedia = [AnkiMediaFile(name: "flag.png", data: pixel)]
private let now = Date(timeIntervalSince1970: 1_790_100_000.5)

/// The bytes of a zip entry.
private func entryData(_ archive: Archive, _ name: String) throws -> Data {
    let entry = try #require(archive[name])
    var data = Data()
    _ = try archive.extract(entry) { data.append($0) }
    return data
}

/// Opens `name` from the package as a database (copied to a file in `directory`).
private func database(_ archive: Archive, _ name: String, in directory: TemporaryDirectory) throws -> DatabaseQueue {
    let file = try directory.write(name, try entryData(archive, name))
    return try DatabaseQueue(path: file.path)
}

private func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct AnkiPackageWriterTests {
    @Test func writesMetaCollectionsMediaAndMap() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("out.apkg")
        try AnkiPackageWriter.write(sampleCollection(), media: sampleMedia, to: url, now: now)

        let archive = try Archive(url: url, accessMode: .read)
        #expect(archive.map(\.path) == ["meta", "collection.anki21", "collection.anki2", "0", "media"])
        let meta = try entryData(archive, "meta")
        let image = try entryData(archive, "0")
        let mediaMap = try jsonObject(String(decoding: try entryData(archive, "media"), as: UTF8.self))
        #expect(meta == Data([0x08, 0x02]))
        #expect(image == pixel)
        #expect(mediaMap as? [String: String] == ["0": "flag.png"])

        let placeholder = try database(archive, "collection.anki2", in: directory)
        try placeholder.read { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "SELECT ver FROM col") == 11)
            #expect(try String.fetchOne(db, sql: "SELECT sfld FROM notes")?.hasPrefix("Please update") == true)
        }
        let remaining = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(remaining.isEmpty)
    }

    @Test func writesSchema11Rows() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("out.apkg")
        try AnkiPackageWriter.write(sampleCollection(), media: sampleMedia, to: url, now: now)
        let collection = try database(try Archive(url: url, accessMode: .read), "collection.anki21", in: directory)

        try collection.read { (db: Database) throws -> Void in
            let col = try #require(try Row.fetchOne(db, sql: "SELECT * FROM col"))
            #expect(col["ver"] as Int == 11)
            #expect(col["crt"] as Int64 == 1_790_049_600)  // 04:00 UTC of the day of `now`
            #expect(col["mod"] as Int64 == 1_790_100_000_500)

            let models = try jsonObject(col["models"])
            #expect(Set(models.keys) == ["1700000000001", "1700000000002", "1700000000003"])
            let cloze = try #require(models["1700000000003"] as? [String: Any])
            #expect(cloze["type"] as? Int == 1)
            #expect((cloze["flds"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Text", "Back Extra"])
            let reversed = try #require(models["1700000000002"] as? [String: Any])
            let templates = try #require(reversed["tmpls"] as? [[String: Any]])
            #expect(templates.map { $0["qfmt"] as? String } == ["{{Front}}", "{{Back}}"])
            #expect(templates[1]["afmt"] as? String == "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}")

            let decks = try jsonObject(col["decks"]).values.compactMap { ($0 as? [String: Any])?["name"] as? String }
            #expect(Set(decks) == ["Default", "Geography", "Science", "Science::Physics"])
            #expect(try jsonObject(col["dconf"]).keys.sorted() == ["1"])

            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") == 3)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM cards") == 5)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM revlog WHERE usn = -1") == 3)

            let note = try #require(try Row.fetchOne(db, sql: "SELECT * FROM notes WHERE guid = 'bdg-basic'"))
            #expect(note["tags"] as String == " capitals europe ")
            #expect(note["flds"] as String == "Capital of <b>France</b>? <img src=\"flag.png\">\u{1F}Paris")
            #expect(note["sfld"] as String == "Capital of France?  flag.png ")
            #expect(note["csum"] as Int64 == AnkiFieldText.checksum(ofStripped: "Capital of France?  flag.png "))
            #expect(note["usn"] as Int == -1)
            #expect(try String.fetchOne(db, sql: "SELECT tags FROM notes WHERE guid = 'bdg-rev'") == "")

            let card = try #require(try Row.fetchOne(db, sql: "SELECT * FROM cards WHERE id = 1700000002001"))
            #expect(card["data"] as String == #"{"s":7.5,"d":4.25,"dr":0.9}"#)
            #expect(card["ivl"] as Int == 5 && card["factor"] as Int == 2500 && card["reps"] as Int == 3)
            #expect(card["odid"] as Int == 0 && card["left"] as Int == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT queue FROM cards WHERE id = 1700000002005") == -1)
        }
    }

    @Test func samePackageForSameInputAndTime() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = directory.url.appendingPathComponent("first.apkg")
        let second = directory.url.appendingPathComponent("second.apkg")
        try AnkiPackageWriter.write(sampleCollection(), media: sampleMedia, to: first, now: now)
        try AnkiPackageWriter.write(sampleCollection(), media: sampleMedia, to: second, now: now)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    }

    @Test func replacesAnExistingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write("out.apkg", "old")
        try AnkiPackageWriter.write(sampleCollection(), media: [], to: url, now: now)
        #expect(try Archive(url: url, accessMode: .read)["collection.anki21"] != nil)
    }

    @Test func missingDirectoryIsAnErrorAndLeavesNoFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("missing/out.apkg")
        #expect {
            try AnkiPackageWriter.write(sampleCollection(), media: sampleMedia, to: url, now: now)
        } throws: { error in
            guard case .writeFailed(let path, _) = error as? AnkiPackageError else { return false }
            return path == url.path
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func invalidCollectionIsAnErrorAndLeavesTheOldFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write("out.apkg", "old")
        var collection = sampleCollection()
        collection.notes[0].noteTypeID = 42
        #expect(throws: AnkiPackageError.unknownNoteType(noteID: 1_700_000_001_001, noteTypeID: 42)) {
            try AnkiPackageWriter.write(collection, media: sampleMedia, to: url, now: now)
        }
        collection = sampleCollection()
        collection.cards[0].data = "[1]"
        #expect(throws: AnkiPackageError.invalidCardData(cardID: 1_700_000_002_001, data: "[1]")) {
            try AnkiPackageWriter.write(collection, media: sampleMedia, to: url, now: now)
        }
        #expect(throws: AnkiPackageError.invalidMediaName("flag.png")) {
            try AnkiPackageWriter.write(sampleCollection(), media: sampleMedia + sampleMedia, to: url, now: now)
        }
        #expect(try directory.read("out.apkg") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["out.apkg"])
    }

    @Test func fieldTextAsAnkiStripsAndChecksumsIt() {
        #expect(SHA1.hexDigest(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(SHA1.hexDigest([UInt8]()) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(SHA1.hexDigest([UInt8](repeating: 0x61, count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
        // Values from the notes of Fixtures/legacy.apkg, written by Anki.
        #expect(AnkiFieldText.checksum(ofFirstField: "What is the capital of <b>France</b>?") == 1_815_320_235)
        let flag = #"Which flag is this? <img src="flag.png">"#
        #expect(AnkiFieldText.strippingHTMLPreservingMediaFilenames(flag) == "Which flag is this?  flag.png ")
        #expect(AnkiFieldText.checksum(ofFirstField: flag) == 4_109_567_986)
        let escapes = "Escapes: 3 < 4 &amp; 5 > 2, a * b, 100%"
        #expect(AnkiFieldText.strippingHTMLPreservingMediaFilenames(escapes) == "Escapes: 3  2, a * b, 100%")
        #expect(AnkiFieldText.checksum(ofFirstField: escapes) == 438_088_990)
        #expect(AnkiFieldText.strippingHTMLPreservingMediaFilenames("a&nbsp;&lt;b&gt; &#x41;&#66;") == "a <b> AB")
        #expect(AnkiFieldText.strippingHTMLPreservingMediaFilenames("Tom & Jerry") == "Tom & Jerry")
    }

    /// With BADGER_ANKI_PACKAGE_OUT set, writes `first.apkg` and a re-export `second.apkg` (one
    /// field changed, newer) there, for `Tests/Anki/check_import.py` to import into real Anki.
    @Test func writesPackagesForRealAnkiWhenAsked() throws {
        guard let out = ProcessInfo.processInfo.environment["BADGER_ANKI_PACKAGE_OUT"] else { return }
        let directory = URL(fileURLWithPath: out, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try AnkiPackageWriter.write(
            sampleCollection(), media: sampleMedia, to: directory.appendingPathComponent("first.apkg"), now: now)
        try AnkiPackageWriter.write(
            sampleCollection(secondField: "Paris (updated)", modified: 1_790_200_000), media: sampleMedia,
            to: directory.appendingPathComponent("second.apkg"), now: now.addingTimeInterval(100_000))
    }
}

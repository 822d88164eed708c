import BadgerTestSupport
import Foundation
import Testing
import ZIPFoundation

@testable import BadgerAnki

/// Packages written by Anki itself (Tests/Anki/make_package.py, Anki 26.9.3) read back whole.
@Suite struct AnkiPackageReaderTests {
    static let fixtures = PackagePaths.url("Tests/BadgerAnkiTests/Fixtures")

    struct Expected: Decodable {
        struct Note: Decodable {
            var guid: String
            var notetype: String
            var fields: [String]
            var tags: [String]
            var cards: Int
            var deck: String
        }
        var notes: [Note]
        var reviews: Int
        var media: [String]
        var suspended: Int
    }

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: fixtures.appendingPathComponent("expected.json")))
    }

    @Test(arguments: ["legacy.apkg", "latest.apkg", "collection.colpkg"])
    func readsEveryNoteCardReviewAndMediaFile(package: String) throws {
        let reader = try AnkiPackageReader(url: Self.fixtures.appendingPathComponent(package))
        let expected = try Self.expected()
        #expect(reader.format == (package == "legacy.apkg" ? .legacy2 : .latest))
        let collection = reader.collection
        #expect(collection.notes.count == expected.notes.count)
        for note in expected.notes {
            let read = try #require(collection.notes.first { $0.guid == note.guid })
            #expect(read.fields == note.fields)
            #expect(read.tags == note.tags)
            let type = try #require(collection.noteTypes.first { $0.id == read.noteTypeID })
            #expect(type.name == note.notetype)
            let cards = collection.cards.filter { $0.noteID == read.id }
            #expect(cards.count == note.cards)
            #expect(cards.allSatisfy { card in collection.decks.first { $0.id == card.deckID }?.name == note.deck })
        }
        #expect(collection.reviews.filter(\.isAnswer).count == expected.reviews)
        #expect(collection.reviews.count == expected.reviews + 1)
        #expect(collection.cards.filter(\.isSuspended).count == expected.suspended)
        #expect(reader.mediaNames == expected.media)
        let png = try reader.mediaData(named: "flag.png")
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let kinds = Dictionary(uniqueKeysWithValues: collection.noteTypes.map { ($0.name, $0.kind) })
        #expect(kinds["Basic"] == .basic)
        #expect(kinds["Basic (and reversed card)"] == .basicAndReversed)
        #expect(kinds["Basic (optional reversed card)"] == .basicOptionalReversed)
        #expect(kinds["Cloze"] == .cloze)
        #expect(kinds["Basic (type in the answer)"] == .other)
    }

    /// The oldest format: `collection.anki2` and a JSON media map, no `meta` (Anki 2.0, and
    /// 2.1 before 2.1.50 without "support older Anki versions").
    @Test func readsAPackageWithOnlyCollectionAnki2() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let legacy = try Archive(url: Self.fixtures.appendingPathComponent("legacy.apkg"), accessMode: .read)
        func bytes(_ name: String) throws -> Data {
            var data = Data()
            _ = try legacy.extract(try #require(legacy[name]), consumer: { data.append($0) })
            return data
        }
        let package = directory.url.appendingPathComponent("old.apkg")
        let archive = try Archive(url: package, accessMode: .create)
        for (name, data) in [("collection.anki2", try bytes("collection.anki21")), ("media", try bytes("media")), ("0", try bytes("0"))] {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        let reader = try AnkiPackageReader(url: package)
        #expect(reader.format == .legacy1)
        #expect(reader.collection.notes.count == (try Self.expected()).notes.count)
        #expect(try reader.mediaData(named: "flag.png").count == 66)
    }

    @Test func recognisesStockTypesByShapeWithoutAStockKind() {
        let basic = [AnkiNoteType.Template(name: "Card 1", questionFormat: "{{Front}}", answerFormat: "")]
        #expect(AnkiCollectionReader.kind(stock: 0, isCloze: false, fields: ["Front", "Back"], templates: basic) == .basic)
        let reversed = basic + [AnkiNoteType.Template(name: "Card 2", questionFormat: "{{Back}}", answerFormat: "")]
        #expect(AnkiCollectionReader.kind(stock: 0, isCloze: false, fields: ["Front", "Back"], templates: reversed) == .basicAndReversed)
        let optional =
            basic + [
                AnkiNoteType.Template(name: "Card 2", questionFormat: "{{#Add Reverse}}{{Back}}{{/Add Reverse}}", answerFormat: "")
            ]
        #expect(
            AnkiCollectionReader.kind(stock: 0, isCloze: false, fields: ["Front", "Back", "Add Reverse"], templates: optional)
                == .basicOptionalReversed)
        let typing = [AnkiNoteType.Template(name: "Card 1", questionFormat: "{{Front}}\n\n{{type:Back}}", answerFormat: "")]
        #expect(AnkiCollectionReader.kind(stock: 0, isCloze: false, fields: ["Front", "Back"], templates: typing) == .other)
        #expect(AnkiCollectionReader.kind(stock: 0, isCloze: true, fields: ["Text"], templates: []) == .cloze)
    }
}

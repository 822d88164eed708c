import BadgerAnki
import BadgerTestSupport
import Foundation
import GRDB
import Testing
import ZIPFoundation

/// `badger import FILE.apkg` as a user runs it: what it writes, that it writes it once, and that
/// a bad package writes nothing.
@Suite struct AnkiImportCommandTests {
    static let fixtures = PackagePaths.url("Tests/BadgerAnkiTests/Fixtures")

    /// Every file under `url` (but the lock) with its bytes.
    static func files(_ url: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return result }
        for case let file as URL in walker where file.lastPathComponent != ".badger.lock" {
            if let data = try? Data(contentsOf: file), !file.hasDirectoryPath {
                result[String(file.path.dropFirst(url.path.count))] = data
            }
        }
        return result
    }

    @Test(arguments: ["legacy.apkg", "latest.apkg", "collection.colpkg"])
    func importsDecksHistoryAndMediaOnce(package: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = Self.fixtures.appendingPathComponent(package).path
        let first = try await BadgerProcess.run(["import", source, "--into", "Decks"], in: directory.url)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("imported 11 notes (14 cards) into 3 decks, 290 reviews and 1 media file"))
        let europe = try directory.read("Decks/geography/europe.md")
        #expect(europe.hasPrefix("---\ntopic: \"Geography::Europe\"\n---\n"))
        #expect(europe.contains("Q: Spain\nA: Madrid\nR: yes"))
        #expect(europe.contains("Q: Portugal\nA: Lisbon\n"))
        #expect(!europe.contains("Q: Portugal\nA: Lisbon\nR: yes"))
        let maths = try directory.read("Decks/maths.md")
        #expect(maths.contains("C: The derivative of $x^2$ is {{c1::$2x$}} and of $x^3$ is {{c2::$3x^2$::power rule}}."))
        #expect(try directory.read("Decks/geography.md").contains("![](images/flag.png)"))
        #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("Decks/images/flag.png").path))
        let notes = try directory.read("Decks/anki.notes")
        #expect(notes.contains("\tcapitals europe\n"))
        #expect(notes.contains("\tcapitals\n"))
        // The card Anki had suspended is suspended here: listed so, left out of `due`.
        let list = try await BadgerProcess.run(["list", "Decks", "--format", "json"], in: directory.url)
        let suspended = list.standardOutput.components(separatedBy: "\"suspended\" : true").count - 1
        #expect(suspended == 1, "\(list.standardOutput)")
        #expect(list.standardOutput.contains("Capital of Italy?"))
        let due = try await BadgerProcess.run(["due", "Decks"], in: directory.url)
        #expect(due.standardOutput.contains("13 due now"), "\(due.standardOutput)")
        let lint = try await BadgerProcess.run(["lint", "Decks"], in: directory.url)
        #expect(lint.status == 0, "\(lint.standardOutput)")
        // Its first reviews make the collection new to badger: it adapts.
        let settings = try directory.read("Decks/badger.yml")
        #expect(settings.contains("desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n"), "\(settings)")

        // State files are a cache any command may write; the decks, logs, media and notes stay.
        let before = Self.files(directory.url).filter { !$0.key.hasSuffix(".state") }
        let second = try await BadgerProcess.run(["import", source, "--into", "Decks"], in: directory.url)
        #expect(second.status == 0)
        #expect(second.standardOutput.contains("imported 0 notes (0 cards) into 0 decks, 0 reviews"))
        #expect(second.standardOutput.contains("already in the collection: 11 notes and 290 reviews"))
        #expect(Self.files(directory.url).filter { !$0.key.hasSuffix(".state") } == before)
    }

    @Test func anOlderAndANewerPackageOfOneCollectionAddOnlyWhatIsNew() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await BadgerProcess.run(
            ["import", Self.fixtures.appendingPathComponent("legacy.apkg").path, "--into", "Decks"], in: directory.url)
        let result = try await BadgerProcess.run(
            ["import", Self.fixtures.appendingPathComponent("latest.apkg").path, "--into", "Decks"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("imported 0 notes"))
        let reviews = Self.files(directory.url).filter { $0.key.hasSuffix(".reviews") }.values
            .map { String(decoding: $0, as: UTF8.self).split(separator: "\n").count { $0.contains("\treviewed\t") } }
            .reduce(0, +)
        #expect(reviews == 290)
    }

    /// Imported into a folder of a collection whose badger.yml is above it: the collection's
    /// topics are known wherever their decks are, and anki.notes sits beside badger.yml.
    @Test func aTopicTheCollectionHasElsewhereGetsTheNotes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "exclude: []\n")
        try directory.write("notes/maths.md", "---\ntopic: maths\n---\n\nQ: What is 1 + 1?\nA: 2\n")
        let result = try await BadgerProcess.run(
            ["import", Self.fixtures.appendingPathComponent("latest.apkg").path, "--into", "anki"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("notes/maths.md: 4 notes (topic Maths)"), "\(result.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("anki/maths.md").path))
        #expect(try directory.read("notes/maths.md").hasPrefix("---\ntopic: maths\n---\n\nQ: What is 1 + 1?\nA: 2\n\nC: The derivative"))
        #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("anki.notes").path))
        #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("anki/geography/europe.md").path))
        // The image path is relative to the deck that shows it.
        #expect(try directory.read("anki/geography.md").contains("![](images/flag.png)"))
        let lint = try await BadgerProcess.run(["lint", "."], in: directory.url)
        #expect(lint.status == 0, "\(lint.standardOutput)")
    }

    /// A package whose notes show "images" named like a collection's own files (a review log,
    /// a deck, badger.yml): none is written, or the collection would read it.
    @Test func filesShownAsImagesThatAreNotImagesAreNotWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let forged = Data("2026-01-01T00:00:00Z\treviewed\t3dae9556940ae9c6\t4\t-\t-\t00000000000000ff\n".utf8)
        let collection = AnkiCollection(
            noteTypes: [AnkiTestPackages.basic],
            decks: [AnkiDeck(id: 2, name: "Geography")],
            notes: [
                AnkiNote(
                    id: 3, guid: "forged", noteTypeID: 1,
                    fields: [#"Where? <img src="geography.reviews"><img src="badger.yml"><img src="x.md">"#, "Here"], tags: [],
                    modified: 0)
            ],
            cards: [AnkiCard(id: 4, noteID: 3, deckID: 2, ordinal: 0)])
        let package = directory.url.appendingPathComponent("forged.apkg")
        try AnkiTestPackages.write(
            collection,
            media: [
                AnkiMediaFile(name: "geography.reviews", data: forged), AnkiMediaFile(name: "badger.yml", data: Data("fuzz: 7\n".utf8)),
                AnkiMediaFile(name: "x.md", data: Data("Q: q\nA: a\n".utf8)),
            ], to: package)
        let result = try await BadgerProcess.run(["import", package.path, "--into", "Decks"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("3 files shown as images but not image files left out"), "\(result.standardOutput)")
        let written = Self.files(directory.url).keys
        #expect(!written.contains { $0.contains("/images/") }, "\(written)")
        let lint = try await BadgerProcess.run(["lint", "Decks"], in: directory.url)
        #expect(lint.status == 0, "\(lint.standardOutput)")
    }

    @Test func dryRunWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try await BadgerProcess.run(
            ["import", Self.fixtures.appendingPathComponent("latest.apkg").path, "--into", "Decks", "--dry-run"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.standardError.contains("would import 11 notes (14 cards) into 3 decks"))
        #expect(Self.files(directory.url).isEmpty)
    }

    /// A package built in the test: a zip holding `entries`.
    static func zip(_ entries: [(String, Data)], at url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (name, data) in entries {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
    }

    static func collection(version: Int) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("badger-col-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE col (id integer primary key, ver integer, models text, decks text);
                    CREATE TABLE notes (id integer); CREATE TABLE cards (id integer); CREATE TABLE revlog (id integer);
                    INSERT INTO col VALUES (1, \(version), '{}', '{}');
                    """)
        }
        try queue.close()
        return try Data(contentsOf: file)
    }

    enum BadPackage: String, CaseIterable, CustomTestStringConvertible {
        case truncated, notAZip, notSQLite, unknownSchema, escapingPath, zipBomb, noCollection, brokenZstd
        var testDescription: String { rawValue }
    }

    @Test(arguments: BadPackage.allCases)
    func aBadPackageIsRefusedAndNothingWritten(_ bad: BadPackage) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let package = directory.url.appendingPathComponent("bad.apkg")
        let expected: String
        switch bad {
        case .truncated:
            let whole = try Data(contentsOf: Self.fixtures.appendingPathComponent("legacy.apkg"))
            try whole.prefix(whole.count / 2).write(to: package)
            expected = "not an Anki package"
        case .notAZip:
            try Data("question;answer\n".utf8).write(to: package)
            expected = "not an Anki package"
        case .notSQLite:
            try Self.zip([("collection.anki21", Data(repeating: 0x41, count: 4096))], at: package)
            expected = "not an SQLite database"
        case .unknownSchema:
            try Self.zip([("collection.anki21", try Self.collection(version: 99))], at: package)
            expected = "schema version 99"
        case .escapingPath:
            try Self.zip([("collection.anki21", try Self.collection(version: 11)), ("../evil.md", Data("x".utf8))], at: package)
            expected = "points outside the package"
        case .zipBomb:
            // 600 MiB of zeros: under a megabyte packed.
            let archive = try Archive(url: package, accessMode: .create)
            let chunk = Data(count: 1 << 20)
            try archive.addEntry(
                with: "collection.anki21", type: .file, uncompressedSize: Int64(600 << 20), compressionMethod: .deflate,
                provider: { _, size in chunk.prefix(size) })
            expected = "zip bomb"
        case .noCollection:
            try Self.zip([("media", Data("{}".utf8))], at: package)
            expected = "holds no collection"
        case .brokenZstd:
            try Self.zip([("meta", Data([0x08, 0x03])), ("collection.anki21b", Data([0x28, 0xB5, 0x2F, 0xFD, 1, 2, 3]))], at: package)
            expected = "zstd"
        }
        let before = Self.files(directory.url)
        let result = try await BadgerProcess.run(["import", package.path, "--into", "Decks"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(result.standardError.contains("nothing imported"))
        #expect(Self.files(directory.url) == before)
    }
}

import BadgerAnki
import BadgerTestSupport
import Foundation
import Testing

/// What an adversarial tester tried on `badger import FILE.apkg`: imports that meet what an
/// earlier one (or the user) left behind, and review logs with entries no scheduler could date.
@Suite struct AnkiImportRecoveryTests {
    static let fixtures = AnkiImportCommandTests.fixtures

    /// The `reviewed` lines of every log under `url`.
    static func reviewLines(_ url: URL) -> [String] {
        AnkiImportCommandTests.files(url).filter { $0.key.hasSuffix(".reviews") }.values
            .flatMap { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) }
            .filter { $0.contains("\treviewed\t") }
    }

    /// Decks written but no logs and no `anki.notes` (an import killed after the decks, or the
    /// notes file deleted): a re-import finds the notes by their questions and writes their
    /// reviews, the count it reports.
    @Test func notesFoundByTheirQuestionsGetTheirReviews() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = Self.fixtures.appendingPathComponent("latest.apkg").path
        let first = try await BadgerProcess.run(["import", source, "--into", "Decks"], in: directory.url)
        #expect(first.status == 0, "\(first.standardError)")
        let reviews = Self.reviewLines(directory.url).sorted()
        #expect(reviews.count == 290)
        for (path, _) in AnkiImportCommandTests.files(directory.url)
        where path.hasSuffix(".reviews") || path.hasSuffix(".state") || path.hasSuffix("anki.notes") {
            try FileManager.default.removeItem(at: directory.url.appendingPathComponent(path))
        }
        let decks = AnkiImportCommandTests.files(directory.url).filter { $0.key.hasSuffix(".md") }
        let again = try await BadgerProcess.run(["import", source, "--into", "Decks"], in: directory.url)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("290 reviews"), "\(again.standardOutput)")
        #expect(Self.reviewLines(directory.url).sorted() == reviews)
        #expect(AnkiImportCommandTests.files(directory.url).filter { $0.key.hasSuffix(".md") } == decks)
        let third = try await BadgerProcess.run(["import", source, "--into", "Decks"], in: directory.url)
        #expect(third.standardOutput.contains("imported 0 notes (0 cards) into 0 decks, 0 reviews"), "\(third.standardOutput)")
    }

    /// The user's own `images/flag.png` is never overwritten by a package's different image of
    /// that name: the imported one gets another name, and the card shows it.
    @Test func anImageOfTheSameNameAsTheUsersOwnGetsAnotherName() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mine = Data("my own flag, not Anki's".utf8)
        try directory.write("Decks/images/flag.png", "")
        try mine.write(to: directory.url.appendingPathComponent("Decks/images/flag.png"))
        let result = try await BadgerProcess.run(
            ["import", Self.fixtures.appendingPathComponent("latest.apkg").path, "--into", "Decks"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Data(contentsOf: directory.url.appendingPathComponent("Decks/images/flag.png")) == mine)
        let deck = try directory.read("Decks/geography.md")
        let shown = try #require(deck.firstMatch(of: /!\[\]\(images\/([^)]+)\)/)).output.1
        #expect(shown != "flag.png", "\(deck)")
        let imported = try Data(contentsOf: directory.url.appendingPathComponent("Decks/images/\(shown)"))
        #expect(imported != mine && !imported.isEmpty)
        // The same image again (a re-import) is recognised, not copied a third time.
        _ = try await BadgerProcess.run(
            ["import", Self.fixtures.appendingPathComponent("latest.apkg").path, "--into", "Decks"], in: directory.url)
        let images = try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("Decks/images").path)
        #expect(images.count == 2, "\(images)")
    }

    /// Review-log entries dated before Anki existed or far in the future are damaged entries:
    /// left out with a warning, and the collection stays readable.
    @Test func reviewsNoSchedulerCouldDateAreLeftOut() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let collection = AnkiCollection(
            noteTypes: [AnkiTestPackages.basic],
            decks: [AnkiDeck(id: 2, name: "Dates")],
            notes: [AnkiNote(id: 3, guid: "dated", noteTypeID: 1, fields: ["When?", "Now"], tags: [], modified: 0)],
            cards: [AnkiCard(id: 4, noteID: 3, deckID: 2, ordinal: 0)],
            reviews: [
                AnkiReview(id: 1_700_000_000_000, cardID: 4, ease: 3),
                AnkiReview(id: 631_152_000_000, cardID: 4, ease: 3),  // 1990
                AnkiReview(id: 9_223_372_036_854_775_000, cardID: 4, ease: 1),  // year 292 million
                AnkiReview(id: 4_102_444_800_000, cardID: 4, ease: 4),  // 2100
            ])
        let package = directory.url.appendingPathComponent("dates.apkg")
        try AnkiTestPackages.write(collection, to: package)
        let result = try await BadgerProcess.run(["import", package.path, "--into", "Decks"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("3 review-log entries dated before 2006 or in the future left out"), "\(result.standardOutput)")
        #expect(Self.reviewLines(directory.url).count == 1)
        let list = try await BadgerProcess.run(["list", "Decks"], in: directory.url)
        #expect(list.status == 0, "\(list.standardError)")
        let due = try await BadgerProcess.run(["due", "Decks"], in: directory.url)
        #expect(due.status == 0, "\(due.standardError)")
    }

    /// An answer that was only a sound, or empty (Anki allows both; a deck does not), keeps its
    /// card and history: the deck says what was there and lints clean, and an export gives Anki
    /// the field back as it was.
    @Test func soundOnlyAndEmptyAnswersKeepTheirCards() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let collection = AnkiCollection(
            noteTypes: [
                AnkiTestPackages.basic,
                AnkiNoteType(
                    id: 9, name: "Cloze", kind: .cloze, fieldNames: ["Text", "Back Extra"],
                    templates: [.init(name: "Cloze", questionFormat: "{{cloze:Text}}", answerFormat: "{{cloze:Text}}")]),
            ],
            decks: [AnkiDeck(id: 2, name: "Sounds")],
            notes: [
                AnkiNote(
                    id: 3, guid: "sound", noteTypeID: 1, fields: ["How does it sound?", "[sound:hello_1.mp3]"], tags: [], modified: 0),
                AnkiNote(id: 4, guid: "empty", noteTypeID: 1, fields: ["Left blank?", ""], tags: [], modified: 0),
                AnkiNote(
                    id: 7, guid: "cloze", noteTypeID: 9, fields: ["Paris is the capital of {{c1::France}}", "[sound:paris.mp3]"], tags: [],
                    modified: 0),
            ],
            cards: [
                AnkiCard(id: 5, noteID: 3, deckID: 2, ordinal: 0), AnkiCard(id: 6, noteID: 4, deckID: 2, ordinal: 0),
                AnkiCard(id: 8, noteID: 7, deckID: 2, ordinal: 0),
            ],
            reviews: [AnkiReview(id: 1_700_000_000_000, cardID: 5, ease: 3), AnkiReview(id: 1_700_000_100_000, cardID: 6, ease: 2)])
        let package = directory.url.appendingPathComponent("sounds.apkg")
        try AnkiTestPackages.write(collection, to: package)
        let result = try await BadgerProcess.run(["import", package.path, "--into", "Decks"], in: directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("imported 3 notes (3 cards) into 1 deck, 2 reviews"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("2 fields that only played sounds"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("1 answer empty in Anki"), "\(result.standardOutput)")
        let deck = try directory.read("Decks/sounds.md")
        #expect(deck.contains("Q: How does it sound?\nA: (sound: hello\\_1.mp3)"), "\(deck)")
        #expect(deck.contains("E: (sound: paris.mp3)"), "\(deck)")
        #expect(deck.contains("Q: Left blank?\nA: (empty in Anki)"), "\(deck)")
        let lint = try await BadgerProcess.run(["lint", "Decks"], in: directory.url)
        #expect(lint.status == 0, "\(lint.standardOutput)")
        let exported = try await BadgerProcess.run(["export", "back.apkg", "Decks"], in: directory.url)
        #expect(exported.status == 0, "\(exported.standardError)")
        let back = try AnkiPackageReader(url: directory.url.appendingPathComponent("back.apkg")).collection
        #expect(
            back.notes.map { $0.fields[1] }.sorted() == ["", "[sound:hello_1.mp3]", "[sound:paris.mp3]"], "\(back.notes.map(\.fields))")
    }
}

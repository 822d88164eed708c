import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerAnki

/// Notes go back to the Anki collection they came from as that collection's own notes: their
/// note types (by id, field and template names and ids, which Anki 23.10 and later compare) and
/// their review-log entries' ids are kept, so Anki updates the notes instead of reporting them as
/// conflicting, and adds no review twice. (Checked against Anki itself by Tests/Anki/roundtrip.py.)
@Suite struct AnkiNoteTypeRoundTripTests {
    static let fixtures = PackagePaths.url("Tests/BadgerAnkiTests/Fixtures")

    @Test(arguments: ["legacy.apkg", "latest.apkg"])
    func fieldAndTemplateIDsAreRead(package: String) throws {
        let reader = try AnkiPackageReader(url: Self.fixtures.appendingPathComponent(package))
        let basic = try #require(reader.collection.noteTypes.first { $0.kind == .basic })
        #expect(basic.fieldIDs.count == 2 && basic.fieldIDs.allSatisfy { $0 != nil }, "\(basic.fieldIDs)")
        #expect(basic.templates.allSatisfy { $0.id != nil })
    }

    @Test func noteTypesSurviveTheNotesFileWithCommasAndMissingIDs() throws {
        var map = AnkiNoteMap()
        map.insert(
            AnkiNoteMap.NoteType(
                id: 1_342_697_561_419, name: "Vocab, \"mine\"", kind: .other, fieldNames: ["Word, front", "Back\\side", "Extra"],
                templateNames: ["Card 1"], fieldIDs: [-4_374_115_911_020_333_681, nil, 7], templateIDs: [nil]))
        map.insert(AnkiNoteMap.Note(guid: "bG-WI3+vH9", noteType: "1342697561419", keys: [0: "3dae9556940ae9c6"], tags: ["a"]))
        let read = try AnkiNoteMap(text: map.text)
        #expect(read == map)
        let note = try #require(read.notes["bG-WI3+vH9"])
        #expect(read.noteType(of: note)?.fieldNames == ["Word, front", "Back\\side", "Extra"])
    }

    /// A merge that conflicted leaves git's markers: both sides' notes are read, not an error.
    @Test func aNotesFileWithConflictMarkersIsRead() throws {
        let text = """
            # badger anki notes 1\tguid\tnote type\tcards (ordinal=key,…)\ttags
            <<<<<<< HEAD
            aaaaaaaaaa\tBasic\t0=1111111111111111\t-
            =======
            bbbbbbbbbb\tBasic\t0=2222222222222222\t-
            >>>>>>> other

            """
        let map = try AnkiNoteMap(text: text)
        #expect(Set(map.notes.keys) == ["aaaaaaaaaa", "bbbbbbbbbb"])
    }

    @Test func aReviewLogEntrysIDComesBackFromItsRecordID() {
        let entry: Int64 = 1_779_805_245_977
        let recordID = AnkiRevlogRecordID.make(guid: "CC+rRp4>~t", ordinal: 1, revlogID: entry)
        let time = Date(timeIntervalSince1970: 1_779_805_245)
        #expect(AnkiRevlogRecordID.revlogID(of: recordID, guid: "CC+rRp4>~t", ordinal: 1, time: time) == entry)
        // Not this note's card, or not its time: not an Anki entry of it.
        #expect(AnkiRevlogRecordID.revlogID(of: recordID, guid: "CC+rRp4>~t", ordinal: 0, time: time) == nil)
        #expect(AnkiRevlogRecordID.revlogID(of: recordID, guid: "other", ordinal: 1, time: time) == nil)
        #expect(AnkiRevlogRecordID.revlogID(of: recordID, guid: "CC+rRp4>~t", ordinal: 1, time: time + 1) == nil)
        #expect(AnkiRevlogRecordID.revlogID(of: "0123456789abcdef", guid: "CC+rRp4>~t", ordinal: 1, time: time) == nil)
    }

    /// The note type a note goes back with: its own when it has the fields and cards the note
    /// needs, badger's stock one otherwise (a type with more fields would have Anki empty them).
    @Test func aNoteGoesBackWithItsOwnTypeWhenTheTypeFits() throws {
        let basic = AnkiNoteMap.NoteType(
            id: 5, name: "Basic", kind: .basic, fieldNames: ["Front", "Back"], templateNames: ["Card 1"], fieldIDs: [11, 12],
            templateIDs: [13])
        let type = try #require(AnkiExportPlan.noteType(basic, for: .basic))
        #expect(type.id == 5 && type.name == "Basic" && type.fieldIDs == [11, 12] && type.templates.map(\.id) == [13])
        #expect(type.templates.map(\.questionFormat) == ["{{Front}}"])
        // A reversed card from a Basic note needs a second template Basic has not.
        #expect(AnkiExportPlan.noteType(basic, for: .basicAndReversed) == nil)
        let optional = AnkiNoteMap.NoteType(
            id: 6, name: "Optional", kind: .basicOptionalReversed, fieldNames: ["F", "B", "Rev"], templateNames: ["C1", "C2"])
        #expect(AnkiExportPlan.noteType(optional, for: .basicAndReversed)?.templates.last?.questionFormat == "{{#Rev}}{{B}}{{/Rev}}")
        let vocabulary = AnkiNoteMap.NoteType(
            id: 7, name: "Vocabulary", kind: .other, fieldNames: ["Word", "Meaning", "Example"], templateNames: ["Card 1"])
        #expect(AnkiExportPlan.noteType(vocabulary, for: .basic) == nil)
        let cloze = AnkiNoteMap.NoteType(id: 8, name: "Cloze", kind: .cloze, fieldNames: ["Text", "Extra"], templateNames: ["Cloze"])
        #expect(AnkiExportPlan.noteType(cloze, for: .cloze)?.templates.first?.answerFormat == "{{cloze:Text}}<br>\n{{Extra}}")
        #expect(AnkiExportPlan.noteType(cloze, for: .basic) == nil)
    }

    /// Imported, then exported: the package's notes carry their own note types and field ids.
    @Test func anImportedCollectionIsExportedWithItsOwnNoteTypes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = Self.fixtures.appendingPathComponent("latest.apkg")
        let imported = try await BadgerProcess.run(["import", source.path, "--into", "Decks"], in: directory.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let exported = try await BadgerProcess.run(["export", "out.apkg", "Decks"], in: directory.url)
        #expect(exported.status == 0, "\(exported.standardError)")
        let original = try AnkiPackageReader(url: source).collection
        let written = try AnkiPackageReader(url: directory.url.appendingPathComponent("out.apkg")).collection
        let typeOfNote = Dictionary(uniqueKeysWithValues: original.notes.map { ($0.guid, $0.noteTypeID) })
        for note in written.notes {
            #expect(note.noteTypeID == typeOfNote[note.guid], "note \(note.guid)")
        }
        for type in written.noteTypes {
            let own = try #require(original.noteTypes.first { $0.id == type.id })
            #expect(type.fieldNames == own.fieldNames && type.fieldIDs == own.fieldIDs)
            #expect(type.templates.map(\.name) == own.templates.map(\.name) && type.templates.map(\.id) == own.templates.map(\.id))
        }
        // Every answer in Anki's log goes back with its own id.
        let answers = Set(original.reviews.filter(\.isAnswer).map(\.id))
        #expect(Set(written.reviews.map(\.id)) == answers)
    }
}

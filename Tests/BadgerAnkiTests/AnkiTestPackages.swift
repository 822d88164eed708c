import BadgerAnki
import Foundation

/// Small Anki packages the tests build themselves.
enum AnkiTestPackages {
    /// Anki's Basic note type, with id 1.
    static let basic = AnkiNoteType(
        id: 1, name: "Basic", kind: .basic, fieldNames: ["Front", "Back"],
        templates: [.init(name: "Card 1", questionFormat: "{{Front}}", answerFormat: "{{Back}}")])

    /// Writes `collection` and `media` as a package at `url`, created at a fixed time.
    static func write(_ collection: AnkiCollection, media: [AnkiMediaFile] = [], to url: URL) throws {
        try AnkiPackageWriter.write(collection, media: media, to: url, now: Date(timeIntervalSince1970: 1_790_000_000))
    }
}

import Foundation

/// `anki.notes`, beside `badger.yml` (or in the collection's folder): which Anki note each
/// imported (or exported) card belongs to, with what badger has no place for in a deck: the
/// note's tags. `badger import` reads it to add only what is new when the same (or a newer)
/// package is imported again; `badger export` to give the notes their GUIDs and tags back.
///
/// One line per note, sorted by GUID, fields separated by a tab; before them one line per Anki
/// note type the notes came with, so that an export gives the notes their own note type
/// back and Anki updates them instead of reporting them as conflicting (7 fields: `notetype`,
/// id, name, kind, field names, template names, field ids, template ids; lists separated by
/// commas, `-` for an id the package had not):
///
///     # badger anki notes 1	guid	note type	cards (ordinal=key,…)	tags
///     notetype	1342697561419	Basic	Basic	Front,Back	Card 1	-437411591102033368,551262580783707288	-418861311353721038
///     bG-WI3+vH9	1342697561419	0=3dae9556940ae9c6	capitals europe
///
/// A note's note type is the id of such a line, or (for a note badger made) a stock type's name.
/// Keys are the cards' lasting identities (see Grammar/State.md), so an edit, a move or a
/// renamed topic does not lose a card's note.
public struct AnkiNoteMap: Sendable, Equatable {
    public static let fileName = "anki.notes"
    public static let header = "# badger anki notes 1\tguid\tnote type\tcards (ordinal=key,…)\ttags"

    public struct Note: Sendable, Equatable {
        public var guid: String
        public var noteType: String
        /// The key of each card of the note, by Anki's card ordinal.
        public var keys: [Int: String]
        public var tags: [String]

        public init(guid: String, noteType: String, keys: [Int: String], tags: [String]) {
            self.guid = guid
            self.noteType = noteType
            self.keys = keys
            self.tags = tags
        }
    }

    /// An Anki note type a note came with: enough of it (id, field and template names) for
    /// Anki to recognise it as its own when the notes go back.
    public struct NoteType: Sendable, Equatable {
        public var id: Int64
        public var name: String
        public var kind: AnkiNoteType.Kind
        public var fieldNames: [String]
        public var templateNames: [String]
        /// Anki's ids of the fields and templates (Anki 23.10 and later match note types by
        /// them), nil where the package had none.
        public var fieldIDs: [Int64?]
        public var templateIDs: [Int64?]

        public init(
            id: Int64, name: String, kind: AnkiNoteType.Kind, fieldNames: [String], templateNames: [String], fieldIDs: [Int64?] = [],
            templateIDs: [Int64?] = []
        ) {
            self.id = id
            self.name = name
            self.kind = kind
            self.fieldNames = fieldNames
            self.templateNames = templateNames
            self.fieldIDs = fieldIDs
            self.templateIDs = templateIDs
        }

        public init(_ type: AnkiNoteType) {
            self.init(
                id: type.id, name: type.name, kind: type.kind, fieldNames: type.fieldNames, templateNames: type.templates.map(\.name),
                fieldIDs: type.fieldIDs, templateIDs: type.templates.map(\.id))
        }
    }

    static let noteTypeMarker = "notetype"

    public private(set) var notes: [String: Note] = [:]
    /// The note types notes came with, by id.
    public private(set) var noteTypes: [Int64: NoteType] = [:]
    /// The note and ordinal of each key.
    public private(set) var noteOfKey: [String: (guid: String, ordinal: Int)] = [:]

    public init() {}

    public static func == (lhs: AnkiNoteMap, rhs: AnkiNoteMap) -> Bool { lhs.notes == rhs.notes && lhs.noteTypes == rhs.noteTypes }

    /// Reads the file's text.
    ///
    /// - Throws: `AnkiNoteMapError` naming the first line that is not a note.
    public init(text: String) throws {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.isEmpty || line.hasPrefix("#") { continue }
            // A merge that conflicted leaves its markers; both sides' lines are notes (the
            // later of two lines for one note wins, as badger rewrites the file).
            if line.hasPrefix("<<<<<<<") || line.hasPrefix("=======") || line.hasPrefix(">>>>>>>") || line.hasPrefix("|||||||") {
                continue
            }
            let raw = line.split(separator: "\t", omittingEmptySubsequences: false)
            if raw.count == 8, raw[0] == Self.noteTypeMarker {
                guard let id = Int64(raw[1]), let kind = AnkiNoteType.Kind(rawValue: Self.unescaped(String(raw[3]))),
                    let fieldIDs = Self.ids(raw[6]), let templateIDs = Self.ids(raw[7])
                else {
                    throw AnkiNoteMapError(line: number, problem: "not a note type: an id or the kind unknown")
                }
                insert(
                    NoteType(
                        id: id, name: Self.unescaped(String(raw[2])), kind: kind, fieldNames: Self.list(String(raw[4])),
                        templateNames: Self.list(String(raw[5])), fieldIDs: fieldIDs, templateIDs: templateIDs))
                continue
            }
            let fields = raw.map { Self.unescaped(String($0)) }
            guard fields.count == 4, !fields[0].isEmpty else { throw AnkiNoteMapError(line: number, problem: "not 4 fields") }
            var keys: [Int: String] = [:]
            for pair in fields[2].split(separator: ",") where fields[2] != "-" {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let ordinal = Int(parts[0]), ordinal >= 0, !parts[1].isEmpty else {
                    throw AnkiNoteMapError(line: number, problem: "cards are not ordinal=key pairs")
                }
                keys[ordinal] = String(parts[1])
            }
            let tags = fields[3] == "-" ? [] : fields[3].split(separator: " ").map(String.init)
            insert(Note(guid: fields[0], noteType: fields[1], keys: keys, tags: tags))
        }
    }

    /// Adds or replaces a note.
    public mutating func insert(_ note: Note) {
        if let old = notes[note.guid] {
            for key in old.keys.values { noteOfKey[key] = nil }
        }
        notes[note.guid] = note
        for (ordinal, key) in note.keys { noteOfKey[key] = (note.guid, ordinal) }
    }

    /// Adds or replaces a note type.
    public mutating func insert(_ type: NoteType) { noteTypes[type.id] = type }

    /// The note type a note came with, if the file knows it.
    public func noteType(of note: Note) -> NoteType? { Int64(note.noteType).flatMap { noteTypes[$0] } }

    /// The file's text: the header, the note types sorted by id, then the notes sorted by GUID.
    public var text: String {
        var lines = [Self.header]
        for id in noteTypes.keys.sorted() {
            guard let type = noteTypes[id] else { continue }
            lines.append(
                [
                    Self.noteTypeMarker, String(id), Self.escaped(type.name), Self.escaped(type.kind.rawValue),
                    Self.listed(type.fieldNames),
                    Self.listed(type.templateNames), Self.listed(ids: type.fieldIDs), Self.listed(ids: type.templateIDs),
                ].joined(separator: "\t"))
        }
        for guid in notes.keys.sorted() {
            guard let note = notes[guid] else { continue }
            let keys = note.keys.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            let tags = note.tags.joined(separator: " ")
            lines.append(
                [note.guid, note.noteType, keys.isEmpty ? "-" : keys, tags.isEmpty ? "-" : tags].map(Self.escaped).joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Names joined by commas, a comma in a name escaped.
    static func listed(_ names: [String]) -> String {
        names.map { escaped($0).replacingOccurrences(of: ",", with: "\\,") }.joined(separator: ",")
    }

    /// Ids joined by commas, `-` for a missing one.
    static func listed(ids: [Int64?]) -> String { ids.map { $0.map(String.init) ?? "-" }.joined(separator: ",") }

    /// The ids of a `listed(ids:)` column, or nil when one is not a number.
    static func ids(_ column: Substring) -> [Int64?]? {
        guard !column.isEmpty else { return [] }
        var result: [Int64?] = []
        for part in column.split(separator: ",", omittingEmptySubsequences: false) {
            if part == "-" {
                result.append(nil)
            } else if let id = Int64(part) {
                result.append(id)
            } else {
                return nil
            }
        }
        return result
    }

    /// The names of a `listed` column.
    static func list(_ column: String) -> [String] {
        guard !column.isEmpty else { return [] }
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in column {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                current.append(character)
                escaping = true
            } else if character == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map(unescaped)
    }

    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\\" }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// A line of `anki.notes` that is not a note.
public struct AnkiNoteMapError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var problem: String

    public var description: String {
        "\(AnkiNoteMap.fileName):\(line): not a note (\(problem)); fix or remove the line (the file is rewritten by badger import)"
    }
}

import Foundation

/// `anki.notes`, beside `badger.yml` (or in the collection's folder): which Anki note each
/// imported (or exported) card belongs to, with what badger has no place for in a deck: the
/// note's tags. `badger import` reads it to add only what is new when the same (or a newer)
/// package is imported again; `badger export` to give the notes their GUIDs and tags back.
///
/// One line per note, sorted by GUID, fields separated by a tab:
///
///     # badger anki notes 1	guid	note type	cards (ordinal=key,…)	tags
///     bG-WI3+vH9	Basic	0=3dae9556940ae9c6	capitals europe
///
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

    public private(set) var notes: [String: Note] = [:]
    /// The note and ordinal of each key.
    public private(set) var noteOfKey: [String: (guid: String, ordinal: Int)] = [:]

    public init() {}

    public static func == (lhs: AnkiNoteMap, rhs: AnkiNoteMap) -> Bool { lhs.notes == rhs.notes }

    /// Reads the file's text.
    ///
    /// - Throws: `AnkiNoteMapError` naming the first line that is not a note.
    public init(text: String) throws {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescaped(String($0)) }
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

    /// The file's text: the header, then the notes sorted by GUID.
    public var text: String {
        var lines = [Self.header]
        for guid in notes.keys.sorted() {
            guard let note = notes[guid] else { continue }
            let keys = note.keys.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            let tags = note.tags.joined(separator: " ")
            lines.append(
                [note.guid, note.noteType, keys.isEmpty ? "-" : keys, tags.isEmpty ? "-" : tags].map(Self.escaped).joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
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

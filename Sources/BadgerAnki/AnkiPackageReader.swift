import Foundation
import ZIPFoundation

/// An Anki package (`.apkg` or `.colpkg`) opened for reading: its collection, read whole, and
/// its media, read one file at a time on request.
///
/// Reads every format Anki writes today: `collection.anki2` (legacy, schema 11),
/// `collection.anki21` (schema 11, with the `meta` part of Anki 2.1.50 and later, or without)
/// and the current `collection.anki21b` (zstd-compressed, schema 18, with a protobuf media map
/// and zstd-compressed media). Nothing in the package is trusted: part names that could leave
/// a folder, parts that unpack to more than `limit` bytes and damaged parts are errors.
public final class AnkiPackageReader {
    /// The package formats, as Anki's `PackageMetadata` numbers them.
    public enum Format: Int, Sendable {
        case legacy1 = 1
        case legacy2 = 2
        case latest = 3
    }

    public let format: Format
    public let collection: AnkiCollection
    /// The media files' names (as notes refer to them), sorted.
    public let mediaNames: [String]

    private let archive: Archive
    private let mediaEntryOfName: [String: String]
    private let limit: Int
    private var unpacked = 0

    /// Opens and reads the package at `url`. The collection is unpacked into a temporary
    /// folder inside `temporaryDirectory`, removed before this returns.
    ///
    /// - Parameter limit: how many bytes all parts may unpack to together; by default 200 times
    ///   the package's size, at least 512 MiB and at most 8 GiB.
    public init(url: URL, temporaryDirectory: URL = FileManager.default.temporaryDirectory, limit: Int? = nil) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        self.limit = limit ?? min(8 << 30, max(512 << 20, size * 200))
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw AnkiReadError.notAPackage(FileManager.default.fileExists(atPath: url.path) ? "no zip directory found" : "no such file")
        }
        self.archive = archive
        var names: Set<String> = []
        for entry in archive {
            let path = entry.path
            guard Self.isPlainName(path) else { throw AnkiReadError.unsafePath(path) }
            guard entry.type == .file else { throw AnkiReadError.unsafePath(path) }
            names.insert(path)
        }
        var format: Format
        if names.contains("meta") {
            let meta = try Self.read(archive, "meta", limit: 1 << 16)
            let fields = (try? ProtobufReader.fields(of: meta)) ?? []
            let version = fields.first { $0.number == 1 }.flatMap { if case .varint(let v) = $0.value { Int(v) } else { nil } } ?? 0
            guard let known = Format(rawValue: version) else {
                throw AnkiReadError.damaged("meta", "package version \(version) is not one badger knows (1 to 3)")
            }
            format = known
        } else if names.contains("collection.anki21b") {
            format = .latest
        } else if names.contains("collection.anki21") {
            format = .legacy2
        } else {
            format = .legacy1
        }
        // A package without `meta` holds the newest collection it has.
        let collectionName: String
        switch format {
        case .latest: collectionName = "collection.anki21b"
        case .legacy2: collectionName = "collection.anki21"
        case .legacy1: collectionName = "collection.anki2"
        }
        guard names.contains(collectionName) else {
            if format == .legacy1 || names.contains(where: { $0.hasPrefix("collection.") }) {
                throw AnkiReadError.noCollection
            }
            throw AnkiReadError.noCollection
        }
        self.format = format

        // The media map: entry name → file name.
        var mediaEntryOfName: [String: String] = [:]
        if names.contains("media") {
            var bytes = try Self.read(archive, "media", limit: 256 << 20)
            if format == .latest {
                bytes = try Zstd.decompress(bytes, limit: 256 << 20, name: "media map")
                do {
                    var index = 0
                    for field in try ProtobufReader.fields(of: bytes) where field.number == 1 {
                        guard case .bytes(let entry) = field.value else { throw ProtobufReader.Malformed() }
                        var name: String?
                        var legacyIndex: Int?
                        for part in try ProtobufReader.fields(of: entry) {
                            switch (part.number, part.value) {
                            case (1, .bytes(let text)): name = String(decoding: text, as: UTF8.self)
                            case (255, .varint(let number)): legacyIndex = Int(truncatingIfNeeded: number)
                            default: break
                            }
                        }
                        if let name { mediaEntryOfName[name] = String(legacyIndex ?? index) }
                        index += 1
                    }
                } catch {
                    throw AnkiReadError.damaged("media map", "not a list of media files")
                }
            } else if !bytes.isEmpty {
                guard let map = try? JSONSerialization.jsonObject(with: bytes) as? [String: String] else {
                    throw AnkiReadError.damaged("media map", "not a JSON object of file names")
                }
                for (entry, name) in map { mediaEntryOfName[name] = entry }
            }
        }
        for (name, entry) in mediaEntryOfName where !names.contains(entry) {
            throw AnkiReadError.damaged("media map", "it names \"\(name)\", which the package does not hold")
        }
        self.mediaEntryOfName = mediaEntryOfName
        mediaNames = mediaEntryOfName.keys.sorted()

        // The collection, unpacked into a temporary file for SQLite.
        let folder = temporaryDirectory.appendingPathComponent("badger-anki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var data = try Self.read(archive, collectionName, limit: self.limit)
        unpacked += data.count
        if format == .latest || Zstd.isCompressed(data) {
            data = try Zstd.decompress(data, limit: self.limit, name: collectionName)
        }
        let file = folder.appendingPathComponent("collection.sqlite")
        try data.write(to: file)
        data = Data()
        collection = try AnkiCollectionReader.read(path: file.path, part: collectionName)
    }

    /// The bytes of a media file, by the name notes use.
    ///
    /// - Throws: `AnkiReadError` for a file the package does not hold, one that is damaged,
    ///   or one past the package's unpacking limit.
    public func mediaData(named name: String) throws -> Data {
        guard let entry = mediaEntryOfName[name] else { throw AnkiReadError.damaged("media \"\(name)\"", "missing") }
        var data = try Self.read(archive, entry, limit: limit - unpacked, shown: "media \"\(name)\"")
        if format == .latest || Zstd.isCompressed(data) {
            data = try Zstd.decompress(data, limit: limit - unpacked, name: "media \"\(name)\"")
        }
        unpacked += data.count
        return data
    }

    /// A part's bytes, refusing more than `limit` of them.
    private static func read(_ archive: Archive, _ name: String, limit: Int, shown: String? = nil) throws -> Data {
        let shown = shown ?? name
        guard let entry = archive[name] else { throw AnkiReadError.damaged(shown, "missing") }
        guard entry.uncompressedSize <= UInt64(max(0, limit)) else { throw AnkiReadError.tooLarge(shown, limit: limit) }
        var data = Data()
        do {
            _ = try archive.extract(
                entry,
                consumer: { chunk in
                    guard data.count + chunk.count <= limit else { throw AnkiReadError.tooLarge(shown, limit: limit) }
                    data.append(chunk)
                })
        } catch let error as AnkiReadError {
            throw error
        } catch {
            throw AnkiReadError.damaged(shown, "cannot be unpacked (\(error))")
        }
        return data
    }

    /// Whether a zip entry's name is a plain file name: no folder, no `..`, no control characters.
    static func isPlainName(_ path: String) -> Bool {
        !path.isEmpty && path != "." && path != ".." && !path.contains("/") && !path.contains("\\")
            && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}

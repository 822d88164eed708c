import Foundation

/// Why a package could not be read; each message names the package part and what to do.
public enum AnkiReadError: Error, Equatable, CustomStringConvertible {
    /// The file is not a zip archive (or is cut short).
    case notAPackage(String)
    /// A part of the package is damaged: the part's name and what is wrong.
    case damaged(String, String)
    /// A part would unpack to more than the limit (a zip bomb, or a collection too large).
    case tooLarge(String, limit: Int)
    /// A zip entry's name that could write outside the folder it is unpacked into.
    case unsafePath(String)
    /// No collection file in the package.
    case noCollection
    /// The collection's schema version is one badger does not know.
    case unknownSchema(Int)

    public var description: String {
        switch self {
        case .notAPackage(let reason): return "not an Anki package (a zip archive): \(reason)"
        case .damaged(let part, let reason): return "the package's \(part) is damaged: \(reason)"
        case .tooLarge(let part, let limit):
            return "the package's \(part) unpacks to more than \(limit / (1 << 20)) MiB; refused (a zip bomb?)"
        case .unsafePath(let path): return "the package holds a file named \"\(path)\", which points outside the package; refused"
        case .noCollection:
            return "the package holds no collection (collection.anki21b, collection.anki21 or collection.anki2)"
        case .unknownSchema(let version):
            return "the collection has schema version \(version), which badger cannot read (it reads 11 and 14 to 18)"
        }
    }
}

import BadgerDeck
import BadgerMemory
import Foundation

/// An image to copy beside a deck for a new card: checked to be a small PNG, JPEG or GIF by
/// its bytes, and given a safe name inside `images/`.
struct ImageImport {
    /// The largest image accepted, as `ImageSizeReasonable` allows.
    static let maximumBytes = 1 << 20

    enum Failure: Error, CustomStringConvertible {
        case missing(String)
        case notAnImage(String)
        case tooLarge(String, Int)

        var description: String {
            switch self {
            case .missing(let path): return "cannot read the image \(path)"
            case .notAnImage(let path): return "\(path) is not a PNG, JPEG or GIF image (judged by its contents, not its name)"
            case .tooLarge(let path, let size):
                return "\(path) is \(size) bytes; images may be at most 1 MiB (\(ImageImport.maximumBytes) bytes), so shrink it first"
            }
        }

        var status: ExitStatus {
            if case .missing = self { return .usageOrIO }
            return .findings
        }
    }

    let bytes: [UInt8]
    /// Where the image goes, absolute.
    let destination: String
    /// The path the card shows, relative to the deck: `images/NAME`.
    let reference: String
    /// Whether the same image is already there (nothing to copy).
    let alreadyThere: Bool

    /// Reads and checks `source` (relative to the current directory) and picks its place in
    /// `images/` beside the deck in `deckDirectory`.
    init(source: String, deckDirectory: String) throws(Failure) {
        let path = DeckPlacement.absolute(source)
        let shown = UntrustedText.sanitized(source)
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .missing(shown) }
        guard Int(info.st_size) <= Self.maximumBytes else { throw .tooLarge(shown, Int(info.st_size)) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .missing(shown) }
        guard data.count <= Self.maximumBytes else { throw .tooLarge(shown, data.count) }
        bytes = [UInt8](data)
        guard let format = ImageFormat(magic: Array(bytes.prefix(8))) else { throw .notAnImage(shown) }

        let name = Self.safeName((path as NSString).lastPathComponent, format: format)
        let folder = deckDirectory + "/images"
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        var candidate = name
        var number = 1
        var same = false
        while let existing = FileManager.default.contents(atPath: folder + "/" + candidate) {
            if [UInt8](existing) == bytes {
                same = true
                break
            }
            number += 1
            candidate = "\(stem)-\(number).\(ext)"
        }
        destination = folder + "/" + candidate
        reference = "images/" + candidate
        alreadyThere = same
    }

    /// A file name safe in a Markdown link and on every file system: ASCII letters, digits,
    /// `.`, `_` and `-` only (other characters become one `-`), with the format's extension.
    static func safeName(_ name: String, format: ImageFormat) -> String {
        var stem = (name as NSString).deletingPathExtension
        var ext = (name as NSString).pathExtension.lowercased()
        let known: [ImageFormat: Set<String>] = [.png: ["png"], .jpeg: ["jpg", "jpeg"], .gif: ["gif"]]
        if !(known[format] ?? []).contains(ext) {
            if !ext.isEmpty { stem += "-" + ext }
            ext = format == .jpeg ? "jpg" : format.rawValue
        }
        stem = String(
            stem.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "-"
            })
        while stem.contains("--") { stem = stem.replacingOccurrences(of: "--", with: "-") }
        while stem.hasPrefix(".") || stem.hasPrefix("-") { stem.removeFirst() }
        while stem.hasSuffix(".") || stem.hasSuffix("-") { stem.removeLast() }
        if stem.isEmpty { stem = "image" }
        return stem + "." + ext
    }

    /// Copies the image into place (atomically), unless it is already there.
    func copy() throws {
        guard !alreadyThere else { return }
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(bytes, to: destination)
    }
}

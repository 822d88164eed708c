/// The image formats a card may show, recognised by their first bytes, not their names.
public enum ImageFormat: String, Sendable {
    case png, jpeg, gif

    /// Recognises a format from the first bytes of a file (at least 8 for PNG).
    public init?(magic bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }
}

/// How an image reference in a card maps to a file.
public enum ImagePath {
    /// Whether `source` names something on another machine (or inline data) rather than a file.
    public static func isRemote(_ source: String) -> Bool {
        if source.hasPrefix("//") { return true }
        guard let colon = source.firstIndex(of: ":") else { return false }
        let scheme = source[..<colon]
        // A one-letter scheme is a Windows drive, not a URL.
        return scheme.count > 1 && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// `source` (percent-decoded) joined to `directory`, with `.` and `..` left for the file
    /// system to resolve.
    static func joined(_ source: String, relativeTo directory: String) -> String {
        let decoded = source.removingPercentEncodingIfValid
        return decoded.hasPrefix("/") ? decoded : directory + "/" + decoded
    }

    /// For a path that does not exist, its nearest existing ancestor resolved, with the rest
    /// appended: where the file would be.
    static func resolvedParent(of path: String, fileAccess: any FileAccess) -> String? {
        var head = path
        var tail: [Substring] = []
        while let slash = head.lastIndex(of: "/"), slash != head.startIndex {
            tail.insert(head[head.index(after: slash)...], at: 0)
            head = String(head[..<slash])
            if let resolved = fileAccess.resolvedPath(head) {
                return absolute(tail.joined(separator: "/"), relativeTo: resolved)
            }
        }
        return nil
    }

    /// The absolute, normalized path of `source` (percent-decoded) relative to `directory`.
    public static func absolute(_ source: String, relativeTo directory: String) -> String {
        let decoded = source.removingPercentEncodingIfValid
        let joined = decoded.hasPrefix("/") ? decoded : directory + "/" + decoded
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension String {
    /// The string with `%XX` escapes decoded, or unchanged if they do not decode to UTF-8.
    var removingPercentEncodingIfValid: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        let view = utf8
        while index != view.endIndex {
            let byte = view[index]
            if byte == UInt8(ascii: "%"), let first = view.index(index, offsetBy: 1, limitedBy: view.endIndex), first != view.endIndex,
                let second = view.index(first, offsetBy: 1, limitedBy: view.endIndex), second != view.endIndex,
                let value = UInt8(String(decoding: [view[first], view[second]], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = view.index(after: second)
            } else {
                bytes.append(byte)
                index = view.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}

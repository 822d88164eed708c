/// The file system with some files replaced: reads of the given paths return the given bytes.
/// Used to check a deck (and an image it shows) before anything is written, and by the language
/// server for the documents open in an editor.
public struct FileOverlay: FileAccess {
    public let base: any FileAccess
    /// The replaced files' bytes by absolute path.
    public let files: [String: [UInt8]]

    public init(base: any FileAccess = LocalFileSystem(), files: [String: [UInt8]]) {
        self.base = base
        self.files = files
    }

    public func contents(atPath path: String) throws -> [UInt8] {
        if let bytes = files[path] { return bytes }
        return try base.contents(atPath: path)
    }

    public func read(atPath path: String, inPartsOf size: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        if let bytes = files[path] { return try bytes.withUnsafeBytes { try body($0) } }
        try base.read(atPath: path, inPartsOf: size, body)
    }

    public func prefix(atPath path: String, count: Int) -> [UInt8]? {
        if let bytes = files[path] { return Array(bytes.prefix(count)) }
        return base.prefix(atPath: path, count: count)
    }

    public func size(atPath path: String) -> Int? { files[path]?.count ?? base.size(atPath: path) }

    public func identity(ofDirectory path: String) -> DirectoryIdentity? { base.identity(ofDirectory: path) }

    public func kind(atPath path: String) -> FileKind? {
        if files[path] != nil { return .file }
        if let kind = base.kind(atPath: path) { return kind }
        // A directory that will be created to hold a new file.
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) } ? .directory : nil
    }

    public func resolvedPath(_ path: String) -> String? {
        if let resolved = base.resolvedPath(path) { return resolved }
        guard kind(atPath: path) != nil else { return nil }
        // A file still to be written: its nearest existing ancestor resolved, plus the rest.
        var head = path
        var tail: [Substring] = []
        while let slash = head.lastIndex(of: "/"), slash != head.startIndex {
            tail.insert(head[head.index(after: slash)...], at: 0)
            head = String(head[..<slash])
            if let resolved = base.resolvedPath(head) { return ([Substring(resolved)] + tail).joined(separator: "/") }
        }
        return path
    }

    public func entries(ofDirectory path: String) throws -> [String] { try base.entries(ofDirectory: path) }

    public var currentDirectory: String { base.currentDirectory }
}

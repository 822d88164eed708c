import BadgerDeck

/// The file system as the library should see it while the editor has documents open: an open
/// document's text replaces the file on disk.
struct OverlayFileAccess: FileAccess {
    let base: any FileAccess
    /// Open documents' bytes by absolute path.
    let overlays: [String: [UInt8]]

    func contents(atPath path: String) throws -> [UInt8] {
        if let bytes = overlays[path] { return bytes }
        return try base.contents(atPath: path)
    }

    func prefix(atPath path: String, count: Int) -> [UInt8]? {
        if let bytes = overlays[path] { return Array(bytes.prefix(count)) }
        return base.prefix(atPath: path, count: count)
    }

    func size(atPath path: String) -> Int? { overlays[path]?.count ?? base.size(atPath: path) }

    func kind(atPath path: String) -> FileKind? { overlays[path] != nil ? .file : base.kind(atPath: path) }

    func resolvedPath(_ path: String) -> String? { base.resolvedPath(path) ?? (overlays[path] != nil ? path : nil) }

    func entries(ofDirectory path: String) throws -> [String] { try base.entries(ofDirectory: path) }

    var currentDirectory: String { base.currentDirectory }
}

import BadgerDeck

/// A collection that exists only in memory: `/collection/<name>` for each file, so fuzz inputs
/// never touch the disk. `..` and `.` are resolved the way the real file system would.
struct InMemoryFiles: FileAccess {
    static let root = "/collection"
    var files: [String: [UInt8]]

    init(_ files: [String: [UInt8]]) {
        self.files = Dictionary(uniqueKeysWithValues: files.map { (Self.root + "/" + $0.key, $0.value) })
    }

    func contents(atPath path: String) throws -> [UInt8] {
        guard let bytes = files[normalized(path)] else { throw CocoaErrorLike.missing }
        return bytes
    }

    func prefix(atPath path: String, count: Int) -> [UInt8]? { files[normalized(path)].map { Array($0.prefix(count)) } }
    func size(atPath path: String) -> Int? { files[normalized(path)]?.count }

    func kind(atPath path: String) -> FileKind? {
        let path = normalized(path)
        if files[path] != nil { return .file }
        return files.keys.contains { $0.hasPrefix(path + "/") } || path == Self.root ? .directory : nil
    }

    func resolvedPath(_ path: String) -> String? { kind(atPath: path) == nil ? nil : normalized(path) }

    func entries(ofDirectory path: String) throws -> [String] {
        let prefix = normalized(path) + "/"
        return Set(files.keys.filter { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count).split(separator: "/")[0] })
            .map(String.init).sorted()
    }

    var currentDirectory: String { Self.root }

    private func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in (path.hasPrefix("/") ? path : Self.root + "/" + path).split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    enum CocoaErrorLike: Error { case missing }
}

import BadgerDeck

/// A file system in memory for tests: regular files by absolute path, directories implied by
/// the files' paths, and optional symbolic links.
///
/// `resolvedPath` behaves like `realpath(3)`: it walks the path one component at a time,
/// applying `.` and `..` to the path resolved so far and replacing symbolic links by their
/// targets (relative targets are relative to the link's directory), and returns nil when the
/// result does not exist.
final class InMemoryFileSystem: FileAccess, @unchecked Sendable {
    /// File contents by absolute path.
    var files: [String: [UInt8]]
    /// Symbolic links: the link's absolute path and the target as written (absolute or relative).
    var symlinks: [String: String]
    var currentDirectory: String

    init(files: [String: [UInt8]] = [:], symlinks: [String: String] = [:], currentDirectory: String = "/work") {
        self.files = [:]
        self.symlinks = [:]
        self.currentDirectory = currentDirectory
        for (path, bytes) in files { self.files[Self.normalized(path)] = bytes }
        for (link, target) in symlinks { self.symlinks[Self.normalized(link)] = target }
    }

    /// Adds or replaces a file.
    func write(_ path: String, _ bytes: [UInt8]) { files[Self.normalized(path)] = bytes }

    /// Adds or replaces a file with UTF-8 text.
    func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }

    /// Adds a symbolic link at `link` pointing to `target`.
    func link(_ link: String, to target: String) { symlinks[Self.normalized(link)] = target }

    // MARK: FileAccess

    func contents(atPath path: String) throws -> [UInt8] {
        guard let resolved = resolvedPath(path), let bytes = files[resolved] else {
            throw InMemoryFileSystemError.noSuchFile(path)
        }
        return bytes
    }

    func prefix(atPath path: String, count: Int) -> [UInt8]? {
        guard let resolved = resolvedPath(path), let bytes = files[resolved] else { return nil }
        return Array(bytes.prefix(count))
    }

    func size(atPath path: String) -> Int? {
        guard let resolved = resolvedPath(path), let bytes = files[resolved] else { return nil }
        return bytes.count
    }

    func kind(atPath path: String) -> FileKind? {
        guard let resolved = resolvedPath(path) else { return nil }
        return physicalKind(resolved)
    }

    func resolvedPath(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var pending = Array(absolute.split(separator: "/").map(String.init).reversed())
        var resolved: [String] = []
        var linksFollowed = 0
        while let component = pending.popLast() {
            switch component {
            case "", ".":
                continue
            case "..":
                if !resolved.isEmpty { resolved.removeLast() }
            default:
                let candidate = "/" + (resolved + [component]).joined(separator: "/")
                if let target = symlinks[candidate] {
                    linksFollowed += 1
                    if linksFollowed > 40 { return nil }  // ELOOP
                    if target.hasPrefix("/") { resolved = [] }
                    pending.append(contentsOf: target.split(separator: "/").map(String.init).reversed())
                    continue
                }
                guard physicalKind(candidate) != nil else { return nil }
                // Only directories may have further components.
                if !pending.isEmpty, physicalKind(candidate) != .directory,
                    pending.contains(where: { $0 != "" && $0 != "." })
                {
                    return nil
                }
                resolved.append(component)
            }
        }
        return "/" + resolved.joined(separator: "/")
    }

    func entries(ofDirectory path: String) throws -> [String] {
        guard let resolved = resolvedPath(path), physicalKind(resolved) == .directory else {
            throw InMemoryFileSystemError.notADirectory(path)
        }
        let prefix = resolved == "/" ? "/" : resolved + "/"
        var names: Set<String> = []
        for entry in Array(files.keys) + Array(symlinks.keys) where entry.hasPrefix(prefix) {
            if let name = entry.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
        }
        return names.sorted()
    }

    // MARK: Helpers

    /// What is at `path` without following links at its end: a file, a directory implied by a
    /// file or link below it, or nothing.
    private func physicalKind(_ path: String) -> FileKind? {
        if path == "/" { return .directory }
        if files[path] != nil { return .file }
        let prefix = path + "/"
        if files.keys.contains(where: { $0.hasPrefix(prefix) }) || symlinks.keys.contains(where: { $0.hasPrefix(prefix) }) {
            return .directory
        }
        return nil
    }

    /// `path` with duplicate and trailing slashes removed (no `.`/`..` handling: stored paths
    /// are written by tests).
    private static func normalized(_ path: String) -> String {
        "/" + path.split(separator: "/").joined(separator: "/")
    }
}

enum InMemoryFileSystemError: Error, CustomStringConvertible {
    case noSuchFile(String)
    case notADirectory(String)

    var description: String {
        switch self {
        case .noSuchFile(let path): return "\(path): no such file"
        case .notADirectory(let path): return "\(path): not a directory"
        }
    }
}

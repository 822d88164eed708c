import Foundation

/// `FileAccess` on the real file system.
public struct LocalFileSystem: FileAccess {
    public init() {}

    public func contents(atPath path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileAccessError.unreadable(path: path)
        }
        return [UInt8](data)
    }

    public func prefix(atPath path: String, count: Int) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)).map { [UInt8]($0) }
    }

    public func size(atPath path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    public func kind(atPath path: String) -> FileKind? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .directory : .file
    }

    public func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func entries(ofDirectory path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    public var currentDirectory: String { FileManager.default.currentDirectoryPath }
}

/// A file that could not be read.
public enum FileAccessError: Error, CustomStringConvertible {
    case unreadable(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path): return "cannot read \(path)"
        }
    }
}

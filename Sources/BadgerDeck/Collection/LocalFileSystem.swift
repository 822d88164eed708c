import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// `FileAccess` on the real file system.
public struct LocalFileSystem: FileAccess {
    public init() {}

    /// The file's bytes, read straight into the array (a 200 MB deck is not held twice).
    public func contents(atPath path: String) throws -> [UInt8] {
        let descriptor = try Self.openRegularFile(path)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileAccessError.unreadable(path: path) }
        // One byte more than the size, to see the end without another read; more if it grows.
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 1 << 16))) }
            let count = bytes.withUnsafeMutableBytes { buffer in systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileAccessError.unreadable(path: path) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Opens `path` for reading if it is a regular file: a FIFO (or a device) named like a
    /// deck, log or state file is unreadable, never waited on (opening a FIFO blocks until
    /// something writes to it).
    private static func openRegularFile(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileAccessError.unreadable(path: path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw FileAccessError.unreadable(path: path)
        }
        // Reads block as usual (a regular file's never wait anyway).
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// The file in parts read into one buffer, reused.
    public func read(atPath path: String, inPartsOf size: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let descriptor = try Self.openRegularFile(path)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: max(1, size))
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileAccessError.unreadable(path: path) }
            if count == 0 { return }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
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

    public func identity(ofDirectory path: String) -> DirectoryIdentity? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return DirectoryIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
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

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writing files so a crash never leaves one half-written.
public enum AtomicFile {
    /// Replaces `path` with `text`: writes a temporary file beside it, syncs it to disk, renames
    /// it over the old file and syncs the directory. Readers see the old file or the new one,
    /// never a mix.
    ///
    /// - Throws: `StorageError.writeFailed` naming the file and the system's reason; the old
    ///   file is then untouched.
    public static func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw StorageError.writeFailed(path: path, reason: failure)
        }
        syncDirectory(directory.isEmpty ? "." : directory)
    }

    /// Appends `line` and a line ending to `path` (creating it with `header` first if it does
    /// not exist) in one write, then syncs it to disk before returning.
    public static func appendLine(_ line: String, to path: String, header: String) throws {
        let existed = access(path, F_OK) == 0
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let text = (existed ? "" : header + "\n") + line + "\n"
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        if !existed { syncDirectory((path as NSString).deletingLastPathComponent) }
    }

    private static func syncDirectory(_ path: String) {
        let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// Problems writing or locking a collection's files. Each says which file and why.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    case writeFailed(path: String, reason: String)
    case locked(path: String, holder: String)
    case lockFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .writeFailed(let path, let reason): return "cannot write \(path): \(reason); the previous file is unchanged"
        case .locked(let path, let holder): return "the collection is in use by \(holder) (lock \(path)); try again when it finishes"
        case .lockFailed(let path, let reason): return "cannot lock \(path): \(reason)"
        }
    }
}

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
        try write(Array(text.utf8), to: path)
    }

    /// Replaces `path` with `bytes`, like `write(_:to:)` for text.
    ///
    /// A temporary file left behind by a writer that was killed (its process is gone) is
    /// removed first, so a crash leaves nothing behind for long.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        let prefix = ".\((path as NSString).lastPathComponent).tmp-"
        removeStaleTemporaries(in: folder, prefix: prefix)
        let temporary = folder + "/" + prefix + "\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
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
        syncDirectory(folder)
    }

    /// Unlinks `PREFIX<pid>` files in `directory` whose process no longer runs.
    private static func removeStaleTemporaries(in directory: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// Appends `line` and a line ending to `path` (creating it with `header` first if it does
    /// not exist) in one write, then syncs it to disk before returning.
    ///
    /// A last line without a line ending can only be a write cut short by a crash (every write
    /// ends with one); it was never acknowledged, so it is cut off before appending. Callers
    /// hold the collection lock, so no other writer is mid-line.
    /// - Returns: what `undoAppend(_:)` needs to take the line back out.
    @discardableResult
    public static func appendLine(_ line: String, to path: String, header: String) throws -> AppendedLine {
        let existed = access(path, F_OK) == 0
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        func failure() -> StorageError { .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var size = lseek(descriptor, 0, SEEK_END)
        guard size >= 0 else { throw failure() }
        if size > 0, try lastByte(descriptor, size: size) != 0x0A {
            size = try endOfLastCompleteLine(descriptor, size: size)
            guard ftruncate(descriptor, size) == 0, lseek(descriptor, size, SEEK_SET) >= 0 else { throw failure() }
        }
        let text = (size == 0 ? header + "\n" : "") + line + "\n"
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = failure()
                ftruncate(descriptor, size)  // Leave no partial line behind.
                throw error
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw failure() }
        if size == 0 { syncDirectory((path as NSString).deletingLastPathComponent) }
        return AppendedLine(path: path, previousSize: existed ? size : nil)
    }

    /// Where a line was appended, so a caller whose next step failed can take it back out.
    public struct AppendedLine: Sendable, Equatable {
        public var path: String
        /// The file's size before the line (after cutting off a crash fragment); nil if the append
        /// created the file.
        public var previousSize: off_t?
    }

    /// Takes an appended line back out: the file is cut to its size before (or removed, if the
    /// append created it) and synced. Used when what must follow the append failed, so that a
    /// failed command leaves the files as they were.
    public static func undoAppend(_ appended: AppendedLine) throws {
        guard let size = appended.previousSize else {
            guard unlink(appended.path) == 0 || errno == ENOENT else {
                throw StorageError.writeFailed(path: appended.path, reason: String(cString: strerror(errno)))
            }
            return
        }
        let descriptor = open(appended.path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.writeFailed(path: appended.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard ftruncate(descriptor, size) == 0, fsync(descriptor) == 0 else {
            throw StorageError.writeFailed(path: appended.path, reason: String(cString: strerror(errno)))
        }
    }

    private static func lastByte(_ descriptor: Int32, size: off_t) throws -> UInt8 {
        var byte: UInt8 = 0
        guard pread(descriptor, &byte, 1, size - 1) == 1 else { throw StorageError.writeFailed(path: "", reason: "cannot read") }
        return byte
    }

    /// The size of the file up to and including its last line ending (0 if it has none).
    private static func endOfLastCompleteLine(_ descriptor: Int32, size: off_t) throws -> off_t {
        var end = size
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while end > 0 {
            let start = max(0, end - off_t(buffer.count))
            let count = Int(end - start)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, count, start) }
            guard read == count else { throw StorageError.writeFailed(path: "", reason: "cannot read") }
            if let newline = buffer[..<count].lastIndex(of: 0x0A) { return start + off_t(newline) + 1 }
            end = start
        }
        return 0
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

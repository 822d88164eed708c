import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
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
    /// A symbolic link at `path` is replaced, never followed (a state file linked to a file
    /// outside the collection must not overwrite it); see `writeDeck` for decks.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let writer = try Writer(replacing: path)
        do {
            try writer.write(bytes)
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Replaces the deck file `path` with `text`, as `write` does, but through a symbolic link
    /// to another deck inside the collection `root`: that deck is rewritten and the link stays.
    /// A link to anything else (a file outside the collection, a file that is not a `.md`) is
    /// replaced, never written through.
    public static func writeDeck(_ text: String, to path: String, root: String) throws {
        let followed = path.lowercased().hasSuffix(".md") ? realPath(of: path, within: root) ?? path : path
        try write(Array(text.utf8), to: followed.lowercased().hasSuffix(".md") ? followed : path)
    }

    /// Where badger writes the collection file `path` (badger.yml, badger.fits): the path itself,
    /// or, when it is a symbolic link to a file inside the collection `root`, that file (the
    /// link stays; `write` would replace it).
    ///
    /// - Throws: `StorageError.writeFailed` for a link to a file outside `root` (badger writes
    ///   only inside the collection, and replacing the link would break what it shares), and for
    ///   a link to nothing or to a folder (replacing it would lose where it pointed). Whether it
    ///   may be replaced is `requireWritable`'s to say.
    public static func target(ofCollectionFile path: String, within root: String) throws -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return path }
        guard info.st_mode & S_IFMT == S_IFLNK else {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw StorageError.writeFailed(path: path, reason: "it is \(kind(of: info)), not a file; badger does not replace it")
            }
            return path
        }
        var target = stat()
        guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG else {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            throw StorageError.writeFailed(
                path: path, reason: "it is a link to \(destination), which is not a file; badger does not replace the link")
        }
        if let real = realPath(of: path, within: root) { return real }
        throw StorageError.writeFailed(
            path: path,
            reason:
                "it is a link to \(realPath(of: path)), outside the collection, and badger writes only inside it (copy the file into the collection)"
        )
    }

    /// What a thing that is not a regular file is, for messages: "a folder", "a named pipe (FIFO)" …
    static func kind(of info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "something other than a file"
        }
    }

    /// Throws unless the file `path` (when there is one) and its folder may be written: a file
    /// made read-only (no write permission for anyone, as `chmod a-w` leaves it, which root's
    /// permissions would otherwise ignore; or none for this user) is never replaced, though the
    /// rename of an atomic write would replace it all the same; a folder on a read-only file
    /// system or without write permission could not take the temporary file.
    ///
    /// - Throws: `StorageError.writeFailed` saying which and what to do.
    public static func requireWritable(_ path: String) throws {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, info.st_mode & 0o222 == 0 {
            throw StorageError.writeFailed(
                path: path,
                reason: "it is read-only, and badger does not replace a file you made read-only (`chmod u+w` it to let badger write it)")
        }
        if exists, access(path, W_OK) != 0 {
            throw StorageError.writeFailed(
                path: path,
                reason: errno == EROFS
                    ? "it is on a read-only file system"
                    : "you have no permission to write it (it belongs to user \(info.st_uid)), and badger does not replace it")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        if access(folder, W_OK) != 0 {
            throw StorageError.writeFailed(
                path: path,
                reason: errno == EROFS ? "its folder is on a read-only file system" : "its folder is not writable (no permission)")
        }
        // In a sticky folder (a shared /tmp-like one) only the file's or the folder's owner may
        // rename over the file.
        var folderInfo = stat()
        let user = geteuid()
        if exists, user != 0, info.st_uid != user, stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_ISVTX != 0,
            folderInfo.st_uid != user
        {
            throw StorageError.writeFailed(
                path: path,
                reason: "it belongs to user \(info.st_uid) in a folder with the sticky bit, where only its owner may replace it")
        }
    }

    /// The real path of `path` when it lies inside the real path of `root`, else nil.
    public static func realPath(of path: String, within root: String) -> String? {
        let real = realPath(of: path)
        let realRoot = realPath(of: root)
        return real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") ? real : nil
    }

    /// The file `path` leads to through symbolic links, or `path` when it does not exist yet.
    public static func realPath(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Unlinks the temporary files in `directory` (`.NAME.tmp-<pid>`, of any file there) whose
    /// writer no longer runs: a writer killed while replacing one file leaves nothing behind
    /// once anything in its folder is written again.
    static func removeStaleTemporaries(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".") {
            guard let marker = name.range(of: ".tmp-", options: .backwards),
                let pid = pid_t(name[marker.upperBound...]), pid > 0, pid != getpid()
            else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// Appends `line` and a line ending to `path`, like `appendLines(_:to:header:)`.
    @discardableResult
    public static func appendLine(_ line: String, to path: String, header: String) throws -> AppendedLine {
        try appendLines([line], to: path, header: header)
    }

    /// Appends `lines`, each with a line ending, to `path` (creating it with `header` first if it
    /// does not exist) in one write, then syncs it to disk before returning.
    ///
    /// The file is opened with `O_APPEND` and locked (`flock`) for the append, so two writers,
    /// wherever they were started and by whichever path (a linked folder, `..`), never
    /// interleave or overwrite each other's lines; a log that is itself a symbolic link is
    /// refused. A last line without a line ending is kept when it is a
    /// whole record (a line ending is added first), and cut off otherwise: it can only be a
    /// write cut short by a crash, which was never acknowledged.
    /// - Returns: what `undoAppend(_:)` needs to take the lines back out.
    @discardableResult
    public static func appendLines(_ lines: [String], to path: String, header: String) throws -> AppendedLine {
        try appendLines(lines, to: path, header: header, expectedSize: nil)!
    }

    /// `appendLines`, only while the file is `expectedSize` bytes long (0: absent or empty),
    /// checked under its lock: nil, with nothing written, when another writer got there first.
    public static func appendLines(_ lines: [String], to path: String, header: String, ifSize expectedSize: off_t) throws
        -> AppendedLine?
    {
        try appendLines(lines, to: path, header: header, expectedSize: expectedSize)
    }

    private static func appendLines(_ lines: [String], to path: String, header: String, expectedSize: off_t?) throws -> AppendedLine? {
        let created = access(path, F_OK) != 0
        // A log that is itself a symbolic link is not written through (a hostile clone's
        // `french.reviews` linked to a file outside the collection); folders on the way may be.
        // A file expected to hold something is never created (it was removed since it was read).
        let creating = expectedSize.map { $0 == 0 } ?? true
        let descriptor = open(path, O_RDWR | (creating ? O_CREAT : 0) | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if descriptor < 0, !creating, errno == ENOENT { return nil }
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link (badger does not write through one)" : String(cString: strerror(errno))
            throw StorageError.writeFailed(path: path, reason: reason)
        }
        defer { close(descriptor) }  // Closing also releases the lock.
        func failure() -> StorageError { .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StorageError.lockFailed(path: path, reason: String(cString: strerror(errno))) }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure() }
        var size = status.st_size
        // Never unlinked, even if created here: another writer may be waiting for its lock.
        if let expectedSize, size != expectedSize { return nil }
        var text = ""
        if size > 0, try lastByte(descriptor, size: size) != 0x0A {
            let lineStart = try endOfLastCompleteLine(descriptor, size: size)
            let fragment = try bytes(descriptor, from: lineStart, to: size)
            let line = String(decoding: fragment.last == 0x0D ? fragment.dropLast() : fragment[...], as: UTF8.self)
            if line.hasPrefix("#") || (try? ReviewRecord(line: Substring(line), number: 0)) != nil {
                text = "\n"  // A whole record (or the header) that only lacks its line ending.
            } else {
                guard ftruncate(descriptor, lineStart) == 0 else { throw failure() }
                size = lineStart
            }
        }
        text += (size == 0 ? header + "\n" : "") + lines.map { $0 + "\n" }.joined()
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = failure()
                ftruncate(descriptor, size)  // Leave no partial line behind.
                throw error
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw failure() }
        if created { syncDirectory((path as NSString).deletingLastPathComponent) }
        return AppendedLine(path: path, previousSize: created ? nil : size)
    }

    private static func bytes(_ descriptor: Int32, from start: off_t, to end: off_t) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: Int(end - start))
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, Int(end - start), start) }
        guard read == Int(end - start) else { throw StorageError.writeFailed(path: "", reason: "cannot read") }
        return buffer
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
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        guard ftruncate(descriptor, size) == 0, fsync(descriptor) == 0 else {
            throw StorageError.writeFailed(path: appended.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Takes `lines`, the last lines of the file at `path`, back out: under the file's lock (the
    /// one `appendLines` takes), checks that the file ends with exactly those lines, cuts it
    /// before them and syncs it. Nothing else is rewritten, and a line another writer appended
    /// since is never lost (the file then does not end with `lines`, and it is left as it is).
    ///
    /// - Throws: `StorageError.writeFailed` when the file cannot be read or written, or when it
    ///   does not end with `lines`.
    public static func removeLastLines(_ lines: [String], from path: String) throws {
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StorageError.lockFailed(path: path, reason: String(cString: strerror(errno))) }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        let tail = Array(lines.map { $0 + "\n" }.joined().utf8)
        let size = status.st_size
        let start = size - off_t(tail.count)
        var endsWithLines = !lines.isEmpty && start >= 0
        if endsWithLines { endsWithLines = try bytes(descriptor, from: start, to: size) == tail }
        if endsWithLines, start > 0 { endsWithLines = try bytes(descriptor, from: start - 1, to: start) == [0x0A] }
        guard endsWithLines else {
            throw StorageError.writeFailed(path: path, reason: "it does not end with the lines to take back; left unchanged")
        }
        guard ftruncate(descriptor, start) == 0, fsync(descriptor) == 0 else {
            throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno)))
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

    static func syncDirectory(_ path: String) {
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

import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

extension AtomicFile {
    /// A file written a piece at a time that replaces `path` only once it is complete, as
    /// `AtomicFile.write(_:to:)` does for a whole text: the pieces go to a temporary file
    /// beside it, which `commit()` syncs and renames over `path`, and `discard()` removes.
    public final class Writer {
        public let path: String
        private let temporary: String
        private let folder: String
        private var descriptor: Int32

        /// Creates the temporary file for `path`, removing those that killed writers left in its
        /// folder.
        ///
        /// - Throws: `StorageError.writeFailed` naming `path` and the system's reason.
        public init(replacing path: String) throws {
            self.path = path
            let directory = (path as NSString).deletingLastPathComponent
            folder = directory.isEmpty ? "." : directory
            let prefix = ".\((path as NSString).lastPathComponent).tmp-"
            AtomicFile.removeStaleTemporaries(in: folder)
            temporary = folder + "/" + prefix + "\(getpid())"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
            // The file replaced keeps its owner and group where this user may give them (a
            // collection shared through a group stays readable by the group), and its
            // permissions (a private badger.yml stays private).
            var existing = stat()
            if stat(path, &existing) == 0 {
                if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
                    _ = fchown(descriptor, uid_t.max, existing.st_gid)  // (-1: the owner stays this user)
                }
                _ = fchmod(descriptor, existing.st_mode & 0o777)
            }
        }

        deinit { discard() }

        /// Appends `bytes` to the temporary file.
        ///
        /// - Throws: `StorageError.writeFailed` (a full disk, say); `path` is still untouched.
        public func write(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBytes { try write($0) }
        }

        /// Appends `bytes` to the temporary file, like `write(_:)` for an array.
        public func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard descriptor >= 0 else { throw StorageError.writeFailed(path: path, reason: "already closed") }
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }

        /// Syncs the temporary file to disk and renames it over `path`; `beforeRename`, when
        /// given, runs between the two (the last moment to find that `path` must not be
        /// replaced after all: what it throws is thrown, and nothing is replaced).
        ///
        /// - Throws: `StorageError.writeFailed`, or what `beforeRename` throws; the temporary
        ///   file is then removed and `path` untouched.
        public func commit(beforeRename: (() throws -> Void)? = nil) throws {
            guard descriptor >= 0 else { throw StorageError.writeFailed(path: path, reason: "already closed") }
            var failure: String?
            if fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
            close(descriptor)
            descriptor = -1
            do {
                if failure == nil { try beforeRename?() }
            } catch {
                unlink(temporary)
                throw error
            }
            if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
            if let failure {
                unlink(temporary)
                throw StorageError.writeFailed(path: path, reason: failure)
            }
            AtomicFile.syncDirectory(folder)
        }

        /// Closes and removes the temporary file, leaving `path` as it was. Does nothing after
        /// `commit()`.
        public func discard() {
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
            unlink(temporary)
        }
    }
}

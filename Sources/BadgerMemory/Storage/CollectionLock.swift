import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a collection's state, so two badger processes never write it at once.
///
/// An advisory `flock` on `.badger.lock` at the collection root; the holder writes its process
/// id and command there so a refusal can name it. The system drops the lock if the holder dies.
public final class CollectionLock {
    public let path: String
    private var descriptor: Int32
    /// The lock file's device and inode while this lock holds it.
    private var identity: FileIdentity?

    /// A file's device and inode: the same file whatever path (a bind mount, a hard link) reaches it.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The lock files this process holds, with the path each was taken through: `flock` would
    /// make a process wait for itself when one collection is named twice through paths that
    /// `realpath` does not unite (a bind mount).
    private static let held = Mutex<[FileIdentity: String]>([:])

    /// Takes the lock, waiting up to `timeout` seconds for another holder to finish.
    ///
    /// - Throws: `StorageError.locked` naming the holder when it does not finish in time;
    ///   `StorageError.lockFailed` when the lock file cannot be made, or this process holds it
    ///   already (through this path or another).
    public init(root: String, holder: String, timeout: TimeInterval = 5) throws {
        path = (root.hasSuffix("/") ? root : root + "/") + ".badger.lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            // The lock file is made in the collection's folder: say why that failed in its terms.
            let error = errno
            let reason: String
            switch error {
            case EROFS: reason = "the collection is on a read-only file system"
            case EACCES where access(path, F_OK) == 0: reason = "you have no permission to write the lock file (another user's?)"
            case EACCES: reason = "the collection's folder is not writable (no permission), so nothing in it can be changed"
            default: reason = String(cString: strerror(error))
            }
            throw StorageError.lockFailed(path: path, reason: reason)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            let other = Self.held.withLock { held -> String? in
                if let other = held[identity] { return other }
                held[identity] = path
                return nil
            }
            if let other {
                close(descriptor)
                descriptor = -1
                let twice =
                    other == path
                    ? "this command holds it already (the collection is named twice): name it once"
                    : "it is the lock file of \(other) too (the same folder reached by another path, such as a bind mount, or a copy made with hard links): name the collection once, or give the copy a lock of its own (delete its .badger.lock)"
                throw StorageError.lockFailed(path: path, reason: twice)
            }
            self.identity = identity
        }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                let current = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                close(descriptor)
                descriptor = -1
                forget()
                throw StorageError.locked(path: path, holder: current.flatMap { $0.isEmpty ? nil : $0 } ?? "another badger process")
            }
            usleep(20_000)
        }
        ftruncate(descriptor, 0)
        let text = "badger (pid \(getpid())): \(holder)\n"
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    /// Gives the lock back.
    public func release() {
        guard descriptor >= 0 else { return }
        ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
        forget()
    }

    /// Takes the lock file off the ones this process holds.
    private func forget() {
        guard let identity else { return }
        _ = Self.held.withLock { $0.removeValue(forKey: identity) }
        self.identity = nil
    }

    deinit { release() }
}

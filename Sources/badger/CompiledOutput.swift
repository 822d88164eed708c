import BadgerDeck
import BadgerMemory
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where `badger compile` puts the JSON while the collection is still loading: it becomes the
/// output only once the collection turns out to have no errors.
///
/// With `-o FILE` the JSON goes to a temporary file beside FILE, renamed over it at the end
/// (`AtomicFile.Writer`). For standard output it goes to an unlinked temporary file, copied to
/// standard output at the end; if no temporary file can be made, it is kept in memory.
final class CompiledOutput {
    private enum Target {
        case file(AtomicFile.Writer)
        case spool(descriptor: Int32)
        case memory([UInt8])
    }

    private var target: Target
    /// The output as shown in messages.
    private let shown: String

    /// Opens the output; a file that cannot be written ends the command with status 2.
    init(path: String?) throws {
        guard let path else {
            shown = "standard output"
            target = CompiledOutput.spoolDescriptor().map { .spool(descriptor: $0) } ?? .memory([])
            return
        }
        shown = UntrustedText.sanitized(path)
        do {
            target = .file(try AtomicFile.Writer(replacing: path))
        } catch {
            throw CompiledOutput.report(error, shown: shown)
        }
    }

    deinit {
        if case .spool(let descriptor) = target { close(descriptor) }
    }

    /// Appends `bytes`; throws `StorageError.writeFailed` (for the temporary file: a full disk).
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        switch target {
        case .file(let writer): try writer.write(bytes)
        case .spool(let descriptor): try CompiledOutput.write(bytes, to: descriptor, path: "a temporary file")
        case .memory(var kept):
            target = .memory([])
            kept += bytes
            target = .memory(kept)
        }
    }

    /// Makes what was written the output: renames the file into place, or copies the JSON to
    /// standard output. A failure ends the command with status 2.
    func commit() throws {
        do {
            if case .file = target {
            } else if Terminal.standardOutputWasClosed {
                throw StorageError.writeFailed(path: "standard output", reason: String(cString: strerror(EBADF)))
            }
            switch target {
            case .file(let writer): try writer.commit()
            case .spool(let descriptor):
                if try CompiledOutput.sendToStandardOutput(descriptor) { break }
                guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                    throw StorageError.writeFailed(path: "", reason: String(cString: strerror(errno)))
                }
                var buffer = [UInt8](repeating: 0, count: 1 << 20)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count >= 0 else { throw StorageError.writeFailed(path: "", reason: String(cString: strerror(errno))) }
                    if count == 0 { break }
                    try buffer.withUnsafeBytes {
                        try CompiledOutput.write(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: STDOUT_FILENO, path: "standard output")
                    }
                }
            case .memory(let kept): try kept.withUnsafeBytes { try CompiledOutput.write($0, to: STDOUT_FILENO, path: "standard output") }
            }
        } catch {
            throw failed(error)
        }
    }

    /// Copies the whole spool file to standard output inside the kernel (`sendfile`); false if
    /// standard output does not take it that way, before anything was sent.
    private static func sendToStandardOutput(_ descriptor: Int32) throws -> Bool {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size >= 0 else { return false }
        var offset: off_t = 0
        while offset < size {
            let sent = sendfile(STDOUT_FILENO, descriptor, &offset, Int(size - offset))
            if sent < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if offset == 0, errno == EINVAL || errno == ENOSYS { return false }
                throw StorageError.writeFailed(path: "standard output", reason: String(cString: strerror(errno)))
            }
            if sent == 0 { break }
        }
        return true
    }

    /// Throws away what was written; the output file, if any, is left as it was.
    func discard() {
        if case .file(let writer) = target { writer.discard() }
    }

    /// Throws away what was written after `error` (from `write(_:)` or `commit()`), reports it,
    /// and returns exit status 2 to throw.
    func failed(_ error: any Error) -> Error {
        discard()
        return CompiledOutput.report(error, shown: shown)
    }

    private static func report(_ error: any Error, shown: String) -> Error {
        let reason: String
        if case .writeFailed(_, let why)? = error as? StorageError { reason = why } else { reason = error.localizedDescription }
        let unchanged = shown == "standard output" ? "" : "; the previous file is unchanged"
        Terminal.standardError.write("badger: error: cannot write \(shown): \(reason)\(unchanged)\n")
        return ExitStatus.usageOrIO.code
    }

    /// A temporary file in `$TMPDIR` (else `/tmp`), already unlinked so that nothing is left
    /// behind; nil if none can be made.
    private static func spoolDescriptor() -> Int32? {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/badger-compile-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw StorageError.writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}

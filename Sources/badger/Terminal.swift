import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Standard output and error, and whether they are terminals.
struct Terminal {
    let handle: FileHandle
    let isTerminal: Bool

    static let standardOutput = Terminal(handle: .standardOutput, isTerminal: isatty(STDOUT_FILENO) == 1)
    static let standardError = Terminal(handle: .standardError, isTerminal: isatty(STDERR_FILENO) == 1)
    /// Standard output was closed when badger started (`>&-`): `Badger.main` put `/dev/null` in
    /// its place, so that no file opened later takes its number, and output is an error, as a
    /// write to a closed descriptor is. Set once, before any command runs.
    nonisolated(unsafe) static var standardOutputWasClosed = false

    /// Writes all of `text`. When standard output cannot be written (a full disk), badger says
    /// so on standard error and exits with status 2: output that stops short must not pass for
    /// the whole (FileHandle traps instead). What a command stored before is safe: ratings are
    /// appended to the logs as they are made (a line cut short is repaired on the next read),
    /// other files are replaced whole by a rename. Standard error that cannot be written is
    /// let go: a warning nobody can read does not stop the command.
    func write(_ text: String) {
        let descriptor = handle.fileDescriptor
        var failure: Int32? = descriptor == STDOUT_FILENO && Self.standardOutputWasClosed && !text.isEmpty ? EBADF : nil
        text.utf8CString.withUnsafeBufferPointer { buffer in
            var offset = 0
            let count = buffer.count - 1  // without the terminating NUL
            while failure == nil, offset < count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, count - offset)
                if written < 0 {
                    // Interrupted, or a non-blocking output (set so by whatever runs badger) that is full for now.
                    if errno == EINTR { continue }
                    if errno == EAGAIN {
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, 1000)
                        continue
                    }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        guard let failure, descriptor != STDERR_FILENO else { return }
        Self.outputFailed(failure)
    }

    /// Ends the command when standard output was closed at start, for output written other
    /// than by `write` (the language server's messages).
    static func requireStandardOutput() {
        if standardOutputWasClosed { outputFailed(EBADF) }
    }

    /// Says on standard error that the output could not be written (`errno` `failure`), and
    /// exits with status 2.
    private static func outputFailed(_ failure: Int32) -> Never {
        let message = "badger: error: cannot write the output: \(String(cString: strerror(failure)))\n"
        _ = message.withCString { systemWrite(STDERR_FILENO, $0, strlen($0)) }
        exit(ExitStatus.usageOrIO.rawValue)
    }

    /// Ends the command with `status`: the stack unwinds (every `defer` runs, locks are let
    /// go), then `Badger.main` exits. `keeping` (a large collection) is never freed: its trees
    /// take a tenth of a run to free, and the operating system reclaims them at exit anyway.
    static func finish(_ status: ExitStatus, keeping objects: Any...) throws -> Never {
        keptAlive.append(objects)
        throw CommandFinished(status: status)
    }

    /// What `finish` keeps until the process exits.
    nonisolated(unsafe) private static var keptAlive: [Any] = []
}

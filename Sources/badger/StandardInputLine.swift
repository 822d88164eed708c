import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines of standard input for prompts answered from a pipe or a file (`study --plain`): an
/// answer is a few characters, so a line that runs on past `limit` bytes (an endless input such
/// as `/dev/zero`, which Swift's `readLine` would hold in memory until none is left) or input
/// that cannot be read (a folder) ends the command with an error instead.
enum StandardInputLine {
    static let limit = 1 << 16

    /// SIGINT as it was before `endInputOnInterrupt`, while its handler is installed.
    nonisolated(unsafe) private static var previousInterrupt: SignalDisposition?

    /// Makes Ctrl-C (SIGINT) end the input, as `q` does, instead of the process, so what follows
    /// the last answer (the session summary, the re-fit) still happens; a second Ctrl-C ends the
    /// process. A SIGINT ignored by whoever started badger (`nohup`, `&`) stays ignored. Undone
    /// by `restoreInterrupt`.
    ///
    /// The handler does nothing, and SA_RESETHAND puts the default back as it runs: whether
    /// Ctrl-C came is read from SIGINT's disposition, so the handler touches no Swift state
    /// (which is not async-signal-safe), and the default then ends badger at a second Ctrl-C.
    static func endInputOnInterrupt() {
        guard previousInterrupt == nil, let current = SignalDisposition(of: SIGINT), !current.isIgnored else { return }
        var action = sigaction()
        // No SA_RESTART: a blocked read returns EINTR.
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)  // 0x80000000
        guard sigaction(SIGINT, &action, nil) == 0 else { return }
        previousInterrupt = current
        // A parent may have blocked it (children inherit the mask).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Puts SIGINT back as it was before `endInputOnInterrupt`: Ctrl-C after the session (during
    /// the re-fit) ends badger at once again.
    static func restoreInterrupt() {
        previousInterrupt?.restore()
        previousInterrupt = nil
    }

    /// Whether Ctrl-C came since `endInputOnInterrupt` (its handler is gone).
    private static var interrupted: Bool {
        previousInterrupt != nil && SignalDisposition(of: SIGINT)?.isDefault == true
    }

    /// The next line without its line ending (`\n` or `\r\n`), nil at the end of input or after
    /// Ctrl-C (see `endInputOnInterrupt`; a line typed halfway is dropped). Read a byte at a time,
    /// so nothing after the line is taken from whatever reads standard input next.
    static func read() throws -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            if interrupted { return nil }
            let count = Foundation.read(STDIN_FILENO, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                Terminal.standardError.write("badger: error: standard input cannot be read: \(String(cString: strerror(errno)))\n")
                throw ExitStatus.usageOrIO.code
            }
            if count == 0 { return bytes.isEmpty ? nil : text(bytes) }
            if byte == 10 { return text(bytes) }
            bytes.append(byte)
            if bytes.count > limit {
                Terminal.standardError.write(
                    "badger: error: standard input: a line longer than \(limit >> 10) KiB, where an answer of a few characters was expected\n"
                )
                throw ExitStatus.usageOrIO.code
            }
        }
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by the SIGINT handler `endInputOnInterrupt` installs.
nonisolated(unsafe) private var interrupted: sig_atomic_t = 0

/// Lines of standard input for prompts answered from a pipe or a file (`study --plain`): an
/// answer is a few characters, so a line that runs on past `limit` bytes (an endless input such
/// as `/dev/zero`, which Swift's `readLine` would hold in memory until none is left) or input
/// that cannot be read (a folder) ends the command with an error instead.
enum StandardInputLine {
    static let limit = 1 << 16

    /// Makes Ctrl-C (SIGINT) end the input, as `q` does, instead of the process, so what follows
    /// the last answer (the session summary, the re-fit) still happens; a second Ctrl-C ends the
    /// process. A SIGINT ignored by whoever started badger (`nohup`, `&`) stays ignored.
    static func endInputOnInterrupt() {
        var current = sigaction()
        // SIG_IGN is the handler whose address is 1.
        guard sigaction(SIGINT, nil, &current) == 0, unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != 1
        else { return }
        var action = sigaction()
        // No SA_RESTART: the blocked read returns EINTR and sees the flag.
        action.__sigaction_handler.sa_handler = { _ in
            interrupted = 1
            signal(SIGINT, SIG_DFL)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A parent may have blocked it (children inherit the mask).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// The next line without its line ending (`\n` or `\r\n`), nil at the end of input or after
    /// Ctrl-C (see `endInputOnInterrupt`; a line typed halfway is dropped). Read a byte at a time,
    /// so nothing after the line is taken from whatever reads standard input next.
    static func read() throws -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            if interrupted != 0 { return nil }
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

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C while the end-of-session re-fit runs: badger says in one line that nothing of the fit
/// was stored (every rating already is) and ends as Ctrl-C ends it (status 130), where it ended
/// without a word; while the fit is being stored, Ctrl-C waits until it is, and its line printed.
enum RefitInterrupt {
    /// The line, in memory the handler can write without Swift's runtime (not async-signal-safe).
    nonisolated(unsafe) private static var note: UnsafeMutableBufferPointer<UInt8>?
    /// SIGINT as it was before `catching`, while its handler is installed.
    nonisolated(unsafe) private static var previous: sigaction?

    /// Runs `fit` with Ctrl-C saying `line` (to standard error) and ending badger; SIGINT ignored
    /// by whoever started badger (`nohup`) stays ignored.
    static func catching<Value>(saying line: String, _ fit: () throws -> Value) rethrows -> Value {
        install(line)
        defer { restore() }
        return try fit()
    }

    /// Runs `store` with Ctrl-C held until it returns: a fit is stored whole, and said so, or
    /// not at all.
    static func holding<Value>(_ store: () throws -> Value) rethrows -> Value {
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &interrupt, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        return try store()
    }

    private static func install(_ line: String) {
        var current = sigaction()
        // SIG_IGN is the handler whose address is 1.
        guard previous == nil, sigaction(SIGINT, nil, &current) == 0,
            unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != 1
        else { return }
        let bytes = Array(line.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        note?.deallocate()
        note = buffer
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            if let note = RefitInterrupt.note { _ = write(STDERR_FILENO, note.baseAddress, note.count) }
            _exit(130)
        }
        sigemptyset(&action.sa_mask)
        guard sigaction(SIGINT, &action, nil) == 0 else { return }
        previous = current
    }

    private static func restore() {
        guard var before = previous else { return }
        sigaction(SIGINT, &before, nil)
        previous = nil
    }
}

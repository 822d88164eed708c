import Foundation

/// Standard output and error, and whether they are terminals.
struct Terminal {
    let handle: FileHandle
    let isTerminal: Bool

    static let standardOutput = Terminal(handle: .standardOutput, isTerminal: isatty(STDOUT_FILENO) == 1)
    static let standardError = Terminal(handle: .standardError, isTerminal: isatty(STDERR_FILENO) == 1)

    func write(_ text: String) {
        handle.write(Data(text.utf8))
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

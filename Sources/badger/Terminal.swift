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

    /// Ends the process now. A large collection's trees take a tenth of a run to free, and
    /// the operating system reclaims them at exit anyway; output is already written unbuffered.
    static func exitWithoutTeardown(_ status: ExitStatus) -> Never {
        exit(status.rawValue)
    }
}

import BadgerDeck
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a card's image in the system's image viewer while studying: `$BADGER_IMAGE_VIEWER`
/// (split into words, used as argv, never through a shell), else `xdg-open` on Linux and `open`
/// on macOS, with the image's path as the last argument. It runs in the background, detached
/// from the terminal, so the study screen stays as it was.
struct ImageViewer {
    /// The variable that names the viewer.
    static let variable = "BADGER_IMAGE_VIEWER"

    #if os(macOS)
        static let systemViewer = "open"
    #else
        static let systemViewer = "xdg-open"
    #endif

    /// How many times, 10 ms apart, to look whether the viewer failed at once.
    static let failureWaits = 15

    let environment: [String: String]
    /// Viewers started and not yet reaped.
    private var running: [pid_t] = []

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The viewer as program and leading arguments, from `$BADGER_IMAGE_VIEWER` or the system's.
    var command: [String] {
        let words = ExternalProgram.words(environment[Self.variable] ?? "")
        return words.isEmpty ? [Self.systemViewer] : words
    }

    /// Starts the viewer on `path`; returns the status line to show.
    mutating func open(_ path: String, shownAs source: String) -> String {
        running = ExternalProgram.reap(running)
        let command = command
        let shown = UntrustedText.sanitized(source)
        let program = UntrustedText.sanitized(command[0])
        guard let executable = ExternalProgram.resolve(command[0], searchPath: environment["PATH"]) else {
            return environment[Self.variable] == nil
                ? "No image viewer: \(program) is not installed; set \(Self.variable) to one (e.g. \(Self.variable)=feh)."
                : "No image viewer: cannot find \(program) (from \(Self.variable))."
        }
        do {
            let pid = try ExternalProgram.start(executable, arguments: Array(command.dropFirst()) + [path])
            // A viewer that cannot start (say, xdg-open without a desktop) ends at once; wait a
            // moment for that, not for the viewer.
            for _ in 0..<Self.failureWaits {
                if let status = ExternalProgram.exitStatus(of: pid) {
                    guard status == 0 else { return "Could not open \(shown): \(program) ended with status \(status)." }
                    return "Opened \(shown) with \(program)."
                }
                usleep(10_000)
            }
            running.append(pid)
            return "Opened \(shown) with \(program)."
        } catch {
            return "Could not open \(shown): \(UntrustedText.sanitized(String(describing: error)))."
        }
    }
}

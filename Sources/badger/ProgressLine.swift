import BadgerDeck
import Foundation

/// One line on standard error saying how far loading a collection has come: only on a
/// terminal, and only once loading has taken half a second (small collections never flash it),
/// redrawn when it changes (at most twenty times a second) and erased when loading ends.
///
/// `BADGER_PROGRESS_AFTER_MS` changes the half second (the tests set it to 0).
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: LoadProgress?
    private var deck = ""
    private var shown = false
    private var done = false
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled by `finish`, so the drawing thread stops at once rather than after its nap.
    private let wake = DispatchSemaphore(value: 0)

    /// Starts watching, or returns nil when standard error is not a terminal.
    init?(terminal: Terminal = .standardError) {
        guard terminal.isTerminal else { return nil }
        let milliseconds = ProcessInfo.processInfo.environment["BADGER_PROGRESS_AFTER_MS"].flatMap(Double.init) ?? 500
        let start = Date()
        Thread { [self] in
            var drawn = ""
            while true {
                lock.lock()
                if done {
                    lock.unlock()
                    break
                }
                let elapsed = Date().timeIntervalSince(start)
                if elapsed * 1000 >= milliseconds, let latest {
                    let text = Self.text(latest, deck: deck) + " \(Int(elapsed))s"
                    if text != drawn {
                        terminal.write("\r\u{1B}[K" + text)
                        drawn = text
                        shown = true
                    }
                }
                lock.unlock()
                _ = wake.wait(timeout: .now() + 0.05)
            }
            finished.signal()
        }.start()
    }

    /// Takes the latest report (from any loading thread).
    func update(_ progress: LoadProgress) {
        lock.lock()
        defer { lock.unlock() }
        if let started = progress.started { deck = started }
        latest = progress
    }

    /// Stops and erases the line.
    func finish(terminal: Terminal = .standardError) {
        lock.lock()
        done = true
        lock.unlock()
        wake.signal()
        finished.wait()
        if shown { terminal.write("\r\u{1B}[K") }
    }

    /// `reading decks: 3 of 100, 45 of 200 MB (french.md)`; the caller adds the seconds.
    static func text(_ progress: LoadProgress, deck: String) -> String {
        let megabytes = { (bytes: Int) in String(format: "%.0f", Double(bytes) / 1_048_576) }
        var text = "reading decks: \(progress.decksDone) of \(progress.deckCount)"
        if progress.byteCount >= 1_048_576 { text += ", \(megabytes(progress.bytesDone)) of \(megabytes(progress.byteCount)) MB" }
        let name = UntrustedText.sanitized(deck)
        text += " (" + (name.count > 30 ? "…" + name.suffix(29) : name) + ")"
        return text
    }
}

import BadgerTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal as saved before studying, for the signal handlers to restore. On the heap,
/// allocated once and never freed: AddressSanitizer reported `termios` written into a global of
/// Swift's (a 60-byte write past the global's registered end), so no global holds it by value.
nonisolated(unsafe) private let savedAttributes: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
}()
nonisolated(unsafe) private var hasSavedAttributes = false
/// Set by SIGWINCH; the key loop re-renders when it sees it.
nonisolated(unsafe) private var windowChanged: sig_atomic_t = 0

/// Leaves the alternate screen, shows the cursor and restores the saved mode. Async-signal-safe:
/// only `write` and `tcsetattr`.
private func restoreTerminalNow() {
    let reset = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    reset.withCString { pointer in _ = Glibc.write(STDOUT_FILENO, pointer, strlen(pointer)) }
    if hasSavedAttributes { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, savedAttributes) }
}

/// Full-screen terminal mode: raw input (termios), the alternate screen and a hidden cursor,
/// restored by `restore()` and by handlers for SIGINT, SIGTERM and SIGHUP.
final class RawTerminal {
    private var active = false
    /// Bytes read while waiting for a reply from the terminal that were keys, to hand out first.
    private var pending: [UInt8] = []
    /// The signals' dispositions before, put back by `restore()`: a SIGINT ignored by whoever
    /// started badger (`nohup`) stays ignored after the session (during the re-fit).
    private var previousHandlers: [SignalDisposition] = []

    /// Enters raw mode and the alternate screen.
    init() throws {
        var attributes = termios()
        guard tcgetattr(STDIN_FILENO, &attributes) == 0 else {
            throw StudyTerminalError.notATerminal
        }
        savedAttributes.pointee = attributes
        hasSavedAttributes = true
        previousHandlers = [SIGINT, SIGTERM, SIGHUP, SIGWINCH].compactMap(SignalDisposition.init(of:))
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                restoreTerminalNow()
                _exit(128 + received)
            }
        }
        signal(SIGWINCH) { _ in windowChanged = 1 }
        // A parent may have blocked these (children inherit the mask); the handlers need them.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&unblocked, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        var raw = attributes
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw StudyTerminalError.notATerminal }
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[H")
    }

    deinit { restore() }

    /// Restores the terminal; safe to call more than once.
    func restore() {
        for previous in previousHandlers { previous.restore() }
        previousHandlers = []
        guard active else { return }
        active = false
        restoreTerminalNow()
        hasSavedAttributes = false
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// The window's size in columns and rows (80×24 when unknown).
    var size: (columns: Int, rows: Int) {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// The pixels of one character cell, when the terminal reports its size in pixels.
    var cellPixels: (width: Double, height: Double)? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0, window.ws_xpixel > 0,
            window.ws_ypixel > 0
        else { return nil }
        return (Double(window.ws_xpixel) / Double(window.ws_col), Double(window.ws_ypixel) / Double(window.ws_row))
    }

    /// The terminal's primary device attributes (`ESC [ c`; sixel support is attribute 4), or nil
    /// when it does not answer within `timeout` milliseconds. Keys typed meanwhile are kept.
    func deviceAttributes(timeout: Int32 = 300) -> [Int]? {
        write("\u{1B}[c")
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(Double(timeout) / 1000)
        while Date() < deadline {
            let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard let byte = try? readRawByte(timeout: left) else { break }
            received.append(byte)
            if byte == UInt8(ascii: "c"), let attributes = ImageProtocol.deviceAttributes(in: received) {
                // Whatever came before the answer were keys.
                if let start = received.lastIndex(of: 0x1B) { pending += received[..<start] }
                return attributes
            }
        }
        pending += received
        return nil
    }

    /// Whether the window changed size since the last call.
    func takeResize() -> Bool {
        guard windowChanged != 0 else { return false }
        windowChanged = 0
        return true
    }

    /// The next key, or nil when `timeout` milliseconds pass (or a signal interrupts) without one.
    /// Throws at end of input.
    func readKey(timeout: Int32) throws -> Key? {
        guard let first = try readByte(timeout: timeout) else { return nil }
        if first == 0x1B {
            // An escape sequence follows within a moment, or it was the Escape key.
            guard let second = try readByte(timeout: 30) else { return .escape }
            guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return .escape }
            var parameters: [UInt8] = []
            var last = try readByte(timeout: 30)
            while let byte = last, !(0x40...0x7E).contains(byte) {
                parameters.append(byte)
                last = try readByte(timeout: 30)
            }
            switch (last, parameters) {
            case (UInt8(ascii: "A"), _): return .up
            case (UInt8(ascii: "B"), _): return .down
            case (UInt8(ascii: "~"), [UInt8(ascii: "5")]): return .pageUp
            case (UInt8(ascii: "~"), [UInt8(ascii: "6")]): return .pageDown
            default: return .other
            }
        }
        switch first {
        case 0x0D, 0x0A: return .enter
        case 0x03: return .interrupt
        case 0x20: return .character(" ")
        default:
            if first < 0x80 { return .character(Character(Unicode.Scalar(first))) }
            return .other
        }
    }

    private func readByte(timeout: Int32) throws -> UInt8? {
        if !pending.isEmpty { return pending.removeFirst() }
        return try readRawByte(timeout: timeout)
    }

    private func readRawByte(timeout: Int32) throws -> UInt8? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeout)
        guard ready > 0 else { return nil }
        var byte: UInt8 = 0
        let count = Glibc.read(STDIN_FILENO, &byte, 1)
        if count == 1 { return byte }
        if count < 0, errno == EINTR || errno == EAGAIN { return nil }
        throw StudyTerminalError.endOfInput
    }
}

/// A key pressed in full-screen mode.
enum Key: Equatable {
    case character(Character)
    case enter
    case escape
    case interrupt
    case up
    case down
    case pageUp
    case pageDown
    case other
}

enum StudyTerminalError: Error {
    case notATerminal
    case endOfInput
}

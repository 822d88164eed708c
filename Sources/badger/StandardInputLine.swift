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

    /// The next line without its line ending (`\n` or `\r\n`), nil at the end of input. Read a
    /// byte at a time, so nothing after the line is taken from whatever reads standard input next.
    static func read() throws -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
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

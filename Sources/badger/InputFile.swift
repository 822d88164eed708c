import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file named on the command line for its contents (histories, settings, parameters): any
/// readable file, including a pipe (`<(…)`, a FIFO, `/dev/stdin`), or `-` for standard input.
enum InputFile {
    /// The most badger reads from one input: a year of a thousand cards' reviews is a few
    /// megabytes, and an endless input (`/dev/zero`) must end in an error, not exhaust memory.
    static let largestSize = 512 << 20

    /// The whole contents of `path`, or why it cannot be read ("no such file", "it is a folder",
    /// larger than `limit` bytes, the system's reason).
    static func contents(of path: String, limit: Int = largestSize) -> Result<Data, Failure> {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(Failure(reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno))))
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            return .failure(Failure(reason: path == "-" ? "standard input is a folder, not a file" : "it is a folder, not a file"))
        }
        let tooLarge = Failure(reason: "it holds more than \(limit >> 20) MiB, the most badger reads from one input")
        // A file says its size: refused before reading it (a pipe is counted as it is read).
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > limit { return .failure(tooLarge) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(Failure(reason: "cannot be read: " + String(cString: strerror(errno)))) }
            if count == 0 { return .success(data) }
            guard data.count + count <= limit else { return .failure(tooLarge) }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// The JSON written in `argument` itself (an option that takes a file or JSON): trimmed of
    /// white space and of a byte order mark (pasted from a file saved with one), when it starts
    /// with `[` or `{` and no file has that name; nil for a file name.
    static func inlineJSON(_ argument: String) -> String? {
        let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines.union(["\u{FEFF}"]))
        guard trimmed.hasPrefix("[") || trimmed.hasPrefix("{"), !FileManager.default.fileExists(atPath: argument) else { return nil }
        return trimmed
    }

    /// Why a file could not be read.
    struct Failure: Error {
        var reason: String
    }
}

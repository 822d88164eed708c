import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file named on the command line for its contents (histories, settings, parameters): any
/// readable file, including a pipe (`<(…)`, a FIFO, `/dev/stdin`), or `-` for standard input.
enum InputFile {
    /// The whole contents of `path`, or why it cannot be read ("no such file", "it is a folder",
    /// the system's reason).
    static func contents(of path: String) -> Result<Data, Failure> {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(Failure(reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno))))
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            return .failure(Failure(reason: path == "-" ? "standard input is a folder, not a file" : "it is a folder, not a file"))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(Failure(reason: "cannot be read: " + String(cString: strerror(errno)))) }
            if count == 0 { return .success(data) }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Why a file could not be read.
    struct Failure: Error {
        var reason: String
    }
}

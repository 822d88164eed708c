import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension BadgerProcess {
    /// How a run ended and the most memory it held at once.
    public struct Measured: Sendable {
        public var status: Int32
        /// Peak resident set size, in bytes.
        public var peakBytes: Int
        public var standardError: String
    }

    /// Runs `badger ARGUMENTS` (give it absolute paths) with its output discarded, and measures
    /// its peak resident memory.
    public static func runMeasuringMemory(_ arguments: [String]) async throws -> Measured {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("badger-peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        // The kernel's high-water mark of the process's own memory, read while it runs. (The
        // `maxrss` that wait4 reports also counts this test process, whose memory the spawned
        // process shares until it starts badger.)
        var peak = 0
        var status: Int32 = 0
        while true {
            peak = max(peak, highWaterMark(pid) ?? 0)
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0, errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            try await Task.sleep(for: .milliseconds(10))
        }
        guard peak > 0 else { throw POSIXError(.ENODATA) }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Measured(status: exitStatus, peakBytes: peak, standardError: errorText)
    }

    /// `VmHWM` of process `pid`, in bytes.
    private static func highWaterMark(_ pid: pid_t) -> Int? {
        // /proc files say they are empty, so read until the end rather than by size.
        let descriptor = open("/proc/\(pid)/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return nil }
        let status = String(decoding: bytes[..<count], as: UTF8.self)
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}

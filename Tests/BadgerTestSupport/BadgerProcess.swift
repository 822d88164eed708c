import Foundation

/// Runs the real `badger` executable, as a user would.
public enum BadgerProcess {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// The built executable: `BADGER` from the environment, else `badger` beside the test bundle.
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["BADGER"] { return URL(fileURLWithPath: path) }
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("badger")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return PackagePaths.url(".build/debug/badger")
    }

    /// Runs `badger ARGUMENTS` in `directory` with `environment` added, and waits for it
    /// without holding a thread of the test runner's pool: the pipes are read on threads of
    /// their own and the end is awaited.
    public static func run(
        _ arguments: [String], in directory: URL = PackagePaths.root, environment: [String: String] = [:], input: String? = nil
    ) async throws -> Result {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = nil
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        // Standard input is always a pipe, closed once `input` (if any) is written.
        return try await ExternalProcess.run(process, input: input ?? "")
    }
}

/// Any program run as `BadgerProcess.run` runs badger: its output read on threads of its own and
/// its end awaited, so no thread of the test runner's pool blocks on it.
public enum ExternalProcess {
    /// Runs `process` (configured, not started; its standard output and error are set here)
    /// and returns its status and output. With `input`, standard input is a pipe that gets it
    /// and is then closed; without, it stays as set, or reads nothing.
    public static func run(_ process: ChildProcess, input: String? = nil) async throws -> BadgerProcess.Result {
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let standardInput = input.map { _ in Pipe() }
        if let standardInput {
            process.standardInput = standardInput
        } else if process.standardInput == nil {
            process.standardInput = FileHandle.nullDevice
        }
        _ = ignoringBrokenPipes
        let (outputData, errorData) = (LockedData(), LockedData())
        try await ProcessEnd.await(process, parts: 3) { done in
            // Read both pipes concurrently so a full pipe never blocks the child.
            Thread.detachNewThread {
                outputData.set(output.fileHandleForReading.readDataToEndOfFile())
                done()
            }
            Thread.detachNewThread {
                errorData.set(error.fileHandleForReading.readDataToEndOfFile())
                done()
            }
            if let standardInput, let input {
                Thread.detachNewThread {
                    // A process that ends before reading all its input is not an error of the test run.
                    if !input.isEmpty { try? standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
                    try? standardInput.fileHandleForWriting.close()
                }
            }
        }
        return BadgerProcess.Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData.value, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self))
    }

    /// Waits, without blocking a thread of the pool, until `process` has ended (polling).
    public static func waitForExit(_ process: ChildProcess) async {
        while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    }
}

/// Waiting for a process to end (and for what reads its output) as an `async` call.
enum ProcessEnd {
    /// Starts `process` and returns once it has ended and `parts - 1` readers started by `start`
    /// (after the process) have called `done`.
    static func await(_ process: ChildProcess, parts: Int, start: @escaping (@escaping @Sendable () -> Void) -> Void) async throws {
        let counter = Countdown(parts)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            counter.onZero = { continuation.resume() }
            process.terminationHandler = { _ in counter.done() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            start { counter.done() }
        }
    }
}

private final class Countdown: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int
    var onZero: (() -> Void)?

    init(_ count: Int) { left = count }

    func done() {
        lock.lock()
        left -= 1
        let finished = left == 0
        lock.unlock()
        if finished { onZero?() }
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ newValue: Data) {
        lock.lock()
        data = newValue
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return data != nil
    }

    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return data ?? Data()
    }
}

extension BadgerProcess {
    /// Runs `badger ARGUMENTS` attached to a real pseudo-terminal (through `script`), the way a
    /// person at a terminal would, and returns what the terminal showed, with CRLF turned to LF.
    ///
    /// `keys` are typed one by one, the first after 1.5 seconds and the others half a second
    /// apart (for full-screen programs, which read keys once they are drawn); `removing` names
    /// variables taken out of the environment.
    public static func runInTerminal(
        _ arguments: [String], in directory: URL = PackagePaths.root, environment: [String: String] = [:], removing: [String] = [],
        typing keys: [String] = []
    ) async throws -> Result {
        let command = ([executable.path] + arguments).map(shellQuoted).joined(separator: " ")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = directory
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = nil
        merged["TERM"] = "xterm-256color"
        for key in removing { merged[key] = nil }
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        if keys.isEmpty {
            process.standardInput = FileHandle.nullDevice
        } else {
            let input = Pipe()
            process.standardInput = input
            let writer = input.fileHandleForWriting
            // Sleeping in a task holds no thread; a key is a few bytes, so a write never blocks.
            Task.detached {
                try? await Task.sleep(for: .milliseconds(1_500))
                for (index, key) in keys.enumerated() {
                    if index > 0 { try? await Task.sleep(for: .milliseconds(500)) }
                    writer.write(Data(key.utf8))
                }
                try? writer.close()
            }
        }
        let data = LockedData()
        try await ProcessEnd.await(process, parts: 2) { done in
            Thread.detachNewThread {
                data.set(output.fileHandleForReading.readDataToEndOfFile())
                done()
            }
        }
        let text = String(decoding: data.value, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return Result(status: process.terminationStatus, standardOutput: text, standardError: "")
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Writing to a process that has ended fails with EPIPE instead of killing the test run.
private let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

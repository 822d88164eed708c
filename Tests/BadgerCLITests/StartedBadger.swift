import BadgerTestSupport
import Foundation

/// A `badger` process left running, fed through a pipe, its output collected as it comes.
final class StartedBadger: @unchecked Sendable {
    private let process = ChildProcess()
    private let input = Pipe()
    private let lock = NSLock()
    private var collected = Data()
    /// Signalled when the output reaches its end (the process and its children closed it).
    private let drained = DispatchSemaphore(value: 0)

    init(_ arguments: [String], in directory: URL) throws {
        let output = Pipe()
        process.executableURL = BadgerProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let handle = output.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty {
                    drained.signal()
                    return
                }
                lock.lock()
                collected.append(chunk)
                lock.unlock()
            }
        }.start()
    }

    var pid: Int32 { process.processIdentifier }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    func send(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    /// Closes standard input: the process reads its end.
    func closeInput() { try? input.fileHandleForWriting.close() }

    /// Waits until the output contains `text`.
    func waitFor(_ text: String, seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Waits for the process to end and returns its status (nil if it is still running).
    func waitForExit(seconds: Double) async -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// Kills the process with SIGKILL (unless it ended first) and returns everything it printed.
    func killAndCollect() async -> String {
        kill()
        await ExternalProcess.waitForExit(process)
        let drained = self.drained
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                drained.wait()
                done.resume()
            }
        }
        return output
    }
}

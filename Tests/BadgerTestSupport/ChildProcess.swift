import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program started for a test, with the part of `Foundation.Process`'s interface the tests use,
/// started with `posix_spawn` directly.
///
/// On Linux, `Process.run()` in Swift 6.3.1's Foundation reads `/proc/self/fd` with a
/// `dirent` copy that can run past glibc's buffer and crash the whole test run (about one run of
/// the suite in three here; swiftlang/swift-corelibs-foundation#5472). This type lists the open
/// descriptors through `FileManager` instead, closes them in the child as `Process` does, and
/// puts the child in a process group of its own, as `Process` does.
public final class ChildProcess: @unchecked Sendable {
    public var executableURL: URL?
    public var arguments: [String] = []
    public var currentDirectoryURL: URL?
    public var environment: [String: String]?
    /// A `Pipe`, a `FileHandle`, or nil for `/dev/null`.
    public var standardInput: Any?
    public var standardOutput: Any?
    public var standardError: Any?
    /// Called on a thread of its own once the process has ended.
    public var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    private let lock = NSLock()
    private var pid: pid_t = 0
    private var running = false
    private var status: Int32 = 0
    private var signaled = false

    public init() {}

    public var processIdentifier: Int32 { locked { pid } }
    public var isRunning: Bool { locked { running } }
    /// The exit status, or the signal that ended it.
    public var terminationStatus: Int32 { locked { status } }
    /// Whether it exited or a signal ended it.
    public var terminationReason: Process.TerminationReason { locked { signaled ? .uncaughtSignal : .exit } }

    /// Sends SIGTERM while it runs.
    public func terminate() {
        let (target, alive) = locked { (pid, running) }
        if alive { kill(target, SIGTERM) }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    public enum Failure: Error, CustomStringConvertible {
        case noExecutable
        case spawn(path: String, errno: Int32)
        public var description: String {
            switch self {
            case .noExecutable: return "no executable set"
            case .spawn(let path, let code): return "cannot start \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Starts the program; throws when it cannot be started.
    public func run() throws {
        guard let executable = executableURL?.path else { throw Failure.noExecutable }
        var program = executable
        var argv = [executable] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory = currentDirectoryURL?.path {
            if let chdir = Self.addChdir {
                _ = chdir(&actions, directory)
            } else {
                // No `posix_spawn_file_actions_addchdir_np`: let coreutils' env change directory.
                program = "/usr/bin/env"
                argv = ["/usr/bin/env", "-C", directory] + argv
            }
        }
        // Standard streams: the child's ends of pipes, file handles, or /dev/null.
        var parentCloses: [FileHandle] = []
        for (target, stream, reading) in [(Int32(0), standardInput, true), (1, standardOutput, false), (2, standardError, false)] {
            switch stream {
            case let pipe as Pipe:
                let end = reading ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, target)
                parentCloses.append(end)
            case let handle as FileHandle where handle.fileDescriptor >= 0:  // `FileHandle.nullDevice` has none
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            default:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
            }
        }
        // Every other descriptor of this process is closed in the child (a pipe of another test
        // left open there would keep that test waiting for its end): all at once where glibc can
        // (2.34), else those open now.
        if let closeFrom = Self.addCloseFrom {
            _ = closeFrom(&actions, 3)
        } else {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
            for descriptor in open.sorted() where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let result = Self.withCStrings(argv) { argvPointer in
            Self.withCStrings(environmentLines) { envPointer in
                posix_spawn(&child, program, &actions, &attributes, argvPointer, envPointer)
            }
        }
        guard result == 0 else { throw Failure.spawn(path: program, errno: result) }
        for handle in parentCloses { try? handle.close() }
        lock.lock()
        pid = child
        running = true
        lock.unlock()
        // Reaped on a thread of its own, never on the test runner's pool.
        let started = child
        Thread.detachNewThread { [self] in
            var raw: Int32 = 0
            while waitpid(started, &raw, 0) < 0, errno == EINTR {}
            // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (they are macros).
            let signal = raw & 0x7F
            lock.lock()
            status = signal == 0 ? (raw >> 8) & 0xFF : signal
            signaled = signal != 0
            running = false
            let handler = terminationHandler
            lock.unlock()
            handler?(self)
        }
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29), found at run time: the Glibc module
    /// does not declare it.
    private static let addChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(
            symbol,
            to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), found at run time.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// `strings` as a NULL-terminated array of C strings, for the length of `body`.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return (copies + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

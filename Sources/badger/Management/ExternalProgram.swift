import BadgerDeck
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting programs the user names, such as `$EDITOR`, without a shell: the command is split on
/// white space into a program and its arguments, the program is looked up on `PATH`, and file
/// names are passed as separate arguments, so no file name can ever run a command.
enum ExternalProgram {
    enum Failure: Error, CustomStringConvertible {
        case empty(variable: String)
        case notFound(program: String, variable: String)
        case couldNotStart(program: String, reason: String)

        var description: String {
            switch self {
            case .empty(let variable): return "$\(variable) is empty; set it to your editor, for example EDITOR=nano"
            case .notFound(let program, let variable):
                return "cannot find the program \"\(program)\" named by $\(variable) (is it installed and on PATH?)"
            case .couldNotStart(let program, let reason): return "cannot start \(program): \(reason)"
            }
        }
    }

    /// `command` split on spaces, tabs and line breaks. No quoting, globbing or expansion: the
    /// words are used as they are.
    static func words(_ command: String) -> [String] {
        command.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }

    /// The executable `program` names: itself when it holds a slash, else the first executable
    /// regular file of that name in the directories of `searchPath`.
    static func resolve(_ program: String, searchPath: String?) -> String? {
        func isExecutableFile(_ path: String) -> Bool {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
            return access(path, X_OK) == 0
        }
        if program.contains("/") { return isExecutableFile(program) ? program : nil }
        let directories = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        for directory in directories {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + program
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// The editor to use: `$EDITOR`, else `vi`, as program and arguments.
    static func editorCommand(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (
        program: String, executable: String, arguments: [String]
    ) {
        let setting = environment["EDITOR"] ?? "vi"
        let words = words(setting)
        guard let program = words.first else { throw Failure.empty(variable: "EDITOR") }
        guard let executable = resolve(program, searchPath: environment["PATH"]) else {
            throw Failure.notFound(program: program, variable: "EDITOR")
        }
        return (program, executable, Array(words.dropFirst()))
    }

    /// Editors that understand `+LINE` before the file name to open it at that line.
    static let lineArgumentEditors: Set<String> = ["vi", "vim", "nvim", "nano", "emacs", "micro", "helix", "hx", "kak"]

    /// Whether the editor `program` (a name or a path) takes `+LINE`.
    static func takesLineArgument(_ program: String) -> Bool {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        return lineArgumentEditors.contains(name)
    }

    /// Runs `executable` with `arguments` in the foreground, sharing the terminal, and waits for
    /// it. Returns its exit status (128 + the signal number if a signal ended it).
    ///
    /// Spawned directly with `posix_spawn` (no shell) in badger's own process group, so a full
    /// screen editor can read the terminal. While it runs, badger ignores Ctrl-C and Ctrl-\ (the
    /// editor gets them), as git does.
    static func run(_ executable: String, arguments: [String]) throws -> Int32 {
        let oldInterrupt = signal(SIGINT, SIG_IGN)
        let oldQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, oldInterrupt)
            signal(SIGQUIT, oldQuit)
        }
        let pid = try spawn(executable, arguments: arguments, detached: false)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure.couldNotStart(program: executable, reason: String(cString: strerror(errno))) }
        }
        return decodedStatus(status)
    }

    /// Starts `executable` with `arguments` in the background and returns its process id without
    /// waiting: spawned directly (no shell) in a process group of its own, with standard input,
    /// output and error on `/dev/null`, so it can neither read keys from nor draw over the
    /// terminal. Reap it later with `reap`.
    static func start(_ executable: String, arguments: [String]) throws -> pid_t {
        try spawn(executable, arguments: arguments, detached: true)
    }

    /// `posix_spawn` of `executable` with the default signal handlers and an empty signal mask;
    /// `detached`: in its own process group, its standard streams on `/dev/null`.
    private static func spawn(_ executable: String, arguments: [String], detached: Bool) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        let reset = detached ? [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGHUP, SIGWINCH] : [SIGINT, SIGQUIT, SIGPIPE]
        for signalNumber in reset { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if detached {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        var spawned: Int32 = 0
        for _ in 0..<40 {
            spawned = argv.withUnsafeBufferPointer { arguments in
                posix_spawn(&pid, executable, &actions, &attributes, arguments.baseAddress!, environ)
            }
            // A program file that some process still holds open for writing (written a moment
            // ago, its descriptor briefly inherited by a program being started elsewhere)
            // cannot be run yet (ETXTBSY); a moment later it can.
            guard spawned == ETXTBSY else { break }
            usleep(25_000)
        }
        guard spawned == 0 else { throw Failure.couldNotStart(program: executable, reason: String(cString: strerror(spawned))) }
        return pid
    }

    /// Runs `executable` with `arguments` (no shell), its standard output captured and its
    /// standard error shared with badger's, and waits for it: its exit status and output. Used
    /// instead of Foundation's `Process`, whose `run()` on Linux can over-read a directory entry
    /// of /proc/self/fd and crash (swift-corelibs-foundation#5472).
    static func output(of executable: String, arguments: [String]) throws -> (status: Int32, output: Data) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw Failure.couldNotStart(program: executable, reason: String(cString: strerror(errno)))
        }
        let (reading, writing) = (descriptors[0], descriptors[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writing, 1)
        posix_spawn_file_actions_addclose(&actions, reading)
        posix_spawn_file_actions_addclose(&actions, writing)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = argv.withUnsafeBufferPointer { arguments in
            posix_spawn(&pid, executable, &actions, nil, arguments.baseAddress!, environ)
        }
        close(writing)
        guard spawned == 0 else {
            close(reading)
            throw Failure.couldNotStart(program: executable, reason: String(cString: strerror(spawned)))
        }
        let output = FileHandle(fileDescriptor: reading, closeOnDealloc: true).readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure.couldNotStart(program: executable, reason: String(cString: strerror(errno))) }
        }
        return (decodedStatus(status), output)
    }

    /// Collects those of `pids` that have ended (without waiting); returns the ones still running.
    static func reap(_ pids: [pid_t]) -> [pid_t] {
        pids.filter { exitStatus(of: $0) == nil }
    }

    /// The exit status of the child `pid` if it has ended (collecting it), without waiting; 128 +
    /// the signal number if a signal ended it. Nil while it runs.
    static func exitStatus(of pid: pid_t) -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return decodedStatus(status)
    }

    /// A `waitpid` status as an exit status, 128 + the signal number if a signal ended the
    /// process (WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions).
    private static func decodedStatus(_ status: Int32) -> Int32 {
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber
    }

    /// Runs the user's editor on `path`, opened at `line` if the editor understands `+LINE`.
    /// Returns the editor's exit status; reports a missing editor and ends with status 2.
    static func edit(_ path: String, line: Int? = nil) throws -> Int32 {
        do {
            let editor = try editorCommand()
            var arguments = editor.arguments
            if let line, takesLineArgument(editor.program) { arguments.append("+\(line)") }
            arguments.append(path)
            return try run(editor.executable, arguments: arguments)
        } catch let failure as Failure {
            Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(failure.description))\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

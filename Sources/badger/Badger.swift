import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import CMalloc
import Foundation

@main
struct Badger: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badger",
        abstract: "Plain-text spaced repetition: Markdown decks in, flashcards out.",
        discussion: """
            Decks are Markdown files with YAML front matter naming their topic, and cards
            written as labelled lines (Q:, A:, E:, H:, R:), or cloze texts (C: with
            {{c1::deletions}}). See Grammar/Spec.md for the format.

            Exit status: 0 success (warnings allowed), 1 errors in the decks, 2 usage or
            I/O errors.
            """,
        version: "0.1.0",
        subcommands: [
            Lint.self, Compile.self, Due.self, Review.self, Study.self, Stats.self, Import.self, Export.self, List.self, Topics.self,
            NewTopic.self, Add.self, Edit.self, Show.self, Suspend.self, Unsuspend.self, Schedule.self, Optimize.self, State.self,
            GitSetup.self, MergeDriver.self,
            LSP.self,
        ]
    )

    /// Runs the command. Every error a command throws ends here, in one place: a library error
    /// is printed sanitised as `badger: error: …` with status 2, usage errors exit with status 2
    /// (ArgumentParser's default is 64), and a command that finished early (`CommandFinished`)
    /// exits with its status once the stack has unwound, so every `defer` has run.
    static func main() {
        // One allocator arena (glibc): see Sources/CMalloc/shim.h.
        badger_use_one_malloc_arena()
        // Standard input, output or error closed (`>&-`): the next file opened would take its
        // number, and output meant for the terminal would go into a lock or state file.
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened != descriptor, opened >= 0 { close(opened) }
            if descriptor == STDOUT_FILENO { Terminal.standardOutputWasClosed = true }
        }
        // An unknown subcommand (`badger stduy`, `badger help nosuch`): named, with a did-you-mean.
        if let unknown = UnknownCommand.find(in: Array(CommandLine.arguments.dropFirst()), root: Badger.self) {
            Terminal.standardError.write(unknown.description + "\n")
            Foundation.exit(ExitStatus.usageOrIO.rawValue)
        }
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let path = UnknownCommand.helpPath(in: arguments, root: Badger.self) { arguments = ["help"] + path }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let finished as CommandFinished {
            Foundation.exit(finished.status.rawValue)
        } catch let message as LibraryErrorMessage {
            Terminal.standardError.write("badger: error: " + message.text + "\n")
            Foundation.exit(ExitStatus.usageOrIO.rawValue)
        } catch {
            if let message = LibraryErrorMessage(error) {
                Terminal.standardError.write("badger: error: " + message.text + "\n")
                Foundation.exit(ExitStatus.usageOrIO.rawValue)
            }
            // --help, --version: written as every output is, so a full disk is an error, not exit 0.
            if exitCode(for: error) == .success {
                let message = fullMessage(for: error)
                Terminal.standardOutput.write(message.isEmpty ? "" : message + "\n")
                Foundation.exit(ExitStatus.success.rawValue)
            }
            if exitCode(for: error) == .validationFailure {
                Terminal.standardError.write(fullMessage(for: error) + "\n")
                Foundation.exit(ExitStatus.usageOrIO.rawValue)
            }
            exit(withError: error)
        }
    }
}

/// A command that is done: `Badger.main` exits with `status` after the stack has unwound.
struct CommandFinished: Error {
    let status: ExitStatus
}

/// The message of an error the libraries throw (storage, logs, state files, the collection's
/// configuration), sanitised for the terminal: it may quote file names and deck text.
struct LibraryErrorMessage: Error {
    let text: String

    init?(_ error: any Error) {
        switch error {
        case let error as StorageError: text = UntrustedText.sanitized(error.description)
        case let error as MemoryError: text = UntrustedText.sanitized(error.description)
        case let error as CollectionError: text = UntrustedText.sanitized(error.description)
        case let error as FileAccessError: text = UntrustedText.sanitized(error.description)
        case let error as SidecarStateError: text = UntrustedText.sanitized(error.description)
        case let error as ReviewLogError: text = UntrustedText.sanitized(error.description)
        case let error as FSRS6.ConfigurationError: text = UntrustedText.sanitized(error.description)
        default: return nil
        }
    }
}

/// The exit statuses every command uses.
enum ExitStatus: Int32 {
    case success = 0
    case findings = 1
    case usageOrIO = 2

    var code: ExitCode { ExitCode(rawValue) }
}

import ArgumentParser
import Foundation

@main
struct Badger: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badger",
        abstract: "Plain-text spaced repetition: Markdown decks in, flashcards out.",
        discussion: """
            Decks are Markdown files with YAML front matter naming their topic, and cards
            written as labelled lines (Q:, A:, E:, H:, R:). See Grammar/Spec.md for the
            format.

            Exit status: 0 success (warnings allowed), 1 errors in the decks, 2 usage or
            I/O errors.
            """,
        version: "0.1.0",
        subcommands: [
            Lint.self, Compile.self, Due.self, Review.self, Study.self, Stats.self, Import.self, Export.self, List.self, Topics.self,
            NewTopic.self, Add.self, Edit.self, Show.self, Schedule.self, Optimize.self, State.self, GitSetup.self, MergeDriver.self,
            LSP.self,
        ]
    )

    /// Runs the command; usage errors exit with status 2 (ArgumentParser's default is 64).
    static func main() {
        // An unknown subcommand (`badger stduy`, `badger help nosuch`): named, with a did-you-mean.
        if let unknown = UnknownCommand.find(in: Array(CommandLine.arguments.dropFirst()), root: Badger.self) {
            FileHandle.standardError.write(Data((unknown.description + "\n").utf8))
            Foundation.exit(ExitStatus.usageOrIO.rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.usageOrIO.rawValue)
            }
            exit(withError: error)
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

import BadgerTestSupport
import Foundation
import Testing

/// A mistyped or unknown command is named, with the closest command when there is one, and exits 2.
@Suite struct UnknownCommandTests {
    @Test func helpForAnUnknownCommandIsAnError() async throws {
        let result = try await BadgerProcess.run(["help", "nosuch"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "badger: error: unknown command `nosuch` for `badger`; `badger help` lists its commands\n")
    }

    @Test func helpForAMistypedCommandSuggestsTheCommand() async throws {
        let result = try await BadgerProcess.run(["help", "imprt"])
        #expect(result.status == 2)
        #expect(result.standardError == "badger: error: unknown command `imprt` for `badger`; did you mean `import`?\n")
    }

    @Test func aMistypedCommandSuggestsTheCommand() async throws {
        let result = try await BadgerProcess.run(["stduy"])
        #expect(result.status == 2)
        #expect(result.standardError == "badger: error: unknown command `stduy` for `badger`; did you mean `study`?\n")
        let nested = try await BadgerProcess.run(["state", "rebuld"])
        #expect(nested.status == 2)
        #expect(nested.standardError == "badger: error: unknown command `rebuld` for `badger state`; did you mean `rebuild`?\n")
    }

    @Test func knownCommandsAndTheirHelpStillWork() async throws {
        let help = try await BadgerProcess.run(["help", "import"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--delimiter"))
        #expect(try await BadgerProcess.run(["help", "state", "rebuild"]).status == 0)
        #expect(try await BadgerProcess.run(["help"]).status == 0)
        #expect(try await BadgerProcess.run(["--version"]).status == 0)
        #expect(try await BadgerProcess.run(["export", "--help"]).standardOutput.contains("--delimiter"))
    }

    @Test func anUnknownSubcommandPointsToAHelpCommandThatWorks() async throws {
        let unknown = try await BadgerProcess.run(["state", "nosuch"])
        #expect(unknown.status == 2)
        #expect(
            unknown.standardError == "badger: error: unknown command `nosuch` for `badger state`; `badger help state` lists its commands\n")
        // The command it names, and the order people also type, both show the group's help.
        for arguments in [["help", "state"], ["state", "help"], ["schedule", "help"]] {
            let help = try await BadgerProcess.run(arguments)
            #expect(help.status == 0, "\(arguments): \(help.standardError)")
            #expect(help.standardOutput.contains("SUBCOMMANDS"), "\(arguments)")
        }
    }

    @Test func helpWithWordsAfterACommandIsAnError() async throws {
        for (arguments, parent) in [(["help", "study", "nosuch"], "study"), (["help", "lint", "extra"], "lint")] {
            let result = try await BadgerProcess.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardOutput.isEmpty)
            #expect(
                result.standardError
                    == "badger: error: `badger \(parent)` has no command `\(arguments[2])`; `badger help \(parent)` shows its help\n")
        }
    }
}

import BadgerTestSupport
import Foundation
import Testing

/// A mistyped or unknown command is named, with the closest command when there is one, and exits 2.
@Suite struct UnknownCommandTests {
    @Test func helpForAnUnknownCommandIsAnError() throws {
        let result = try BadgerProcess.run(["help", "nosuch"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "badger: error: unknown command `nosuch` for `badger`; `badger help` lists its commands\n")
    }

    @Test func helpForAMistypedCommandSuggestsTheCommand() throws {
        let result = try BadgerProcess.run(["help", "imprt"])
        #expect(result.status == 2)
        #expect(result.standardError == "badger: error: unknown command `imprt` for `badger`; did you mean `import`?\n")
    }

    @Test func aMistypedCommandSuggestsTheCommand() throws {
        let result = try BadgerProcess.run(["stduy"])
        #expect(result.status == 2)
        #expect(result.standardError == "badger: error: unknown command `stduy` for `badger`; did you mean `study`?\n")
        let nested = try BadgerProcess.run(["state", "rebuld"])
        #expect(nested.status == 2)
        #expect(nested.standardError == "badger: error: unknown command `rebuld` for `badger state`; did you mean `rebuild`?\n")
    }

    @Test func knownCommandsAndTheirHelpStillWork() throws {
        let help = try BadgerProcess.run(["help", "import"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--delimiter"))
        #expect(try BadgerProcess.run(["help", "state", "rebuild"]).status == 0)
        #expect(try BadgerProcess.run(["help"]).status == 0)
        #expect(try BadgerProcess.run(["--version"]).status == 0)
        #expect(try BadgerProcess.run(["export", "--help"]).standardOutput.contains("--delimiter"))
    }
}

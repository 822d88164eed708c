import ArgumentParser

extension Badger {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger edit: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

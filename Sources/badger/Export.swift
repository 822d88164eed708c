import ArgumentParser

extension Badger {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger export: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

import ArgumentParser

extension Badger {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "import", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger import: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

import ArgumentParser

extension Badger {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger list: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

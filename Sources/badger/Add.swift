import ArgumentParser

extension Badger {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger add: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

import ArgumentParser

extension Badger {
    struct Topics: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "topics", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger topics: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

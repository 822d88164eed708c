import ArgumentParser

extension Badger {
    struct NewTopic: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "new-topic", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger new-topic: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

import ArgumentParser

extension Badger {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger stats: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

import ArgumentParser

extension Badger {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "(in progress)", shouldDisplay: false)

        func run() throws {
            Terminal.standardError.write("badger show: not available yet\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

import ArgumentParser
import BadgerDeck
import Foundation

extension Badger {
    struct NewTopic: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new-topic",
            abstract: "Create a deck file for a new topic.",
            discussion: """
                Writes NAME's deck (front matter naming the topic, no cards yet) into
                DIRECTORY, by default ./Decks if it exists, else the current directory. Refuses
                (exit status 1) when the collection already has a deck of that topic, or the
                file exists. Add cards with badger add --topic NAME.

                Examples:
                  badger new-topic "French verbs"
                  badger new-topic Chemistry Decks/science
                """)

        @Argument(help: ArgumentHelp("The topic's name.", valueName: "name"))
        var name: String

        @Argument(help: ArgumentHelp("Where to create the deck.", valueName: "directory"))
        var directory: String?

        func validate() throws {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw ValidationError("the topic name is empty") }
            guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw ValidationError("the topic name must be one line without control characters")
            }
        }

        func run() throws {
            let topic = name.trimmingCharacters(in: .whitespaces)
            let fileAccess = LocalFileSystem()
            let folder =
                directory.map { DeckPlacement.absolute($0, fileAccess: fileAccess) }
                ?? DeckPlacement.directory(paths: [], fileAccess: fileAccess)
            guard fileAccess.kind(atPath: folder) == .directory else {
                Terminal.standardError.write("badger: error: no directory \(DeckPlacement.shown(folder))\n")
                throw ExitStatus.usageOrIO.code
            }
            // Topics are unique in the whole collection the directory belongs to.
            let existing: DeckCollection
            do {
                let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [DeckPlacement.root(of: folder)])
                existing = try DeckCollection.load(files, fileAccess: fileAccess, options: .init(checking: false))
            } catch let error as CollectionError {
                Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description))\n")
                throw ExitStatus.usageOrIO.code
            }
            if let deck = DeckPlacement.decks(ofTopic: topic, in: existing).first {
                Terminal.standardError.write(
                    "badger: error: the topic \"\(UntrustedText.sanitized(deck.topic ?? topic))\" already has a deck: "
                        + "\(DeckPlacement.shown(deck.file.absolutePath)) (add cards with badger add --topic)\n")
                throw ExitStatus.findings.code
            }
            let path = DeckWriter.deckPath(forTopic: topic, in: folder)
            guard fileAccess.kind(atPath: path) == nil else {
                Terminal.standardError.write("badger: error: \(DeckPlacement.shown(path)) already exists\n")
                throw ExitStatus.findings.code
            }
            try DeckPlacement.write(DeckWriter.appending([], to: nil, topic: topic), to: path)
            Terminal.standardOutput.write("created \(DeckPlacement.shown(path)) for the topic \(UntrustedText.sanitized(topic))\n")
        }
    }
}

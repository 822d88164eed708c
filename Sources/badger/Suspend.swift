import ArgumentParser
import BadgerDeck
import BadgerStudy
import Foundation

extension Badger {
    /// `badger suspend` and `badger unsuspend`: leave cards out of studying, and bring them back.
    struct Suspend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "suspend",
            abstract: "Leave cards out of studying until unsuspended (as Anki's suspend).",
            discussion: """
                A suspended card keeps its history and due date; study and due leave it out,
                list shows it as "suspended". Recorded in the deck's review log (a `suspended`
                line), so it follows the card through edits and moves and merges like reviews.
                Cards are named like badger show names them (a unique id prefix of at least 4
                digits, or an id the card had before an edit). An Anki import suspends the
                cards Anki had suspended; an Anki export gives them back suspended.

                Many cards at once: --card takes a comma-separated list, and --cards-from reads
                ids (one per line, or separated by spaces or commas) from a file, or from
                standard input with -.

                Examples:
                  badger suspend --card 3dae9556
                  badger unsuspend --card 3dae9556 --card 5d0e803c
                  badger list --topic French --format json | jq -r '.cards[].id' | badger suspend --cards-from -
                """)

        @OptionGroup var collection: CollectionOptions

        @Option(
            name: .customLong("card"),
            help: ArgumentHelp("A card to suspend (repeat, or separate by commas, for several).", valueName: "id")
        )
        var cards: [String] = []

        @Option(help: ArgumentHelp("Read the ids of the cards from a file (- for standard input).", valueName: "file"))
        var cardsFrom: String?

        func run() throws { try Self.set(Self.names(cards, from: cardsFrom), suspended: true, collection: collection) }

        /// The card names given: each --card split at commas, and those read from `file`.
        static func names(_ cards: [String], from file: String?) throws -> [String] {
            let separators = CharacterSet(charactersIn: ",").union(.whitespacesAndNewlines)
            var names = cards.flatMap { $0.components(separatedBy: separators) }
            if let file {
                let data: Data?
                if file == "-" {
                    data = FileHandle.standardInput.readDataToEndOfFile()
                } else {
                    data = FileManager.default.contents(atPath: file)
                }
                guard let data else {
                    Terminal.standardError.write("badger: error: cannot read \(UntrustedText.sanitized(file))\n")
                    throw ExitStatus.usageOrIO.code
                }
                names += String(decoding: data, as: UTF8.self).components(separatedBy: separators)
            }
            return names.filter { !$0.isEmpty }
        }

        /// Suspends or unsuspends the cards named, and says what changed.
        static func set(_ names: [String], suspended: Bool, collection: CollectionOptions) throws {
            let verb = suspended ? "suspend" : "unsuspend"
            guard !names.isEmpty else {
                Terminal.standardError.write("badger: error: name the cards to \(verb) with --card ID (badger list shows ids)\n")
                throw ExitStatus.usageOrIO.code
            }
            var studied = try collection.loadStudied(lockingFor: "badger \(verb)")
            defer { for lock in studied.locks { lock.release() } }
            var ids: [String] = []
            var seen: Set<String> = []
            let cards = studied.collection.cards
            let cardOfID = Dictionary(cards.map { ($0.id.description, $0) }, uniquingKeysWith: { first, _ in first })
            for name in names {
                // A full id is looked up directly; a prefix or a former id searches.
                let card =
                    try cardOfID[name.lowercased()]
                    ?? CardLookup.findOrExit(
                        name, in: cards, formerName: studied.currentCardID(forName:), formerPrefix: studied.currentCardIDs(forPrefix:))
                if seen.insert(card.id.description).inserted { ids.append(card.id.description) }
            }
            let now = Date()
            var changed = 0
            for index in studied.memories.indices {
                let mine = ids.filter { studied.memories[index].card($0) != nil }
                changed += try reportingStorageErrors { try studied.memories[index].setSuspended(mine, suspended, at: now) }
            }
            let unchanged = ids.count - changed
            Terminal.standardOutput.write(
                "\(verb)ed \(changed) card\(changed == 1 ? "" : "s")"
                    + (unchanged > 0 ? " (\(unchanged) already \(suspended ? "suspended" : "not suspended"))" : "") + "\n")
        }
    }

    struct Unsuspend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unsuspend",
            abstract: "Study suspended cards again.",
            discussion: """
                The cards come back with the history and due date they had (a card due while
                it was suspended is due now).

                Example:
                  badger unsuspend --card 3dae9556
                """)

        @OptionGroup var collection: CollectionOptions

        @Option(
            name: .customLong("card"),
            help: ArgumentHelp("A card to unsuspend (repeat, or separate by commas, for several).", valueName: "id"))
        var cards: [String] = []

        @Option(help: ArgumentHelp("Read the ids of the cards from a file (- for standard input).", valueName: "file"))
        var cardsFrom: String?

        func run() throws { try Suspend.set(Suspend.names(cards, from: cardsFrom), suspended: false, collection: collection) }
    }
}

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

                Examples:
                  badger suspend --card 3dae9556
                  badger unsuspend --card 3dae9556 --card 5d0e803c
                """)

        @OptionGroup var collection: CollectionOptions

        @Option(name: .customLong("card"), help: ArgumentHelp("A card to suspend (repeat for several).", valueName: "id"))
        var cards: [String] = []

        func run() throws { try Self.set(cards, suspended: true, collection: collection) }

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
            for name in names {
                let card = try CardLookup.findOrExit(
                    name, in: studied.collection.cards, formerName: studied.currentCardID(forName:),
                    formerPrefix: studied.currentCardIDs(forPrefix:))
                if !ids.contains(card.id.description) { ids.append(card.id.description) }
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

        @Option(name: .customLong("card"), help: ArgumentHelp("A card to unsuspend (repeat for several).", valueName: "id"))
        var cards: [String] = []

        func run() throws { try Suspend.set(cards, suspended: false, collection: collection) }
    }
}

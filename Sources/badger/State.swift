import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct State: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rebuild the scheduling state, settle edited cards by hand, retire lost histories.",
            discussion: """
                Every review is kept in append-only logs beside the decks (french.md →
                french.reviews); the state files (french.state) are a cache of them that every
                command rebuilds when it is stale, so none of these is ever required. A card
                keeps its history through edits, moves and merges on its own; `badger lint`
                names the few cases it will not settle by itself.
                """,
            subcommands: [Rebuild.self, Link.self, Prune.self])
    }
}

extension Badger.State {
    struct Rebuild: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Recompute every state file from the review logs.",
            discussion: """
                Every command already does this for a stale, garbled or conflicted state file;
                this one rewrites them all and says what it found.

                Example:
                  badger state rebuild
                """)

        @OptionGroup var collection: CollectionOptions

        func run() throws {
            var studied = try collection.loadStudied(options: .init(checking: false), lockingFor: "state rebuild", rebuilding: true)
            try reportingStorageErrors {
                var edited = 0
                for index in studied.memories.indices {
                    try studied.memories[index].commitEdits(at: Date())
                    try studied.memories[index].flushStates()
                    // Cards that continue a history under other content than it began with.
                    edited += studied.memories[index].matching.keyOfCard.numbers.count { $0.key != $0.value }
                }
                // Written by this command, the load's rewrite of stale files included.
                let written = studied.memories.reduce(0) { $0 + $1.stateFilesWritten }
                let cards = studied.memories.reduce(0) { $0 + $1.stateCount }
                let records = studied.memories.reduce(0) { $0 + $1.recordCount }
                Terminal.standardError.write(
                    "rebuilt \(cards) card states from \(records) log records; \(written) state files written, \(edited) edited cards followed\n"
                )
            }
            studied.locks.forEach { $0.release() }
            try Terminal.finish(.success, keeping: studied)
        }
    }

    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a lost review history to a card (settle an edit by hand).",
            discussion: """
                When a card was rewritten beyond recognition, or an edit could continue
                several histories, `badger lint` names the history (HISTORY, its key) and the
                card. This records in the log that the history continues in CARD from now on;
                a card id may be shortened to a unique prefix.

                A card that already has a history of its own is refused, unless --join: then
                the two histories become one, every review of both the card's, in time order.
                That is for one card recorded twice with other text (two clones that each
                first saw it differently, then merged); it cannot be undone by another link.

                Examples:
                  badger state link 3dae9556940ae9c6 8b1f02c4
                  badger state link acba926195bde7c5 ae908da5 --join
                """)

        @Argument(help: ArgumentHelp("The history's key, or an id its card had (as lint names it).", valueName: "history"))
        var history: String

        @Argument(help: ArgumentHelp("The card that continues it.", valueName: "card"))
        var card: String

        @Flag(help: "Join the history to the card's own, when it has one (the same card recorded twice).")
        var join = false

        @OptionGroup var collection: CollectionOptions

        func run() throws {
            var studied = try collection.loadStudied(options: .init(checking: false), lockingFor: "state link")
            let target = try CardLookup.findOrExit(card, in: studied.collection.cards)
            let id = target.id.description
            guard let index = studied.memories.firstIndex(where: { $0.card(id) != nil }) else {
                Terminal.standardError.write("badger: error: no card with id \(UntrustedText.sanitized(card)) (badger list shows ids)\n")
                throw ExitStatus.usageOrIO.code
            }
            var linked = true
            do {
                linked = try studied.memories[index].link(name: history.lowercased(), to: id, at: Date(), joining: join)
                try studied.memories[index].flushStates()
            } catch let error as MemoryError {
                Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description))\n")
                throw ExitStatus.usageOrIO.code
            } catch let error as StorageError {
                Terminal.standardError.write("badger: error: \(error.description)\n")
                throw ExitStatus.usageOrIO.code
            }
            let reviews = studied.memories[index].reviewCount(of: id)
            Terminal.standardOutput.write(
                "card \(id) \(linked ? "now continues" : "already continues") history \(UntrustedText.sanitized(history)) (\(reviews) reviews)\n"
            )
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Retire the histories of cards that no longer exist.",
            discussion: """
                `badger lint` warns about a history whose card is gone (deleted, or its
                question rewritten). Pruning marks it retired in the log: it is no longer
                offered for an edited card, and only its own question coming back (spacing,
                case and styling aside) revives it.
                Nothing is deleted; the logs keep every review. While a deck's front matter is
                broken, nothing is retired (a card moved into it would look gone).

                Example:
                  badger state prune
                """)

        @OptionGroup var collection: CollectionOptions

        func run() throws {
            var studied = try collection.loadStudied(options: .init(checking: false), lockingFor: "state prune")
            var retired = 0
            try reportingStorageErrors {
                for index in studied.memories.indices {
                    retired += try studied.memories[index].retireOrphans(at: Date())
                    try studied.memories[index].flushStates()
                }
            }
            Terminal.standardError.write(
                retired == 0
                    ? "nothing to retire: every history continues in a card, or was retired before\n"
                    : "retired the history of \(retired) card\(retired == 1 ? "" : "s") that no longer exist\n")
        }
    }
}

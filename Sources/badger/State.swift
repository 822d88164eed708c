import ArgumentParser
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct State: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rebuild or prune the scheduling state beside each deck.",
            discussion: """
                Each deck keeps its scheduling state in a file beside it (french.md →
                french.state) and every review in an append-only log (french.reviews). The
                log is the truth; the state can always be rebuilt from it.
                """,
            subcommands: [Rebuild.self, Prune.self])
    }
}

extension Badger.State {
    struct Rebuild: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Recompute every state file from the review logs.",
            discussion: """
                Also carries a card's progress over when its question was edited slightly (the
                rename is written to the log), and finds cards moved to another deck. Run after
                merging logs by hand; `badger git-setup` makes git do it after every merge.

                Example:
                  badger state rebuild
                """)

        @OptionGroup var collection: CollectionOptions

        func run() throws {
            var studied = try collection.loadStudied(options: .init(checking: false), lockingFor: "state rebuild", rebuilding: true)
            try reportingStorageErrors {
                var renamed = 0
                var written = 0
                for index in studied.memories.indices {
                    let result = try studied.memories[index].synchronize(at: Date())
                    renamed += result.renames.count
                    written += result.written
                    for rename in result.renames {
                        Terminal.standardError.write("carried progress over from \(rename.from) to \(rename.to) (question edited)\n")
                    }
                }
                let cards = studied.memories.reduce(0) { $0 + $1.states.count }
                Terminal.standardError.write(
                    "rebuilt \(cards) card states from \(studied.memories.reduce(0) { $0 + $1.recordCount }) log records; \(written) state files written, \(renamed) renames\n"
                )
            }
            studied.locks.forEach { $0.release() }
            Terminal.exitWithoutTeardown(.success)
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove state for cards that no longer exist.",
            discussion: """
                `badger lint` warns about state whose card is gone (deleted, or its question
                rewritten). The review log keeps their history either way.

                Example:
                  badger state prune
                """)

        @OptionGroup var collection: CollectionOptions

        func run() throws {
            var studied = try collection.loadStudied(options: .init(checking: false), lockingFor: "state prune")
            let orphans = studied.memories.reduce(0) { $0 + $1.orphans.count }
            try reportingStorageErrors {
                for index in studied.memories.indices { try studied.memories[index].synchronize(at: Date(), pruning: true) }
            }
            Terminal.standardError.write("pruned state of \(orphans) card\(orphans == 1 ? "" : "s") that no longer exist\n")
        }
    }
}

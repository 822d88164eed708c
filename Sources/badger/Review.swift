import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct Review: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record one review of a card, for scripts.",
            discussion: """
                Appends the review to the deck's log (synced to disk before the command ends)
                and updates its state file, exactly as studying does. RATING is 0 Fail,
                1 Difficult, 2 Good or 3 Easy.

                Examples:
                  badger review --card 3dae9556940ae9c6 --rating 2
                  badger review --card 3dae9556940ae9c6 --rating 0 --at 2026-11-21T09:30:00Z
                """)

        @OptionGroup var collection: CollectionOptions

        @Option(name: .customLong("card"), help: ArgumentHelp("The card's id (badger compile shows ids).", valueName: "id"))
        var cardID: String

        @Option(help: ArgumentHelp("0 Fail, 1 Difficult, 2 Good, 3 Easy.", valueName: "rating"))
        var rating: Int

        @Option(help: ArgumentHelp("When the review happened (ISO-8601); default now.", valueName: "time"))
        var at: String?

        @Option(help: ArgumentHelp("How long answering took, in milliseconds.", valueName: "ms"))
        var answerMs: Int?

        func validate() throws {
            guard Rating(productValue: rating) != nil else {
                throw ValidationError("--rating must be 0 (Fail), 1 (Difficult), 2 (Good) or 3 (Easy)")
            }
            if let at, Timestamp.parse(at) == nil {
                throw ValidationError("--at \"\(at)\" is not an ISO-8601 time such as 2026-11-21T09:30:00Z")
            }
        }

        func run() throws {
            var studied = try collection.loadStudied(lockingFor: "review \(cardID)")
            guard
                let index = studied.memories.firstIndex(where: { memory in memory.decks.contains { $0.cards.contains { $0.id == cardID } } }
                )
            else {
                Terminal.standardError.write(
                    "badger: error: no card with id \(UntrustedText.sanitized(cardID)) (badger compile lists ids)\n")
                throw ExitStatus.usageOrIO.code
            }
            let time = at.flatMap(Timestamp.parse) ?? Date()
            let state = try reportingStorageErrors {
                try studied.memories[index].recordReview(
                    cardID: cardID, rating: Rating(productValue: rating)!, at: time, answerMilliseconds: answerMs)
            }
            Terminal.standardOutput.write("\(cardID): \(state.state.rawValue), due \(Timestamp.format(state.due))\n")
        }
    }
}

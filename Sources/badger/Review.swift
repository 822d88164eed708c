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
                Appends the review to the deck's log (synced to disk before the command ends),
                exactly as studying does, then brings the deck's state file up to date.
                RATING is 0 Fail, 1 Difficult, 2 Good or 3 Easy. The card may be named by a
                unique prefix of its id (four digits at least), or by an id it had before an
                edit. A time earlier than the card's last review is placed in order (the card
                is replayed); a time more than a day ahead of the clock, or before 1970, is
                refused. The first review of a new collection writes its automatic settings
                into badger.yml, as studying does (see badger study --help).

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

        @Option(
            help: ArgumentHelp(
                "How long answering took, in milliseconds (recorded as at most 60000, as studying does).", valueName: "ms"))
        var answerMs: Int?

        /// The earliest time `--at` may name: 1970-01-01T00:00:00Z.
        static let earliest = Date(timeIntervalSince1970: 0)

        /// How far ahead of the clock `--at` may be (a day covers any time zone mix-up).
        static let futureLimit: TimeInterval = 86_400

        func validate() throws {
            guard Rating(productValue: rating) != nil else {
                throw ValidationError("--rating must be 0 (Fail), 1 (Difficult), 2 (Good) or 3 (Easy)")
            }
            if let answerMs, answerMs < 0 { throw ValidationError("--answer-ms must be 0 or more milliseconds") }
            if let at, Timestamp.parse(at) == nil {
                throw ValidationError("--at \"\(UntrustedText.sanitized(at))\" is not an ISO-8601 time such as 2026-11-21T09:30:00Z")
            }
        }

        func run() throws {
            let now = Date()
            let time = at.flatMap(Timestamp.parse) ?? now
            guard time >= Self.earliest else {
                Terminal.standardError.write(
                    "badger: error: --at \(UntrustedText.sanitized(at ?? "")) is before 1970 (a mistyped year?); a review is recorded when it happens\n"
                )
                throw ExitStatus.usageOrIO.code
            }
            guard time <= now.addingTimeInterval(Self.futureLimit) else {
                Terminal.standardError.write(
                    "badger: error: --at \(UntrustedText.sanitized(at ?? "")) is more than a day in the future; a review is recorded when it happens\n"
                )
                throw ExitStatus.usageOrIO.code
            }
            var (studied, newCollections) = try collection.loadStudiedToReview(lockingFor: "review \(cardID)")
            defer { newCollections.printWarnings() }
            let card = try CardLookup.findOrExit(
                cardID, in: studied.collection.cards, formerName: studied.currentCardID(forName:),
                formerPrefix: studied.currentCardIDs(forPrefix:))
            let id = card.id.description
            guard let index = studied.memories.firstIndex(where: { $0.card(id) != nil }) else {
                Terminal.standardError.write("badger: error: no card with id \(UntrustedText.sanitized(cardID)) (badger list shows ids)\n")
                throw ExitStatus.usageOrIO.code
            }
            newCollections.beforeFirstReview(in: studied.memories[index].root)
            let state = try reportingStorageErrors {
                try studied.memories[index].recordReview(
                    cardID: id, rating: Rating(productValue: rating)!, at: time,
                    answerMilliseconds: answerMs.map { min($0, StudyService.answerTimeCap) })
            }
            _ = try? studied.memories[index].flushStates()
            Terminal.standardOutput.write("\(id): \(state.state.rawValue), due \(Timestamp.format(state.due))\n")
        }
    }
}

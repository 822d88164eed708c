import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a card and its review history.",
            discussion: """
                Prints the card's question, answer, explanation and hint (as Markdown), then
                every review from the review logs, in local time: the rating, the interval
                until the card was due again and the stability after it, replayed with the
                collection's scheduler. Reviews under the card's earlier ids (before its
                question was edited) count too.

                ID is a card id from badger list, or an unambiguous prefix of at least 4
                digits.

                Examples:
                  badger show 3dae9556940ae9c6
                  badger show 3dae
                """)

        @Argument(help: ArgumentHelp("The card's id, or at least its first 4 digits.", valueName: "id"))
        var id: String

        @OptionGroup var collection: CollectionOptions

        /// One review of the card and what it led to.
        struct Step {
            var time: Date
            var rating: Rating
            var after: MemoryState
        }

        func run() throws {
            let studied = try collection.loadStudied(options: .init(checking: false), keepingReviewDetails: false)
            let card = try CardLookup.findOrExit(
                id, in: studied.collection.cards, formerName: studied.currentCardID(forName:),
                formerPrefix: studied.currentCardIDs(forPrefix:))
            var history: [Step] = []
            if let memory = studied.memories.first(where: { $0.root == card.file.collectionRoot }) {
                let id = card.id.description
                history = Self.history(
                    of: id, seed: memory.fuzzSeed(of: id), logs: memory.history, scheduler: memory.rebuilder.scheduler,
                    fuzzing: memory.rebuilder.fuzzing)
            }
            Terminal.standardOutput.write(
                Self.text(card, history: history, current: studied.states[card.id.description], timeZone: .current))
        }

        /// The card's reviews, each with the state after it, replayed as `StateRebuilder` does:
        /// its history's reviews (`logs` credit them to the card), in time order (the logs' order
        /// within a second), fuzz seeded from `seed` (its history's key) and the review number.
        static func history(of cardID: String, seed: String, logs: [[ReviewRecord]], scheduler: any Scheduler, fuzzing: Bool) -> [Step] {
            var reviews: [ReviewRecord.Review] = []
            for records in logs {
                for case .review(let review) in records where review.cardID == cardID { reviews.append(review) }
            }
            let ordered = reviews.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            guard let first = ordered.first else { return [] }
            let seed = Fuzz.cardHash(seed)
            var state = MemoryState.new(at: first.time)
            var steps: [Step] = []
            for (index, review) in ordered.enumerated() {
                state = scheduler.review(
                    state, rating: review.rating, at: review.time, fuzz: fuzzing ? Fuzz(cardHash: seed, reviewIndex: index) : nil)
                steps.append(Step(time: review.time, rating: review.rating, after: state))
            }
            return steps
        }

        static func text(_ card: Card, history: [Step], current: MemoryState?, timeZone: TimeZone) -> String {
            let times = ListLayout.timeFormatter(timeZone: timeZone)
            var lines: [String] = []
            let kind = card.cloze.map { "cloze c\($0.number)" } ?? card.kind.rawValue
            var heading = "\(card.id)  \(UntrustedText.sanitized(card.topic)) · \(kind) · "
            heading += "\(UntrustedText.sanitized(card.file.displayPath)):\(card.line)"
            lines.append(heading)
            if let original = card.reversedFrom { lines.append("reverse of \(original)") }
            if let section = card.section { lines.append("section: \(UntrustedText.sanitized(section))") }
            func field(_ name: String, _ text: CardText?) {
                guard let text, !text.markdown.isEmpty else { return }
                lines.append("")
                lines.append(name + ":")
                // Rendered as plain text: the words without the Markdown syntax, math as written.
                for line in PlainTextRenderer.render(markdown: text.markdown) {
                    let safe = UntrustedText.sanitized(line)
                    lines.append(safe.isEmpty ? "" : "  " + safe)
                }
            }
            field("Question", card.question)
            field("Answer", card.answer)
            field("Explanation", card.explanation)
            field("Hint", card.hint)

            lines.append("")
            if history.isEmpty {
                lines.append("History: never reviewed")
            } else {
                lines.append("History: \(history.count) review\(history.count == 1 ? "" : "s")")
                let ratingWidth = Rating.allCases.map(\.productName.count).max() ?? 9
                for step in history {
                    let interval = ListLayout.duration(seconds: step.after.due.timeIntervalSince(step.time))
                    var line = "  \(times.string(from: step.time))  \(ListLayout.padded(step.rating.productName, to: ratingWidth))"
                    line += "  interval \(ListLayout.padded(interval, to: 5))  stability \(ListLayout.days(step.after.stability))"
                    lines.append(line)
                }
            }
            if let state = current {
                var summary = "Now: \(state.state.rawValue)"
                summary += state.retired ? ", retired" : ", due \(times.string(from: state.due))"
                if let stability = state.stability { summary += ", stability \(ListLayout.days(stability))" }
                if let difficulty = state.difficulty { summary += ", difficulty \(String(format: "%.2f", difficulty))" }
                if let box = state.box { summary += ", box \(box)" }
                if let ease = state.ease { summary += ", ease \(String(format: "%.2f", ease))" }
                summary += ", \(state.repetitions) repetition\(state.repetitions == 1 ? "" : "s"), "
                summary += "\(state.lapses) lapse\(state.lapses == 1 ? "" : "s")"
                lines.append(summary)
            } else {
                lines.append("Now: new")
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}

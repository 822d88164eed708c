import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List cards: id, topic, kind, question and when each is due.",
            discussion: """
                One line per card: its id, topic, kind, question (on one line, cut to the
                terminal's width, or COLUMNS, or 100 columns when not a terminal) and due date
                (local), "new" for a card never reviewed, or "suspended" for one left out of
                studying (badger suspend). Ids work with badger show and
                badger edit, in full or as an unambiguous prefix of at least 4 digits.

                --format json prints every card with its full question (schemaVersion 1).

                Examples:
                  badger list
                  badger list --topic French --due
                  badger list --format json | jq -r '.cards[].id'
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @OptionGroup var collection: CollectionOptions

        @Option(help: ArgumentHelp("Only cards of this topic.", valueName: "topic"))
        var topic: String?

        @Flag(help: "Only cards due now (reviewed before and due at or before now).")
        var due = false

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        func run() throws {
            let studied = try collection.loadStudied(options: .init(checking: false), keepingReviewDetails: false)
            noteDecksLeftOut(studied.collection)
            let states = studied.states
            let suspended = studied.suspendedCards
            let now = Date()
            var cards = studied.collection.cards
            if let typed = topic {
                let topic = try resolvedTopic(typed, in: studied.collection)
                cards = cards.filter { DeckCollection.sameTopic($0.topic, topic) }
            }
            if due {
                cards = cards.filter { card in
                    guard let state = states[card.id.description], !suspended.contains(card.id.description) else { return false }
                    return !state.retired && state.due <= now
                }
            }
            switch format {
            case .text:
                let width = ListLayout.width(isTerminal: Terminal.standardOutput.isTerminal)
                Terminal.standardOutput.write(Self.text(cards, states: states, suspended: suspended, width: width))
            case .json:
                Terminal.standardOutput.write(try Self.json(cards, states: states, suspended: suspended))
            }
        }

        /// What the due column shows: the local due date, `new`, or `retired`.
        static func dueLabel(_ state: MemoryState?, formatter: DateFormatter) -> String {
            guard let state else { return "new" }
            return state.retired ? "retired" : formatter.string(from: state.due)
        }

        static func text(_ cards: [Card], states: [String: MemoryState], suspended: Set<String> = [], width: Int) -> String {
            let formatter = ListLayout.dateFormatter()
            let topics = cards.map { UntrustedText.sanitized($0.topic) }
            let topicWidth = min(24, topics.map { DisplayWidth.of($0) }.max() ?? 0)
            let dues = cards.map {
                suspended.contains($0.id.description) ? "suspended" : dueLabel(states[$0.id.description], formatter: formatter)
            }
            let dueWidth = dues.map { DisplayWidth.of($0) }.max() ?? 3
            // id  topic  kind  question  due, two spaces apart.
            let fixed = 16 + 2 + topicWidth + 2 + 5 + 2 + 2 + dueWidth
            let questionWidth = max(10, width - fixed)
            var output = ""
            for (index, card) in cards.enumerated() {
                let topic = ListLayout.padded(ListLayout.truncated(topics[index], to: topicWidth), to: topicWidth)
                let question = ListLayout.truncated(ListLayout.oneLine(card.question?.markdown ?? ""), to: questionWidth)
                output += "\(card.id)  \(topic)  \(ListLayout.padded(card.kind.rawValue, to: 5))  "
                output += ListLayout.padded(question, to: questionWidth) + "  " + dues[index] + "\n"
            }
            return output
        }

        struct JSONCard: Encodable {
            var id: String
            var topic: String
            var kind: String
            var question: String
            var due: String?
            var state: String
            var file: String
            var line: Int
            var reversedFrom: String?
            var cloze: Int?
            var suspended: Bool

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(topic, forKey: .topic)
                try container.encode(kind, forKey: .kind)
                try container.encode(question, forKey: .question)
                try container.encode(due, forKey: .due)
                try container.encode(state, forKey: .state)
                try container.encode(file, forKey: .file)
                try container.encode(line, forKey: .line)
                try container.encode(reversedFrom, forKey: .reversedFrom)
                try container.encode(cloze, forKey: .cloze)
                try container.encode(suspended, forKey: .suspended)
            }

            enum CodingKeys: String, CodingKey {
                case id, topic, kind, question, due, state, file, line, reversedFrom, cloze, suspended
            }
        }

        struct JSONList: Encodable {
            var schemaVersion = 1
            var cards: [JSONCard]
        }

        static func json(_ cards: [Card], states: [String: MemoryState], suspended: Set<String> = []) throws -> String {
            let document = JSONList(
                cards: cards.map { card in
                    let state = states[card.id.description]
                    let name: String
                    if let state { name = state.retired ? "retired" : state.state.rawValue.lowercased() } else { name = "new" }
                    return JSONCard(
                        id: card.id.description, topic: card.topic, kind: card.kind.rawValue, question: card.question?.markdown ?? "",
                        due: state.map { Timestamp.format($0.due) }, state: name, file: card.file.relativePath, line: card.line,
                        reversedFrom: card.reversedFrom?.description, cloze: card.cloze?.number,
                        suspended: suspended.contains(card.id.description))
                })
            return try JSONOutput.text(document)
        }
    }
}

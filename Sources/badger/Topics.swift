import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct Topics: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "topics",
            abstract: "List the topics with their decks and cards.",
            discussion: """
                For each topic: how many deck files name it, how many cards it has (reversed
                cards count twice), how many were never reviewed, and how many are due now.

                Examples:
                  badger topics
                  badger topics --format json
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @OptionGroup var collection: CollectionOptions

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        struct Row: Encodable, Equatable {
            var topic: String
            var decks: Int
            var cards: Int
            var new: Int
            var due: Int
        }

        func run() throws {
            let studied = try collection.loadStudied(options: .init(checking: false), keepingReviewDetails: false)
            let rows = Self.rows(studied.collection, states: studied.states, now: Date())
            switch format {
            case .text: Terminal.standardOutput.write(Self.text(rows))
            case .json:
                struct Document: Encodable {
                    var schemaVersion = 1
                    var topics: [Row]
                }
                Terminal.standardOutput.write(try JSONOutput.text(Document(topics: rows)))
            }
        }

        /// One row per topic, sorted by name (ignoring case).
        static func rows(_ collection: DeckCollection, states: [String: MemoryState], now: Date) -> [Row] {
            var rows: [String: Row] = [:]
            for deck in collection.realDecks {
                guard let topic = deck.topic else { continue }
                rows[topic, default: Row(topic: topic, decks: 0, cards: 0, new: 0, due: 0)].decks += 1
            }
            for card in collection.cards {
                var row = rows[card.topic] ?? Row(topic: card.topic, decks: 0, cards: 0, new: 0, due: 0)
                row.cards += 1
                if let state = states[card.id.description] {
                    if !state.retired && state.due <= now { row.due += 1 }
                } else {
                    row.new += 1
                }
                rows[card.topic] = row
            }
            return rows.values.sorted { ($0.topic.lowercased(), $0.topic) < ($1.topic.lowercased(), $1.topic) }
        }

        static func text(_ rows: [Row]) -> String {
            let names = rows.map { UntrustedText.sanitized($0.topic) }
            let width = max(5, names.map(\.count).max() ?? 5)
            let columns = ["decks", "cards", "new", "due now"]
            let widths = columns.map { max($0.count, 5) }
            func line(_ name: String, _ values: [String]) -> String {
                ListLayout.padded(name, to: width) + "  "
                    + zip(values, widths).map { ListLayout.rightAligned($0, to: $1) }.joined(separator: "  ")
            }
            var lines = [line("topic", columns)]
            for (row, name) in zip(rows, names) {
                lines.append(line(name, [row.decks, row.cards, row.new, row.due].map(String.init)))
            }
            let totals = rows.reduce(into: (cards: 0, new: 0, due: 0)) {
                $0.cards += $1.cards
                $0.new += $1.new
                $0.due += $1.due
            }
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            lines.append("\(count(rows.count, "topic")), \(count(totals.cards, "card")): \(totals.new) new, \(totals.due) due now")
            return lines.joined(separator: "\n") + "\n"
        }
    }
}

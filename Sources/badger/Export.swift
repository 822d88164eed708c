import ArgumentParser
import BadgerDeck
import Foundation

extension Badger {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export cards to a CSV file in the import format, or to an Anki package.",
            discussion: """
                FILE.apkg writes a package Anki (desktop, AnkiMobile, AnkiDroid) imports: one
                Anki deck per topic (Lang::French becomes a subdeck), one note per card —
                Basic, Basic (and reversed card) for R: yes, Cloze for C: — with math as
                MathJax \\(…\\) and \\[…\\], images as media, tags and suspensions kept from an
                Anki import (anki.notes), and each card's reviews as Anki's review log with its
                FSRS memory state (stability, difficulty, desired retention), unless
                --no-history. An explanation is added to the back after a blank line; hints
                have no field in Anki's stock note types and are left out (counted). Each note's
                GUID comes from its card's lasting identity (or the GUID Anki gave it), so
                exporting again after edits updates the notes in Anki instead of adding new
                ones; cards exported for the first time get that identity recorded in their
                deck's log. A package is one collection's: decks of two collections (folders
                with their own badger.yml) are exported one collection at a time.

                  badger export phone.apkg
                  badger export french.apkg --topic French --no-history

                CSV:
                Writes one row per card as written (a reversed card once, with reversed = yes;
                a cloze card once, as `C: text` in the question cell with its {{c1::…}}
                deletions and an empty answer, as `badger import` reads it):

                  question;answer;explanation;reversed

                with a header row, `;` (or the --delimiter) between fields, and quotes around
                fields that need them. Two columns are added only when needed: hint, when a
                card has a hint (H:), and topic, when the cards come from several topics:

                  question;answer;explanation;reversed;hint;topic

                so the export of one topic without hints keeps the four columns, and every
                export imports back: `badger import` sends each row to its topic's deck.
                Each field is the card's Markdown with the escapes `badger import` adds taken
                off, so a CSV imported and exported again comes back the same. Other Markdown
                (such as *emphasis*) is exported as written; images are not part of the
                format. A cell a spreadsheet would run as a formula (starting with =, +, -, @)
                gets a ' in front, which `badger import` takes off; --allow-formulas writes
                them as they are. The file may not be named like a deck, log, state file or
                badger.yml.

                Examples:
                  badger export cards.csv
                  badger export french.csv --topic French
                  badger export cards.csv --delimiter ','
                  badger export - Decks/french.md | head
                """)

        @Argument(help: ArgumentHelp("The CSV file to write (- for standard output), or an Anki package (.apkg).", valueName: "file"))
        var file: String

        @OptionGroup var collection: CollectionOptions

        @Option(
            help: ArgumentHelp(
                "Export only the cards of this topic (any case; repeat for several; all for every topic).", valueName: "topic"))
        var topic: [String] = []

        @Option(
            help: ArgumentHelp(
                "The field delimiter: ';', ',' or tab (also written \\t), e.g. --delimiter ','.", valueName: "delimiter"))
        var delimiter: CSVDelimiter = .semicolon

        @Flag(
            help:
                "Write cells starting with =, +, -, @ as they are (by default a ' in front keeps spreadsheets from running them as formulas)."
        )
        var allowFormulas = false

        @Flag(help: "Anki package: the cards only, as new cards, without their reviews and memory state.")
        var noHistory = false

        /// The extension of `file` when it names neither a CSV file nor an Anki package (a typo
        /// such as `.apkgg` would otherwise write CSV into a file meant for Anki).
        static func unknownFormat(_ file: String) -> String? {
            let name = (file as NSString).lastPathComponent
            let format = (name as NSString).pathExtension.lowercased()
            guard !format.isEmpty, file != "-" else { return nil }
            return ["csv", "tsv", "txt", "apkg"].contains(format) ? nil : format
        }

        func run() throws {
            let errors = Terminal.standardError
            if let format = Self.unknownFormat(file) {
                try OutputFile.refuseCollectionFile(file, shown: UntrustedText.sanitized(file), what: "an export")
                errors.write(
                    "badger: error: \(UntrustedText.sanitized(file)): unknown file type .\(UntrustedText.sanitized(format)); write a CSV file (.csv, .tsv, .txt, or - for standard output) or an Anki package (.apkg)\n"
                )
                throw ExitStatus.usageOrIO.code
            }
            if AnkiExport.isPackage(file) {
                return try AnkiExport(file: file, collection: collection, topic: topic, withHistory: !noHistory).run()
            }
            let loaded = try collection.load(options: .init(keepingTrees: true, checking: false))
            if loaded.realDecks.isEmpty {
                errors.write("badger: error: no decks in \(collection.shownPaths) (a deck is a .md file); nothing exported\n")
                throw ExitStatus.usageOrIO.code
            }
            noteDecksLeftOut(loaded)
            let wanted = try wantedTopics(topic, in: loaded)
            var rows: [CSVCardWriter.Record] = []
            var topics: [String] = []
            var decks = 0
            for deck in loaded.realDecks {
                guard let deckTopic = deck.topic else { continue }
                if let wanted, !wanted.contains(deckTopic) { continue }
                decks += 1
                if !topics.contains(where: { $0.caseInsensitiveCompare(deckTopic) == .orderedSame }) { topics.append(deckTopic) }
                let hint = { (card: ParsedCard) in card.field(.hint).map { MarkdownEscaper.unescape($0.markdown) } }
                let explanation = { (card: ParsedCard) in card.field(.explanation).map { MarkdownEscaper.unescape($0.markdown) } }
                for card in deck.cards {
                    if card.isCloze {
                        guard !card.fields[0].isEmpty else { continue }
                        rows.append(
                            CSVCardWriter.Record(
                                question: "C: " + MarkdownEscaper.unescape(ClozeText(card.fields[0].markdown).ankiForm), answer: "",
                                explanation: explanation(card), reversed: false, hint: hint(card), topic: deckTopic))
                        continue
                    }
                    guard let question = card.field(.question), let answer = card.field(.answer), !question.isEmpty, !answer.isEmpty
                    else { continue }
                    rows.append(
                        CSVCardWriter.Record(
                            question: MarkdownEscaper.unescape(question.markdown), answer: MarkdownEscaper.unescape(answer.markdown),
                            explanation: explanation(card), reversed: CardExpander.isReversed(card, deck: deck), hint: hint(card),
                            topic: deckTopic))
                }
            }
            let csv = CSVCardWriter.csv(
                for: rows, delimiter: delimiter.character, includingTopic: topics.count > 1, neutralizingFormulas: !allowFormulas)
            if file == "-" { return Terminal.standardOutput.write(csv) }
            try OutputFile.refuseCollectionFile(file, shown: UntrustedText.sanitized(file), what: "CSV")
            try OutputFile.write(csv, to: file, shown: UntrustedText.sanitized(file))
            errors.write(
                "exported \(rows.count) card\(rows.count == 1 ? "" : "s") from \(decks) deck\(decks == 1 ? "" : "s") to \(UntrustedText.sanitized(file))\n"
            )
        }
    }
}

import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension Badger {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Open a card's deck in your editor at the card's line.",
            discussion: """
                Starts $EDITOR (else vi) on the deck holding the card: with +LINE before the
                file for editors that understand it (vi, vim, nvim, nano, emacs, micro, helix,
                hx, kak), else with the file alone. $EDITOR is split on spaces into a program
                and its arguments and started without a shell. When the editor exits, the deck
                is checked and its problems are printed.

                ID is a card id from badger list, or an unambiguous prefix of at least 4
                digits.

                Exit status: 0 when the deck has no errors, 1 when it has, 2 for an unknown id
                or a missing editor.

                Examples:
                  badger edit 3dae9556940ae9c6
                  EDITOR=nano badger edit 3dae
                """)

        @Argument(help: ArgumentHelp("The card's id, or at least its first 4 digits.", valueName: "id"))
        var id: String

        @OptionGroup var collection: CollectionOptions

        func run() throws {
            let studied = try collection.loadStudied(options: .init(checking: false))
            let card = try CardLookup.findOrExit(
                id, in: studied.collection.cards, formerName: studied.currentCardID(forName:),
                formerPrefix: studied.currentCardIDs(forPrefix:))
            let status = try ExternalProgram.edit(card.file.absolutePath, line: card.line)
            if status != 0 { Terminal.standardError.write("badger: warning: the editor exited with status \(status)\n") }

            // Check the deck as it is now, with the rest of the collection (for duplicates).
            let checked = try collection.load()
            let deckPath = card.file.displayPath
            let problems = checked.diagnostics.filter { $0.file == deckPath }
            let output = Terminal.standardOutput
            let formatter = TextDiagnosticFormatter(
                showsExcerpts: output.isTerminal, usesColor: ColorChoice.auto.enabled(isTerminal: output.isTerminal),
                sourceLine: checked.sourceLines)
            output.write(problems.map(formatter.format).joined())
            let errors = problems.count { $0.severity == .error }
            let cards = checked.cards.count { $0.file.absolutePath == card.file.absolutePath }
            output.write(
                "\(UntrustedText.sanitized(deckPath)): \(cards) card\(cards == 1 ? "" : "s"): "
                    + "\(TextDiagnosticFormatter.summary(errors: errors, warnings: problems.count - errors))\n")
            if errors > 0 { throw ExitStatus.findings.code }
        }
    }
}

import ArgumentParser
import BadgerDeck
import BadgerStudy
import Foundation

extension Badger {
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check decks for mistakes, like a compiler.",
            discussion: """
                Prints one line per problem, `path:line:col: error: [RuleID] message`, with the
                source line and a caret when writing to a terminal. Switch a rule off for the
                next card with <!-- badger-ignore: RuleID --> on its own line, or for a whole
                file with <!-- badger-ignore-file: RuleID -->.

                Formats: text (default), json (schemaVersion 1), github (Actions annotations),
                sarif (SARIF 2.1.0 for code scanning).

                Exit status: 0 clean (warnings allowed), 1 errors (or warnings with --strict),
                2 usage or I/O errors.

                Examples:
                  badger lint
                  badger lint Decks/french.md --strict
                  badger lint Decks --format sarif > badger.sarif
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, github, sarif
        }

        @OptionGroup var collection: CollectionOptions

        @Option(help: "Output format: text, json, github or sarif.")
        var format: Format = .text

        @Flag(help: "Treat warnings as errors (exit 1 if there are any).")
        var strict = false

        @Option(help: "Color text output: auto, always or never. NO_COLOR is honored.")
        var color: ColorChoice = .auto

        func run() throws {
            // Review logs and state files are checked too, once anyone has studied; that needs
            // the cards. Otherwise they are let go deck by deck, to lint a million in little memory.
            var studied = false
            var loaded = try collection.load { files in
                // Any review log under a collection root counts (a deck renamed leaves its log).
                let roots = Set(files.map(\.collectionRoot))
                studied = roots.contains { !LogDiscovery.logs(under: $0, fileAccess: LocalFileSystem()).isEmpty }
                return .init(keepingCards: studied)
            }
            if studied {
                let memories = try collection.loadStudied(replaying: false, loaded: loaded).memories
                // Matching reads every deck of a root; when only some were linted, what is
                // reported is about those.
                let named = Set(loaded.decks.map(\.file.absolutePath))
                let partial = memories.contains { memory in memory.decks.contains { !named.contains($0.file.absolutePath) } }
                loaded.diagnostics = Diagnostic.sortedForOutput(
                    loaded.diagnostics + memories.flatMap { StateMatchesCards.diagnostics($0, decks: partial ? named : nil) })
            }
            let diagnostics = loaded.diagnostics
            let output = Terminal.standardOutput
            switch format {
            case .text:
                let formatter = TextDiagnosticFormatter(
                    showsExcerpts: output.isTerminal, usesColor: color.enabled(isTerminal: output.isTerminal),
                    sourceLine: loaded.sourceLines)
                output.write(diagnostics.map(formatter.format).joined())
                Terminal.standardError.write(
                    "\(loaded.summaryLine): \(TextDiagnosticFormatter.summary(errors: loaded.errorCount, warnings: loaded.warningCount))\n")
            case .json:
                output.write(try JSONDiagnosticFormatter.format(diagnostics, decks: loaded.realDecks.count, cards: loaded.cardCount))
            case .github:
                output.write(diagnostics.map(GitHubDiagnosticFormatter.format).joined())
            case .sarif:
                output.write(try SARIFDiagnosticFormatter.format(diagnostics, sourceLine: loaded.sourceLines))
            }
            let failed = loaded.errorCount > 0 || (strict && loaded.warningCount > 0)
            try Terminal.finish(failed ? .findings : .success, keeping: loaded)
        }
    }
}

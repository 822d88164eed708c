import ArgumentParser
import BadgerDeck
import Foundation

extension Badger {
    struct Compile: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compile decks into one JSON collection for other tools.",
            discussion: """
                Writes the collection as JSON (schemaVersion 1): every card with its id, topic,
                kind, question, answer, explanation and hint (Markdown and HTML, math left as
                \\(…\\) and \\[…\\] for KaTeX or MathJax), image, reversedFrom, section and
                source. Reversed cards appear twice, once each way. `macros` holds the
                collection's LaTeX macros (badger.yml's `macros:` and macros.tex) as KaTeX's
                `macros` option. See Grammar/Spec.md.

                Refuses with exit status 1, printing the errors, if any deck has an error.

                Examples:
                  badger compile -o collection.json
                  badger compile Decks/french.md | jq '.cards[].question.markdown'
                """)

        @OptionGroup var collection: CollectionOptions

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the JSON to this file instead of standard output.", valueName: "file"))
        var output: String?

        func run() throws {
            if let output { try OutputFile.refuseCollectionFile(output, shown: UntrustedText.sanitized(output), what: "the compiled JSON") }
            // The JSON is written while the decks load (nothing else holds the whole collection),
            // and becomes the output only if no deck has an error.
            let destination = try CompiledOutput(path: output)
            let compiler = CollectionCompiler(write: destination.write)
            let loaded = try collection.load(options: .init(renderingHTML: true, keepingCards: false, output: compiler.output))
            let errors = Terminal.standardError
            let formatter = TextDiagnosticFormatter(
                showsExcerpts: errors.isTerminal, usesColor: ColorChoice.auto.enabled(isTerminal: errors.isTerminal),
                sourceLine: loaded.sourceLines)
            errors.write(loaded.diagnostics.map(formatter.format).joined())
            guard loaded.errorCount == 0 else {
                destination.discard()
                errors.write(
                    "badger: not compiled: \(TextDiagnosticFormatter.summary(errors: loaded.errorCount, warnings: loaded.warningCount))\n")
                throw ExitStatus.findings.code
            }
            do {
                try compiler.finish(loaded, macros: try Self.macros(of: loaded))
            } catch {
                throw destination.failed(error)
            }
            try destination.commit()
            guard let output else { return }
            errors.write(
                "\(loaded.summaryLine): \(TextDiagnosticFormatter.summary(errors: 0, warnings: loaded.warningCount)); wrote \(output)\n")
            try Terminal.finish(.success, keeping: loaded)
        }

        /// The macros of the collections the decks belong to, for KaTeX; when several collections
        /// define a name, the first root in sorted order wins.
        static func macros(of collection: DeckCollection) throws -> [String: String] {
            let loader = CollectionLoader(fileAccess: LocalFileSystem())
            var macros: [String: String] = [:]
            for root in Set(collection.decks.map(\.file.collectionRoot)).sorted().reversed() {
                macros.merge(try loader.configuration(forRoot: root).macros.expansions) { _, earlierRoot in earlierRoot }
            }
            return macros
        }
    }
}

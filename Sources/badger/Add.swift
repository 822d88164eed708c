import ArgumentParser
import BadgerDeck
import Foundation

extension Badger {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a card to a topic's deck.",
            discussion: """
                With --question, the card is made from the options, taken as plain text (what
                Markdown would read as formatting is escaped; $…$ math stays math). Without
                it, your editor ($EDITOR, else vi) opens on a card template, where fields are
                Markdown; save and quit to add the card, or leave it empty to cancel. Either
                way the card is checked first, against the whole collection: a card with an
                error (no answer, a question the topic already has …) is refused with exit
                status 1 and nothing is written.

                The card is appended to the topic's deck (a new deck in ./Decks, or the
                directory given, if the topic has none yet). --image copies a PNG, JPEG or
                GIF of at most 1 MiB into images/ beside the deck and shows it in the
                question. Prints the new card's id (and its reverse's, for a reversed card).

                $EDITOR is split on spaces into a program and its arguments and started
                without a shell.

                Examples:
                  badger add --topic French --question "the dog" --answer "le chien" --reversed
                  badger add --topic Anatomy --image ~/heart.png --answer "The heart"
                  EDITOR="code --wait" badger add --topic Algebra
                """)

        @OptionGroup var collection: CollectionOptions

        @Option(help: ArgumentHelp("The topic to add the card to.", valueName: "topic"))
        var topic: String

        @Option(help: ArgumentHelp("The question, as plain text ($…$ math stays math); without it, your editor opens.", valueName: "text"))
        var question: String?

        @Option(help: ArgumentHelp("The answer, as plain text.", valueName: "text"))
        var answer: String?

        @Option(help: ArgumentHelp("An explanation shown after answering, as plain text.", valueName: "text"))
        var explanation: String?

        @Option(help: ArgumentHelp("A hint, as plain text.", valueName: "text"))
        var hint: String?

        @Option(help: ArgumentHelp("An image to show in the question: PNG, JPEG or GIF, at most 1 MiB.", valueName: "path"))
        var image: String?

        @Flag(inversion: .prefixedNo, help: "Learn the card both ways (default: the deck's setting).")
        var reversed: Bool?

        func validate() throws {
            guard !topic.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--topic is empty") }
            guard !topic.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw ValidationError("--topic must be one line without control characters")
            }
        }

        func run() throws {
            let topic = self.topic.trimmingCharacters(in: .whitespaces)
            let fileAccess = LocalFileSystem()
            let files: [DeckFile]
            let existing: DeckCollection
            do {
                files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: collection.paths)
                existing = try DeckCollection.load(files, fileAccess: fileAccess, options: .init(checking: false))
            } catch let error as CollectionError {
                Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description))\n")
                throw ExitStatus.usageOrIO.code
            }

            // The deck to append to: the topic's, or a new one.
            let target: DeckFile
            let existingText: String?
            let deckTopic: String
            if let deck = DeckPlacement.decks(ofTopic: topic, in: existing).first {
                target = deck.file
                deckTopic = deck.topic ?? topic
                guard let bytes = try? fileAccess.contents(atPath: deck.file.absolutePath),
                    let text = String(validating: bytes, as: UTF8.self)
                else {
                    Terminal.standardError.write(
                        "badger: error: cannot read \(UntrustedText.sanitized(deck.file.displayPath)) as UTF-8 text\n")
                    throw ExitStatus.usageOrIO.code
                }
                existingText = text
            } else {
                let folder = DeckPlacement.directory(paths: collection.paths, fileAccess: fileAccess)
                let path = DeckWriter.deckPath(forTopic: topic, in: folder)
                guard fileAccess.kind(atPath: path) == nil else {
                    // A deck mid-merge is read for no cards, so its topic is not found.
                    if let bytes = try? fileAccess.contents(atPath: path),
                        let lines = DeckParser.parse(
                            [UInt8](bytes), file: DeckFile(displayPath: path, absolutePath: path, collectionRoot: "")
                        )
                        .conflictMarkers
                    {
                        Terminal.standardError.write(
                            "badger: error: \(DeckPlacement.shown(path)) holds an unresolved merge conflict (line \(lines.lowerBound)): resolve it, then add\n"
                        )
                        throw ExitStatus.findings.code
                    }
                    Terminal.standardError.write(
                        "badger: error: the topic \(UntrustedText.sanitized(topic)) has no deck, and \(DeckPlacement.shown(path)) "
                            + "already exists (is it a deck of another topic, outside the paths given?)\n")
                    throw ExitStatus.findings.code
                }
                target = DeckFile(
                    displayPath: DeckPlacement.shown(path), absolutePath: path,
                    collectionRoot: files.first?.collectionRoot ?? DeckPlacement.root(of: folder, fileAccess: fileAccess))
                deckTopic = topic
                existingText = nil
                Terminal.standardError.write(
                    "badger: the topic \(UntrustedText.sanitized(topic)) gets a new deck, \(target.displayPath)\(newTopicHint(topic, in: existing))\n"
                )
            }

            var picture: ImageImport?
            if let image {
                do {
                    picture = try ImageImport(source: image, deckDirectory: target.directory)
                } catch {
                    Terminal.standardError.write("badger: error: \(error.description)\n")
                    throw error.status.code
                }
            }
            var pending: [String: [UInt8]] = [:]
            if let picture { pending[picture.destination] = picture.bytes }

            // The cards: from the options (plain text, escaped by DeckWriter), or written as
            // Markdown in the editor (appended as written).
            let newText: String
            var keptDraft: String?
            if question != nil || (picture != nil && answer != nil) {
                let draft = CardDraft(
                    question: question ?? "", answer: answer ?? "", explanation: explanation, hint: hint, reversed: reversed,
                    image: picture?.reference)
                newText = DeckWriter.appending([draft], to: existingText, topic: deckTopic)
            } else {
                let written = try CardEditorSession.run(
                    topic: deckTopic, deck: target,
                    prefill: .init(image: picture?.reference, answer: answer, explanation: explanation, hint: hint, reversed: reversed),
                    pending: pending)
                newText = CardEditorSession.appending(written.markdown, to: existingText, topic: deckTopic)
                keptDraft = written.file
            }

            // The deck as it will be, checked with the whole collection before anything is written.
            pending[target.absolutePath] = Array(newText.utf8)
            let overlay = FileOverlay(base: fileAccess, files: pending)
            let checkedFiles = files.contains(target) ? files : (files + [target]).sorted { $0.absolutePath < $1.absolutePath }
            let checked: DeckCollection
            do {
                checked = try DeckCollection.load(checkedFiles, fileAccess: overlay)
            } catch let error as CollectionError {
                Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description))\n")
                throw ExitStatus.usageOrIO.code
            }
            let firstNewLine = existingText.map(Self.lineCount) ?? 0
            func isNew(_ file: String?, _ range: SourceRange?) -> Bool {
                guard let file, let range else { return false }
                return file == target.displayPath && range.start.line > firstNewLine
            }
            let problems = checked.diagnostics.filter { diagnostic in
                isNew(diagnostic.file, diagnostic.range) || diagnostic.notes.contains { isNew($0.file, $0.range) }
            }
            let formatter = TextDiagnosticFormatter(
                showsExcerpts: false, usesColor: ColorChoice.auto.enabled(isTerminal: Terminal.standardError.isTerminal))
            Terminal.standardError.write(problems.map(formatter.format).joined())
            let errors = problems.count { $0.severity == .error }
            guard errors == 0 else {
                Terminal.standardError.write(
                    "badger: not added: \(TextDiagnosticFormatter.summary(errors: errors, warnings: problems.count - errors)); "
                        + "\(target.displayPath) is unchanged\n")
                if let keptDraft { Terminal.standardError.write("badger: what you wrote is kept in \(DeckPlacement.shown(keptDraft))\n") }
                throw ExitStatus.findings.code
            }

            // What was appended must read as cards: after an unclosed code block (or HTML block)
            // it would be part of that block, and the deck would change for nothing.
            let added = checked.cards.filter { $0.file.absolutePath == target.absolutePath && $0.line > firstNewLine }
            guard !added.isEmpty else {
                Terminal.standardError.write(
                    "badger: not added: what was written would not be read as a card in \(target.displayPath) (does the deck end "
                        + "inside an unclosed ``` code block or HTML block?); \(target.displayPath) is unchanged\n")
                if let keptDraft { Terminal.standardError.write("badger: what you wrote is kept in \(DeckPlacement.shown(keptDraft))\n") }
                throw ExitStatus.findings.code
            }

            if let picture {
                do {
                    try picture.copy()
                } catch {
                    Terminal.standardError.write(
                        "badger: error: cannot copy the image to \(DeckPlacement.shown(picture.destination)): \(error.localizedDescription)\n"
                    )
                    throw ExitStatus.usageOrIO.code
                }
            }
            try DeckPlacement.write(newText, to: target.absolutePath)
            if let keptDraft { try? FileManager.default.removeItem(atPath: (keptDraft as NSString).deletingLastPathComponent) }

            for card in added { Terminal.standardOutput.write("\(card.id)\n") }
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            Terminal.standardError.write("badger: added \(count(added.count, "card")) to \(target.displayPath)\n")
        }

        /// How many lines `text` has: a last line without a line ending counts too.
        static func lineCount(_ text: String) -> Int {
            // Lines end at LF, CR LF or a lone CR, as the deck parser reads them.
            var (lines, previous): (Int, UInt8) = (0, 0)
            for byte in text.utf8 {
                if byte == 0x0A, previous != 0x0D { lines += 1 }
                if byte == 0x0D { lines += 1 }
                previous = byte
            }
            return lines + (text.isEmpty || text.utf8.last == 0x0A || text.utf8.last == 0x0D ? 0 : 1)
        }
    }
}

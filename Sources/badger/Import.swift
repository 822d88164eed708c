import ArgumentParser
import BadgerDeck
import BadgerMemory
import Foundation

extension Badger {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import cards from a CSV file, or an Anki package with its review history.",
            discussion: """
                An Anki package (FILE.apkg or FILE.colpkg, every format Anki writes) becomes
                one Markdown deck per Anki deck, under --into DIR (default ./Decks if it
                exists, else the current folder): topic = the Anki deck's full name, a subdeck
                in a folder named after its parent (Lang::French → lang/french.md). Basic,
                reversed and optional-reversed notes become Q:/A: cards (R: yes when Anki had
                the reverse card), Cloze notes C: cards; MathJax \\(…\\) and \\[…\\] become $…$
                and $$…$$, images are copied into DIR/images/, sounds are reported and left
                out, fields past the first two go into E:. Other note types are read by their
                first two fields, with a warning naming them. Every answer in Anki's review log
                becomes a review of its card (time, rating, answer time), so scheduling goes on
                where Anki left off. Tags and suspended cards are kept in anki.notes beside
                badger.yml (which also remembers each note's GUID) and go back to Anki with
                `badger export FILE.apkg`. Nothing is written until the whole package has been
                read and converted; importing the same package again adds nothing, and a newer
                one only its new notes and reviews (notes matched by GUID). A damaged package,
                a zip bomb or a file name leading out of the package is refused, exit 2.

                  badger import collection.apkg --into Decks
                  badger import collection.colpkg --dry-run

                CSV:
                The CSV has one card a row, fields separated by `;` (or the --delimiter):

                  question; answer; explanation; reversed

                explanation and reversed (yes/no/true/false/1/0) are optional. Quote a field
                that holds the delimiter, quotes or line breaks (\"say \"\"hi\"\"\"). A header
                row, a byte-order mark, CRLF line endings and blank lines are fine. A header
                row may name the columns in any order, and two more: hint, and topic, which
                sends each row to its topic's deck (--topic is then optional and fills the
                rows whose topic cell is empty), as `badger export` writes them:

                  question;answer;explanation;reversed;hint;topic

                A cloze row has `C: text` with {{c1::…}} deletions in the question cell and an
                empty answer. Each field is written so that the card says exactly the CSV's
                text: `$…$` math stays math, anything Markdown or the deck format would read
                as structure (`A:` at a line start, `#`, `---`, `| a |`, `*`) is escaped.

                Cards are appended to the deck given with --into, else the topic's first deck
                in the collection, else a new deck Decks/<topic>.md; existing text is never
                rewritten. Rows whose question the topic already asks (or whose reverse asks
                one, for a reversed row) are skipped and reported. A bad row (missing answer,
                bad reversed value, too many fields) is reported with its line, and nothing is
                written unless every row is valid or --skip-invalid is given. A file that
                splits at commas (or tabs) but never at the delimiter is refused with one
                message naming the --delimiter to use.

                Exit status: 0 imported (or nothing to import), 1 bad rows (nothing written), 2
                usage or I/O errors (a file in another delimiter among them).

                Examples:
                  badger import words.csv --topic French
                  badger import words.csv --topic French --dry-run
                  badger import words.csv --topic French --delimiter ','
                  badger import anki.txt --topic French --delimiter tab
                  badger import all.csv    # its rows name their topics
                  badger import physics.csv --topic Physics --into Decks/physics/mechanics.md
                """)

        @Argument(help: ArgumentHelp("The CSV file, or Anki package (.apkg, .colpkg), to import.", valueName: "file"))
        var file: String

        @OptionGroup var collection: CollectionOptions

        @Option(
            help: ArgumentHelp(
                "The topic the cards belong to; optional when the CSV has a topic column (then it fills empty topic cells).",
                valueName: "topic"))
        var topic: String?

        @Option(
            help: ArgumentHelp(
                "CSV: the deck to append to (created if missing; inside the collection). Anki: the folder the decks go in.",
                valueName: "deck.md|dir"))
        var into: String?

        @Option(
            help: ArgumentHelp(
                "The field delimiter: ';', ',' or tab (also written \\t), e.g. --delimiter ','.", valueName: "delimiter"))
        var delimiter: CSVDelimiter = .semicolon

        @Flag(help: "Show the Markdown that would be appended (under a ==> deck.md <== line for each of several decks), and write nothing.")
        var dryRun = false

        @Flag(help: "Import the valid rows even when some rows are bad.")
        var skipInvalid = false

        func run() throws {
            let errors = Terminal.standardError
            if AnkiImport.isPackage(file) {
                guard topic == nil, !skipInvalid, delimiter.character == ";" else {
                    errors.write(
                        "badger: error: --topic, --delimiter and --skip-invalid are for CSV files; an Anki package names its own decks\n")
                    throw ExitStatus.usageOrIO.code
                }
                return try AnkiImport(file: file, into: into, collection: collection, dryRun: dryRun).run()
            }
            let topic = self.topic?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let topic, topic.isEmpty || topic.contains(where: \.isNewline) {
                errors.write("badger: error: --topic must name a topic\n")
                throw ExitStatus.usageOrIO.code
            }
            let text = try readCSV()
            var read = CSVCardReader(delimiter: delimiter.character).read(text)
            let source = UntrustedText.sanitized(file)
            if let likely = read.likelyDelimiter {
                errors.write(Self.delimiterMessage(source: source, expected: delimiter, found: likely))
                throw ExitStatus.usageOrIO.code
            }
            guard topic != nil || read.hasTopicColumn else {
                errors.write(
                    "badger: error: --topic is required: \(source) has no topic column (a header row naming `topic`, as `badger export` writes for several topics)\n"
                )
                throw ExitStatus.usageOrIO.code
            }
            var groups = Self.groupedByTopic(&read, default: topic)
            if groups.isEmpty, let topic { groups = [(topic, [])] }

            let fileAccess = LocalFileSystem()
            let cwd = fileAccess.currentDirectory
            let loaded = try collection.load(options: .init(checking: false))
            let directory = try collectionDirectory(fileAccess: fileAccess)
            let root = loaded.realDecks.first?.file.collectionRoot ?? directory
            if into != nil, groups.count > 1 {
                errors.write(
                    "badger: error: --into names one deck, but \(source) has rows of \(groups.count) topics; leave --into out to append each topic's rows to its own deck\n"
                )
                throw ExitStatus.usageOrIO.code
            }

            for error in read.errors {
                errors.write("\(source):\(error.line): error: \(UntrustedText.sanitized(error.message))\n")
            }
            if !read.errors.isEmpty, !skipInvalid || !read.isComplete {
                let count = read.errors.count
                errors.write(
                    "badger: nothing imported: \(count) invalid row\(count == 1 ? "" : "s")"
                        + (read.isComplete ? " (fix them, or import the valid rows with --skip-invalid)" : "") + "\n")
                throw ExitStatus.findings.code
            }

            // One deck per topic, each with the rows it gets.
            var imports: [(target: Target, shown: String, drafts: [CardDraft], text: String)] = []
            var duplicates: [CardImportPlan.Duplicate] = []
            for group in groups {
                let target = try targetDeck(in: loaded, directory: directory, root: root, topic: group.topic, fileAccess: fileAccess)
                if let other = imports.first(where: { $0.target.path == target.path }) {
                    errors.write(
                        "badger: error: topics \"\(UntrustedText.sanitized(group.topic))\" and another would both go into \(UntrustedText.sanitized(other.shown)); import them separately with --into\n"
                    )
                    throw ExitStatus.usageOrIO.code
                }
                let plan = CardImportPlan(
                    rows: group.rows, topic: group.topic, existing: loaded.cards,
                    reversedByDefault: target.deck?.reversedByDefault ?? false)
                let drafts = plan.added.map(\.draft)
                let newText = DeckWriter.appending(drafts, to: target.existing, topic: target.deck?.topic ?? group.topic)
                try checkAppended(newText, target: target, adding: drafts.count)
                imports.append((target, Self.displayPath(target.path, cwd: cwd), drafts, newText))
                duplicates += plan.duplicates
            }
            duplicates.sort { $0.line < $1.line }

            let total = imports.reduce(0) { $0 + $1.drafts.count }
            var summary = "\(dryRun ? "would import" : "imported") \(Self.cards(total))"
            if imports.count == 1 {
                summary += " into \(imports[0].shown)"
            } else if imports.count > 1 {
                summary +=
                    " into \(imports.count) decks (" + imports.map { "\($0.drafts.count) into \($0.shown)" }.joined(separator: ", ") + ")"
            }
            if !duplicates.isEmpty {
                let list = duplicates.map { "line \($0.line): \"\(Self.shortened($0.question))\"" }.joined(separator: ", ")
                summary += "; skipped \(duplicates.count) duplicate\(duplicates.count == 1 ? "" : "s") (\(list))"
            }
            if !read.errors.isEmpty {
                summary += "; skipped \(read.errors.count) invalid row\(read.errors.count == 1 ? "" : "s")"
            }
            summary = ([summary] + duplicates.compactMap(Self.reverseReason)).map { UntrustedText.sanitized($0) + "\n" }.joined()

            if dryRun {
                var shown: [String] = []
                for item in imports where !item.drafts.isEmpty {
                    // Cells come from someone else's file: no escape sequence reaches the terminal.
                    let markdown = UntrustedText.sanitized(
                        item.drafts.map(DeckWriter.markdown(for:)).joined(separator: "\n\n") + "\n", keepNewlines: true)
                    shown.append(imports.count > 1 ? "==> \(UntrustedText.sanitized(item.shown)) <==\n" + markdown : markdown)
                }
                if !shown.isEmpty { Terminal.standardOutput.write(shown.joined(separator: "\n")) }
                errors.write(summary)
                try Terminal.finish(.success, keeping: loaded)
            }
            let writes = imports.filter { !$0.drafts.isEmpty }
            if !writes.isEmpty {
                // Under the collection lock, and only if nobody changed the decks since they were
                // read, so two writers never lose each other's cards.
                let lock: CollectionLock
                do { lock = try CollectionLock(root: root, holder: "badger import") } catch let error as StorageError {
                    errors.write("badger: error: \(error.description)\n")
                    throw ExitStatus.usageOrIO.code
                }
                defer { lock.release() }
                for item in writes {
                    let current = FileManager.default.contents(atPath: item.target.path).map { String(decoding: $0, as: UTF8.self) }
                    guard current == item.target.existing else {
                        errors.write("badger: error: \(item.shown) changed while importing; nothing was written, run the import again\n")
                        throw ExitStatus.usageOrIO.code
                    }
                }
                for item in writes {
                    try OutputFile.write(item.text, to: item.target.path, shown: item.shown, creatingDirectory: true)
                }
            }
            Terminal.standardOutput.write(summary)
            try Terminal.finish(.success, keeping: loaded)
        }

        /// The rows of each topic, in the order topics first appear (topics compared ignoring
        /// case); a row's topic is its topic cell, else `default`. A row without either, or whose
        /// topic cell spans lines, becomes an error in `read`.
        static func groupedByTopic(_ read: inout CSVCardReader.Result, default fallback: String?) -> [(
            topic: String, rows: [CSVCardReader.Row]
        )] {
            var groups: [(topic: String, rows: [CSVCardReader.Row])] = []
            for row in read.rows {
                guard let topic = row.topic ?? fallback else {
                    read.errors.append(
                        CSVRowError(line: row.line, message: "the topic cell is empty; fill it, or give --topic for rows without one"))
                    continue
                }
                guard !topic.contains(where: \.isNewline) else {
                    read.errors.append(CSVRowError(line: row.line, message: "the topic spans several lines"))
                    continue
                }
                if let index = groups.firstIndex(where: { $0.topic.caseInsensitiveCompare(topic) == .orderedSame }) {
                    groups[index].rows.append(row)
                } else {
                    groups.append((topic, [row]))
                }
            }
            read.errors.sort { $0.line < $1.line }
            return groups
        }

        /// The one error for a file in another delimiter.
        static func delimiterMessage(source: String, expected: CSVDelimiter, found: Character) -> String {
            let (kind, what) =
                switch found {
                case ",": ("comma-separated", "commas")
                case "\t": ("tab-separated", "tabs")
                default: ("semicolon-separated", "semicolons")
                }
            let byDefault = expected.character == ";"
            return "badger: error: \(source) looks \(kind): no row has \(expected.name) between fields, but every row has \(what)"
                + (byDefault ? ". badger import reads \(expected.name) between fields; " : "; ")
                + "import it with --delimiter \(CSVDelimiter.optionValue(found))"
                + (byDefault ? ", or save it with \(expected.name) as the separator" : "") + "\n"
        }

        /// `N card(s)`.
        static func cards(_ count: Int) -> String { "\(count) card\(count == 1 ? "" : "s")" }

        /// Why a row was skipped, when a reverse card is involved (a plain repeated question
        /// needs no explanation): its own reverse, or a reverse card's question.
        static func reverseReason(_ duplicate: CardImportPlan.Duplicate) -> String? {
            let row = "line \(duplicate.line): \"\(shortened(duplicate.question))\""
            switch duplicate.reason {
            case .question(askedBy: .topic), .question(askedBy: .row): return nil
            case .question(askedBy: .topicReverse): return row + " is asked by the reverse of a card in the topic"
            case .question(askedBy: .rowReverse(let line)): return row + " is asked by line \(line) reversed"
            case .reverse(let answer, let asker):
                return row + " reversed asks \"\(shortened(answer))\", which \(Self.name(asker)) already asks"
            case .reverseOfItself: return row + " reversed asks its own question again (question and answer are the same)"
            }
        }

        private static func name(_ asker: CardImportPlan.Asker) -> String {
            switch asker {
            case .topic: return "the topic"
            case .topicReverse: return "the reverse of a card in the topic"
            case .row(let line): return "line \(line)"
            case .rowReverse(let line): return "line \(line) reversed"
            }
        }

        /// The CSV's text; an unreadable file or one that is not UTF-8 ends the command with status 2.
        private func readCSV() throws -> String {
            guard let data = FileManager.default.contents(atPath: file) else {
                Terminal.standardError.write("badger: error: cannot read \(UntrustedText.sanitized(file))\n")
                throw ExitStatus.usageOrIO.code
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(file)) is not UTF-8 text\n")
                throw ExitStatus.usageOrIO.code
            }
            return text
        }

        /// The directory a new deck goes in: the one directory named, else ./Decks if it exists,
        /// else the current directory.
        private func collectionDirectory(fileAccess: LocalFileSystem) throws -> String {
            let cwd = fileAccess.currentDirectory
            if collection.paths.isEmpty {
                return fileAccess.kind(atPath: cwd + "/Decks") == .directory ? cwd + "/Decks" : cwd
            }
            let absolute = Self.absolute(collection.paths[0], cwd: cwd)
            guard collection.paths.count == 1, fileAccess.kind(atPath: absolute) == .directory else {
                Terminal.standardError.write("badger: error: import takes one collection directory\n")
                throw ExitStatus.usageOrIO.code
            }
            return absolute
        }

        struct Target {
            var path: String
            var existing: String?
            var deck: ParsedDeck?
        }

        /// The deck to append to: --into, else the topic's first deck, else a new one.
        private func targetDeck(
            in loaded: DeckCollection, directory: String, root: String, topic: String, fileAccess: LocalFileSystem
        ) throws -> Target {
            let errors = Terminal.standardError
            let path: String
            if let into {
                let absolute = Self.absolute(into, cwd: fileAccess.currentDirectory)
                guard absolute.lowercased().hasSuffix(".md") else {
                    errors.write("badger: error: --into must name a Markdown deck (*.md)\n")
                    throw ExitStatus.usageOrIO.code
                }
                guard Self.isInside(absolute, root: root, fileAccess: fileAccess) else {
                    errors.write(
                        "badger: error: \(UntrustedText.sanitized(into)) is outside the collection \(UntrustedText.sanitized(Self.displayPath(root, cwd: fileAccess.currentDirectory)))\n"
                    )
                    throw ExitStatus.usageOrIO.code
                }
                path = absolute
            } else if let deck = loaded.realDecks.first(where: { $0.topic?.caseInsensitiveCompare(topic) == .orderedSame }) {
                path = deck.file.absolutePath
            } else {
                path = DeckWriter.deckPath(forTopic: topic, in: directory)
                let hint = newTopicHint(topic, in: loaded)
                if !hint.isEmpty, fileAccess.kind(atPath: path) == nil {
                    errors.write(
                        "badger: the topic \(UntrustedText.sanitized(topic)) gets a new deck, "
                            + "\(UntrustedText.sanitized(Self.displayPath(path, cwd: fileAccess.currentDirectory)))\(hint)\n")
                }
            }
            guard fileAccess.kind(atPath: path) != nil else { return Target(path: path, existing: nil, deck: nil) }
            guard fileAccess.kind(atPath: path) == .file, let data = FileManager.default.contents(atPath: path),
                let existing = String(validating: data, as: UTF8.self)
            else {
                errors.write("badger: error: cannot read \(UntrustedText.sanitized(path)) as a UTF-8 deck\n")
                throw ExitStatus.usageOrIO.code
            }
            let file = DeckFile(displayPath: path, absolutePath: path, collectionRoot: root)
            let deck = DeckParser.parse([UInt8](data), file: file)
            guard let deckTopic = deck.topic, deckTopic.caseInsensitiveCompare(topic) == .orderedSame else {
                let shown = UntrustedText.sanitized(Self.displayPath(path, cwd: fileAccess.currentDirectory))
                if let lines = deck.conflictMarkers {
                    errors.write(
                        "badger: error: \(shown) holds an unresolved merge conflict (line \(lines.lowerBound)): resolve it, then import\n")
                    throw ExitStatus.usageOrIO.code
                }
                errors.write(
                    deck.topic.map { "badger: error: \(shown) is a deck of topic \"\(UntrustedText.sanitized($0))\", not \"\(topic)\"\n" }
                        ?? "badger: error: \(shown) exists and is not a deck with a topic; name another with --into\n")
                throw ExitStatus.usageOrIO.code
            }
            return Target(path: path, existing: existing, deck: deck)
        }

        /// Refuses to write when the new cards would not be read as cards (the deck ends inside
        /// an open code block or comment, say).
        private func checkAppended(_ text: String, target: Target, adding count: Int) throws {
            let file = DeckFile(displayPath: target.path, absolutePath: target.path, collectionRoot: "/")
            let before = target.deck?.cards.count ?? 0
            let after = DeckParser.parse(Array(text.utf8), file: file).cards.count
            guard after == before + count else {
                Terminal.standardError.write(
                    "badger: error: the new cards would not be read as cards at the end of \(UntrustedText.sanitized(target.path)) (does it end inside an open code block or comment?); nothing written\n"
                )
                throw ExitStatus.findings.code
            }
        }

        static func absolute(_ path: String, cwd: String) -> String {
            let joined = path.hasPrefix("/") ? path : cwd + "/" + path
            return URL(fileURLWithPath: joined).standardizedFileURL.path
        }

        /// Whether `path` (which may not exist yet) is inside `root`, after resolving symbolic links
        /// of its nearest existing ancestor.
        static func isInside(_ path: String, root: String, fileAccess: LocalFileSystem) -> Bool {
            let resolvedRoot = fileAccess.resolvedPath(root) ?? root
            var existing = path
            var rest: [String] = []
            while fileAccess.resolvedPath(existing) == nil, existing != "/" {
                rest.insert((existing as NSString).lastPathComponent, at: 0)
                existing = (existing as NSString).deletingLastPathComponent
            }
            let resolved = ([fileAccess.resolvedPath(existing) ?? existing] + rest).joined(separator: "/")
            let prefix = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
            return resolved.hasPrefix(prefix)
        }

        /// `path` relative to the working directory when it is below it.
        static func displayPath(_ path: String, cwd: String) -> String {
            let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }

        /// A question on one line, cut to 60 characters.
        static func shortened(_ text: String) -> String {
            let flat = text.replacingOccurrences(of: "\n", with: " ")
            return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
        }
    }
}

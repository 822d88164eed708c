import BadgerAnki
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

/// `badger import FILE.apkg|FILE.colpkg`: an Anki package into Markdown decks, with its history.
struct AnkiImport {
    var file: String
    var into: String?
    var collection: CollectionOptions
    var dryRun: Bool

    /// Whether `file` names an Anki package.
    static func isPackage(_ file: String) -> Bool {
        let lower = file.lowercased()
        return lower.hasSuffix(".apkg") || lower.hasSuffix(".colpkg")
    }

    func run() throws {
        let errors = Terminal.standardError
        let fileAccess = LocalFileSystem()
        let cwd = fileAccess.currentDirectory
        let shownFile = UntrustedText.sanitized(file)
        let directory = try destination(cwd: cwd, fileAccess: fileAccess)
        let root = CollectionLoader(fileAccess: fileAccess).root(of: directory)

        let package: AnkiPackageReader
        do {
            package = try AnkiPackageReader(url: URL(fileURLWithPath: Badger.Import.absolute(file, cwd: cwd)))
        } catch let error as AnkiReadError {
            errors.write("badger: error: \(shownFile): \(UntrustedText.sanitized(error.description)); nothing imported\n")
            throw ExitStatus.usageOrIO.code
        }

        // Under the collection lock from reading to writing, so no review or edit comes between.
        var lock: CollectionLock?
        defer { lock?.release() }
        func takeLock() throws {
            guard lock == nil, !dryRun else { return }
            do {
                try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
                lock = try CollectionLock(root: root, holder: "badger import")
            } catch let error as StorageError {
                errors.write("badger: error: \(error.description)\n")
                throw ExitStatus.usageOrIO.code
            } catch {
                errors.write("badger: error: cannot create \(UntrustedText.sanitized(root)): \(error.localizedDescription)\n")
                throw ExitStatus.usageOrIO.code
            }
        }
        // A collection that exists is locked before it is read; a new one when it is written.
        if fileAccess.kind(atPath: root) == .directory { try takeLock() }
        var options = collection
        // The whole collection the new decks join (from its badger.yml down), so that its topics,
        // cards and reviews are all known.
        options.paths = [root]
        var existing = AnkiImportPlan.Existing()
        var studied: StudiedCollection?
        if fileAccess.kind(atPath: root) == .directory {
            let loaded = try options.load(options: .init(checking: false))
            if !loaded.realDecks.isEmpty {
                let memory = try options.loadStudied(loaded: loaded)
                studied = memory
                existing = try Self.existing(memory, root: root)
            } else {
                existing.noteMap = try Self.noteMap(root: root)
            }
        }

        let plan: AnkiImportPlan
        do {
            plan = try AnkiImportPlan(package: package, directory: directory, existing: existing, now: Date())
        } catch let error as AnkiReadError {
            errors.write("badger: error: \(shownFile): \(UntrustedText.sanitized(error.description)); nothing imported\n")
            throw ExitStatus.usageOrIO.code
        }
        // Every deck read back before anything is written: the new cards must be cards.
        for deck in plan.decks {
            let parsed = DeckParser.parse(
                Array(deck.text.utf8), file: DeckFile(displayPath: deck.path, absolutePath: deck.path, collectionRoot: root))
            guard parsed.topic?.caseInsensitiveCompare(deck.topic) == .orderedSame else {
                errors.write(
                    "badger: error: \(UntrustedText.sanitized(Badger.Import.displayPath(deck.path, cwd: cwd))) would not read back as a deck of topic \"\(UntrustedText.sanitized(deck.topic))\"; nothing imported\n"
                )
                throw ExitStatus.usageOrIO.code
            }
        }
        let summary = Self.summary(plan, dryRun: dryRun, cwd: cwd)
        if dryRun {
            errors.write(summary)
            return
        }

        try takeLock()
        // Each file written whole (atomically); the logs last, so a failure on the way leaves
        // decks whose cards are merely new, never reviews of cards that do not exist.
        for deck in plan.decks {
            let shown = Badger.Import.displayPath(deck.path, cwd: cwd)
            let current = FileManager.default.contents(atPath: deck.path).map { String(decoding: $0, as: UTF8.self) }
            guard current == deck.existing else {
                errors.write("badger: error: \(UntrustedText.sanitized(shown)) changed while importing; run the import again\n")
                throw ExitStatus.usageOrIO.code
            }
        }
        do {
            for media in plan.media {
                try FileManager.default.createDirectory(
                    atPath: (media.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write([UInt8](media.data), to: media.path)
            }
            for deck in plan.decks {
                try OutputFile.write(
                    deck.text, to: deck.path, shown: UntrustedText.sanitized(Badger.Import.displayPath(deck.path, cwd: cwd)),
                    creatingDirectory: true)
            }
            if !plan.logLines.isEmpty { GitAttributes.ensure(root: root) }
            // A collection whose first reviews these are is new: it adapts (`AutomaticDefaults`).
            let loader = CollectionLoader(fileAccess: LocalFileSystem())
            if plan.report.reviewsAdded > 0, Self.holdsNoReview(studied, root: root),
                let config = studied?.configs[root] ?? (try? loader.configuration(forRoot: root))
            {
                let newCollections = NewCollections()
                newCollections.plan(root: root, config: config, loader: loader, fileAccess: LocalFileSystem())
                newCollections.beforeFirstReview(in: root)
                newCollections.printWarnings()
            }
            for (deckPath, lines) in plan.logLines.sorted(by: { $0.key < $1.key }) {
                _ = try AtomicFile.appendLines(
                    lines, to: MemoryFiles(deckPath: AtomicFile.realPath(of: deckPath, within: root) ?? deckPath).logPath,
                    header: ReviewLog.header)
            }
            if plan.noteMapChanged {
                try AtomicFile.write(plan.noteMap.text, to: root + "/" + AnkiNoteMap.fileName)
            }
        } catch let error as StorageError {
            errors.write("badger: error: \(error.description)\n")
            throw ExitStatus.usageOrIO.code
        }
        _ = studied
        Terminal.standardOutput.write(summary)
    }

    /// The folder new decks go in: --into, else ./Decks if it exists, else the current folder
    /// (or the one collection folder named).
    private func destination(cwd: String, fileAccess: LocalFileSystem) throws -> String {
        if let into {
            let path = Badger.Import.absolute(into, cwd: cwd)
            if path.lowercased().hasSuffix(".md") || fileAccess.kind(atPath: path) == .file {
                Terminal.standardError.write(
                    "badger: error: --into names the folder an Anki package's decks go in (one deck per Anki deck), not a deck file\n")
                throw ExitStatus.usageOrIO.code
            }
            return path
        }
        if collection.paths.count == 1 { return Badger.Import.absolute(collection.paths[0], cwd: cwd) }
        return fileAccess.kind(atPath: cwd + "/Decks") == .directory ? cwd + "/Decks" : cwd
    }

    /// Whether the collection at `root` holds no review (`studied`, read when it has decks; else
    /// whether it has no review log at all).
    static func holdsNoReview(_ studied: StudiedCollection?, root: String) -> Bool {
        guard let studied else { return LogDiscovery.logs(under: root, fileAccess: LocalFileSystem()).isEmpty }
        return !studied.memories.contains { $0.root == root && $0.holdsReview }
    }

    static func noteMap(root: String) throws -> AnkiNoteMap {
        guard let data = FileManager.default.contents(atPath: root + "/" + AnkiNoteMap.fileName) else { return AnkiNoteMap() }
        do {
            return try AnkiNoteMap(text: String(decoding: data, as: UTF8.self))
        } catch let error as AnkiNoteMapError {
            Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description))\n")
            throw ExitStatus.usageOrIO.code
        }
    }

    /// What the collection holds: decks, cards with their keys, reviews, the note map.
    static func existing(_ studied: StudiedCollection, root: String) throws -> AnkiImportPlan.Existing {
        var existing = AnkiImportPlan.Existing(noteMap: try noteMap(root: root))
        for deck in studied.collection.realDecks {
            guard let topic = deck.topic, let data = FileManager.default.contents(atPath: deck.file.absolutePath) else { continue }
            existing.decks.append(.init(path: deck.file.absolutePath, text: String(decoding: data, as: UTF8.self), topic: topic))
        }
        for memory in studied.memories {
            for deck in memory.decks {
                for card in deck.cards {
                    existing.cards[card.id] = (memory.key(of: card.id) ?? card.id, deck.file.absolutePath)
                }
            }
            for record in memory.allRecords {
                guard case .review(let review) = record else { continue }
                // By the card's key: a review logged under a name the key has taken in (a format
                // 1 rename, `state link --join`) is the key's.
                let key = memory.ledger.aliases.origin(review.cardID)
                existing.reviewStamps[key, default: []].insert(AnkiImportPlan.Existing.stamp(review.time, review.rating.rawValue))
                if let last = existing.lastReview[key], last >= review.time {
                } else {
                    existing.lastReview[key] = review.time
                }
                if let id = review.recordID { existing.recordIDs.insert(id) }
            }
        }
        return existing
    }

    /// The lines printed after an import (or, with --dry-run, instead of it).
    static func summary(_ plan: AnkiImportPlan, dryRun: Bool, cwd: String) -> String {
        let report = plan.report
        func plural(_ count: Int, _ word: String, plural: String? = nil) -> String {
            if count == 1 { return "1 \(word)" }
            if let plural { return "\(count) \(plural)" }
            return word.hasSuffix("entry") ? "\(count) \(word.dropLast())ies" : "\(count) \(word)s"
        }
        var lines: [String] = []
        lines.append(
            "\(dryRun ? "would import" : "imported") \(plural(report.notesAdded, "note")) (\(plural(report.cardsAdded, "card"))) into \(plural(plan.decks.count, "deck")), \(plural(report.reviewsAdded, "review")) and \(plural(report.mediaAdded, "media file"))"
        )
        for deck in plan.decks {
            lines.append(
                "  \(Badger.Import.displayPath(deck.path, cwd: cwd)): \(plural(deck.notesAdded, "note")) (topic \(deck.topic)\(deck.existing == nil ? ", new deck" : ""))"
            )
        }
        if report.notesKnown > 0 || report.reviewsKnown > 0 {
            lines.append(
                "already in the collection: \(plural(report.notesKnown, "note")) and \(plural(report.reviewsKnown, "review")) (imported before, or the same question)"
            )
        }
        for (type, count) in report.otherNoteTypes.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "warning: \(plural(count, "note")) of type \"\(type)\" imported by their first two fields (as question and answer)")
        }
        if report.duplicateNotes > 0 {
            lines.append("warning: \(plural(report.duplicateNotes, "note")) left out: the same question came earlier in the same deck")
        }
        if !report.sounds.isEmpty {
            lines.append(
                "warning: \(plural(report.sounds.count, "sound")) left out (badger shows no sound): \(report.sounds.prefix(5).joined(separator: ", "))\(report.sounds.count > 5 ? ", …" : "")"
            )
        }
        if !report.missingMedia.isEmpty {
            lines.append(
                "warning: \(plural(report.missingMedia.count, "image")) the notes show are not in the package: \(report.missingMedia.prefix(5).joined(separator: ", "))"
            )
        }
        if !report.refusedMedia.isEmpty {
            lines.append(
                "warning: \(plural(report.refusedMedia.count, "file")) shown as images but not image files left out: \(report.refusedMedia.prefix(5).joined(separator: ", "))"
            )
        }
        if report.suspendedCards > 0 {
            lines.append(
                "note: \(plural(report.suspendedCards, "card")) suspended in Anki: suspended here too (study leaves them out; `badger unsuspend --card ID` brings one back)"
            )
        }
        if report.soundOnlyFields > 0 {
            lines.append(
                "warning: \(plural(report.soundOnlyFields, "field")) that only played sounds written as the sounds' names, e.g. \"(sound: x.mp3)\": edit them"
            )
        }
        if report.emptyAnswers > 0 {
            lines.append("warning: \(plural(report.emptyAnswers, "answer")) empty in Anki written as \"(empty in Anki)\": edit them")
        }
        if report.taggedNotes > 0 {
            lines.append(
                "note: the tags of \(plural(report.taggedNotes, "note")) are kept in \(AnkiNoteMap.fileName) and exported back to Anki")
        }
        if report.entriesNotAnswers > 0 {
            lines.append(
                "note: \(plural(report.entriesNotAnswers, "review-log entry")) not imported: not answers (reschedules, resets)")
        }
        if report.impossibleTimes > 0 {
            lines.append(
                "warning: \(plural(report.impossibleTimes, "review-log entry")) dated before 2006 or in the future left out (a damaged review log?)"
            )
        }
        if report.reviewsWithoutCard > 0 {
            lines.append("note: \(plural(report.reviewsWithoutCard, "review")) of cards badger has no card for not imported")
        }
        if report.splitNotes > 0 {
            lines.append("note: \(plural(report.splitNotes, "note")) had cards in several Anki decks; each went to its first card's deck")
        }
        if report.emptyNotes > 0 { lines.append("note: \(plural(report.emptyNotes, "note")) without cards left out") }
        return lines.map { UntrustedText.sanitized($0) + "\n" }.joined()
    }
}

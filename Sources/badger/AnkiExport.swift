import BadgerAnki
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

/// `badger export FILE.apkg`: the collection's cards as an Anki package, with their history.
struct AnkiExport {
    var file: String
    var collection: CollectionOptions
    var topic: [String]
    var withHistory: Bool

    static func isPackage(_ file: String) -> Bool { file.lowercased().hasSuffix(".apkg") }

    func run() throws {
        let errors = Terminal.standardError
        let shown = UntrustedText.sanitized(file)
        try OutputFile.refuseCollectionFile(file, shown: shown, what: "Anki package")
        let loaded = try collection.load(options: .init(keepingTrees: true, checking: false))
        if loaded.realDecks.isEmpty {
            errors.write("badger: error: no decks in \(collection.shownPaths) (a deck is a .md file); nothing exported\n")
            throw ExitStatus.usageOrIO.code
        }
        let wanted = try wantedTopics(topic, in: loaded)
        let decks = loaded.realDecks.filter { deck in
            guard let deckTopic = deck.topic else { return false }
            return wanted?.contains(deckTopic) ?? true
        }
        // One package is one collection's: its media, note ids and settings are the root's.
        let roots = Set(decks.map(\.file.collectionRoot)).sorted()
        if roots.count > 1 {
            errors.write(
                "badger: error: \(collection.shownPaths) holds \(roots.count) collections (\(roots.map { UntrustedText.sanitized($0) }.joined(separator: ", "))); "
                    + "export each from its own folder, or one collection's topics with --topic\n")
            throw ExitStatus.usageOrIO.code
        }
        // Locked: cards exported for the first time get their lasting identity recorded.
        var studied = try collection.loadStudied(lockingFor: "badger export", loaded: loaded)
        defer { for lock in studied.locks { lock.release() } }
        let now = Date()
        let root = decks.first?.file.collectionRoot ?? loaded.decks.first?.file.collectionRoot ?? FileManager.default.currentDirectoryPath
        let noteMap = try AnkiImport.noteMap(root: root)
        let config = studied.configs[root] ?? CollectionConfig()
        let created = AnkiPackageWriter.collectionCreation(now: now)

        // Each card's state and reviews, by card id.
        var schedules: [String: AnkiExportPlan.Schedule] = [:]
        if withHistory {
            let states = studied.states
            var reviewsOfCard: [String: [AnkiExportPlan.Review]] = [:]
            for log in studied.memories.flatMap({ $0.history(withRecordIDs: true) }) {
                for record in log {
                    guard case .review(let review) = record else { continue }
                    reviewsOfCard[review.cardID, default: []].append(
                        .init(
                            time: review.time, rating: review.rating.rawValue, answerMilliseconds: review.answerMilliseconds,
                            recordID: review.recordID))
                }
            }
            for (id, reviews) in reviewsOfCard {
                guard let state = states[id] else { continue }
                schedules[id] = .init(state: state, reviews: reviews)
            }
        }
        let memories = studied.memories
        let plan = AnkiExportPlan(
            decks: decks, root: root,
            keyOfCard: { id in
                for memory in memories { if let key = memory.key(of: id) { return key } }
                return nil
            }, isSuspended: { id in memories.contains { $0.isSuspended(id) } }, schedules: schedules,
            desiredRetention: config.desiredRetention, noteMap: noteMap,
            dayNumber: { Int(($0.timeIntervalSince(created) / 86_400).rounded(.down)) },
            modified: { path in
                (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? now
            },
            readFile: { FileManager.default.contents(atPath: $0) })
        do {
            try AnkiPackageWriter.write(plan.collection, media: plan.media, to: URL(fileURLWithPath: file), now: now)
        } catch AnkiPackageError.writeFailed(_, let reason) {
            errors.write("badger: error: cannot write \(shown): \(UntrustedText.sanitized(reason))\n")
            throw ExitStatus.usageOrIO.code
        } catch {
            errors.write("badger: error: cannot write \(shown): \(UntrustedText.sanitized("\(error)"))\n")
            throw ExitStatus.usageOrIO.code
        }
        for index in studied.memories.indices {
            _ = try studied.memories[index].recordIdentities(of: plan.exportedCardIDs, at: now)
        }
        // anki.notes learns every note exported, so that the next export keeps its GUID
        // whatever its cards become, and importing the package back recognises it.
        var updated = noteMap
        for note in plan.exportedNotes {
            var keys: [Int: String] = [:]
            for card in note.cards {
                keys[card.ordinal] = studied.memories.lazy.compactMap { $0.key(of: card.cardID) }.first ?? card.cardID
            }
            let old = noteMap.notes[note.guid]
            updated.insert(
                AnkiNoteMap.Note(
                    guid: note.guid, noteType: old?.noteType ?? note.noteType, keys: keys, tags: old?.tags ?? []))
        }
        if updated != noteMap {
            do {
                try AtomicFile.write(updated.text, to: root + "/" + AnkiNoteMap.fileName)
            } catch let error as StorageError {
                errors.write("badger: error: \(error.description)\n")
                throw ExitStatus.usageOrIO.code
            }
        }
        let report = plan.report
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var lines = [
            "exported \(plural(report.notes, "note")) (\(plural(report.cards, "card"))) of \(plural(Set(decks.compactMap { $0.topic?.lowercased() }).count, "topic")), \(plural(report.reviews, "review")) and \(plural(report.media, "media file")) to \(file)"
        ]
        if report.hintsLeftOut > 0 {
            lines.append("note: \(plural(report.hintsLeftOut, "hint")) left out (Anki's Basic note type has no hint field)")
        }
        if report.incompleteCards > 0 {
            lines.append(
                "warning: \(plural(report.incompleteCards, "card")) without a question or answer left out (`badger lint` lists them)")
        }
        if !report.missingImages.isEmpty {
            lines.append(
                "warning: \(plural(report.missingImages.count, "image")) missing or outside the collection: \(report.missingImages.prefix(5).joined(separator: ", "))"
            )
        }
        errors.write(lines.map { UntrustedText.sanitized($0) + "\n" }.joined())
    }
}

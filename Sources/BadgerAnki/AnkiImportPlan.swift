import BadgerDeck
import BadgerMemory
import Foundation

/// What importing an Anki package into a collection writes, worked out whole before anything is
/// written: the decks (new, or appended to), the review-log lines of each deck, the media files
/// and the new `anki.notes`, with a report of everything that was converted, skipped or kept.
///
/// One deck per Anki deck, topic = the deck's full name (`Geography::Europe`), a subdeck in a
/// folder named after its parent (`geography/europe.md`); a topic the collection already has
/// gets its new notes appended to its first deck. Basic, Basic (and reversed card), Basic
/// (optional reversed card) and Cloze notes become `Q:`/`A:` (with `R: yes` when Anki had the
/// reverse card) and `C:` cards; fields past the ones a card shows go into `E:`; notes of any
/// other type are read by their first two fields and reported by type. Every answer in Anki's
/// review log becomes a review (time, rating, answer time) of its card, with a record id
/// derived from the review, so a second import adds nothing and a newer package only what is
/// new; notes are matched by GUID through `anki.notes`, or by question.
public struct AnkiImportPlan: Sendable {
    /// What the collection holds already.
    public struct Existing: Sendable {
        public struct Deck: Sendable {
            public var path: String
            public var text: String
            public var topic: String

            public init(path: String, text: String, topic: String) {
                self.path = path
                self.text = text
                self.topic = topic
            }
        }

        /// The collection's decks with a topic.
        public var decks: [Deck]
        /// Each card's key (its lasting identity) by card id, and the deck file it is in.
        public var cards: [String: (key: String, deckPath: String)]
        /// The time (whole seconds) and rating of every review, by key: an Anki review of the
        /// same card in the same second with the same rating is the same review (one exported
        /// by badger and imported back).
        public var reviewStamps: [String: Set<Int64>]
        /// The last review of each key, for the elapsed time of the next one.
        public var lastReview: [String: Date]
        public var recordIDs: Set<String>
        public var noteMap: AnkiNoteMap

        public init(
            decks: [Deck] = [], cards: [String: (key: String, deckPath: String)] = [:], reviewStamps: [String: Set<Int64>] = [:],
            lastReview: [String: Date] = [:], recordIDs: Set<String> = [], noteMap: AnkiNoteMap = AnkiNoteMap()
        ) {
            self.decks = decks
            self.cards = cards
            self.reviewStamps = reviewStamps
            self.lastReview = lastReview
            self.recordIDs = recordIDs
            self.noteMap = noteMap
        }

        public static func stamp(_ time: Date, _ rating: Int) -> Int64 {
            Int64(time.timeIntervalSince1970.rounded(.down)) * 8 + Int64(rating)
        }
    }

    public struct DeckWrite: Sendable {
        public var path: String
        /// The deck's text before the import; nil for a new deck.
        public var existing: String?
        public var text: String
        public var topic: String
        public var notesAdded: Int
    }

    public struct MediaWrite: Sendable {
        /// The name notes use in the package.
        public var name: String
        public var path: String
        public var data: Data
    }

    /// Counts and names for the summary; nothing in it is an error.
    public struct Report: Sendable, Equatable {
        public var notes = 0
        public var notesAdded = 0
        /// Notes imported before (matched by GUID) or whose question the topic asks already.
        public var notesKnown = 0
        public var cardsAdded = 0
        public var reviewsAdded = 0
        public var reviewsKnown = 0
        /// Review-log entries that are not answers (a reschedule, a reset), not imported.
        public var entriesNotAnswers = 0
        /// Reviews of cards badger has no card for (templates past the second of another note
        /// type), or of notes deleted from the collection since the last import.
        public var reviewsWithoutCard = 0
        /// Note types read by their first two fields, with how many notes.
        public var otherNoteTypes: [String: Int] = [:]
        public var sounds: [String] = []
        /// Questions, answers (or a cloze note's Back Extra) that were only sounds: written as the
        /// sounds' names.
        public var soundOnlyFields = 0
        /// Answers Anki had empty: written as "(empty in Anki)".
        public var emptyAnswers = 0
        public var missingMedia: [String] = []
        /// Files shown as images whose names are not those of image files (`notes.md`,
        /// `x.reviews`, `badger.yml`): never written, since the collection would read them.
        public var refusedMedia: [String] = []
        public var suspendedCards = 0
        public var taggedNotes = 0
        public var emptyNotes = 0
        /// Notes whose cards Anki keeps in several decks (each goes to its first card's deck).
        public var splitNotes = 0
        /// Notes whose question came twice in one deck of the package: only the first is kept.
        public var duplicateNotes = 0
        public var mediaAdded = 0
        /// Review-log entries dated before Anki existed or after the import: left out.
        public var impossibleTimes = 0
    }

    public var decks: [DeckWrite] = []
    /// The lines to append to each deck's review log, by deck path.
    public var logLines: [String: [String]] = [:]
    public var media: [MediaWrite] = []
    public var noteMap: AnkiNoteMap
    public var noteMapChanged = false
    public var report = Report()

    /// Works out the import of `package` into `directory` (where new decks go), with the media
    /// folder `images/` inside it.
    ///
    /// - Throws: `AnkiReadError` for media the package cannot give.
    public init(package: AnkiPackageReader, directory: String, existing: Existing, now: Date) throws {
        noteMap = existing.noteMap
        let collection = package.collection
        let typeOfID = Dictionary(collection.noteTypes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let deckName = Dictionary(collection.decks.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var cardsOfNote: [Int64: [AnkiCard]] = [:]
        for card in collection.cards { cardsOfNote[card.noteID, default: []].append(card) }
        var reviewsOfCard: [Int64: [AnkiReview]] = [:]
        for review in collection.reviews {
            guard review.isAnswer else {
                report.entriesNotAnswers += 1
                continue
            }
            reviewsOfCard[review.cardID, default: []].append(review)
        }
        let mediaFolder = directory + "/images"
        var mediaNameOf: [String: String] = [:]
        var usedMediaNames: Set<String> = []

        // The notes of each Anki deck, in the order they were created.
        struct Pending {
            var note: AnkiNote
            var type: AnkiNoteType?
            var cards: [AnkiCard]
            var markdown: String
            var firstLine: Int
        }
        var decksInOrder: [String] = []
        var pendingOfDeck: [String: [Pending]] = [:]
        var knownNotes: [(AnkiNote, [AnkiCard])] = []
        for note in collection.notes {
            report.notes += 1
            let cards = (cardsOfNote[note.id] ?? []).sorted { $0.ordinal < $1.ordinal }
            guard !cards.isEmpty else {
                report.emptyNotes += 1
                continue
            }
            report.suspendedCards += cards.count(where: \.isSuspended)
            if !note.tags.isEmpty { report.taggedNotes += 1 }
            if existing.noteMap.notes[note.guid] != nil {
                knownNotes.append((note, cards))
                continue
            }
            if Set(cards.map(\.deckID)).count > 1 { report.splitNotes += 1 }
            let name = deckName[cards[0].deckID] ?? "Default"
            if pendingOfDeck[name] == nil { decksInOrder.append(name) }
            pendingOfDeck[name, default: []].append(
                Pending(note: note, type: typeOfID[note.noteTypeID], cards: cards, markdown: "", firstLine: 0))
        }

        // Each deck's new text; then its cards, parsed back, are matched to Anki's cards.
        var existingDeckOfTopic: [String: Existing.Deck] = [:]
        for deck in existing.decks where existingDeckOfTopic[deck.topic.lowercased()] == nil {
            existingDeckOfTopic[deck.topic.lowercased()] = deck
        }
        var seenIDs = Set(existing.cards.keys)
        var plannedPaths: Set<String> = []
        var cardLines: [String: [String]] = [:]
        for name in decksInOrder {
            let topic = name
            let target = existingDeckOfTopic[topic.lowercased()]
            let path = target?.path ?? Self.deckPath(forDeck: name, in: directory, avoiding: plannedPaths)
            plannedPaths.insert(path)
            let imagesRelative = Self.relativePath(from: (path as NSString).deletingLastPathComponent, to: mediaFolder)
            var blocks: [String] = []
            var pending = pendingOfDeck[name] ?? []
            for index in pending.indices {
                let item = pending[index]
                var fields: [AnkiFieldImport.Result] = []
                for html in item.note.fields {
                    let converted = AnkiFieldImport.markdown(fromHTML: html, mediaFolder: imagesRelative)
                    for sound in converted.sounds where !report.sounds.contains(sound) { report.sounds.append(sound) }
                    for image in converted.images where mediaNameOf[image] == nil {
                        if !Self.isImageName(image) {
                            if !report.refusedMedia.contains(image) { report.refusedMedia.append(image) }
                        } else if package.mediaNames.contains(image), var safe = Self.safeMediaName(image, used: &usedMediaNames) {
                            // A file of that name already in images/ with other bytes (the
                            // user's own) is never overwritten: the image gets another name.
                            // (The image is unpacked here only when such a file exists.)
                            var data: Data?
                            while let present = FileManager.default.contents(atPath: mediaFolder + "/" + safe) {
                                if data == nil { data = try package.mediaData(named: image) }
                                if present == data { break }
                                guard let next = Self.safeMediaName(safe, used: &usedMediaNames) else { break }
                                safe = next
                            }
                            mediaNameOf[image] = safe
                        } else if !report.missingMedia.contains(image) {
                            report.missingMedia.append(image)
                        }
                    }
                    fields.append(converted)
                }
                // A question or answer that was only sounds (badger shows none) names them, so
                // that the card, its history and a lint-clean deck are kept.
                // (A cloze note's text with sounds only has no deletion either: left as it is.)
                for slot in fields.indices.prefix(2) where fields[slot].markdown.isEmpty && !fields[slot].sounds.isEmpty {
                    if slot == 0, item.type?.kind == .cloze { continue }
                    fields[slot].markdown = MarkdownEscaper.escape("(sound: " + fields[slot].sounds.joined(separator: ", ") + ")")
                    report.soundOnlyFields += 1
                }
                // An answer Anki had empty (Anki allows it, a deck does not) says so.
                if item.type?.kind != .cloze, fields.count > 1, fields[1].markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    fields[1].markdown = "(empty in Anki)"
                    report.emptyAnswers += 1
                }
                pending[index].markdown = Self.cardMarkdown(
                    type: item.type, fields: fields.map(\.markdown), cards: item.cards, report: &report)
            }
            // Media whose name had to change (hidden, or taken by another file in another case)
            // are renamed in the text; most keep their names.
            let renamed = mediaNameOf.filter { $0.key != $0.value }
            // Images not written (missing from the package, or not image files) are taken out of
            // the text, so that no card shows a file that is not there.
            let dropped = report.missingMedia + report.refusedMedia
            var text = target?.text ?? DeckWriter.frontMatter(topic: topic)
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            if !text.isEmpty, !text.hasSuffix("\n\n") { text += "\n" }
            let firstLine = text.utf8.count(where: { $0 == 0x0A }) + 1
            var line = firstLine
            for index in pending.indices {
                var markdown = pending[index].markdown
                for (original, safe) in renamed where markdown.contains(original) {
                    markdown = markdown.replacingOccurrences(of: "](\(imagesRelative)/\(original))", with: "](\(imagesRelative)/\(safe))")
                }
                for name in dropped where markdown.contains(name) {
                    markdown = Self.removingImage(imagesRelative + "/" + name, from: markdown)
                }
                pending[index].markdown = markdown
                pending[index].firstLine = line
                blocks.append(markdown)
                line += markdown.utf8.count(where: { $0 == 0x0A }) + 2
            }
            let newText = text + blocks.joined(separator: "\n\n") + "\n"
            let file = DeckFile(displayPath: path, absolutePath: path, collectionRoot: directory)
            let parsed = DeckParser.parse(Array(newText.utf8), file: file)
            let cards = CardExpander.cards(of: parsed)
            var cardsOfLine: [Int: [Card]] = [:]
            for card in cards { cardsOfLine[card.line, default: []].append(card) }
            var kept: [Pending] = []
            var keptBlocks: [String] = []
            for item in pending {
                let made = cardsOfLine[item.firstLine] ?? []
                // A question the topic asks already: the note is that card's (its reviews too).
                if let first = made.first, seenIDs.contains(first.id.description) {
                    if existing.cards[first.id.description] != nil {
                        report.notesKnown += 1
                        let lines = record(item.note, type: item.type, cards: item.cards, made: made, existing: existing)
                        if let deckPath = existing.cards[first.id.description]?.deckPath, !lines.isEmpty {
                            cardLines[deckPath, default: []] += lines
                        }
                    } else {
                        report.duplicateNotes += 1
                    }
                    continue
                }
                for card in made { seenIDs.insert(card.id.description) }
                kept.append(item)
                keptBlocks.append(item.markdown)
            }
            guard !kept.isEmpty else { continue }
            let finalText = text + keptBlocks.joined(separator: "\n\n") + "\n"
            // Parsed once more when notes were left out, so lines match.
            let finalCards =
                kept.count == pending.count ? cards : CardExpander.cards(of: DeckParser.parse(Array(finalText.utf8), file: file))
            var finalOfLine: [Int: [Card]] = [:]
            for card in finalCards { finalOfLine[card.line, default: []].append(card) }
            var lineNumber = firstLine
            var logLines: [String] = []
            for item in kept {
                let made = finalOfLine[lineNumber] ?? []
                lineNumber += item.markdown.utf8.count(where: { $0 == 0x0A }) + 2
                report.notesAdded += 1
                report.cardsAdded += made.count
                logLines += record(item.note, type: item.type, cards: item.cards, made: made, existing: existing, new: true)
            }
            decks.append(DeckWrite(path: path, existing: target?.text, text: finalText, topic: topic, notesAdded: kept.count))
            cardLines[path, default: []] += logLines
        }
        // Notes imported before: only their new reviews.
        var deckOfKey: [String: String] = [:]
        for card in existing.cards.values { deckOfKey[card.key] = card.deckPath }
        for (note, cards) in knownNotes {
            report.notesKnown += 1
            guard var mapped = existing.noteMap.notes[note.guid] else { continue }
            // A note recorded without its note type (or with another) learns the package's.
            if let type = typeOfID[note.noteTypeID],
                mapped.noteType != String(type.id) || noteMap.noteTypes[type.id] != AnkiNoteMap.NoteType(type)
            {
                mapped.noteType = String(type.id)
                noteMap.insert(AnkiNoteMap.NoteType(type))
                noteMap.insert(mapped)
                noteMapChanged = true
            }
            for card in cards {
                guard let key = mapped.keys[card.ordinal],
                    let deckPath = deckOfKey[key]
                else {
                    report.reviewsWithoutCard += reviewsOfCard[card.id]?.count ?? 0
                    continue
                }
                cardLines[deckPath, default: []] += reviewLines(
                    reviewsOfCard[card.id] ?? [], key: key, sighting: nil, guid: note.guid, ordinal: card.ordinal, existing: existing)
            }
        }
        for (path, lines) in cardLines where !lines.isEmpty { logLines[path] = lines }
        for (original, safe) in mediaNameOf.sorted(by: { $0.key < $1.key }) {
            let data = try package.mediaData(named: original)
            let path = mediaFolder + "/" + safe
            if let present = FileManager.default.contents(atPath: path), present == data { continue }
            media.append(MediaWrite(name: original, path: path, data: data))
            report.mediaAdded += 1
        }

        /// Records a note's cards in the note map and returns the log lines of their reviews
        /// (and, for a `new` card Anki had suspended, its suspension).
        @discardableResult
        func record(
            _ note: AnkiNote, type: AnkiNoteType?, cards: [AnkiCard], made: [Card], existing: Existing, new: Bool = false
        ) -> [String] {
            var keys: [Int: String] = [:]
            var lines: [String] = []
            for card in cards {
                guard let badgerCard = Self.card(for: card, type: type, in: made) else {
                    report.reviewsWithoutCard += reviewsOfCard[card.id]?.count ?? 0
                    continue
                }
                let id = badgerCard.id.description
                let key = existing.cards[id]?.key ?? id
                keys[card.ordinal] = key
                let isNew = existing.cards[id] == nil
                var cardLines = reviewLines(
                    reviewsOfCard[card.id] ?? [], key: key, sighting: isNew ? badgerCard : nil, guid: note.guid,
                    ordinal: card.ordinal, existing: existing)
                // A card Anki had suspended stays suspended (its history and due date kept).
                if card.isSuspended, new {
                    if cardLines.isEmpty {
                        let sighting = ReviewRecord.CardSighting(
                            time: now, key: key, contentID: id, direction: badgerCard.direction.rawValue,
                            question: badgerCard.identityQuestion, answer: badgerCard.identityAnswer,
                            recordID: Self.recordID("card", note.guid, String(card.ordinal)))
                        cardLines.append(ReviewRecord.card(sighting).line)
                    }
                    let suspension = ReviewRecord.suspension(
                        time: max(now, Self.lastTime(cardLines) ?? now), key: key, suspended: true,
                        recordID: Self.recordID("suspended", note.guid, String(card.ordinal)))
                    cardLines.append(suspension.line)
                }
                lines += cardLines
            }
            // The note type is kept (by id) so that an export gives the note its own type back.
            if let type { noteMap.insert(AnkiNoteMap.NoteType(type)) }
            noteMap.insert(
                AnkiNoteMap.Note(guid: note.guid, noteType: type.map { String($0.id) } ?? "", keys: keys, tags: note.tags))
            noteMapChanged = true
            return lines
        }

        /// The lines of a card's reviews not in the collection yet, with the card's `card` line
        /// first when it is new.
        func reviewLines(
            _ reviews: [AnkiReview], key: String, sighting card: Card?, guid: String, ordinal: Int, existing: Existing
        ) -> [String] {
            var lines: [String] = []
            var previous = existing.lastReview[key]
            let stamps = existing.reviewStamps[key] ?? []
            for review in reviews {
                let time = Date(timeIntervalSince1970: TimeInterval(review.id / 1000))
                // Anki began in 2006; a review from before, or from more than a day after the
                // import, is a damaged entry (the scheduler could not date it), not a review.
                guard review.id >= 1_136_073_600_000, time <= now.addingTimeInterval(86_400) else {
                    report.impossibleTimes += 1
                    continue
                }
                let recordID = AnkiRevlogRecordID.make(guid: guid, ordinal: ordinal, revlogID: review.id)
                if existing.recordIDs.contains(recordID) || stamps.contains(Existing.stamp(time, review.ease)) {
                    report.reviewsKnown += 1
                    continue
                }
                if lines.isEmpty, let card {
                    let sighting = ReviewRecord.CardSighting(
                        time: time, key: key, contentID: card.id.description, direction: card.direction.rawValue,
                        question: card.identityQuestion, answer: card.identityAnswer,
                        recordID: Self.recordID("card", guid, String(ordinal), String(review.id)))
                    lines.append(ReviewRecord.card(sighting).line)
                }
                let elapsed = previous.map { max(0, Int(time.timeIntervalSince($0))) }
                let rating = Rating(rawValue: review.ease) ?? .good
                let record = ReviewRecord.Review(
                    time: time, cardID: key, rating: rating, elapsedSeconds: elapsed,
                    answerMilliseconds: max(0, review.milliseconds), recordID: recordID)
                lines.append(ReviewRecord.review(record).line)
                previous = time
                report.reviewsAdded += 1
            }
            return lines
        }
    }

    /// The time of the last of `lines` (log lines start with their time).
    static func lastTime(_ lines: [String]) -> Date? {
        lines.last.flatMap { Timestamp.parse(String($0.prefix(20))) }
    }

    /// The badger card an Anki card became: the forward card for template 0, the reverse for
    /// template 1 of a reversed type, cloze number `ordinal + 1` of a cloze note.
    static func card(for card: AnkiCard, type: AnkiNoteType?, in made: [Card]) -> Card? {
        switch type?.kind {
        case .cloze?: return made.first { $0.cloze?.number == card.ordinal + 1 }
        case .basicAndReversed?, .basicOptionalReversed?:
            return made.first { $0.direction == (card.ordinal == 1 ? .reverse : .forward) }
        default: return card.ordinal == 0 ? made.first { $0.direction == .forward } : nil
        }
    }

    /// The Markdown of a note's card: `Q:`/`A:` (and `R: yes`) or `C:`, then `E:` with the
    /// other non-empty fields.
    static func cardMarkdown(type: AnkiNoteType?, fields: [String], cards: [AnkiCard], report: inout Report) -> String {
        func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
        var lines: [String]
        var used = 2
        switch type?.kind {
        case .cloze?:
            lines = ["C: " + field(0)]
            used = 1
        case .basicAndReversed?:
            lines = ["Q: " + field(0), "A: " + field(1), "R: yes"]
        case .basicOptionalReversed?:
            lines = ["Q: " + field(0), "A: " + field(1)]
            if cards.contains(where: { $0.ordinal == 1 }) { lines.append("R: yes") }
            used = 3
        case .basic?:
            lines = ["Q: " + field(0), "A: " + field(1)]
        default:
            report.otherNoteTypes[type?.name ?? "(missing note type)", default: 0] += 1
            lines = ["Q: " + field(0), "A: " + field(1)]
        }
        let extra = fields.dropFirst(used).filter { !$0.isEmpty }
        if !extra.isEmpty { lines.insert("E: " + extra.joined(separator: "\n\n"), at: lines.count - (lines.last == "R: yes" ? 1 : 0)) }
        return lines.joined(separator: "\n")
    }

    /// A record id derived from what it records: the same review imported twice has one id.
    static func recordID(_ parts: String...) -> String { NameBook.hex(recordHash(parts)) }

    /// The 64-bit FNV-1a hash a record id is made of.
    static func recordHash(_ parts: [String]) -> UInt64 { FNV1a.hash(["anki"] + parts) }

    /// Where a new deck for Anki deck `name` goes: one folder per parent deck, the last part
    /// as the file (`Geography::Europe` → `geography/europe.md`).
    static func deckPath(forDeck name: String, in directory: String, avoiding taken: Set<String>) -> String {
        let parts = name.components(separatedBy: "::").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var folder = directory
        for part in parts.dropLast() {
            folder = (DeckWriter.deckPath(forTopic: part, in: folder) as NSString).deletingPathExtension
        }
        var path = DeckWriter.deckPath(forTopic: parts.last ?? "default", in: folder)
        var number = 2
        while taken.contains(path) || FileManager.default.fileExists(atPath: path) {
            path = (DeckWriter.deckPath(forTopic: parts.last ?? "default", in: folder) as NSString).deletingPathExtension + "-\(number).md"
            number += 1
        }
        return path
    }

    /// `markdown` without the images whose destination is `path` (`![alt](path)` or
    /// `![alt](<path>)`); their alt text stays.
    static func removingImage(_ path: String, from markdown: String) -> String {
        var result = markdown
        for destination in ["(" + path + ")", "(<" + path + ">)"] {
            while let end = result.range(of: destination) {
                guard let close = result[..<end.lowerBound].lastIndex(of: "]"), close == result.index(before: end.lowerBound),
                    let open = result[..<close].range(of: "![", options: .backwards)
                else { break }
                let alt = String(result[result.index(open.lowerBound, offsetBy: 2)..<close])
                result.replaceSubrange(open.lowerBound..<end.upperBound, with: alt)
            }
        }
        return result
    }

    /// The file extensions of images a deck can show; nothing else is written into `images/`.
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "webp", "svg", "bmp", "tif", "tiff", "avif", "heic", "heif", "ico",
    ]

    /// Whether `name` is the name of an image file (by its extension).
    static func isImageName(_ name: String) -> Bool {
        imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// A media name safe to write as one file in `images/`: no folder, no `..`, no control
    /// characters, not hidden; nil when nothing of it is usable.
    static func safeMediaName(_ name: String, used: inout Set<String>) -> String? {
        var safe = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : Character(scalar)
            })
        while safe.hasPrefix(".") { safe.removeFirst() }
        guard !safe.isEmpty else { return nil }
        var candidate = safe
        var number = 2
        while used.contains(candidate.lowercased()) {
            candidate =
                (safe as NSString).deletingPathExtension + "-\(number)."
                + (safe as NSString).pathExtension
            number += 1
        }
        used.insert(candidate.lowercased())
        return candidate
    }

    /// `target` relative to the folder `from` (both absolute).
    static func relativePath(from folder: String, to target: String) -> String {
        let from = folder.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...].map(String.init)).joined(separator: "/")
    }
}

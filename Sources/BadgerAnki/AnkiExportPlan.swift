import BadgerDeck
import BadgerMemory
import Foundation

/// The Anki collection `badger export FILE.apkg` writes: one Anki deck per topic, one note per
/// written card — Basic, Basic (and reversed card) for a reversed card, Cloze for a cloze card —
/// with math in MathJax's `\(…\)` form, images as media, and each card's reviews as `revlog`
/// rows with its FSRS memory state in the card's `data`.
///
/// A note's GUID is the one Anki gave it when it came from Anki (`anki.notes`), else its first
/// card's key (the card's lasting identity, which edits keep): exporting again after edits
/// gives the same GUIDs, so Anki updates the notes instead of adding new ones.
public struct AnkiExportPlan: Sendable {
    /// One review of a card, as the logs hold it.
    public struct Review: Sendable, Equatable {
        public var time: Date
        /// 1 Again … 4 Easy.
        public var rating: Int
        public var answerMilliseconds: Int?
        /// The review's record id (a review imported from Anki gets its entry's id back).
        public var recordID: String?

        public init(time: Date, rating: Int, answerMilliseconds: Int?, recordID: String? = nil) {
            self.time = time
            self.rating = rating
            self.answerMilliseconds = answerMilliseconds
            self.recordID = recordID
        }
    }

    /// What a card's scheduling is, for Anki's card columns.
    public struct Schedule: Sendable {
        public var state: MemoryState
        public var reviews: [Review]

        public init(state: MemoryState, reviews: [Review]) {
            self.state = state
            self.reviews = reviews
        }
    }

    public struct Report: Sendable, Equatable {
        public var notes = 0
        public var cards = 0
        public var reviews = 0
        public var media = 0
        /// Cards whose hint has no place in Anki's stock note types.
        public var hintsLeftOut = 0
        /// Images a card shows that are missing or outside the collection.
        public var missingImages: [String] = []
        /// Cards left out: no question or no answer (lint reports them).
        public var incompleteCards = 0
    }

    public private(set) var collection = AnkiCollection()
    public private(set) var media: [AnkiMediaFile] = []
    public private(set) var report = Report()
    /// The cards exported, by id: the ones without a lasting identity yet get one recorded, so
    /// that their notes keep their GUIDs through later edits.
    public private(set) var exportedCardIDs: [String] = []
    /// Each note exported: its GUID, note type and cards (Anki ordinal, badger card id), for
    /// `anki.notes`, so that the next export and an import of this package know the notes.
    public private(set) var exportedNotes: [(guid: String, noteType: String, cards: [(ordinal: Int, cardID: String)])] = []

    /// Note type ids: fixed, so that Anki recognises badger's note types on every import.
    public static let basicTypeID: Int64 = 1_700_000_000_101
    public static let reversedTypeID: Int64 = 1_700_000_000_102
    public static let clozeTypeID: Int64 = 1_700_000_000_103

    /// - Parameters:
    ///   - decks: the decks to export (each with its topic).
    ///   - root: the collection root; images outside it are not exported.
    ///   - keyOfCard: each card's lasting identity (nil: its id is its key).
    ///   - isSuspended: whether a card is suspended (it goes to Anki suspended).
    ///   - schedules: the state and reviews of each card with history, by card id (empty with
    ///     `--no-history`).
    ///   - desiredRetention: written with each card's memory state.
    ///   - dayNumber: the Anki day number (days since the collection was created) of a time.
    ///   - modified: when a deck file (by absolute path) was last changed: its notes'
    ///     modification time, which Anki compares with its own when the package is imported
    ///     again: a note is updated when its deck changed after the note was last changed in
    ///     Anki.
    ///   - readFile: the bytes of an image, by absolute path.
    public init(
        decks: [ParsedDeck], root: String, keyOfCard: (String) -> String?, isSuspended: (String) -> Bool, schedules: [String: Schedule],
        desiredRetention: Double, noteMap: AnkiNoteMap, dayNumber: (Date) -> Int, modified: (String) -> Date, readFile: (String) -> Data?
    ) {
        var deckIDOfTopic: [String: Int64] = [:]
        var usedNoteIDs: Set<Int64> = []
        var usedCardIDs: Set<Int64> = []
        var usedReviewIDs: Set<Int64> = []
        var mediaNameOfPath: [String: String] = [:]
        var usedMediaNames: Set<String> = []
        var types: Set<AnkiNoteType.Kind> = []
        var originalTypes: [Int64: AnkiNoteType] = [:]
        var position: Int64 = 0

        func unique(_ value: Int64, in used: inout Set<Int64>) -> Int64 {
            var value = value
            while !used.insert(value).inserted { value += 1 }
            return value
        }

        for deck in decks {
            guard let topic = deck.topic else { continue }
            let deckID: Int64
            if let known = deckIDOfTopic[topic.lowercased()] {
                deckID = known
            } else {
                deckID = Self.id(from: Self.hash("deck", topic.lowercased()))
                deckIDOfTopic[topic.lowercased()] = deckID
                collection.decks.append(AnkiDeck(id: deckID, name: topic))
            }
            let deckFolder = (deck.file.absolutePath as NSString).deletingLastPathComponent
            let expanded = CardExpander.cards(of: deck)
            var cardsOfLine: [Int: [Card]] = [:]
            for card in expanded { cardsOfLine[card.line, default: []].append(card) }

            func html(_ markdown: String) -> String {
                AnkiFieldExport.html(fromMarkdown: markdown) { source in
                    if let known = mediaNameOfPath[deckFolder + "/" + source] { return known }
                    guard !source.contains("://"), !source.hasPrefix("/") else { return nil }
                    let path = URL(fileURLWithPath: deckFolder + "/" + source).standardizedFileURL.path
                    let rootPrefix = root.hasSuffix("/") ? root : root + "/"
                    guard path.hasPrefix(rootPrefix), let data = readFile(path) else {
                        if !report.missingImages.contains(source) { report.missingImages.append(source) }
                        return nil
                    }
                    if let known = mediaNameOfPath[path] { return known }
                    var name = (path as NSString).lastPathComponent
                    if usedMediaNames.contains(name.lowercased()) {
                        let digits = String(Self.hash("media", path) & 0xFFFF_FFFF, radix: 16)
                        name = (name as NSString).deletingPathExtension + "-" + digits + "." + (name as NSString).pathExtension
                    }
                    usedMediaNames.insert(name.lowercased())
                    mediaNameOfPath[path] = name
                    mediaNameOfPath[deckFolder + "/" + source] = name
                    media.append(AnkiMediaFile(name: name, data: data))
                    return name
                }
            }

            for written in deck.cards {
                let made = cardsOfLine[written.location.line] ?? []
                guard let first = made.first else { continue }
                let kind: AnkiNoteType.Kind
                var fields: [String]
                if written.isCloze {
                    guard let text = written.fields.first, !text.isEmpty else {
                        report.incompleteCards += 1
                        continue
                    }
                    kind = .cloze
                    fields = [
                        html(ClozeText(text.markdown).ankiForm),
                        written.field(.explanation).map { Self.placeholderField($0.markdown) ?? html($0.markdown) } ?? "",
                    ]
                } else {
                    guard let question = written.field(.question), let answer = written.field(.answer), !question.isEmpty,
                        !answer.isEmpty
                    else {
                        report.incompleteCards += 1
                        continue
                    }
                    kind = made.contains { $0.direction == .reverse } ? .basicAndReversed : .basic
                    var back = Self.placeholderField(answer.markdown) ?? html(answer.markdown)
                    if let explanation = written.field(.explanation), !explanation.isEmpty {
                        back += "<br><br>" + html(explanation.markdown)
                    }
                    fields = [Self.placeholderField(question.markdown) ?? html(question.markdown), back]
                }
                if let hint = written.field(.hint), !hint.isEmpty { report.hintsLeftOut += 1 }
                let firstKey = keyOfCard(first.id.description) ?? first.id.description
                var mapped: AnkiNoteMap.Note?
                for card in made {
                    let key = keyOfCard(card.id.description) ?? card.id.description
                    if let note = noteMap.noteOfKey[key].flatMap({ noteMap.notes[$0.guid] }) {
                        mapped = note
                        break
                    }
                }
                let guid = mapped?.guid ?? firstKey
                let noteID = unique(Self.id(from: Self.hash("note", guid)), in: &usedNoteIDs)
                var typeID: Int64 =
                    switch kind {
                    case .cloze: Self.clozeTypeID
                    case .basicAndReversed: Self.reversedTypeID
                    default: Self.basicTypeID
                    }
                // A note from Anki goes back with its own note type when that type has the
                // fields and cards the note needs: Anki then updates its note instead of
                // reporting a conflict (it matches note types by id, field and card names).
                if let original = mapped.flatMap(noteMap.noteType(of:)), let type = Self.noteType(original, for: kind),
                    !Self.stockTypes.contains(where: { $0.id == type.id })
                {
                    typeID = type.id
                    originalTypes[type.id] = type
                    if type.kind == .basicOptionalReversed { fields.append(kind == .basicAndReversed ? "y" : "") }
                } else {
                    types.insert(kind)
                }
                collection.notes.append(
                    AnkiNote(
                        id: noteID, guid: guid, noteTypeID: typeID, fields: fields, tags: mapped?.tags ?? [],
                        modified: Int64(modified(deck.file.absolutePath).timeIntervalSince1970.rounded(.up))))
                report.notes += 1
                position += 1
                var exportedCards: [(ordinal: Int, cardID: String)] = []
                for card in made {
                    let ordinal: Int
                    switch card.direction {
                    case .forward: ordinal = 0
                    case .reverse: ordinal = 1
                    case .cloze: ordinal = max(0, (card.cloze?.number ?? 1) - 1)
                    }
                    let cardID = unique(Self.id(from: Self.hash("card", guid, String(ordinal))), in: &usedCardIDs)
                    var ankiCard = AnkiCard(id: cardID, noteID: noteID, deckID: deckID, ordinal: ordinal, due: position)
                    let id = card.id.description
                    exportedCardIDs.append(id)
                    exportedCards.append((ordinal, id))
                    if let schedule = schedules[id], !schedule.reviews.isEmpty {
                        Self.schedule(&ankiCard, schedule, desiredRetention: desiredRetention, dayNumber: dayNumber)
                        var lastInterval = 0
                        let reviews = schedule.reviews.sorted { $0.time < $1.time }
                        for (index, review) in reviews.enumerated() {
                            let next = index + 1 < reviews.count ? reviews[index + 1].time : schedule.state.due
                            let interval = Self.interval(from: review.time, to: next)
                            // A review imported from Anki goes back with its entry's own id.
                            let original = review.recordID.flatMap {
                                AnkiRevlogRecordID.revlogID(of: $0, guid: guid, ordinal: ordinal, time: review.time)
                            }
                            let reviewID = unique(
                                original ?? Int64((review.time.timeIntervalSince1970 * 1000).rounded()), in: &usedReviewIDs)
                            let kind = index == 0 ? 0 : (reviews[index - 1].rating == 1 && lastInterval >= 1 ? 2 : 1)
                            collection.reviews.append(
                                AnkiReview(
                                    id: reviewID, cardID: cardID, ease: review.rating, interval: interval, lastInterval: lastInterval,
                                    factor: 2500, milliseconds: min(60_000, max(0, review.answerMilliseconds ?? 0)), kind: kind))
                            lastInterval = interval
                            report.reviews += 1
                        }
                    }
                    if isSuspended(id) { ankiCard.queue = -1 }
                    collection.cards.append(ankiCard)
                    report.cards += 1
                }
                exportedNotes.append((guid, typeID == originalTypes[typeID]?.id ? String(typeID) : kind.rawValue, exportedCards))
            }
        }
        report.media = media.count
        collection.noteTypes =
            Self.stockTypes.filter { types.contains($0.kind) } + originalTypes.keys.sorted().compactMap { originalTypes[$0] }
    }

    /// What an import wrote for a field it could not show goes back as Anki had it: `(empty in
    /// Anki)` as an empty field, `(sound: a.mp3, b.mp3)` as the sounds; nil for any other text.
    static func placeholderField(_ markdown: String) -> String? {
        let text = MarkdownEscaper.unescape(markdown).trimmingCharacters(in: .whitespacesAndNewlines)
        if text == "(empty in Anki)" { return "" }
        guard text.hasPrefix("(sound: "), text.hasSuffix(")"), !text.contains("\n") else { return nil }
        let names = text.dropFirst("(sound: ".count).dropLast().components(separatedBy: ", ")
        guard !names.contains(where: { $0.isEmpty || $0.contains("]") || $0.contains("<") }) else { return nil }
        return names.map { "[sound:\($0)]" }.joined()
    }

    /// The note type a note of `kind` goes back to Anki with when it came with `original`: that
    /// type's id, name, field and card names, with plain templates, and an old modification
    /// time so that Anki keeps its own templates and styling. Nil when the type has other
    /// fields or cards than the note (a type with more fields would have Anki empty them).
    static func noteType(_ original: AnkiNoteMap.NoteType, for kind: AnkiNoteType.Kind) -> AnkiNoteType? {
        let fields = original.fieldNames
        let names = original.templateNames
        func shows(_ field: String) -> String { "{{" + field + "}}" }
        func answer(_ front: String) -> String { "{{FrontSide}}\n\n<hr id=answer>\n\n" + shows(front) }
        var templates: [AnkiNoteType.Template]
        switch (kind, original.kind) {
        case (.basic, .basic), (.basic, .other):
            guard fields.count == 2, names.count == 1 else { return nil }
            templates = [.init(name: names[0], questionFormat: shows(fields[0]), answerFormat: answer(fields[1]))]
        case (.basicAndReversed, .basicAndReversed):
            guard fields.count == 2, names.count == 2 else { return nil }
            templates = [
                .init(name: names[0], questionFormat: shows(fields[0]), answerFormat: answer(fields[1])),
                .init(name: names[1], questionFormat: shows(fields[1]), answerFormat: answer(fields[0])),
            ]
        case (.basic, .basicOptionalReversed), (.basicAndReversed, .basicOptionalReversed):
            guard fields.count == 3, names.count == 2 else { return nil }
            templates = [
                .init(name: names[0], questionFormat: shows(fields[0]), answerFormat: answer(fields[1])),
                .init(
                    name: names[1], questionFormat: "{{#\(fields[2])}}\(shows(fields[1])){{/\(fields[2])}}", answerFormat: answer(fields[0])
                ),
            ]
        case (.cloze, .cloze):
            guard fields.count == 2, names.count == 1 else { return nil }
            templates = [
                .init(
                    name: names[0], questionFormat: "{{cloze:\(fields[0])}}",
                    answerFormat: "{{cloze:\(fields[0])}}<br>\n" + shows(fields[1]))
            ]
        default:
            return nil
        }
        for (index, id) in original.templateIDs.enumerated() where index < templates.count { templates[index].id = id }
        var type = AnkiNoteType(
            id: original.id, name: original.name, kind: original.kind, fieldNames: fields, templates: templates, modified: 1)
        type.fieldIDs = original.fieldIDs
        return type
    }

    /// Anki's columns for a card with history: type, queue, due, interval, repetitions,
    /// lapses, and the FSRS memory state in `data`.
    static func schedule(_ card: inout AnkiCard, _ schedule: Schedule, desiredRetention: Double, dayNumber: (Date) -> Int) {
        let state = schedule.state
        card.repetitions = schedule.reviews.count
        card.lapses = state.lapses
        card.factor = 2500
        let last = state.lastReview ?? schedule.reviews.last?.time
        switch state.state {
        case .review:
            card.type = 2
            card.queue = 2
            card.due = Int64(dayNumber(state.due))
            card.interval = max(1, last.map { interval(from: $0, to: state.due) } ?? 1)
        case .learning, .relearning:
            card.type = state.state == .learning ? 1 : 3
            card.queue = 1
            card.due = Int64(state.due.timeIntervalSince1970.rounded())
            card.interval = 0
        }
        var data: [String] = []
        if let stability = state.stability { data.append("\"s\":\(Self.decimal(stability))") }
        if let difficulty = state.difficulty { data.append("\"d\":\(Self.decimal(difficulty))") }
        if !data.isEmpty { data.append("\"dr\":\(Self.decimal(desiredRetention))") }
        if let last { data.append("\"lrt\":\(Int64(last.timeIntervalSince1970))") }
        card.data = "{" + data.joined(separator: ",") + "}"
    }

    /// Whole days from one time to another (at least 0).
    static func interval(from start: Date, to end: Date) -> Int {
        max(0, Int((end.timeIntervalSince(start) / 86_400).rounded()))
    }

    /// A number as JSON writes it, rounded to 4 decimals as Anki stores memory states.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }

    static func hash(_ parts: String...) -> UInt64 { FNV1a.hash(parts) }

    /// A positive id below 2^52 (exact in JavaScript, where Anki's interface handles ids), and
    /// above 10^12 like Anki's own millisecond ids.
    static func id(from hash: UInt64) -> Int64 {
        1_000_000_000_000 + Int64(hash % (1 << 52 - 1_000_000_000_000))
    }

    /// Anki's stock note types, as badger writes them.
    static let stockTypes: [AnkiNoteType] = [
        AnkiNoteType(
            id: basicTypeID, name: "Basic", kind: .basic, fieldNames: ["Front", "Back"],
            templates: [.init(name: "Card 1", questionFormat: "{{Front}}", answerFormat: "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}")]),
        AnkiNoteType(
            id: reversedTypeID, name: "Basic (and reversed card)", kind: .basicAndReversed, fieldNames: ["Front", "Back"],
            templates: [
                .init(name: "Card 1", questionFormat: "{{Front}}", answerFormat: "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}"),
                .init(name: "Card 2", questionFormat: "{{Back}}", answerFormat: "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}"),
            ]),
        AnkiNoteType(
            id: clozeTypeID, name: "Cloze", kind: .cloze, fieldNames: ["Text", "Back Extra"],
            templates: [.init(name: "Cloze", questionFormat: "{{cloze:Text}}", answerFormat: "{{cloze:Text}}<br>\n{{Back Extra}}")]),
    ]
}

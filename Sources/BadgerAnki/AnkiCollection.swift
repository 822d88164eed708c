import Foundation

/// The part of an Anki collection that badger reads and writes: note types, decks, notes,
/// cards and the review log (`revlog`), as plain values. `AnkiPackageReader` fills it from a
/// package; `AnkiPackageWriter` writes one from it.
public struct AnkiCollection: Sendable, Equatable {
    public var noteTypes: [AnkiNoteType]
    public var decks: [AnkiDeck]
    public var notes: [AnkiNote]
    public var cards: [AnkiCard]
    public var reviews: [AnkiReview]

    public init(
        noteTypes: [AnkiNoteType] = [], decks: [AnkiDeck] = [], notes: [AnkiNote] = [], cards: [AnkiCard] = [],
        reviews: [AnkiReview] = []
    ) {
        self.noteTypes = noteTypes
        self.decks = decks
        self.notes = notes
        self.cards = cards
        self.reviews = reviews
    }
}

/// A note type ("model"): its fields and card templates, and which of Anki's stock types it is.
public struct AnkiNoteType: Sendable, Equatable {
    /// Which stock note type this is; `other` for any type badger reads by its first two fields.
    public enum Kind: String, Sendable, Equatable {
        case basic = "Basic"
        case basicAndReversed = "Basic (and reversed card)"
        case basicOptionalReversed = "Basic (optional reversed card)"
        case cloze = "Cloze"
        case other
    }

    public struct Template: Sendable, Equatable {
        public var name: String
        public var questionFormat: String
        public var answerFormat: String
        /// Anki's id of the template (Anki 23.10 and later match note types by it); nil: none.
        public var id: Int64?

        public init(name: String, questionFormat: String, answerFormat: String, id: Int64? = nil) {
            self.name = name
            self.questionFormat = questionFormat
            self.answerFormat = answerFormat
            self.id = id
        }
    }

    public var id: Int64
    public var name: String
    public var kind: Kind
    public var fieldNames: [String]
    public var templates: [Template]
    /// Anki's id of each field (Anki 23.10 and later match note types by them); empty or nil
    /// where a collection has none.
    public var fieldIDs: [Int64?] = []
    /// When the note type was last changed (seconds since 1970); nil: when the package is
    /// written. Anki takes a package's note type over its own only when this is newer.
    public var modified: Int64?

    public init(id: Int64, name: String, kind: Kind, fieldNames: [String], templates: [Template], modified: Int64? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.fieldNames = fieldNames
        self.templates = templates
        self.modified = modified
    }
}

/// A deck; `name` uses `::` between a deck and its subdecks, as Anki shows it.
public struct AnkiDeck: Sendable, Equatable {
    public var id: Int64
    public var name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// A note: its fields' HTML in the order of its type's fields.
public struct AnkiNote: Sendable, Equatable {
    public var id: Int64
    /// Anki's globally unique id of the note, which matches a note across collections.
    public var guid: String
    public var noteTypeID: Int64
    public var fields: [String]
    public var tags: [String]
    /// Modification time, in seconds since 1970.
    public var modified: Int64

    public init(id: Int64, guid: String, noteTypeID: Int64, fields: [String], tags: [String], modified: Int64) {
        self.id = id
        self.guid = guid
        self.noteTypeID = noteTypeID
        self.fields = fields
        self.tags = tags
        self.modified = modified
    }
}

/// A card: one template (or one cloze number) of a note, with Anki's scheduling columns.
public struct AnkiCard: Sendable, Equatable {
    public var id: Int64
    public var noteID: Int64
    public var deckID: Int64
    /// The template index (0 forward, 1 reverse), or the cloze number minus one.
    public var ordinal: Int
    /// 0 new, 1 learning, 2 review, 3 relearning.
    public var type: Int
    /// -3/-2 buried, -1 suspended, 0 new, 1 learning, 2 review, 3 day-learning, 4 preview.
    public var queue: Int
    /// A new card's position, a review card's day number, a learning card's epoch seconds.
    public var due: Int64
    /// Interval in days (negative: seconds, for learning cards).
    public var interval: Int
    /// Ease factor in permille (2500 = 250%).
    public var factor: Int
    public var repetitions: Int
    public var lapses: Int
    /// The card's `data` column: JSON such as `{"s":12.3,"d":5.1,"dr":0.9}` (FSRS memory state).
    public var data: String

    public var isSuspended: Bool { queue == -1 }

    public init(
        id: Int64, noteID: Int64, deckID: Int64, ordinal: Int, type: Int = 0, queue: Int = 0, due: Int64 = 0,
        interval: Int = 0, factor: Int = 0, repetitions: Int = 0, lapses: Int = 0, data: String = "{}"
    ) {
        self.id = id
        self.noteID = noteID
        self.deckID = deckID
        self.ordinal = ordinal
        self.type = type
        self.queue = queue
        self.due = due
        self.interval = interval
        self.factor = factor
        self.repetitions = repetitions
        self.lapses = lapses
        self.data = data
    }
}

/// One row of Anki's review log.
public struct AnkiReview: Sendable, Equatable {
    /// Milliseconds since 1970, when the card was answered (unique in a collection).
    public var id: Int64
    public var cardID: Int64
    /// 1 Again, 2 Hard, 3 Good, 4 Easy; 0 for an entry that is not an answer (a reschedule).
    public var ease: Int
    /// The interval given, in days (negative: seconds).
    public var interval: Int
    public var lastInterval: Int
    public var factor: Int
    /// How long the learner took, in milliseconds.
    public var milliseconds: Int
    /// 0 learning, 1 review, 2 relearning, 3 filtered, 4 manual, 5 rescheduled.
    public var kind: Int

    public init(
        id: Int64, cardID: Int64, ease: Int, interval: Int = 0, lastInterval: Int = 0, factor: Int = 0, milliseconds: Int = 0,
        kind: Int = 1
    ) {
        self.id = id
        self.cardID = cardID
        self.ease = ease
        self.interval = interval
        self.lastInterval = lastInterval
        self.factor = factor
        self.milliseconds = milliseconds
        self.kind = kind
    }

    /// Whether the entry is an answer (Again … Easy), not a manual change of the schedule.
    public var isAnswer: Bool { (1...4).contains(ease) && kind != 4 && kind != 5 }
}

/// A media file of a package: the name notes refer to it by, and its bytes.
public struct AnkiMediaFile: Sendable, Equatable {
    public var name: String
    public var data: Data

    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}

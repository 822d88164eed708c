import Foundation

/// Facts of Anki's schema-11 collection (the `collection.anki21` of a legacy package), copied
/// from packages Anki 25 exports: the tables, and the JSON of the `col` row's `conf`, `models`,
/// `decks` and `dconf` columns.
enum AnkiSchema11 {
    static let version = 11

    /// The tables and indexes, as Anki creates them.
    static let tables = """
        CREATE TABLE col (
          id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
          ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL,
          conf text NOT NULL, models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL
        );
        CREATE TABLE notes (
          id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
          usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
          -- The use of type integer for sfld is deliberate, because it means that integer values in this
          -- field will sort numerically.
          sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL
        );
        CREATE TABLE cards (
          id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
          mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
          due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
          lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
          flags integer NOT NULL, data text NOT NULL
        );
        CREATE TABLE revlog (
          id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
          ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
          type integer NOT NULL
        );
        CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
        CREATE INDEX ix_notes_usn ON notes (usn);
        CREATE INDEX ix_cards_usn ON cards (usn);
        CREATE INDEX ix_revlog_usn ON revlog (usn);
        CREATE INDEX ix_cards_nid ON cards (nid);
        CREATE INDEX ix_cards_sched ON cards (did, queue, due);
        CREATE INDEX ix_revlog_cid ON revlog (cid);
        CREATE INDEX ix_notes_csum ON notes (csum);
        """

    /// Anki's default deck, which every collection has.
    static let defaultDeckID: Int64 = 1
    static let defaultDeckName = "Default"

    /// The names of a note type's fields: its own, or (none given) the stock ones of its kind.
    static func fieldNames(of noteType: AnkiNoteType) -> [String] {
        if !noteType.fieldNames.isEmpty { return noteType.fieldNames }
        return switch noteType.kind {
        case .basic, .basicAndReversed: ["Front", "Back"]
        case .basicOptionalReversed: ["Front", "Back", "Add Reverse"]
        case .cloze: ["Text", "Back Extra"]
        case .other: noteType.fieldNames
        }
    }

    /// A note type's card templates: its own, or (none given) the stock ones of its kind.
    static func templates(of noteType: AnkiNoteType) -> [AnkiNoteType.Template] {
        if !noteType.templates.isEmpty { return noteType.templates }
        let forward = AnkiNoteType.Template(
            name: "Card 1", questionFormat: "{{Front}}", answerFormat: "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}")
        let reverseAnswer = "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}"
        switch noteType.kind {
        case .basic: return [forward]
        case .basicAndReversed:
            return [forward, .init(name: "Card 2", questionFormat: "{{Back}}", answerFormat: reverseAnswer)]
        case .basicOptionalReversed:
            return [
                forward,
                .init(name: "Card 2", questionFormat: "{{#Add Reverse}}{{Back}}{{/Add Reverse}}", answerFormat: reverseAnswer),
            ]
        case .cloze:
            return [.init(name: "Cloze", questionFormat: "{{cloze:Text}}", answerFormat: "{{cloze:Text}}<br>\n{{Back Extra}}")]
        case .other: return noteType.templates
        }
    }

    /// The `models` entry of a note type, with the `req`, `css`, LaTeX and field settings Anki writes.
    static func noteTypeJSON(_ noteType: AnkiNoteType, modified: Int64) -> [String: Any] {
        let isCloze = noteType.kind == .cloze
        let fields = fieldNames(of: noteType).enumerated().map { ordinal, name -> [String: Any] in
            [
                "name": name, "ord": ordinal, "sticky": false, "rtl": false, "font": "Arial", "size": 20,
                "description": "", "plainText": false, "collapsed": false, "excludeFromSearch": false,
                "id": (ordinal < noteType.fieldIDs.count ? noteType.fieldIDs[ordinal] : nil) ?? stableID(noteType.id, "field", ordinal),
                "tag": isCloze ? ordinal as Any : NSNull(), "preventDeletion": isCloze && ordinal == 0,
            ]
        }
        let templates = templates(of: noteType).enumerated().map { ordinal, template -> [String: Any] in
            [
                "name": template.name, "ord": ordinal, "qfmt": template.questionFormat, "afmt": template.answerFormat,
                "bqfmt": "", "bafmt": "", "did": NSNull(), "bfont": "", "bsize": 0,
                "id": template.id ?? stableID(noteType.id, "template", ordinal),
            ]
        }
        return [
            "id": noteType.id, "name": noteType.name, "type": isCloze ? 1 : 0, "mod": modified, "usn": -1,
            "sortf": 0, "did": NSNull(), "tmpls": templates, "flds": fields,
            "css": isCloze ? cardCSS + clozeCSS : cardCSS, "latexPre": latexPre, "latexPost": "\\end{document}",
            "latexsvg": false, "req": requirements(of: noteType, templateCount: templates.count),
            "originalStockKind": originalStockKind(of: noteType.kind),
        ]
    }

    /// The `decks` entry of a normal deck using the default options.
    static func deckJSON(id: Int64, name: String, modified: Int64) -> [String: Any] {
        [
            "id": id, "mod": modified, "name": name, "usn": -1, "lrnToday": [0, 0], "revToday": [0, 0],
            "newToday": [0, 0], "timeToday": [0, 0], "collapsed": true, "browserCollapsed": true, "desc": "",
            "dyn": 0, "conf": 1, "extendNew": 0, "extendRev": 0, "reviewLimit": NSNull(), "newLimit": NSNull(),
            "reviewLimitToday": NSNull(), "newLimitToday": NSNull(), "desiredRetention": NSNull(),
        ]
    }

    /// The `dconf` column: Anki's default deck options, id 1.
    static var deckConfigs: [String: Any] {
        [
            "1": [
                "id": 1, "mod": 0, "name": "Default", "usn": 0, "maxTaken": 60, "autoplay": true, "timer": 0,
                "replayq": true,
                "new": ["bury": false, "delays": [1.0, 10.0], "initialFactor": 2500, "ints": [1, 4, 0], "order": 1, "perDay": 20],
                "rev": ["bury": false, "ease4": 1.3, "ivlFct": 1.0, "maxIvl": 36500, "perDay": 200, "hardFactor": 1.2],
                "lapse": ["delays": [10.0], "leechAction": 1, "leechFails": 8, "minInt": 1, "mult": 0.0],
                "dyn": false, "newMix": 0, "newPerDayMinimum": 0, "interdayLearningMix": 0, "reviewOrder": 0,
                "newSortOrder": 0, "newGatherPriority": 0, "buryInterdayLearning": false, "fsrsWeights": [Double](),
                "fsrsParams5": [Double](), "fsrsParams6": [Double](), "desiredRetention": 0.9, "ignoreRevlogsBeforeDate": "",
                "easyDaysPercentages": [Double](repeating: 1.0, count: 7), "stopTimerOnAnswer": false,
                "secondsToShowQuestion": 0.0, "secondsToShowAnswer": 0.0, "questionAction": 0, "answerAction": 0,
                "waitForAudio": true, "sm2Retention": 0.9, "weightSearch": "",
            ] as [String: Any]
        ]
    }

    /// The `conf` column: the collection's settings (v3 scheduler, UTC day boundaries).
    static func collectionConfig(currentNoteTypeID: Int64?, nextNewPosition: Int64) -> [String: Any] {
        [
            "addToCur": true, "curModel": currentNoteTypeID.map { $0 as Any } ?? NSNull(), "sortType": "noteFld",
            "nextPos": nextNewPosition, "creationOffset": 0, "dayLearnFirst": false, "estTimes": true,
            "activeDecks": [1], "timeLim": 0, "schedVer": 2, "collapseTime": 1200, "curDeck": 1,
            "sortBackwards": false, "newSpread": 0, "sched2021": true, "dueCounts": true,
        ]
    }

    private static let cardCSS =
        ".card {\n    font-family: arial;\n    font-size: 20px;\n    line-height: 1.5;\n    text-align: center;\n    color: black;\n    background-color: white;\n}\n"
    private static let clozeCSS = ".cloze {\n    font-weight: bold;\n    color: blue;\n}\n.nightMode .cloze {\n    color: lightblue;\n}\n"
    private static let latexPre =
        "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n"

    /// Anki's legacy `req`: which fields a template needs to make a card (current Anki works it
    /// out from the templates; older clients read it).
    private static func requirements(of noteType: AnkiNoteType, templateCount: Int) -> [[Any]] {
        switch noteType.kind {
        case .basicAndReversed: [[0, "any", [0]], [1, "any", [1]]]
        case .basicOptionalReversed: [[0, "any", [0]], [1, "all", [1, 2]]]
        case .basic, .cloze, .other: (0..<templateCount).map { [$0, "any", [0]] }
        }
    }

    /// Anki's `StockNotetype.OriginalStockKind`: 0 custom, 1 Basic, 2 reversed, 3 optional reversed, 5 Cloze.
    private static func originalStockKind(of kind: AnkiNoteType.Kind) -> Int {
        switch kind {
        case .basic: 1
        case .basicAndReversed: 2
        case .basicOptionalReversed: 3
        case .cloze: 5
        case .other: 0
        }
    }

    /// A field's or template's id: Anki gives them random ids; these are derived from the note
    /// type's id, so the same note type is written the same way every time.
    private static func stableID(_ noteTypeID: Int64, _ kind: String, _ ordinal: Int) -> Int64 {
        let digest = SHA1.digest(Array("\(noteTypeID) \(kind) \(ordinal)".utf8))
        return Int64(bitPattern: digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
}

/// Which imported cards to add to a topic, and which to skip because their question is already
/// asked in the topic.
public struct CardImportPlan: Sendable {
    /// A row left out because a card of the topic already asks its question.
    public struct Duplicate: Sendable, Equatable {
        /// The CSV line of the skipped row.
        public var line: Int
        public var question: String
        /// Which of the row's questions is asked already, and by what.
        public var reason: Reason = .question(askedBy: .topic)
    }

    /// Why a row is a duplicate.
    public enum Reason: Sendable, Equatable {
        /// The row's question is asked already.
        case question(askedBy: Asker)
        /// The row is reversed, and its answer, asked as a question by the reverse card, is asked
        /// already; `answer` is the row's answer.
        case reverse(answer: String, askedBy: Asker)
        /// The row is reversed and its answer asks the same as its question.
        case reverseOfItself
    }

    /// What already asks a question.
    public enum Asker: Sendable, Equatable {
        /// A card the topic has (forward or cloze).
        case topic
        /// The reverse card of a reversed card the topic has.
        case topicReverse
        /// An earlier row of the file, at this CSV line, with its question.
        case row(line: Int)
        /// The reverse card an earlier reversed row makes, at this CSV line.
        case rowReverse(line: Int)
    }

    /// The rows to append, in CSV order.
    public var added: [CSVCardReader.Row] = []
    public var duplicates: [Duplicate] = []

    /// Splits `rows` into cards to add and duplicates.
    ///
    /// A row is a duplicate when its question, as it will be written, asks the same as a card of
    /// `topic` (compared like card ids: topic case-folded, runs of whitespace collapsed), whether
    /// that card is in `existing` (reverse cards included) or an earlier row. A reversed row also
    /// counts its answer as a question, so the import never creates a `CardUnique` error; the
    /// duplicate's `reason` says which question collided and with what.
    ///
    /// - Parameter reversedByDefault: the target deck's default for rows without a reversed value.
    public init(rows: [CSVCardReader.Row], topic: String, existing: [Card], reversedByDefault: Bool) {
        var asked: [UInt64: Asker] = [:]
        for card in existing where asked[card.questionKey] == nil {
            asked[card.questionKey] = card.direction == .reverse ? .topicReverse : .topic
        }
        for row in rows {
            var keys: [UInt64]
            if row.draft.cloze {
                let cloze = ClozeText(DeckWriter.questionMarkdown(for: row.draft))
                keys = cloze.numbers.map { CardID.questionHash(topic: topic, question: cloze.identity(for: $0)) }
            } else {
                keys = [CardID.questionHash(topic: topic, question: DeckWriter.questionMarkdown(for: row.draft))]
            }
            var reverseKey: UInt64?
            if !row.draft.cloze, row.draft.reversed ?? reversedByDefault {
                reverseKey = CardID.questionHash(topic: topic, question: MarkdownEscaper.escape(row.draft.answer))
            }
            let reason: Reason?
            if let asker = keys.lazy.compactMap({ asked[$0] }).first {
                reason = .question(askedBy: asker)
            } else if Set(keys).count < keys.count {
                reason = .question(askedBy: .row(line: row.line))
            } else if let reverseKey, keys.contains(reverseKey) {
                reason = .reverseOfItself
            } else if let reverseKey, let asker = asked[reverseKey] {
                reason = .reverse(answer: row.draft.answer, askedBy: asker)
            } else {
                reason = nil
            }
            if let reason {
                duplicates.append(Duplicate(line: row.line, question: row.draft.question, reason: reason))
                continue
            }
            for key in keys { asked[key] = .row(line: row.line) }
            if let reverseKey { asked[reverseKey] = .rowReverse(line: row.line) }
            added.append(row)
        }
    }
}

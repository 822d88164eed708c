/// Which imported cards to add to a topic, and which to skip because their question is already
/// asked in the topic.
public struct CardImportPlan: Sendable {
    /// A row left out because a card of the topic already asks its question.
    public struct Duplicate: Sendable, Equatable {
        /// The CSV line of the skipped row.
        public var line: Int
        public var question: String
    }

    /// The rows to append, in CSV order.
    public var added: [CSVCardReader.Row] = []
    public var duplicates: [Duplicate] = []

    /// Splits `rows` into cards to add and duplicates.
    ///
    /// A row is a duplicate when its question, as it will be written, asks the same as a card of
    /// `topic` (compared like card ids: topic case-folded, runs of whitespace collapsed), whether
    /// that card is in `existing` (reverse cards included) or an earlier row. A reversed row also
    /// counts its answer as a question, so the import never creates a `CardUnique` error.
    ///
    /// - Parameter reversedByDefault: the target deck's default for rows without a reversed value.
    public init(rows: [CSVCardReader.Row], topic: String, existing: [Card], reversedByDefault: Bool) {
        var asked = Set(existing.map(\.questionKey))
        for row in rows {
            var keys: [UInt64]
            if row.draft.cloze {
                let cloze = ClozeText(DeckWriter.questionMarkdown(for: row.draft))
                keys = cloze.numbers.map { CardID.questionHash(topic: topic, question: cloze.identity(for: $0)) }
            } else {
                keys = [CardID.questionHash(topic: topic, question: DeckWriter.questionMarkdown(for: row.draft))]
            }
            if !row.draft.cloze, row.draft.reversed ?? reversedByDefault {
                keys.append(CardID.questionHash(topic: topic, question: MarkdownEscaper.escape(row.draft.answer)))
            }
            if keys.contains(where: asked.contains) || Set(keys).count < keys.count {
                duplicates.append(Duplicate(line: row.line, question: row.draft.question))
                continue
            }
            asked.formUnion(keys)
            added.append(row)
        }
    }
}

import Foundation

/// The compiled collection: the JSON contract `badger compile` writes for other tools.
///
/// Schema version 1. Keys are sorted; absent values are `null`, never missing. Paths are
/// relative to the collection root. See `Grammar/Spec.md`, "Compiled output".
public struct CompiledCollection: Encodable, Sendable {
    public static let schemaVersion = 1

    public struct Field: Encodable, Sendable {
        /// The field's Markdown as written, math verbatim.
        public var markdown: String
        /// The field rendered as HTML, math left for KaTeX or MathJax.
        public var html: String
    }

    public struct Source: Encodable, Sendable {
        public var file: String
        public var line: Int
    }

    public struct CompiledCard: Encodable, Sendable {
        public var id: String
        public var topic: String
        public var kind: CardKind
        public var question: Field?
        public var answer: Field?
        public var explanation: Field?
        public var hint: Field?
        public var image: String?
        public var reversedFrom: String?
        /// For a cloze card, the deletion number it asks.
        public var cloze: Int?
        public var section: String?
        public var source: Source

        enum CodingKeys: String, CodingKey {
            case id, topic, kind, question, answer, explanation, hint, image, reversedFrom, cloze, section, source
        }

        /// The compiled form of `card`. A field without HTML (the collection was loaded without
        /// `renderingHTML`) is parsed and rendered here.
        public init(_ card: Card) {
            self.init(card, file: card.file.relativePath)
        }

        /// The compiled form of `card`, whose deck's path relative to the collection root is
        /// `file` (worked out once for all the cards of a deck).
        init(_ card: Card, file: String) {
            func field(_ text: CardText?) -> Field? {
                text.map { Field(markdown: $0.markdown, html: $0.html ?? HTMLRenderer.render(markdown: $0.markdown)) }
            }
            let image = card.imageSource.flatMap { source -> String? in
                guard !ImagePath.isRemote(source) else { return source }
                let absolute = ImagePath.absolute(source, relativeTo: card.file.directory)
                let root = card.file.collectionRoot.hasSuffix("/") ? card.file.collectionRoot : card.file.collectionRoot + "/"
                return absolute.hasPrefix(root) ? String(absolute.dropFirst(root.count)) : absolute
            }
            self.init(
                id: card.id.description, topic: card.topic, kind: card.kind, question: field(card.question),
                answer: field(card.answer), explanation: field(card.explanation), hint: field(card.hint), image: image,
                reversedFrom: card.reversedFrom?.description, cloze: card.cloze?.number, section: card.section,
                source: Source(file: file, line: card.line))
        }

        init(
            id: String, topic: String, kind: CardKind, question: Field?, answer: Field?, explanation: Field?, hint: Field?,
            image: String?, reversedFrom: String?, cloze: Int?, section: String?, source: Source
        ) {
            self.id = id
            self.topic = topic
            self.kind = kind
            self.question = question
            self.answer = answer
            self.explanation = explanation
            self.hint = hint
            self.image = image
            self.reversedFrom = reversedFrom
            self.cloze = cloze
            self.section = section
            self.source = source
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(topic, forKey: .topic)
            try container.encode(kind, forKey: .kind)
            try container.encode(question, forKey: .question)
            try container.encode(answer, forKey: .answer)
            try container.encode(explanation, forKey: .explanation)
            try container.encode(hint, forKey: .hint)
            try container.encode(image, forKey: .image)
            try container.encode(reversedFrom, forKey: .reversedFrom)
            try container.encode(cloze, forKey: .cloze)
            try container.encode(section, forKey: .section)
            try container.encode(source, forKey: .source)
        }
    }

    public struct Deck: Encodable, Sendable {
        public var file: String
        public var topic: String
        public var color: String?
        public var cards: Int

        enum CodingKeys: String, CodingKey { case file, topic, color, cards }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(topic, forKey: .topic)
            try container.encode(color, forKey: .color)
            try container.encode(cards, forKey: .cards)
        }
    }

    public var schemaVersion = CompiledCollection.schemaVersion
    public var decks: [Deck]
    public var cards: [CompiledCard]
    /// The collection's LaTeX macros, name (with backslash) to expansion: KaTeX's `macros` option.
    public var macros: [String: String]

    /// The collection made of `decks`, `cards` and `macros`.
    public init(decks: [Deck], cards: [CompiledCard], macros: [String: String] = [:]) {
        self.decks = decks
        self.cards = cards
        self.macros = macros
    }

    /// Compiles a collection that has no errors. Load it with `renderingHTML` to render in
    /// parallel; otherwise each field is parsed and rendered again here. `macros` are the
    /// collection's `LaTeXMacros.expansions`.
    public init(_ collection: DeckCollection, macros: [String: String] = [:]) {
        var counts: [String: Int] = [:]
        for card in collection.cards { counts[card.file.absolutePath, default: 0] += 1 }
        self.init(
            decks: CompiledCollection.decks(of: collection, cardCounts: counts), cards: collection.cards.map(CompiledCard.init),
            macros: macros)
    }

    /// The decks of `collection` (not the skipped Markdown files), with how many study cards each
    /// has, by absolute path.
    static func decks(of collection: DeckCollection, cardCounts: [String: Int]) -> [Deck] {
        collection.realDecks.compactMap { deck in
            guard let topic = deck.topic else { return nil }
            return Deck(file: deck.file.relativePath, topic: topic, color: deck.color, cards: cardCounts[deck.file.absolutePath] ?? 0)
        }
    }

    /// The JSON text: pretty-printed, keys sorted, slashes unescaped, ending with a newline;
    /// what `JSONOutput.text(self)` gives, written by `CompiledJSONWriter`.
    public func json() -> String {
        String(decoding: CompiledJSONWriter.document(self), as: UTF8.self)
    }
}

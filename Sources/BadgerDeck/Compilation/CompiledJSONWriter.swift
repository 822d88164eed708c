/// Writes the compiled collection's JSON a card at a time, byte for byte as `JSONOutput.text`
/// (Foundation's `JSONEncoder`: pretty-printed with two spaces, `"key" : value`, keys sorted
/// by their bytes, slashes unescaped) writes the whole `CompiledCollection`.
///
/// `JSONEncoder` first builds a tree of every value in the collection and then writes it, which
/// took most of a large compile's time and memory. This appends each card to `bytes` straight
/// away; `badger compile` empties the buffer into the output as it goes.
///
/// Each object writes its keys in sorted order, one line a key: a new field is one line at its
/// sorted place (the equality test against `JSONEncoder` catches a misplaced one).
public struct CompiledJSONWriter: Sendable {
    /// The JSON written and not yet taken.
    public private(set) var bytes: [UInt8] = []
    /// How many objects and arrays are open; each indents its contents by two more spaces.
    private var depth = 0
    /// Whether the object or array being written has an entry already (the next needs a comma).
    private var hasEntry = false

    public init() {}

    /// The whole JSON text of `collection`, ending with a newline: `JSONOutput.text(collection)`.
    public static func document(_ collection: CompiledCollection) -> [UInt8] {
        var writer = CompiledJSONWriter()
        writer.begin()
        for card in collection.cards { writer.add(card) }
        writer.finish(collection)
        return writer.bytes
    }

    /// The JSON written so far, emptying the buffer.
    public mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// Opens the document and its `cards` array, the first key.
    public mutating func begin() {
        openObject()
        key("cards")
        openArray()
    }

    /// The JSON of `cards` as entries of the `cards` array, for `append(entries:)`; made on
    /// any thread, in parallel with other parts of the collection.
    public static func entries(_ cards: [CompiledCollection.CompiledCard]) -> [UInt8] {
        var writer = CompiledJSONWriter()
        writer.depth = 2
        writer.hasEntry = true
        // About the size needed, so that the buffer does not grow to twice that.
        func estimate(_ field: CompiledCollection.Field?) -> Int {
            field.map { $0.markdown.utf8.count + $0.html.utf8.count + 48 } ?? 0
        }
        var size = 0
        for card in cards {
            size += 400 + estimate(card.question) + estimate(card.answer) + estimate(card.explanation) + estimate(card.hint)
        }
        writer.bytes.reserveCapacity(size + size / 16)
        for card in cards { writer.add(card) }
        return writer.bytes
    }

    /// Appends cards made by `entries(_:)` to the `cards` array.
    public mutating func append(entries: [UInt8]) {
        guard !entries.isEmpty else { return }
        // `entries` starts each card with a comma; the array's first card has none.
        if !hasEntry {
            bytes.append(contentsOf: entries.dropFirst())
        } else if bytes.isEmpty {
            bytes = entries  // Shared, not copied.
        } else {
            bytes.append(contentsOf: entries)
        }
        hasEntry = true
    }

    /// Appends the next card to the `cards` array.
    public mutating func add(_ card: CompiledCollection.CompiledCard) {
        entry()
        openObject()
        member("answer", card.answer)
        member("explanation", card.explanation)
        member("hint", card.hint)
        member("id", card.id)
        member("image", card.image)
        member("kind", card.kind.rawValue)
        member("question", card.question)
        member("reversedFrom", card.reversedFrom)
        member("section", card.section)
        member("source", card.source)
        member("topic", card.topic)
        closeObject()
    }

    /// Closes the `cards` array and writes the keys after it from `collection` (whose cards
    /// were added one by one), ending the document with a newline.
    public mutating func finish(_ collection: CompiledCollection) {
        closeArray()
        key("decks")
        openArray()
        for deck in collection.decks {
            entry()
            openObject()
            member("cards", deck.cards)
            member("color", deck.color)
            member("file", deck.file)
            member("topic", deck.topic)
            closeObject()
        }
        closeArray()
        member("schemaVersion", collection.schemaVersion)
        closeObject()
        bytes.append(0x0A)
    }

    // MARK: Members, one per type of value

    private mutating func member(_ name: StaticString, _ field: CompiledCollection.Field?) {
        key(name)
        guard let field else { return null() }
        openObject()
        member("html", field.html)
        member("markdown", field.markdown)
        closeObject()
    }

    private mutating func member(_ name: StaticString, _ source: CompiledCollection.Source) {
        key(name)
        openObject()
        member("file", source.file)
        member("line", source.line)
        closeObject()
    }

    private mutating func member(_ name: StaticString, _ value: String?) {
        key(name)
        guard var value else { return null() }
        bytes.append(0x22)
        value.withUTF8 { appendEscaped($0) }
        bytes.append(0x22)
    }

    private mutating func member(_ name: StaticString, _ value: Int?) {
        key(name)
        guard let value else { return null() }
        bytes.append(contentsOf: String(value).utf8)
    }

    private mutating func null() {
        append("null")
    }

    /// Appends UTF-8 text escaped as `JSONEncoder` escapes it: `"` and `\`, the C0 controls as
    /// `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx` (lower-case hex); everything else, `/`, DEL and
    /// non-ASCII included, as it is.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            start = index + 1
            bytes.append(0x5C)
            switch byte {
            case 0x22, 0x5C: bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }

    // MARK: Structure

    /// Starts an entry of the open array or object: a comma after the previous one, a line
    /// break, the indentation.
    private mutating func entry() {
        if hasEntry { bytes.append(0x2C) }
        lineBreak()
        hasEntry = true
    }

    /// A line break and the indentation of the current depth.
    private mutating func lineBreak() {
        let count = 1 + 2 * depth
        if count <= CompiledJSONWriter.lineBreaks.count {
            CompiledJSONWriter.lineBreaks.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        } else {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: count - 1))
        }
    }

    /// A line feed and enough spaces for the deepest indentation the collection has.
    private static let lineBreaks: [UInt8] = [0x0A] + Array(repeating: 0x20, count: 16)

    /// Starts the entry `name` of the open object, up to its value.
    private mutating func key(_ name: StaticString) {
        entry()
        bytes.append(0x22)
        append(name)
        append("\" : ")
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func openObject() { open(0x7B) }
    private mutating func closeObject() { close(0x7D) }
    private mutating func openArray() { open(0x5B) }
    private mutating func closeArray() { close(0x5D) }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        hasEntry = false
    }

    /// Ends an object or array as `JSONEncoder` does: an empty one still has its own line
    /// between the brackets (`[`, empty line, `]`).
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !hasEntry { bytes.append(0x0A) }
        lineBreak()
        bytes.append(bracket)
        hasEntry = true
    }
}

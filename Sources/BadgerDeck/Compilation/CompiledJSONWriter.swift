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
public struct CompiledJSONWriter {
    /// The JSON written and not yet taken (shared by copies of the writer: do not copy one).
    private let buffer: ByteBuffer
    /// How many objects and arrays are open; each indents its contents by two more spaces.
    private var depth = 0
    /// Whether the object or array being written has an entry already (the next needs a comma).
    private var hasEntry = false

    public init() { buffer = ByteBuffer() }

    private init(capacity: Int) { buffer = ByteBuffer(capacity: capacity) }

    /// The JSON written and not yet taken.
    public var bytes: [UInt8] { buffer.bytes }

    /// How many bytes were written and not yet taken.
    public var count: Int { buffer.count }

    /// The whole JSON text of `collection`, ending with a newline: `JSONOutput.text(collection)`.
    public static func document(_ collection: CompiledCollection) -> [UInt8] {
        var writer = CompiledJSONWriter()
        writer.begin()
        for card in collection.cards { writer.add(card) }
        writer.finish(collection)
        return writer.bytes
    }

    /// Calls `body` with the JSON written so far, in place, then empties the buffer.
    mutating func flush(_ body: (UnsafeRawBufferPointer) -> Void) {
        buffer.withUnsafeBytes(body)
        buffer.removeAll()
    }

    /// Whether the `cards` array has a card (so entries go on after a comma).
    var hasCards: Bool { depth == 2 && hasEntry }

    /// Opens the document and its `cards` array, the first key.
    public mutating func begin() {
        openObject()
        key("cards")
        openArray()
    }

    /// The JSON of `cards` as entries of the `cards` array, each starting with a comma, for
    /// `append(entries:)`; made on any thread, in parallel with other parts of the collection.
    static func entries(_ cards: [CompiledCollection.CompiledCard]) -> ByteBuffer {
        // About the size needed, so that the buffer does not grow to twice that.
        func estimate(_ field: CompiledCollection.Field?) -> Int {
            field.map { $0.markdown.utf8.count + $0.html.utf8.count + 48 } ?? 0
        }
        var size = 0
        for card in cards {
            size += 400 + estimate(card.question) + estimate(card.answer) + estimate(card.explanation) + estimate(card.hint)
        }
        var writer = CompiledJSONWriter(capacity: size + size / 16)
        writer.depth = 2
        writer.hasEntry = true
        for card in cards { writer.add(card) }
        return writer.buffer
    }

    /// Appends cards made by `entries(_:)` to the `cards` array.
    mutating func append(entries: ByteBuffer) {
        guard entries.count > 0 else { return }
        // `entries` starts each card with a comma; the array's first card has none.
        entries.withUnsafeBytes { bytes in
            let text = bytes.bindMemory(to: UInt8.self)
            buffer.append(hasEntry ? text : UnsafeBufferPointer(rebasing: text.dropFirst()))
        }
        hasEntry = true
    }

    /// Appends the next card to the `cards` array.
    public mutating func add(_ card: CompiledCollection.CompiledCard) {
        entry()
        openObject()
        member("answer", card.answer)
        member("cloze", card.cloze)
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
        key("macros")
        openObject()
        for (name, expansion) in collection.macros.sorted(by: { $0.key < $1.key }) {
            entry()
            string(name)
            append(" : ")
            string(expansion)
        }
        closeObject()
        member("schemaVersion", collection.schemaVersion)
        closeObject()
        buffer.append(0x0A)
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
        buffer.append(0x22)
        value.withUTF8 { appendEscaped($0) }
        buffer.append(0x22)
    }

    /// `value` as a JSON string.
    private mutating func string(_ value: String) {
        var value = value
        buffer.append(0x22)
        value.withUTF8 { appendEscaped($0) }
        buffer.append(0x22)
    }

    private mutating func member(_ name: StaticString, _ value: Int?) {
        key(name)
        guard let value else { return null() }
        var text = String(value)
        text.withUTF8 { buffer.append($0) }
    }

    private mutating func null() {
        append("null")
    }

    /// Appends UTF-8 text escaped as `JSONEncoder` escapes it: `"` and `\`, the C0 controls as
    /// `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx` (lower-case hex); everything else, `/`, DEL and
    /// non-ASCII included, as it is.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        var start = 0
        var index = 0
        while index < text.count {
            // Eight bytes at a time while none of them needs escaping.
            if index + 8 <= text.count,
                !CompiledJSONWriter.mayNeedEscaping(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = text[index]
            index += 1
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            buffer.append(UnsafeBufferPointer(rebasing: text[start..<index - 1]))
            start = index
            buffer.append(0x5C)
            switch byte {
            case 0x22, 0x5C: buffer.append(byte)
            case 0x08: buffer.append(UInt8(ascii: "b"))
            case 0x09: buffer.append(UInt8(ascii: "t"))
            case 0x0A: buffer.append(UInt8(ascii: "n"))
            case 0x0C: buffer.append(UInt8(ascii: "f"))
            case 0x0D: buffer.append(UInt8(ascii: "r"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                for escaped in [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] { buffer.append(escaped) }
            }
        }
        buffer.append(UnsafeBufferPointer(rebasing: text[start...]))
    }

    /// Whether any of the eight bytes of `word` may be a C0 control, `"` or `\`: never false
    /// when one is, sometimes true when none is (the bit tricks of "Bit Twiddling Hacks",
    /// "Determine if a word has a byte less than n" and "… has a zero byte").
    @inline(__always)
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highBits != 0
    }

    // MARK: Structure

    /// Starts an entry of the open array or object: a comma after the previous one, a line
    /// break, the indentation.
    private mutating func entry() {
        if hasEntry { buffer.append(0x2C) }
        lineBreak()
        hasEntry = true
    }

    /// A line break and the indentation of the current depth.
    private mutating func lineBreak() {
        let count = 1 + 2 * depth
        if count <= CompiledJSONWriter.lineBreaks.count {
            CompiledJSONWriter.lineBreaks.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[..<count])) }
        } else {
            buffer.append(0x0A)
            for _ in 1..<count { buffer.append(0x20) }
        }
    }

    /// A line feed and enough spaces for the deepest indentation the collection has.
    private static let lineBreaks: [UInt8] = [0x0A] + Array(repeating: 0x20, count: 16)

    /// Starts the entry `name` of the open object, up to its value.
    private mutating func key(_ name: StaticString) {
        entry()
        buffer.append(0x22)
        append(name)
        append("\" : ")
    }

    private mutating func append(_ text: StaticString) {
        buffer.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func openObject() { open(0x7B) }
    private mutating func closeObject() { close(0x7D) }
    private mutating func openArray() { open(0x5B) }
    private mutating func closeArray() { close(0x5D) }

    private mutating func open(_ bracket: UInt8) {
        buffer.append(bracket)
        depth += 1
        hasEntry = false
    }

    /// Ends an object or array as `JSONEncoder` does: an empty one still has its own line
    /// between the brackets (`[`, empty line, `]`).
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !hasEntry { buffer.append(0x0A) }
        lineBreak()
        buffer.append(bracket)
        hasEntry = true
    }
}

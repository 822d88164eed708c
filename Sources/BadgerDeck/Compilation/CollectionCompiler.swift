import Foundation

/// Writes a collection's JSON while it loads, so that neither the whole collection nor the
/// whole JSON text is ever in memory.
///
/// Pass `output` in the load options (with `keepingCards: false`): each part of a deck is
/// compiled and written as JSON on the thread that loaded it, and the parts go to `write` in
/// file order, in chunks of about `chunkSize` bytes. Once loading is done, `finish(_:)` writes
/// the decks and the end of the document. The text is `CompiledCollection(collection).json()`
/// of the same collection loaded with its cards.
///
/// The caller decides what to do with what was written when the collection has errors
/// (`badger compile` writes to a temporary file and throws it away).
public final class CollectionCompiler: @unchecked Sendable {
    /// How many bytes are gathered before each call to `write`.
    public static let chunkSize = 1 << 18

    private let lock = NSLock()
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var writer = CompiledJSONWriter()
    /// Study cards written for each deck, by absolute path.
    private var cardCounts: [String: Int] = [:]
    /// The first error `write` threw; nothing is written after it.
    private var failure: (any Error)?

    /// A compiler handing the JSON text to `write` (the bytes are valid during the call), which
    /// may throw to stop the writing (the error is rethrown by `finish(_:)`).
    public init(write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.write = write
        writer.begin()
    }

    /// The load options' `output`: cards compiled on the loading threads, written in order.
    public var output: DeckCollection.CardOutput {
        DeckCollection.CardOutput(
            encode: { [self] cards in
                // The cards come from one deck: its relative path is worked out once.
                var file: (absolute: String, relative: String)?
                let compiled = cards.map { card in
                    if file?.absolute != card.file.absolutePath { file = (card.file.absolutePath, card.file.relativePath) }
                    return CompiledCollection.CompiledCard(card, file: file!.relative)
                }
                var counts: [String: Int] = [:]
                for card in cards { counts[card.file.absolutePath, default: 0] += 1 }
                lock.withLock { cardCounts.merge(counts, uniquingKeysWith: +) }
                return CompiledJSONWriter.entries(compiled)
            },
            write: { [self] entries in
                lock.withLock {
                    if writer.hasCards, entries.count >= CollectionCompiler.chunkSize {
                        // A large part is written as it is, without a copy.
                        flush()
                        entries.withUnsafeBytes(send)
                    } else {
                        writer.append(entries: entries)
                        if writer.count >= CollectionCompiler.chunkSize { flush() }
                    }
                }
            })
    }

    /// Writes the decks of `collection`, which was loaded with `output`, its `macros` (KaTeX's
    /// `macros` option), and the end of the document.
    ///
    /// - Throws: the first error `write` threw.
    public func finish(_ collection: DeckCollection, macros: [String: String] = [:]) throws {
        try lock.withLock {
            writer.finish(
                CompiledCollection(decks: CompiledCollection.decks(of: collection, cardCounts: cardCounts), cards: [], macros: macros))
            flush()
            if let failure { throw failure }
        }
    }

    /// Hands the buffered text to `write`.
    private func flush() {
        writer.flush(send)
    }

    /// Hands `bytes` to `write`, unless writing failed before.
    private func send(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, bytes.count > 0 else { return }
        do { try write(bytes) } catch { failure = error }
    }
}

/// Reads one deck file: encoding, front matter, Markdown, cards.
public enum DeckParser {
    /// Decks with more Markdown than this are parsed a part at a time (see `DeckPartition`).
    static let partSize = 1 << 16

    /// Parses the bytes of `file`. Never fails: problems are recorded in the result for the
    /// rules to report.
    public static func parse(_ bytes: [UInt8], file: DeckFile) -> ParsedDeck {
        parse(bytes, file: file, partSize: .max) { _, _ in }
    }

    /// Parses the bytes of `file` a part of about `partSize` bytes at a time, so that only one
    /// part's Markdown is in memory at once.
    ///
    /// After each part, `take` gets the deck with the cards and stray fields finished so far
    /// and not yet taken (it takes them by emptying `cards` and `strayFields`), and how many
    /// bytes the part had. The deck returned holds what is left, and everything else about the
    /// file; its `takenCardCount` counts what was taken.
    static func parse(
        _ bytes: [UInt8], file: DeckFile, partSize: Int, take: (inout ParsedDeck, _ partBytes: Int) -> Void
    ) -> ParsedDeck {
        var deck = ParsedDeck(file: file)
        let source = SourceText(bytes)
        if let invalid = source.firstInvalidUTF8() {
            deck.invalidUTF8 = invalid
            return deck
        }
        // Half of two versions: nothing in it is read as a card, so that no card of either side
        // looks deleted or new while the merge is under way.
        if let found = ConflictMarkers.find(source) {
            deck.conflictMarkers = found.lines
            // A conflicted file is a deck when it reads like one (else it is skipped as none).
            deck.containsLabels = found.looksLikeDeck
            return deck
        }
        deck.frontMatter = FrontMatterReader.read(source)
        var firstLine = 1
        if let frontMatter = deck.frontMatter {
            guard frontMatter.isClosed else { return deck }
            firstLine = frontMatter.lines.upperBound + 1
        }
        guard firstLine <= source.lineCount else { return deck }
        let partition = DeckPartition(source, from: firstLine, partSize: partSize)
        var assembler = CardAssembler(source: source, deck: deck)
        var start = firstLine
        while start <= source.lineCount {
            var size = partSize
            var end = partition?.end(ofPartFrom: start, size: size) ?? source.lineCount
            var parsed = parse(source, lines: start...end, prefix: partition?.definitions ?? [])
            // A fenced code block or HTML block still open at the cut goes on in the next part:
            // take a larger part (twice as large, so a long one is not parsed again and again).
            while end < source.lineCount, endsInOpenBlock(parsed.document, lastLine: end), let partition {
                size = max(size, source.lineStarts[end] - source.lineStarts[start - 1])
                size = size > Int.max / 2 ? .max : size * 2
                end = partition.end(ofPartFrom: start, size: size)
                parsed = parse(source, lines: start...end, prefix: partition.definitions)
            }
            assembler.add(parsed)
            if end == source.lineCount { assembler.closeCard() }
            let endOffset = end < source.lineCount ? source.lineStarts[end] : source.bytes.count
            take(&assembler.deck, endOffset - source.lineStarts[start - 1])
            start = end + 1
        }
        return assembler.deck
    }

    /// Parses lines `lines` of `source` with `prefix` (link reference definitions) before them.
    private static func parse(_ source: SourceText, lines: ClosedRange<Int>, prefix: [UInt8]) -> CommonMarkConverter.Result {
        let start = source.lineStarts[lines.lowerBound - 1]
        let end = lines.upperBound < source.lineCount ? source.lineStarts[lines.upperBound] : source.bytes.count
        return source.bytes.withUnsafeBytes { file in
            CommonMarkConverter.parse(
                UnsafeRawBufferPointer(rebasing: file[start..<end]), firstLine: lines.lowerBound, prefix: prefix,
                contentStart: source.contentStartColumn, lineLength: { source.line($0).count })
        }
    }

    /// Whether the document's last block is a fenced code block or an HTML block that reaches
    /// its last line: one that a blank line does not end, so it may go on after it.
    private static func endsInOpenBlock(_ document: MarkdownNode, lastLine: Int) -> Bool {
        let tree = document.tree
        let last = tree.nodes[Int(document.index)].lastChild
        guard last >= 0 else { return false }
        let node = tree.nodes[Int(last)]
        let open = (node.type == .codeBlock && node.flag) || node.type == .htmlBlock
        return open && Int(node.endLine) >= lastLine
    }
}

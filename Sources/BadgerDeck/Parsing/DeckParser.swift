/// Reads one deck file: encoding, front matter, Markdown, cards.
public enum DeckParser {
    /// Parses the bytes of `file`. Never fails: problems are recorded in the result for the
    /// rules to report.
    public static func parse(_ bytes: [UInt8], file: DeckFile) -> ParsedDeck {
        var deck = ParsedDeck(file: file)
        let source = SourceText(bytes)
        if let offset = SourceText.firstInvalidUTF8Offset(source.bytes) {
            deck.invalidUTF8 = (offset + (source.hadByteOrderMark ? 3 : 0), source.location(ofOffset: offset))
            return deck
        }
        deck.frontMatter = FrontMatterReader.read(source)
        var firstLine = 1
        if let frontMatter = deck.frontMatter {
            guard frontMatter.isClosed else { return deck }
            firstLine = frontMatter.lines.upperBound + 1
        }
        guard firstLine <= source.lineCount else { return deck }
        let parsed = source.bytes.withUnsafeBytes { file in
            CommonMarkConverter.parse(
                UnsafeRawBufferPointer(rebasing: file[source.lineStarts[firstLine - 1]...]), firstLine: firstLine,
                contentStart: source.contentStartColumn)
        }
        deck.unclosedMath = parsed.unclosedMath
        deck.flattenedNesting = parsed.flattened
        return CardAssembler.assemble(parsed.document, source: source, into: deck)
    }
}

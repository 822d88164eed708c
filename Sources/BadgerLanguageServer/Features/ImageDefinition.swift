import BadgerDeck

/// Go to definition on an image reference: the image file, relative to the deck.
enum ImageDefinition {
    static func location(
        at position: Position, in document: TextDocument, deck: ParsedDeck, fileAccess: any FileAccess, encoding: PositionEncoding
    ) -> Location? {
        let location = document.location(of: position, encoding: encoding)
        var onLine: [(source: String, range: SourceRange)] = []
        for card in deck.cards where card.lines.contains(location.line) {
            for field in card.fields {
                field.forEachNode { node in
                    guard case .image(let source, _) = node.kind, node.range.start.line <= location.line,
                        location.line <= node.range.end.line
                    else { return }
                    onLine.append((source, node.range))
                }
            }
        }
        // The image under the cursor, else the only one on its line.
        let image =
            onLine.first { $0.range.start <= location && location <= $0.range.end } ?? (onLine.count == 1 ? onLine.first : nil)
        guard let image, !ImagePath.isRemote(image.source) else { return nil }
        let path = ImagePath.absolute(image.source, relativeTo: deck.file.directory)
        guard fileAccess.kind(atPath: path) == .file else { return nil }
        let start = Position(line: 0, character: 0)
        return Location(uri: DocumentURI.uri(path), range: Range(start: start, end: start))
    }
}

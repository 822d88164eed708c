import BadgerDeck

/// The outline of a deck: its headings as sections, each holding the cards under it, named by
/// their question.
enum DeckOutline {
    static func symbols(of deck: ParsedDeck, in document: TextDocument, encoding: PositionEncoding) -> [DocumentSymbol] {
        let headings = deck.headings
        var sections: [DocumentSymbol] = []
        var topLevel: [DocumentSymbol] = []
        var cards = deck.cards[...]
        /// The cards starting before `line`, as symbols.
        func cardSymbols(before line: Int) -> [DocumentSymbol] {
            var symbols: [DocumentSymbol] = []
            while let card = cards.first, card.location.line < line {
                cards.removeFirst()
                symbols.append(symbol(of: card, in: document, encoding: encoding))
            }
            return symbols
        }
        topLevel = cardSymbols(before: headings.first?.range.start.line ?? .max)
        for (index, heading) in headings.enumerated() {
            let nextLine = index + 1 < headings.count ? headings[index + 1].range.start.line : Int.max
            let children = cardSymbols(before: nextLine)
            let lastLine = nextLine == .max ? document.lineCount : nextLine - 1
            let end = max(heading.range.end.line, children.isEmpty ? heading.range.end.line : lastLine)
            sections.append(
                DocumentSymbol(
                    name: heading.title.isEmpty ? "(untitled section)" : heading.title, detail: "section", kind: .namespace,
                    range: document.range(
                        of: SourceRange(start: heading.range.start, end: .init(line: end, column: .max)), encoding: encoding),
                    selectionRange: document.range(of: heading.range, encoding: encoding), children: children))
        }
        return topLevel + sections
    }

    private static func symbol(of card: ParsedCard, in document: TextDocument, encoding: PositionEncoding) -> DocumentSymbol {
        let question = card.field(.question)?.markdown ?? ""
        let firstLine = question.split(separator: "\n").first.map(String.init) ?? ""
        let name = firstLine.count > 60 ? String(firstLine.prefix(60)) + "…" : firstLine
        let range = SourceRange(start: card.location, end: SourceLocation(line: card.lines.upperBound, column: .max))
        return DocumentSymbol(
            name: name.isEmpty ? "(no question)" : name,
            detail: card.field(.answer)?.markdown.split(separator: "\n").first.map(String.init),
            kind: .string, range: document.range(of: range, encoding: encoding),
            selectionRange: document.range(of: card.fields[0].labelRange, encoding: encoding), children: nil)
    }
}

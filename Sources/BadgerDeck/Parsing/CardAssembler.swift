/// Turns a deck's top-level Markdown blocks into cards: finds the labels, cuts paragraphs at
/// them, and gives every following block to the open field.
///
/// A label counts only at the start of a line of a top-level paragraph; labels inside lists,
/// quotes, code or tables are text. A heading or thematic break ends the card.
struct CardAssembler {
    private let source: SourceText
    private var deck: ParsedDeck
    private var card: ParsedCard?
    private var field: CardField?
    private var section: String?
    private var pendingSuppression = Suppression()

    init(source: SourceText, deck: ParsedDeck) {
        self.source = source
        self.deck = deck
    }

    /// Assembles the cards of `document`'s top-level blocks into the deck.
    static func assemble(_ document: MarkdownNode, source: SourceText, into deck: ParsedDeck) -> ParsedDeck {
        var assembler = CardAssembler(source: source, deck: deck)
        for block in document.children { assembler.add(block) }
        assembler.closeCard()
        return assembler.deck
    }

    private mutating func add(_ block: MarkdownNode) {
        switch block.kind {
        case .paragraph:
            addParagraph(block)
        case .heading:
            closeCard()
            if block.range.end.line > block.range.start.line, let found = source.label(onLine: block.range.start.line) {
                deck.containsLabels = true
                deck.swallowedLabels.append(
                    .init(label: found.label, location: SourceLocation(line: block.range.start.line, column: found.column), container: .heading))
            }
            section = block.plainText.trimmingWhitespace()
        case .thematicBreak:
            closeCard()
        case .htmlBlock(let html):
            if let directive = SuppressionDirective(html) {
                if directive.wholeFile { deck.fileSuppression.formUnion(directive.suppression) } else {
                    pendingSuppression.formUnion(directive.suppression)
                }
            } else {
                append(block)
            }
        case .table:
            for row in block.children {
                guard case .tableRow(isHeader: false) = row.kind else { continue }
                let line = row.range.start.line
                let column = source.firstNonBlankColumn(line)
                let firstByte = source.line(line).dropFirst(column - 1).first
                if firstByte != UInt8(ascii: "|"), let found = source.label(onLine: line) {
                    deck.containsLabels = true
                    deck.swallowedLabels.append(.init(label: found.label, location: SourceLocation(line: line, column: found.column), container: .table))
                }
            }
            append(block)
        default:
            append(block)
        }
    }

    /// Gives `block` to the open field; without one, it is prose and ignored.
    private mutating func append(_ block: MarkdownNode) {
        guard field != nil else { return }
        field!.blocks.append(block)
        field!.lastLine = max(field!.lastLine, block.range.end.line)
    }

    private mutating func addParagraph(_ paragraph: MarkdownNode) {
        let inlines = paragraph.children
        // Labels the parser sees: a text node that starts the paragraph or follows a line break.
        var labelIndices: [(index: Int, label: CardLabel, length: Int)] = []
        for (index, node) in inlines.enumerated() {
            guard case .text(let text) = node.kind, index == 0 || inlines[index - 1].isLineBreak,
                let (label, length) = CardLabel.match(text.utf8, at: text.utf8.startIndex)
            else { continue }
            labelIndices.append((index, label, length))
        }
        guard !labelIndices.isEmpty else { return append(paragraph) }
        deck.containsLabels = true

        // Pair each label with its source line, in order, for exact positions.
        var candidateLine = paragraph.range.start.line
        var positions: [SourceLocation] = []
        for found in labelIndices {
            var position = SourceLocation(line: inlines[found.index].range.start.line, column: 1)
            while candidateLine <= paragraph.range.end.line {
                defer { candidateLine += 1 }
                if let onLine = source.label(onLine: candidateLine), onLine.label == found.label {
                    position = SourceLocation(line: candidateLine, column: onLine.column)
                    break
                }
            }
            positions.append(position)
        }

        // Inlines before the first label continue the open field.
        if labelIndices[0].index > 0 {
            let before = trimmedBreaks(inlines[..<labelIndices[0].index])
            let lastLine = positions[0].line - 1
            append(MarkdownNode(.paragraph, children: before, range: SourceRange(start: paragraph.range.start, end: SourceLocation(line: lastLine, column: 1))))
        }
        for (ordinal, found) in labelIndices.enumerated() {
            let position = positions[ordinal]
            let endIndex = ordinal + 1 < labelIndices.count ? labelIndices[ordinal + 1].index : inlines.count
            let lastLine = ordinal + 1 < positions.count ? positions[ordinal + 1].line - 1 : paragraph.range.end.line
            var content = Array(inlines[(found.index)..<endIndex])
            if case .text(let text) = content[0].kind {
                let rest = String(text.utf8.dropFirst(found.length))!.trimmingLeadingBlanks()
                if rest.isEmpty { content.removeFirst() } else { content[0].kind = .text(rest) }
            }
            content = trimmedBreaks(content[...])
            open(found.label, at: position, length: found.length, lastLine: max(lastLine, position.line))
            if !content.isEmpty {
                field!.blocks.append(
                    MarkdownNode(.paragraph, children: content, range: SourceRange(start: position, end: SourceLocation(line: lastLine, column: 1))))
            }
        }
    }

    private func trimmedBreaks(_ inlines: ArraySlice<MarkdownNode>) -> [MarkdownNode] {
        var slice = inlines
        while slice.first?.isLineBreak == true { slice = slice.dropFirst() }
        while slice.last?.isLineBreak == true { slice = slice.dropLast() }
        return Array(slice)
    }

    private mutating func open(_ label: CardLabel, at position: SourceLocation, length: Int, lastLine: Int) {
        closeField()
        if label == .question {
            closeCard()
            card = ParsedCard(fields: [], section: section, suppression: pendingSuppression)
            pendingSuppression = Suppression()
        }
        field = CardField(
            label: label, labelRange: SourceRange(line: position.line, column: position.column, length: length),
            markdown: "", blocks: [], lastLine: lastLine)
    }

    private mutating func closeField() {
        guard var done = field else { return }
        field = nil
        let labelEnd = done.labelRange.end
        done.markdown = source.text(fromLine: labelEnd.line, column: labelEnd.column, throughLine: done.lastLine).trimmingWhitespace()
        done.summarizeContent()
        if card != nil { card!.fields.append(done) } else { deck.strayFields.append(done) }
    }

    private mutating func closeCard() {
        closeField()
        if let done = card { deck.cards.append(done) }
        card = nil
    }
}

extension MarkdownNode {
    fileprivate var isLineBreak: Bool {
        switch kind {
        case .softBreak, .lineBreak: return true
        default: return false
        }
    }
}

extension String {
    fileprivate func trimmingLeadingBlanks() -> String {
        String(drop { $0 == " " || $0 == "\t" })
    }
}

/// A field while its blocks are still being collected.
private struct FieldDraft {
    var label: CardLabel
    var labelRange: SourceRange
    var blocks: [MarkdownNode]
    var lastLine: Int
}

/// Turns a deck's top-level Markdown blocks into cards: finds the labels, cuts paragraphs at
/// them, and gives every following block to the open field.
///
/// A label counts only at the start of a line of a top-level paragraph; labels inside lists,
/// quotes, code or tables are text. A heading or thematic break ends the card.
struct CardAssembler {
    private let source: SourceText
    /// The deck so far. A card is added once the next one (or a heading, or the end) closes it.
    var deck: ParsedDeck
    private var card: ParsedCard?
    private var field: FieldDraft?
    private var section: String?
    private var pendingSuppression = Suppression()

    init(source: SourceText, deck: ParsedDeck) {
        self.source = source
        self.deck = deck
    }

    /// Adds the top-level blocks of `parsed`, the next part of the deck (or all of it), and
    /// what the parser noticed in it. The card open at its end stays open.
    mutating func add(_ parsed: CommonMarkConverter.Result) {
        deck.unclosedMath += parsed.unclosedMath
        deck.flattenedNesting += parsed.flattened
        let document = parsed.document
        let tree = document.tree
        var child = tree.nodes[Int(document.index)].firstChild
        while child >= 0 {
            let next = tree.nodes[Int(child)].nextSibling
            add(MarkdownNode(tree: tree, index: child))
            child = next
        }
    }

    private mutating func add(_ block: MarkdownNode) {
        switch block.kind {
        case .paragraph:
            addParagraph(block)
        case .heading:
            closeCard()
            // A setext heading spans its text lines and the underline; a label on any text line
            // was swallowed.
            if block.range.end.line > block.range.start.line {
                for line in block.range.start.line..<block.range.end.line {
                    guard let found = source.label(onLine: line) else { continue }
                    deck.containsLabels = true
                    deck.swallowedLabels.append(
                        .init(label: found.label, location: SourceLocation(line: line, column: found.column), container: .heading))
                    break
                }
            }
            section = block.plainText.trimmingWhitespace()
            if case .heading(let level) = block.kind {
                deck.headings.append(.init(title: section ?? "", level: level, range: block.range))
            }
        case .thematicBreak:
            closeCard()
        case .htmlBlock(let html):
            if let directive = SuppressionDirective(html) {
                if directive.wholeFile {
                    deck.fileSuppression.formUnion(directive.suppression)
                } else {
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
                    deck.swallowedLabels.append(
                        .init(label: found.label, location: SourceLocation(line: line, column: found.column), container: .table))
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
        let tree = paragraph.tree
        let inlines = tree.childIndices(paragraph.index)
        // Labels the parser sees: a text node that starts the paragraph or follows a line break.
        var labelIndices: [(index: Int, label: CardLabel, length: Int)] = []
        for (position, node) in inlines.enumerated() {
            guard tree.nodes[Int(node)].type == .text, position == 0 || isLineBreak(inlines[position - 1], in: tree) else { continue }
            let text = tree.literalBytes(node)
            guard let (label, length) = CardLabel.match(text, at: text.startIndex) else { continue }
            labelIndices.append((position, label, length))
        }
        guard !labelIndices.isEmpty else { return append(paragraph) }
        deck.containsLabels = true

        // Pair each label with its source line, in order, for exact positions. (cmark-gfm's
        // inline line numbers drift after a code span that spans lines.)
        let paragraphRange = paragraph.range
        let lines = paragraphRange.start.line...paragraphRange.end.line
        let candidates = lines.compactMap { line in source.label(onLine: line).map { (line, $0.label) } }
        let insideCode =
            candidates.map(\.1) == labelIndices.map(\.label) ? [] : source.linesStartingInsideCodeSpans(lines)
        var candidateLine = paragraphRange.start.line
        var positions: [SourceLocation] = []
        for found in labelIndices {
            // cmark-gfm can report line 0 for a paragraph that ends in a vertical tab and `---`
            // (found by fuzzing); a position is never before the file's first line.
            var position = SourceLocation(line: max(1, Int(tree.nodes[Int(inlines[found.index])].startLine)), column: 1)
            while candidateLine <= paragraphRange.end.line {
                defer { candidateLine += 1 }
                if !insideCode.contains(candidateLine), let onLine = source.label(onLine: candidateLine), onLine.label == found.label {
                    position = SourceLocation(line: candidateLine, column: onLine.column)
                    break
                }
            }
            positions.append(position)
        }

        // Inlines before the first label continue the open field.
        if labelIndices[0].index > 0 {
            let before = trimmedBreaks(inlines[..<labelIndices[0].index], in: tree)
            let lastLine = positions[0].line - 1
            append(tree.makeParagraph(of: before, start: paragraphRange.start, end: SourceLocation(line: lastLine, column: 1)))
        }
        for (ordinal, found) in labelIndices.enumerated() {
            let position = positions[ordinal]
            let endIndex = ordinal + 1 < labelIndices.count ? labelIndices[ordinal + 1].index : inlines.count
            let lastLine = ordinal + 1 < positions.count ? positions[ordinal + 1].line - 1 : paragraphRange.end.line
            var content = Array(inlines[found.index..<endIndex])
            // Cut the label and the blanks after it from the first text node.
            let text = tree.literalBytes(content[0])
            let blanks = text.dropFirst(found.length).prefix { $0 == 0x20 || $0 == 0x09 }.count
            if found.length + blanks == text.count {
                content.removeFirst()
            } else {
                tree.dropLiteralPrefix(of: content[0], count: Int32(found.length + blanks))
            }
            content = trimmedBreaks(content[...], in: tree)
            open(found.label, at: position, length: found.length, lastLine: max(lastLine, position.line))
            if !content.isEmpty {
                field!.blocks.append(tree.makeParagraph(of: content, start: position, end: SourceLocation(line: lastLine, column: 1)))
            }
        }
    }

    private func isLineBreak(_ index: Int32, in tree: MarkdownTree) -> Bool {
        let type = tree.nodes[Int(index)].type
        return type == .softBreak || type == .lineBreak
    }

    private func trimmedBreaks(_ inlines: ArraySlice<Int32>, in tree: MarkdownTree) -> [Int32] {
        var slice = inlines
        while let first = slice.first, isLineBreak(first, in: tree) { slice = slice.dropFirst() }
        while let last = slice.last, isLineBreak(last, in: tree) { slice = slice.dropLast() }
        return Array(slice)
    }

    private mutating func open(_ label: CardLabel, at position: SourceLocation, length: Int, lastLine: Int) {
        closeField()
        if label.startsCard {
            closeCard()
            card = ParsedCard(fields: [], section: section, suppression: pendingSuppression)
            pendingSuppression = Suppression()
        }
        field = FieldDraft(
            label: label, labelRange: SourceRange(line: position.line, column: position.column, length: length), blocks: [],
            lastLine: lastLine)
    }

    private mutating func closeField() {
        guard let draft = field else { return }
        field = nil
        // Where `markdown` starts: its first non-blank byte, or the start of that line when the
        // field's first block stands below its label (its indentation is kept).
        let labelEnd = draft.labelRange.end
        let firstNonBlank = source.firstNonBlank(fromLine: labelEnd.line, column: labelEnd.column, throughLine: draft.lastLine)
        let ownLine = draft.blocks.first.map { $0.range.start.line > labelEnd.line } ?? false
        let done = CardField(
            label: draft.label, labelRange: draft.labelRange, markdown: markdown(of: draft), blocks: draft.blocks,
            lastLine: draft.lastLine,
            contentStart: ownLine ? firstNonBlank.map { SourceLocation(line: $0.line, column: 1) } : firstNonBlank)
        if card != nil { card!.fields.append(done) } else { deck.strayFields.append(done) }
    }

    /// The field's Markdown as written, without the blank lines around it, such that it renders
    /// as its blocks do: a field whose first block starts below its label (indented or fenced
    /// code, a list) keeps that block's indentation, and one that ends in code keeps the blanks
    /// that end its last line.
    private func markdown(of draft: FieldDraft) -> String {
        let labelEnd = draft.labelRange.end
        // Whether the innermost last block (through lists, items and quotes) is code.
        var endsInCode = false
        if let block = draft.blocks.last {
            var index = block.index
            while index >= 0 {
                let node = block.tree.nodes[Int(index)]
                endsInCode = node.type == .codeBlock
                guard node.type == .list || node.type == .item || node.type == .blockQuote else { break }
                index = node.lastChild
            }
        }
        let ownLine = draft.blocks.first.map { $0.range.start.line > labelEnd.line } ?? false
        guard ownLine || endsInCode else {
            return source.trimmedText(fromLine: labelEnd.line, column: labelEnd.column, throughLine: draft.lastLine)
        }
        let text =
            ownLine
            ? source.text(fromLine: draft.blocks[0].range.start.line, column: 1, throughLine: draft.lastLine)
            : source.text(fromLine: labelEnd.line, column: labelEnd.column, throughLine: draft.lastLine)
        let bytes = Array(text.utf8)
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard var start = bytes.firstIndex(where: { !isBlank($0) }), var end = bytes.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        if ownLine { start = (bytes[..<start].lastIndex(of: 0x0A) ?? -1) + 1 }
        if endsInCode { end = (bytes[end...].firstIndex(of: 0x0A) ?? bytes.endIndex) - 1 }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    /// Ends the open card, at the end of the deck.
    mutating func closeCard() {
        closeField()
        if let done = card { deck.cards.append(done) }
        card = nil
    }
}

import BadgerDeck
import Foundation

/// Turns the HTML of an Anki note's field into a deck field's Markdown (`Grammar/Spec.md` §6).
///
/// Anki fields hold sloppy HTML: tags in any case, unquoted attributes, `<br>` and `<div>` as
/// line breaks, entities. The conversion keeps what Markdown can say and the text of the rest:
///
/// - `<b>`/`<strong>` become `**…**`, `<i>`/`<em>` `*…*`, `<code>` a code span, `<a href>` a
///   link; `<li>` a line starting with `•` (in `<ul>`) or its number (in `<ol>`), in a
///   paragraph of its own; `<u>`, `<sub>`, `<sup>`, `<span>`, `<font>` and any other tag keep
///   only their text; `<script>`, `<style>`, `<title>` and `<template>` go with their content.
/// - `<br>` is a hard line break (a backslash at the end of the line), two or more in a row a
///   new paragraph; `<div>` starts a line, `<p>` a paragraph. Runs of white space (and
///   `&nbsp;`) are one space, as in HTML.
/// - `<img src="NAME">` becomes `![alt](mediaFolder/NAME)`; a `src` that is a path or a URL is
///   a link to it instead. `[sound:NAME]` is dropped from the text and reported.
/// - MathJax `\(…\)`/`\[…\]` and Anki's LaTeX `[$]…[/$]`/`[$$]…[/$$]` become `$…$`/`$$…$$`,
///   the TeX verbatim.
/// - Cloze deletions (`{{c1::…::hint}}`) stay as they are, also inside math.
/// - All other text is escaped with `MarkdownEscaper`, and every `$` outside math becomes `\$`,
///   so the field shows exactly that text and never a card label, heading or thematic break.
///
/// Emphasis that Markdown cannot express where it stands (`a<b>"b"</b>c`: delimiters next to
/// punctuation inside a word) would show its asterisks; when the rendered field's text differs
/// from the text without emphasis, links and code spans, the field is written without them.
public enum AnkiFieldImport {
    /// A converted field.
    public struct Result: Sendable, Equatable {
        /// The field's Markdown, without leading or trailing blank lines.
        public var markdown: String
        /// The media file names the field's images refer to, in order, each once.
        public var images: [String]
        /// The file names of the field's `[sound:NAME]` references, in order, each once. They
        /// are not in `markdown`.
        public var sounds: [String]

        public init(markdown: String, images: [String], sounds: [String]) {
            self.markdown = markdown
            self.images = images
            self.sounds = sounds
        }
    }

    /// Converts a field's HTML. Images become paths under `mediaFolder` (relative to the deck
    /// file; empty for the deck's own folder). Never fails: any input gives some Markdown.
    public static func markdown(fromHTML html: String, mediaFolder: String) -> Result {
        var reader = AnkiHTMLFieldReader(html: html, mediaFolder: mediaFolder)
        reader.read()
        let styled = reader.markdown(plain: false)
        var markdown = styled
        if reader.hasDroppableMarkup {
            let plain = reader.markdown(plain: true)
            if visibleText(of: styled) != visibleText(of: plain) { markdown = plain }
        }
        return Result(markdown: markdown, images: reader.images, sounds: reader.sounds)
    }

    /// The text a field's Markdown shows: its HTML without tags.
    static func visibleText(of markdown: String) -> String {
        var text = ""
        var insideTag = false
        for character in HTMLRenderer.render(markdown: markdown) {
            switch character {
            case "<": insideTag = true
            case ">" where insideTag: insideTag = false
            default: if !insideTag { text.append(character) }
            }
        }
        return text
    }
}

/// Reads a field's HTML into blocks of lines whose text holds placeholder scalars for the
/// Markdown that must not be escaped (emphasis delimiters, math, code spans, images, links).
private struct AnkiHTMLFieldReader {
    /// A piece of Markdown standing for one placeholder scalar.
    struct Piece {
        /// What the placeholder becomes after escaping.
        var markdown: String
        /// Without emphasis, links and code: the text put in its place before escaping, or
        /// nil to keep the piece.
        var plain: String?
        var isMath = false
    }

    /// A paragraph (no marker) or a list item, as lines of placeholder text.
    struct Block {
        var marker: String?
        var lines: [[Unicode.Scalar]] = [[]]
    }

    enum Style: CaseIterable { case bold, italic }

    /// Placeholders are scalars of Supplementary Private Use Area-A, from this one up.
    static let placeholderBase: UInt32 = 0xF_0000
    static let placeholderRange: ClosedRange<UInt32> = 0xF_0000...0xF_FFFF

    let source: [Unicode.Scalar]
    let mediaFolder: String
    private(set) var images: [String] = []
    private(set) var sounds: [String] = []
    private(set) var hasDroppableMarkup = false

    private var pieces: [Piece] = []
    private var blocks: [Block] = [Block()]
    private var listStack: [(ordered: Bool, next: Int)] = []
    private var depth: [Style: Int] = [.bold: 0, .italic: 0]
    private var emitted: [Style] = []
    /// The line currently written; a link whose `</a>` comes on another line is no link.
    private var lineID = 0
    private var openLink: (destination: String, lineID: Int, styleBase: Int)?
    private var linkDepth = 0
    private var code: [Unicode.Scalar]?
    private var codeDepth = 0
    /// Per pattern: searched from `from`, found first at `found` (nil: nowhere after `from`).
    private var searches: [String: (from: Int, found: Int?)] = [:]

    /// The pieces every field has, at the first placeholders.
    private static let fixedPieces: [Piece] = [
        Piece(markdown: "\\$", plain: nil), Piece(markdown: "\\]", plain: "]"), Piece(markdown: "[", plain: ""),
        Piece(markdown: "**", plain: ""), Piece(markdown: "*", plain: ""), Piece(markdown: "**", plain: ""),
        Piece(markdown: "*", plain: ""),
    ]
    private let dollar = placeholder(0)
    private let closeBracket = placeholder(1)
    private let linkOpen = placeholder(2)
    private let opens: [Style: Unicode.Scalar] = [.bold: placeholder(3), .italic: placeholder(4)]
    private let closes: [Style: Unicode.Scalar] = [.bold: placeholder(5), .italic: placeholder(6)]

    init(html: String, mediaFolder: String) {
        // Scalars that would read as placeholders (or NUL) are replacement characters.
        source = html.unicodeScalars.map { Self.placeholderRange.contains($0.value) || $0 == "\0" ? "\u{FFFD}" : $0 }
        self.mediaFolder = mediaFolder
        pieces = Self.fixedPieces
    }

    static func placeholder(_ index: Int) -> Unicode.Scalar {
        Unicode.Scalar(placeholderBase + UInt32(index)) ?? "\u{FFFD}"
    }

    // MARK: - Reading

    mutating func read() {
        var index = 0
        while index < source.count {
            let scalar = source[index]
            if scalar == "<", let end = readTag(at: index) {
                index = end
            } else if scalar == "&", let (value, end) = HTMLEntities.decode(source[...], at: index) {
                value.unicodeScalars.forEach { appendText($0) }
                index = end
            } else if code == nil, let end = readMath(at: index) ?? readSound(at: index) {
                index = end
            } else {
                appendText(scalar)
                index += 1
            }
        }
        if code != nil { finishCode() }
        finishLine()
    }

    private func starts(with pattern: String, at index: Int, caseInsensitive: Bool = false) -> Bool {
        var position = index
        for expected in pattern.unicodeScalars {
            guard position < source.count else { return false }
            let actual = source[position]
            if caseInsensitive ? actual.properties.lowercaseMapping != expected.properties.lowercaseMapping : actual != expected {
                return false
            }
            position += 1
        }
        return true
    }

    /// The first occurrence of `pattern` at or after `index`. Remembers the last answer for
    /// each pattern, so that scanning a field with many openers and no closers stays linear.
    private mutating func find(_ pattern: String, from index: Int, caseInsensitive: Bool = false) -> Int? {
        let key = caseInsensitive ? "i:" + pattern : pattern
        if let known = searches[key], known.from <= index {
            guard let found = known.found else { return nil }
            if index <= found { return found }
        }
        var position = index
        while position < source.count {
            if starts(with: pattern, at: position, caseInsensitive: caseInsensitive) {
                searches[key] = (index, position)
                return position
            }
            position += 1
        }
        searches[key] = (index, nil)
        return nil
    }

    /// `[sound:NAME]`: recorded and dropped.
    private mutating func readSound(at index: Int) -> Int? {
        guard starts(with: "[sound:", at: index), let close = find("]", from: index + 7) else { return nil }
        let name = HTMLEntities.decodeAll(source[(index + 7)..<close]).trimmingCharacters(in: .whitespaces)
        if !name.isEmpty, !sounds.contains(name) { sounds.append(name) }
        return close + 1
    }

    /// MathJax or Anki LaTeX at `index`: written as dollar math when its TeX can be.
    private mutating func readMath(at index: Int) -> Int? {
        let delimiters: [(open: String, close: String, display: Bool)] = [
            ("\\(", "\\)", false), ("\\[", "\\]", true), ("[$$]", "[/$$]", true), ("[$]", "[/$]", false),
        ]
        guard let (open, close, display) = delimiters.first(where: { starts(with: $0.open, at: index) }),
            let end = find(close, from: index + open.unicodeScalars.count),
            let markdown = Self.mathMarkdown(tex: mathTeX(source[(index + open.unicodeScalars.count)..<end]), display: display)
        else { return nil }
        appendPiece(Piece(markdown: markdown, plain: nil, isMath: true))
        return end + close.unicodeScalars.count
    }

    /// The TeX of a math span's HTML: line-breaking tags are newlines, other tags go,
    /// entities are decoded.
    private func mathTeX(_ html: ArraySlice<Unicode.Scalar>) -> String {
        var tex = String.UnicodeScalarView()
        var index = html.startIndex
        while index < html.endIndex {
            let scalar = html[index]
            if scalar == "<", index + 1 < html.endIndex, html[index + 1].isASCIILetter || html[index + 1] == "/",
                let close = html[index...].firstIndex(of: ">")
            {
                // A tag; a `<` before a space or digit is TeX's less-than.
                let tag = String(String.UnicodeScalarView(html[(index + 1)..<close])).lowercased()
                let name = tag.split(whereSeparator: { " /\t\n".contains($0) }).first ?? ""
                if name == "br" || name == "div" || name == "p" { tex.append("\n") }
                index = close + 1
            } else if scalar == "&", let (value, end) = HTMLEntities.decode(html, at: index) {
                tex.append(contentsOf: value.unicodeScalars)
                index = end
            } else {
                tex.append(Self.placeholderRange.contains(scalar.value) ? "\u{FFFD}" : scalar)
                index += 1
            }
        }
        return String(tex)
    }

    /// `$tex$` or `$$tex$$`, or nil when the TeX cannot stand between dollars (empty, has a
    /// dollar, ends in a backslash). Display math keeps its lines unless one would start a
    /// Markdown block or a label; that one joins the line before with a space, as TeX reads it.
    static func mathMarkdown(tex: String, display: Bool) -> String? {
        guard !tex.contains("$") else { return nil }
        var body: String
        if !tex.contains("\n"), display {
            body = tex
        } else {
            let lines = tex.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            body = ""
            for line in lines {
                if !body.isEmpty { body += display && !lineStartsBlock(line) ? "\n" : " " }
                body += line
            }
        }
        if !display { body = body.trimmingCharacters(in: .whitespaces) }
        guard !body.trimmingCharacters(in: .whitespaces).isEmpty, !body.hasSuffix("\\") else { return nil }
        return display ? "$$\(body)$$" : "$\(body)$"
    }

    /// Whether a line inside a paragraph would start a block, end the paragraph or be a label.
    private static func lineStartsBlock(_ line: String) -> Bool {
        guard let first = line.unicodeScalars.first else { return true }
        if "#>-+=*_|<~[`".unicodeScalars.contains(first) { return true }
        if CardLabel.match(line.utf8, at: line.utf8.startIndex) != nil { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let marker = line.dropFirst(digits.count).first, marker == "." || marker == ")" { return true }
        return false
    }

    // MARK: Tags

    /// Reads a tag, comment or declaration at `index` and returns where reading goes on; nil
    /// when the `<` is text.
    private mutating func readTag(at index: Int) -> Int? {
        var position = index + 1
        guard position < source.count else { return nil }
        if starts(with: "<!--", at: index) {
            return find("-->", from: index + 4).map { $0 + 3 } ?? source.count
        }
        if source[position] == "!" || source[position] == "?" {
            return find(">", from: position).map { $0 + 1 }
        }
        guard find(">", from: position) != nil else { return nil }
        let closing = source[position] == "/"
        if closing { position += 1 }
        guard position < source.count, source[position].isASCIILetter else { return nil }
        var name = ""
        while position < source.count,
            source[position].isASCIILetter || ("0"..."9").contains(source[position])
                || source[position] == "-" || source[position] == ":"
        {
            name.unicodeScalars.append(source[position])
            position += 1
        }
        name = name.lowercased()
        var attributes: [String: String] = [:]
        while true {
            while position < source.count, source[position].isHTMLSpace || source[position] == "/" { position += 1 }
            guard position < source.count else { return nil }
            if source[position] == ">" {
                position += 1
                break
            }
            var attributeName = ""
            while position < source.count, !source[position].isHTMLSpace, !"=>/".unicodeScalars.contains(source[position]) {
                attributeName.unicodeScalars.append(source[position])
                position += 1
            }
            if attributeName.isEmpty, position < source.count, source[position] == "=" { position += 1 }
            while position < source.count, source[position].isHTMLSpace { position += 1 }
            var value = ""
            if position < source.count, source[position] == "=", !attributeName.isEmpty {
                position += 1
                while position < source.count, source[position].isHTMLSpace { position += 1 }
                guard position < source.count else { return nil }
                let quote = source[position]
                if quote == "\"" || quote == "'" {
                    // An unclosed quote takes in the rest of the field, as in a browser.
                    guard let end = find(String(quote), from: position + 1) else { return source.count }
                    value = HTMLEntities.decodeAll(source[(position + 1)..<end])
                    position = end + 1
                } else {
                    let start = position
                    while position < source.count, !source[position].isHTMLSpace, source[position] != ">" { position += 1 }
                    value = HTMLEntities.decodeAll(source[start..<position])
                }
            }
            let key = attributeName.lowercased()
            if !key.isEmpty, attributes[key] == nil { attributes[key] = value }
        }
        if !closing, ["script", "style", "title", "template"].contains(name) {
            guard let end = find("</\(name)", from: position, caseInsensitive: true) else { return source.count }
            return find(">", from: end).map { $0 + 1 } ?? source.count
        }
        handleTag(name, closing: closing, attributes: attributes)
        return position
    }

    private mutating func handleTag(_ name: String, closing: Bool, attributes: [String: String]) {
        if code != nil {
            if ["code", "kbd", "samp", "tt"].contains(name) {
                codeDepth += closing ? -1 : 1
                if codeDepth <= 0 { finishCode() }
            } else if name == "br" || name == "div" || name == "p" || name == "li" {
                appendText(" ")
            }
            return
        }
        switch name {
        case "br": lineBreak()
        case "div", "tr", "pre", "blockquote", "center", "dt", "dd", "section", "article", "header", "footer", "address":
            startLineIfNeeded()
        case "p", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table", "dl", "figure":
            startParagraph()
        case "ul", "ol":
            if closing {
                _ = listStack.popLast()
                startParagraph()
            } else {
                startParagraph()
                listStack.append((ordered: name == "ol", next: 1))
            }
        case "li":
            if !closing { startItem() }
        case "td", "th":
            if !closing { appendText(" ") }
        case "b", "strong":
            depth[.bold, default: 0] = max(0, depth[.bold, default: 0] + (closing ? -1 : 1))
        case "i", "em":
            depth[.italic, default: 0] = max(0, depth[.italic, default: 0] + (closing ? -1 : 1))
        case "code", "kbd", "samp", "tt":
            if !closing {
                code = []
                codeDepth = 1
            }
        case "a":
            if closing { closeLink() } else { openLink(href: attributes["href"] ?? "") }
        case "img":
            if !closing { appendImage(source: attributes["src"] ?? "", alt: attributes["alt"] ?? "") }
        default:
            break
        }
    }

    // MARK: Text and pieces

    /// The line being written.
    private var line: [Unicode.Scalar] { blocks[blocks.count - 1].lines[blocks[blocks.count - 1].lines.count - 1] }

    /// Changes the line being written in place (a setter would copy it on every scalar).
    private mutating func editLine(_ edit: (inout [Unicode.Scalar]) -> Void) {
        let block = blocks.count - 1
        edit(&blocks[block].lines[blocks[block].lines.count - 1])
    }

    private mutating func appendToLine(_ scalar: Unicode.Scalar) {
        editLine { $0.append(scalar) }
    }

    private mutating func appendText(_ scalar: Unicode.Scalar) {
        let scalar = Self.placeholderRange.contains(scalar.value) || scalar == "\0" ? "\u{FFFD}" : scalar
        if code != nil {
            if scalar.isHTMLSpace || scalar == "\u{A0}" {
                if code?.last != " " { code?.append(" ") }
            } else {
                code?.append(scalar)
            }
            return
        }
        if scalar.isHTMLSpace || scalar == "\u{A0}" {
            if let last = line.last, last != " " { appendToLine(" ") }
            return
        }
        syncStyles()
        if scalar == "$" {
            appendToLine(dollar)
        } else if scalar == "]", openLink != nil {
            appendToLine(closeBracket)
        } else {
            appendToLine(scalar)
        }
    }

    private mutating func appendPiece(_ piece: Piece) {
        syncStyles()
        if piece.isMath, let last = line.last, let index = Self.pieceIndex(last), pieces[index].isMath { appendToLine(" ") }
        pieces.append(piece)
        appendToLine(Self.placeholder(pieces.count - 1))
        if piece.plain != nil { hasDroppableMarkup = true }
    }

    static func pieceIndex(_ scalar: Unicode.Scalar) -> Int? {
        placeholderRange.contains(scalar.value) ? Int(scalar.value - placeholderBase) : nil
    }

    private mutating func finishCode() {
        guard let text = code else { return }
        code = nil
        codeDepth = 0
        let content = String(String.UnicodeScalarView(text))
        if content.contains("{{c") {
            // A deletion inside a code span would be code, not a deletion: keep it as text.
            content.unicodeScalars.forEach { appendText($0) }
            return
        }
        let trimmed = content.trimmingCharacters(in: .whitespaces)
        if content.hasPrefix(" ") { appendText(" ") }
        if !trimmed.isEmpty {
            var longestRun = 0
            var run = 0
            for character in trimmed {
                run = character == "`" ? run + 1 : 0
                longestRun = max(longestRun, run)
            }
            let fence = String(repeating: "`", count: longestRun + 1)
            let padding = trimmed.hasPrefix("`") || trimmed.hasSuffix("`") ? " " : ""
            let plain = trimmed.replacingOccurrences(of: "$", with: String(dollar))
            appendPiece(Piece(markdown: fence + padding + trimmed + padding + fence, plain: plain))
        }
        if content.hasSuffix(" "), content.count > 1 { appendText(" ") }
    }

    private mutating func appendImage(source src: String, alt: String) {
        let alt = alt.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let name = src.removingPercentEncoding ?? src
        let isMedia =
            !name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.contains("..") && !Self.hasScheme(name)
            && !name.contains("\n")
        if isMedia {
            if !images.contains(name) { images.append(name) }
            let path = mediaFolder.isEmpty ? name : mediaFolder.hasSuffix("/") ? mediaFolder + name : mediaFolder + "/" + name
            appendPiece(Piece(markdown: "![\(Self.escapeLabel(alt))](\(Self.destination(path)))", plain: nil))
        } else if !src.isEmpty {
            let text = alt.isEmpty ? src : alt
            if openLink != nil {
                text.unicodeScalars.forEach { appendText($0) }
            } else {
                appendPiece(Piece(markdown: "[\(Self.escapeLabel(text))](\(Self.destination(src)))", plain: text))
            }
        }
    }

    private mutating func openLink(href: String) {
        linkDepth += 1
        guard linkDepth == 1, !href.isEmpty else { return }
        syncStyles()
        openLink = (href, lineID, emitted.count)
        appendToLine(linkOpen)
        hasDroppableMarkup = true
    }

    private mutating func closeLink() {
        guard linkDepth > 0 else { return }
        linkDepth -= 1
        guard linkDepth == 0, let link = openLink else { return }
        openLink = nil
        guard link.lineID == lineID, let start = line.lastIndex(of: linkOpen) else { return }
        if line[(start + 1)...].allSatisfy({ $0 == " " }) {
            editLine { $0.remove(at: start) }
            return
        }
        closeStyles(from: link.styleBase)
        pieces.append(Piece(markdown: "](\(Self.destination(link.destination)))", plain: ""))
        appendToLine(Self.placeholder(pieces.count - 1))
    }

    // MARK: Emphasis

    /// Opens and closes emphasis so that the line's delimiters match the tags around the text
    /// about to be written. Delimiters close before trailing spaces.
    private mutating func syncStyles() {
        if let stale = emitted.firstIndex(where: { depth[$0, default: 0] == 0 }) { closeStyles(from: stale) }
        for style in Style.allCases where depth[style, default: 0] > 0 && !emitted.contains(style) {
            if let open = opens[style] { appendToLine(open) }
            emitted.append(style)
            hasDroppableMarkup = true
        }
    }

    private mutating func closeStyles(from base: Int) {
        guard base < emitted.count else { return }
        var insertion = line.count
        while insertion > 0, line[insertion - 1] == " " { insertion -= 1 }
        let closing = emitted[base...].reversed().compactMap { closes[$0] }
        editLine { $0.insert(contentsOf: closing, at: insertion) }
        emitted.removeSubrange(base...)
    }

    // MARK: Structure

    private mutating func finishLine() {
        closeStyles(from: 0)
        if let link = openLink, link.lineID == lineID {
            if let start = line.lastIndex(of: linkOpen) { editLine { $0.remove(at: start) } }
            openLink = nil
        }
    }

    private mutating func lineBreak() {
        finishLine()
        blocks[blocks.count - 1].lines.append([])
        lineID += 1
    }

    private mutating func startLineIfNeeded() {
        if line.contains(where: { $0 != " " }) { lineBreak() }
    }

    private mutating func startParagraph() {
        if blocks[blocks.count - 1].marker != nil, !listStack.isEmpty { return startLineIfNeeded() }
        finishLine()
        blocks.append(Block())
        lineID += 1
    }

    private mutating func startItem() {
        finishLine()
        var marker = "•"
        if let list = listStack.last, list.ordered {
            marker = "\(list.next)."
            listStack[listStack.count - 1].next += 1
        }
        blocks.append(Block(marker: marker))
        lineID += 1
    }

    // MARK: - Writing

    /// The Markdown of what was read; `plain` leaves out emphasis, links and code spans.
    ///
    /// Only paragraphs: lines joined by hard breaks, blank lines between paragraphs. List
    /// items are lines that start with `•` or their number, as a paragraph of their own: a
    /// Markdown list would take in a label on the line after the field (`A: …`) as part of its
    /// last item, and would be plain text after the label on the field's first line.
    func markdown(plain: Bool) -> String {
        var paragraphs: [[String]] = []
        var current: [String] = []
        func endParagraph() {
            if !current.isEmpty { paragraphs.append(current) }
            current = []
        }
        var lastWasItem = false
        for block in blocks {
            if let marker = block.marker {
                if !lastWasItem { endParagraph() }
                var markerPending = true
                for line in block.lines where !write(line, plain: plain).isEmpty {
                    current.append(write(markerPending ? Array((marker + " ").unicodeScalars) + line : line, plain: plain))
                    markerPending = false
                }
                lastWasItem = lastWasItem || !markerPending
            } else {
                endParagraph()
                for line in block.lines {
                    let written = write(line, plain: plain)
                    if written.isEmpty { endParagraph() } else { current.append(written) }
                }
                endParagraph()
                lastWasItem = false
            }
        }
        endParagraph()
        return paragraphs.map { $0.joined(separator: "\\\n") }.joined(separator: "\n\n")
    }

    /// One line, escaped as a line of its own, with its placeholders replaced.
    private func write(_ line: [Unicode.Scalar], plain: Bool) -> String {
        var text = String.UnicodeScalarView()
        for scalar in line {
            if plain, let index = Self.pieceIndex(scalar), index < pieces.count, let replacement = pieces[index].plain {
                text.append(contentsOf: replacement.unicodeScalars)
            } else {
                text.append(scalar)
            }
        }
        // A line of its own: escaped after a first line, which gets no line-start escapes.
        let escaped = MarkdownEscaper.escape("x\n" + String(text))
        let scalars = Array(escaped.unicodeScalars.dropFirst(2))
        var output = String.UnicodeScalarView()
        var afterMath = false
        for scalar in scalars {
            if let index = Self.pieceIndex(scalar), index < pieces.count {
                output.append(contentsOf: pieces[index].markdown.unicodeScalars)
                afterMath = pieces[index].isMath
                continue
            }
            if afterMath, ("0"..."9").contains(scalar) {
                // A digit right after the closing `$` would keep the math open.
                output.append(contentsOf: "&#\(scalar.value);".unicodeScalars)
            } else {
                output.append(scalar)
            }
            afterMath = false
        }
        return String(output)
    }

    // MARK: Markdown helpers

    /// Text inside `[…]` of a link or image: escaped, with `]` and `$` escaped too.
    static func escapeLabel(_ text: String) -> String {
        let dollar = "\u{F0000}"
        let escaped = MarkdownEscaper.escape(
            text.replacingOccurrences(of: dollar, with: "\u{FFFD}").replacingOccurrences(of: "$", with: dollar))
        return escaped.replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: dollar, with: "\\$")
    }

    /// A link destination that reads back as `path`: in `<…>` when it has spaces or
    /// parentheses; backslash, angle brackets, `&`, `$` and backticks escaped.
    static func destination(_ path: String) -> String {
        var output = ""
        var needsBrackets = path.isEmpty
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\\", "<", ">", "&", "$", "`":
                output += "\\" + String(scalar)
            case " ", "(", ")":
                needsBrackets = true
                output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                output += String(format: "%%%02X", scalar.value)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return needsBrackets ? "<\(output)>" : output
    }

    /// Whether a `src` starts with a URL scheme (`https:`, `data:`).
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isHTMLSpace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\u{0C}" }
}

/// HTML character references: numeric ones and the named ones Anki fields use.
private enum HTMLEntities {
    /// The text of the reference starting with `&` at `index`, and the index after its `;`;
    /// nil when there is no known reference there.
    static func decode(_ scalars: ArraySlice<Unicode.Scalar>, at index: Int) -> (String, Int)? {
        guard index < scalars.endIndex, scalars[index] == "&" else { return nil }
        var end = index + 1
        while end < scalars.endIndex, end - index <= 32, scalars[end] != ";" { end += 1 }
        guard end < scalars.endIndex, scalars[end] == ";", end > index + 1 else { return nil }
        let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, digits.count <= 9 else { return nil }
            let isPlaceholder = AnkiHTMLFieldReader.placeholderRange.contains(value)
            let scalar = value == 0 || isPlaceholder ? nil : Unicode.Scalar(value)
            return (String(scalar ?? "\u{FFFD}"), end + 1)
        }
        guard let text = named[name] else { return nil }
        return (text, end + 1)
    }

    /// `text` with every known reference decoded.
    static func decodeAll(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var output = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "&", let (text, end) = decode(scalars, at: index) {
                output.append(contentsOf: text.unicodeScalars)
                index = end
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        return String(output)
    }

    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "AMP": "&", "LT": "<", "GT": ">",
        "QUOT": "\"", "shy": "\u{AD}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwj": "\u{200D}",
        "zwnj": "\u{200C}", "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»",
        "lsaquo": "‹", "rsaquo": "›", "bull": "•", "middot": "·", "deg": "°", "plusmn": "±", "times": "×",
        "divide": "÷", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²", "sup3": "³", "micro": "µ",
        "para": "¶", "sect": "§", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "curren": "¤", "iexcl": "¡",
        "iquest": "¿", "ordf": "ª", "ordm": "º", "not": "¬", "macr": "¯", "acute": "´", "cedil": "¸", "uml": "¨",
        "dagger": "†", "Dagger": "‡", "permil": "‰", "prime": "′", "Prime": "″", "larr": "←", "rarr": "→", "uarr": "↑",
        "darr": "↓", "harr": "↔", "lArr": "⇐", "rArr": "⇒", "hArr": "⇔", "le": "≤", "ge": "≥", "ne": "≠",
        "asymp": "≈", "equiv": "≡", "infin": "∞", "minus": "−", "sum": "∑", "prod": "∏", "radic": "√", "part": "∂",
        "nabla": "∇", "isin": "∈", "notin": "∉", "sub": "⊂", "sup": "⊃", "cap": "∩", "cup": "∪", "and": "∧", "or": "∨",
        "forall": "∀", "exist": "∃", "empty": "∅", "int": "∫", "there4": "∴", "sim": "∼", "prop": "∝", "ang": "∠",
        "perp": "⊥", "sdot": "⋅", "loz": "◊", "spades": "♠", "clubs": "♣", "hearts": "♥", "diams": "♦",
        "Alpha": "Α", "Beta": "Β", "Gamma": "Γ", "Delta": "Δ", "Epsilon": "Ε", "Zeta": "Ζ", "Eta": "Η", "Theta": "Θ",
        "Iota": "Ι", "Kappa": "Κ", "Lambda": "Λ", "Mu": "Μ", "Nu": "Ν", "Xi": "Ξ", "Omicron": "Ο", "Pi": "Π", "Rho": "Ρ",
        "Sigma": "Σ", "Tau": "Τ", "Upsilon": "Υ", "Phi": "Φ", "Chi": "Χ", "Psi": "Ψ", "Omega": "Ω", "alpha": "α",
        "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "zeta": "ζ", "eta": "η", "theta": "θ", "iota": "ι",
        "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "rho": "ρ",
        "sigmaf": "ς", "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
        "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã", "Auml": "Ä", "Aring": "Å", "AElig": "Æ",
        "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë", "Igrave": "Ì", "Iacute": "Í",
        "Icirc": "Î", "Iuml": "Ï", "Ntilde": "Ñ", "Ograve": "Ò", "Oacute": "Ó", "Ocirc": "Ô", "Otilde": "Õ",
        "Ouml": "Ö", "Oslash": "Ø", "Ugrave": "Ù", "Uacute": "Ú", "Ucirc": "Û", "Uuml": "Ü", "Yacute": "Ý",
        "szlig": "ß", "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "auml": "ä", "aring": "å",
        "aelig": "æ", "ccedil": "ç", "egrave": "è", "eacute": "é", "ecirc": "ê", "euml": "ë", "igrave": "ì",
        "iacute": "í", "icirc": "î", "iuml": "ï", "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô",
        "otilde": "õ", "ouml": "ö", "oslash": "ø", "ugrave": "ù", "uacute": "ú", "ucirc": "û", "uuml": "ü",
        "yacute": "ý", "yuml": "ÿ", "OElig": "Œ", "oelig": "œ", "Scaron": "Š", "scaron": "š", "Yuml": "Ÿ",
        "fnof": "ƒ", "circ": "ˆ", "tilde": "˜",
    ]
}

/// Renders `MarkdownNode` blocks as HTML, the way cmark-gfm's safe mode does, plus math.
///
/// Output matches `cmark-gfm` (tables, strikethrough, task lists; raw HTML omitted; dangerous
/// URLs dropped) byte for byte for documents without math. Math is left for KaTeX or MathJax:
/// `<span class="math inline">\(…\)</span>` and `<span class="math display">\[…\]</span>`.
public enum HTMLRenderer {
    /// The HTML of a piece of Markdown, parsed on its own.
    public static func render(markdown: String) -> String {
        render(CommonMarkConverter.parse(markdown).document.children)
    }

    /// The HTML of a sequence of blocks.
    public static func render(_ blocks: [MarkdownNode]) -> String {
        guard let first = blocks.first else { return "" }
        var output = Output(tree: first.tree)
        for block in blocks {
            output.tree = block.tree
            output.block(block.index, tightParent: false)
        }
        return String(decoding: output.html, as: UTF8.self)
    }

    /// Writes HTML bytes straight from the flat tree: no node views, child arrays or strings on
    /// the way (this is most of what `badger compile` renders).
    private struct Output {
        var tree: MarkdownTree
        var html: [UInt8] = []

        init(tree: MarkdownTree) { self.tree = tree }

        mutating func cr() {
            if let last = html.last, last != 0x0A { html.append(0x0A) }
        }

        mutating func write(_ text: StaticString) {
            html.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func write(string text: String) {
            html.append(contentsOf: text.utf8)
        }

        /// The literal (or, with `extra`, the second payload) of node `index`, escaped.
        mutating func escaped(_ index: Int32, extra: Bool = false) {
            let node = tree.nodes[Int(index)]
            let start = Int(extra ? node.extraStart : node.literalStart)
            let count = Int(extra ? node.extraCount : node.literalCount)
            tree.bytes.withUnsafeBufferPointer { appendEscaped(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
        }

        /// Appends `text` with `&`, `<`, `>` and `"` escaped as cmark does.
        mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
            guard let base = text.baseAddress else { return }
            var start = 0
            var index = 0
            while index < text.count {
                // Eight bytes at a time while none of them needs escaping.
                if index + 8 <= text.count,
                    !HTMLRenderer.mayNeedEscaping(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let byte = text[index]
                index += 1
                guard byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 else { continue }
                html.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index - 1]))
                start = index
                switch byte {
                case 0x26: write("&amp;")
                case 0x3C: write("&lt;")
                case 0x3E: write("&gt;")
                default: write("&quot;")
                }
            }
            html.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
        }

        mutating func blocks(under parent: Int32, tightParent: Bool) {
            var child = tree.nodes[Int(parent)].firstChild
            while child >= 0 {
                block(child, tightParent: tightParent)
                child = tree.nodes[Int(child)].nextSibling
            }
        }

        mutating func inlines(under parent: Int32) {
            var child = tree.nodes[Int(parent)].firstChild
            while child >= 0 {
                inline(child)
                child = tree.nodes[Int(child)].nextSibling
            }
        }

        mutating func block(_ index: Int32, tightParent: Bool) {
            let node = tree.nodes[Int(index)]
            switch node.type {
            case .document, .item:
                blocks(under: index, tightParent: false)
            case .paragraph:
                if tightParent {
                    inlines(under: index)
                } else {
                    cr()
                    write("<p>")
                    inlines(under: index)
                    write("</p>\n")
                }
            case .heading:
                cr()
                write(string: "<h\(node.number)>")
                inlines(under: index)
                write(string: "</h\(node.number)>\n")
            case .blockQuote:
                cr()
                write("<blockquote>\n")
                blocks(under: index, tightParent: false)
                cr()
                write("</blockquote>\n")
            case .list:
                // flag: ordered; flag2: tight; number: start.
                cr()
                if node.flag {
                    write(string: node.number == 1 ? "<ol>\n" : "<ol start=\"\(node.number)\">\n")
                } else {
                    write("<ul>\n")
                }
                var item = node.firstChild
                while item >= 0 {
                    let itemNode = tree.nodes[Int(item)]
                    cr()
                    write("<li>")
                    // flag: a task item; flag2: checked.
                    if itemNode.type == .item, itemNode.flag {
                        write(
                            itemNode.flag2
                                ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> " : "<input type=\"checkbox\" disabled=\"\" /> ")
                    }
                    blocks(under: item, tightParent: node.flag2)
                    write("</li>\n")
                    item = itemNode.nextSibling
                }
                write(node.flag ? "</ol>\n" : "</ul>\n")
            case .codeBlock:
                cr()
                let info = tree.literal(index)
                let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                if let language {
                    write("<pre><code class=\"language-")
                    write(string: HTMLRenderer.escape(String(language)))
                    write("\">")
                } else {
                    write("<pre><code>")
                }
                escaped(index, extra: true)
                write("</code></pre>\n")
            case .htmlBlock:
                cr()
                write("<!-- raw HTML omitted -->")
                cr()
            case .thematicBreak:
                cr()
                write("<hr />\n")
            case .table:
                table(index, alignments: tree.tableAlignments[Int(node.number)])
            case .tableRow, .tableCell:
                break
            default:
                inline(index)
            }
        }

        mutating func table(_ index: Int32, alignments: [MarkdownNode.Alignment]) {
            cr()
            write("<table>\n")
            var inBody = false
            var row = tree.nodes[Int(index)].firstChild
            while row >= 0 {
                let rowNode = tree.nodes[Int(row)]
                let isHeader = rowNode.type == .tableRow && rowNode.flag
                if isHeader {
                    write("<thead>\n")
                } else if !inBody {
                    write("<tbody>\n")
                    inBody = true
                }
                write("<tr>\n")
                var column = 0
                var cell = rowNode.firstChild
                while cell >= 0 {
                    write(isHeader ? "<th" : "<td")
                    switch column < alignments.count ? alignments[column] : .none {
                    case .left: write(" align=\"left\"")
                    case .center: write(" align=\"center\"")
                    case .right: write(" align=\"right\"")
                    case .none: break
                    }
                    write(">")
                    inlines(under: cell)
                    write(isHeader ? "</th>\n" : "</td>\n")
                    column += 1
                    cell = tree.nodes[Int(cell)].nextSibling
                }
                write("</tr>\n")
                if isHeader { write("</thead>\n") }
                row = rowNode.nextSibling
            }
            if inBody { write("</tbody>\n") }
            write("</table>\n")
        }

        mutating func inline(_ index: Int32) {
            let node = tree.nodes[Int(index)]
            switch node.type {
            case .text: escaped(index)
            case .softBreak: html.append(0x0A)
            case .lineBreak: write("<br />\n")
            case .code:
                write("<code>")
                escaped(index)
                write("</code>")
            case .htmlInline: write("<!-- raw HTML omitted -->")
            case .emphasis: wrap("em", index)
            case .strong: wrap("strong", index)
            case .strikethrough: wrap("del", index)
            case .link:
                let destination = tree.literal(index)
                write("<a href=\"")
                if HTMLRenderer.isSafe(destination) { write(string: HTMLRenderer.escapeHref(destination)) }
                write("\"")
                if node.extraCount > 0 {
                    write(" title=\"")
                    escaped(index, extra: true)
                    write("\"")
                }
                write(">")
                inlines(under: index)
                write("</a>")
            case .image:
                let source = tree.literal(index)
                write("<img src=\"")
                if HTMLRenderer.isSafe(source) { write(string: HTMLRenderer.escapeHref(source)) }
                write("\" alt=\"")
                altText(under: index)
                write("\"")
                if node.extraCount > 0 {
                    write(" title=\"")
                    escaped(index, extra: true)
                    write("\"")
                }
                write(" />")
            case .math:
                // flag: display math.
                write(node.flag ? "<span class=\"math display\">\\[" : "<span class=\"math inline\">\\(")
                escaped(index)
                write(node.flag ? "\\]</span>" : "\\)</span>")
            default:
                block(index, tightParent: false)
            }
        }

        mutating func wrap(_ tag: StaticString, _ index: Int32) {
            write("<")
            write(tag)
            write(">")
            inlines(under: index)
            write("</")
            write(tag)
            write(">")
        }

        /// An image's alt text: the plain text of its description, as cmark writes it.
        mutating func altText(under parent: Int32) {
            var child = tree.nodes[Int(parent)].firstChild
            while child >= 0 {
                let node = tree.nodes[Int(child)]
                switch node.type {
                case .text, .code, .math: escaped(child)
                case .softBreak, .lineBreak: html.append(0x0A)
                default: altText(under: child)
                }
                child = node.nextSibling
            }
        }
    }

    /// Whether any of the eight bytes of `word` may be `&`, `<`, `>` or `"`: never false when
    /// one is, sometimes true when none is ("Bit Twiddling Hacks", "… has a zero byte").
    @inline(__always)
    static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let ampersand = word ^ (ones &* 0x26)
        let less = word ^ (ones &* 0x3C)
        let greater = word ^ (ones &* 0x3E)
        let quote = word ^ (ones &* 0x22)
        let found =
            ((ampersand &- ones) & ~ampersand) | ((less &- ones) & ~less) | ((greater &- ones) & ~greater)
            | ((quote &- ones) & ~quote)
        return found & 0x8080_8080_8080_8080 != 0
    }

    /// Escapes `&`, `<`, `>` and `"` as cmark does.
    static func escape(_ text: String) -> String {
        let special = { (byte: UInt8) in byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 }
        // Most text has nothing to escape; look at its bytes directly (String's own UTF-8 view is slower).
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: special) }) ?? text.utf8.contains(where: special) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Escapes a URL as cmark's `houdini_escape_href` does.
    static func escapeHref(_ url: String) -> String {
        var result = ""
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;"
            case UInt8(ascii: "'"): result += "&#x27;"
            case _ where isHrefSafe(byte): result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    private static func isHrefSafe(_ byte: UInt8) -> Bool {
        if (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) { return true }
        return "-_.+!*(),%#@?=;:/$~".utf8.contains(byte)
    }

    /// Whether cmark's safe mode keeps a URL: not `javascript:`, `vbscript:`, `file:`, or `data:`
    /// other than PNG, GIF, JPEG or WebP images.
    static func isSafe(_ url: String) -> Bool {
        let lower = url.lowercased()
        for scheme in ["javascript:", "vbscript:", "file:"] where lower.hasPrefix(scheme) { return false }
        if lower.hasPrefix("data:") {
            return ["image/png", "image/gif", "image/jpeg", "image/webp"].contains { lower.dropFirst(5).hasPrefix($0) }
        }
        return true
    }
}

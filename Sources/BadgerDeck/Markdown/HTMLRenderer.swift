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
        var output = Output()
        for block in blocks { output.block(block, tightParent: false) }
        return output.html
    }

    private struct Output {
        var html = ""

        mutating func cr() {
            if !html.isEmpty, html.last != "\n" { html += "\n" }
        }

        mutating func block(_ node: MarkdownNode, tightParent: Bool) {
            switch node.kind {
            case .document:
                for child in node.children { block(child, tightParent: false) }
            case .paragraph:
                if tightParent {
                    inlines(node.children)
                } else {
                    cr()
                    html += "<p>"
                    inlines(node.children)
                    html += "</p>\n"
                }
            case .heading(let level):
                cr()
                html += "<h\(level)>"
                inlines(node.children)
                html += "</h\(level)>\n"
            case .blockQuote:
                cr()
                html += "<blockquote>\n"
                for child in node.children { block(child, tightParent: false) }
                cr()
                html += "</blockquote>\n"
            case .list(let ordered, let start, let tight):
                cr()
                if ordered {
                    html += start == 1 ? "<ol>\n" : "<ol start=\"\(start)\">\n"
                } else {
                    html += "<ul>\n"
                }
                for item in node.children {
                    cr()
                    html += "<li>"
                    if case .item(let task?) = item.kind {
                        html +=
                            task ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> " : "<input type=\"checkbox\" disabled=\"\" /> "
                    }
                    for child in item.children { block(child, tightParent: tight) }
                    html += "</li>\n"
                }
                html += ordered ? "</ol>\n" : "</ul>\n"
            case .item:
                for child in node.children { block(child, tightParent: false) }
            case .codeBlock(let info, let literal):
                cr()
                let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                html += language.map { "<pre><code class=\"language-\(escape(String($0)))\">" } ?? "<pre><code>"
                html += escape(literal)
                html += "</code></pre>\n"
            case .htmlBlock:
                cr()
                html += "<!-- raw HTML omitted -->"
                cr()
            case .thematicBreak:
                cr()
                html += "<hr />\n"
            case .table(let alignments):
                cr()
                html += "<table>\n"
                var inBody = false
                for row in node.children {
                    let isHeader: Bool
                    if case .tableRow(let header) = row.kind { isHeader = header } else { isHeader = false }
                    if isHeader {
                        html += "<thead>\n"
                    } else if !inBody {
                        html += "<tbody>\n"
                        inBody = true
                    }
                    html += "<tr>\n"
                    for (column, cell) in row.children.enumerated() {
                        let tag = isHeader ? "th" : "td"
                        html += "<\(tag)"
                        switch column < alignments.count ? alignments[column] : .none {
                        case .left: html += " align=\"left\""
                        case .center: html += " align=\"center\""
                        case .right: html += " align=\"right\""
                        case .none: break
                        }
                        html += ">"
                        inlines(cell.children)
                        html += "</\(tag)>\n"
                    }
                    html += "</tr>\n"
                    if isHeader { html += "</thead>\n" }
                }
                if inBody { html += "</tbody>\n" }
                html += "</table>\n"
            case .tableRow, .tableCell:
                break
            default:
                inline(node)
            }
        }

        mutating func inlines(_ nodes: [MarkdownNode]) {
            for node in nodes { inline(node) }
        }

        mutating func inline(_ node: MarkdownNode) {
            switch node.kind {
            case .text(let text): html += escape(text)
            case .softBreak: html += "\n"
            case .lineBreak: html += "<br />\n"
            case .code(let code): html += "<code>" + escape(code) + "</code>"
            case .htmlInline: html += "<!-- raw HTML omitted -->"
            case .emphasis: wrap("em", node)
            case .strong: wrap("strong", node)
            case .strikethrough: wrap("del", node)
            case .link(let destination, let title):
                html += "<a href=\"" + (isSafe(destination) ? escapeHref(destination) : "") + "\""
                if !title.isEmpty { html += " title=\"" + escape(title) + "\"" }
                html += ">"
                inlines(node.children)
                html += "</a>"
            case .image(let source, let title):
                html += "<img src=\"" + (isSafe(source) ? escapeHref(source) : "") + "\" alt=\""
                altText(node.children)
                html += "\""
                if !title.isEmpty { html += " title=\"" + escape(title) + "\"" }
                html += " />"
            case .math(let tex, let display):
                html +=
                    display
                    ? "<span class=\"math display\">\\[" + escape(tex) + "\\]</span>"
                    : "<span class=\"math inline\">\\(" + escape(tex) + "\\)</span>"
            default:
                block(node, tightParent: false)
            }
        }

        mutating func wrap(_ tag: String, _ node: MarkdownNode) {
            html += "<\(tag)>"
            inlines(node.children)
            html += "</\(tag)>"
        }

        /// An image's alt text: the plain text of its description, as cmark writes it.
        mutating func altText(_ nodes: [MarkdownNode]) {
            for node in nodes {
                switch node.kind {
                case .text(let text), .code(let text): html += escape(text)
                case .math(let tex, _): html += escape(tex)
                case .softBreak, .lineBreak: html += "\n"
                default: altText(node.children)
                }
            }
        }
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

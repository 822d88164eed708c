/// Renders Markdown blocks as plain text for a terminal or a screen reader: the words without
/// the Markdown syntax. Emphasis markers go, lists get bullets or numbers, quotes a bar, code
/// blocks an indent, tables aligned columns; math stays as written, in `$…$`.
///
/// The result is untrusted text from a deck: sanitize it before printing.
public enum PlainTextRenderer {
    /// The plain text of `markdown`, as lines without trailing line breaks.
    public static func render(markdown: String) -> [String] {
        render(CommonMarkConverter.parse(markdown).document.children)
    }

    /// The plain text of a sequence of blocks.
    public static func render(_ blocks: [MarkdownNode]) -> [String] {
        var lines: [String] = []
        for (index, block) in blocks.enumerated() {
            if index > 0, !lines.isEmpty { lines.append("") }
            lines += self.block(block)
        }
        return lines
    }

    private static func block(_ node: MarkdownNode) -> [String] {
        switch node.kind {
        case .paragraph, .heading:
            return inline(node.children).components(separatedBy: "\n")
        case .blockQuote:
            return render(node.children).map { "│ " + $0 }
        case .list(let ordered, let start, let tight):
            var lines: [String] = []
            for (index, item) in node.children.enumerated() {
                var marker = ordered ? "\(start + index). " : "• "
                if case .item(let task?) = item.kind { marker += task ? "[x] " : "[ ] " }
                let content = tight ? item.children.flatMap(block) : render(item.children)
                for (number, line) in content.enumerated() {
                    lines.append((number == 0 ? marker : String(repeating: " ", count: marker.count)) + line)
                }
                if !tight, index + 1 < node.children.count { lines.append("") }
            }
            return lines
        case .codeBlock(_, let literal):
            var code = literal
            if code.hasSuffix("\n") { code.removeLast() }
            return code.components(separatedBy: "\n").map { "    " + $0 }
        case .htmlBlock:
            return []
        case .thematicBreak:
            return ["───"]
        case .table:
            let rows = node.children.map { row in row.children.map { inline($0.children).replacingOccurrences(of: "\n", with: " ") } }
            let columns = rows.map(\.count).max() ?? 0
            let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
            return rows.map { row in
                (0..<columns).map { column in
                    let cell = column < row.count ? row[column] : ""
                    return cell + String(repeating: " ", count: widths[column] - cell.count)
                }.joined(separator: "  ").trimmingWhitespace()
            }
        default:
            return [inline([node])]
        }
    }

    private static func inline(_ nodes: [MarkdownNode]) -> String {
        var text = ""
        for node in nodes {
            switch node.kind {
            case .text(let literal), .code(let literal): text += literal
            case .math(let tex, let display): text += display ? "$$" + tex + "$$" : "$" + tex + "$"
            case .softBreak: text += " "
            case .lineBreak: text += "\n"
            case .htmlInline: break
            case .image(let source, _):
                let alt = inline(node.children)
                text += "[image: " + (alt.isEmpty ? source : alt) + "]"
            default: text += inline(node.children)
            }
        }
        return text
    }
}

extension MarkdownNode {
    /// An indented, one-node-per-line outline of the tree with source ranges, for golden tests
    /// and debugging.
    public func dump() -> String {
        var lines: [String] = []
        func visit(_ node: MarkdownNode, depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + "\(node.summary) @\(node.range)")
            for child in node.children { visit(child, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }

    private var summary: String {
        func quoted(_ text: String) -> String {
            "\""
                + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
                .replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        switch kind {
        case .document: return "Document"
        case .paragraph: return "Paragraph"
        case .heading(let level): return "Heading(\(level))"
        case .blockQuote: return "BlockQuote"
        case .list(let ordered, let start, let tight):
            return "List(\(ordered ? "ordered start=\(start)" : "bullet")\(tight ? " tight" : " loose"))"
        case .item(let task): return task.map { "Item(task checked=\($0))" } ?? "Item"
        case .codeBlock(let info, let literal): return "CodeBlock(info=\(quoted(info))) \(quoted(literal))"
        case .htmlBlock(let html): return "HTMLBlock \(quoted(html))"
        case .thematicBreak: return "ThematicBreak"
        case .table(let alignments): return "Table(\(alignments.map { "\($0)" }.joined(separator: ",")))"
        case .tableRow(let isHeader): return isHeader ? "TableRow(header)" : "TableRow"
        case .tableCell: return "TableCell"
        case .text(let text): return "Text \(quoted(text))"
        case .softBreak: return "SoftBreak"
        case .lineBreak: return "LineBreak"
        case .code(let code): return "Code \(quoted(code))"
        case .htmlInline(let html): return "HTMLInline \(quoted(html))"
        case .emphasis: return "Emphasis"
        case .strong: return "Strong"
        case .strikethrough: return "Strikethrough"
        case .link(let destination, let title): return "Link(\(quoted(destination)), title=\(quoted(title)))"
        case .image(let source, let title): return "Image(\(quoted(source)), title=\(quoted(title)))"
        case .math(let tex, let display): return "Math(\(display ? "display" : "inline")) \(quoted(tex))"
        }
    }
}

import BadgerTerminal

/// The terminal Markdown renderer on the input as Markdown, at several widths and styles.
enum FuzzTerminalMarkdown {
    static func run(_ bytes: [UInt8]) {
        let markdown = String(decoding: bytes, as: UTF8.self)
        for (width, color) in [(1, false), (40, true), (80, false), (200, true)] {
            _ = MarkdownRenderer.render(
                markdown: markdown, style: TerminalStyle(usesColor: color, width: width), accent: RGBColor(r: 1, g: 2, b: 3))
            _ = MarkdownRenderer.render(markdown: markdown, style: TerminalStyle(usesColor: color, width: width, showsRawMath: true))
        }
    }
}

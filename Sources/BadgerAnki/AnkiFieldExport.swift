import BadgerDeck
import Foundation

/// Turns a deck field's Markdown into the HTML of an Anki note's field.
///
/// The Markdown is rendered with `HTMLRenderer` (cmark-gfm's HTML plus math) and then shaped
/// the way Anki writes fields: a field that is only paragraphs loses the `<p>` wrappers (several
/// paragraphs are joined with `<br><br>`, and soft line breaks inside them become spaces), hard
/// line breaks are `<br>`, math spans are bare MathJax (`\(…\)`, `\[…\]`), and each image's
/// `src` is the flat media name the caller gives it. Cloze deletions (`{{c1::…}}`) pass through
/// unchanged, inside math too. Other blocks (lists, code, quotes, tables) keep cmark's HTML.
public enum AnkiFieldExport {
    /// The Anki field HTML of `markdown`. `mediaName` maps an image's path as written in the
    /// Markdown to the media file name the package stores it under; nil keeps the path.
    public static func html(fromMarkdown markdown: String, mediaName: (String) -> String?) -> String {
        var html = HTMLRenderer.render(markdown: markdown)
        while html.hasSuffix("\n") { html.removeLast() }
        // The zero-width space that keeps a line like `Q: …` from being read as a card label
        // (`MarkdownEscaper`) is the deck's business, not the field's.
        html = html.replacingOccurrences(of: "\u{200B}", with: "").replacingOccurrences(of: "&#8203;", with: "")
        html = html.replacingOccurrences(of: "<br />\n", with: "<br>").replacingOccurrences(of: "<br />", with: "<br>")
        html = unwrappingMath(html, spanOpening: "<span class=\"math inline\">")
        html = unwrappingMath(html, spanOpening: "<span class=\"math display\">")
        html = renamingImages(html, mediaName: mediaName)
        if let paragraphs = paragraphContents(html) {
            html = paragraphs.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "<br><br>")
        }
        return html
    }

    /// The contents of the paragraphs when `html` is nothing but paragraphs.
    static func paragraphContents(_ html: String) -> [String]? {
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>") else { return nil }
        let inner = html.dropFirst(3).dropLast(4)
        let paragraphs = inner.components(separatedBy: "</p>\n<p>")
        guard paragraphs.allSatisfy({ !$0.contains("<p>") && !$0.contains("</p>") }) else { return nil }
        return paragraphs
    }

    /// `html` with each math span's `<span …>` and `</span>` removed, its `\(…\)` kept. Math
    /// content is escaped, so the span's end is the first `</span>` after it.
    static func unwrappingMath(_ html: String, spanOpening: String) -> String {
        var output = ""
        var rest = html[...]
        while let open = rest.range(of: spanOpening), let close = rest[open.upperBound...].range(of: "</span>") {
            output += rest[..<open.lowerBound]
            output += rest[open.upperBound..<close.lowerBound]
            rest = rest[close.upperBound...]
        }
        output += rest
        return output
    }

    /// `html` with each `<img src="…">` pointing at its media name.
    static func renamingImages(_ html: String, mediaName: (String) -> String?) -> String {
        let opening = "<img src=\""
        var output = ""
        var rest = html[...]
        while let open = rest.range(of: opening), let close = rest[open.upperBound...].firstIndex(of: "\"") {
            output += rest[..<open.upperBound]
            let source = String(rest[open.upperBound..<close])
            let unescaped = unescapingAttribute(source)
            let path = unescaped.removingPercentEncoding ?? unescaped
            output += mediaName(path).map(escapingAttribute) ?? source
            rest = rest[close...]
        }
        output += rest
        return output
    }

    private static func unescapingAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func escapingAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// One side of a study card as text: its Markdown as written and, when compiled, its HTML.
public struct CardText: Sendable, Equatable {
    /// The Markdown exactly as written after the label, trimmed, math verbatim.
    public let markdown: String
    /// The Markdown rendered as HTML (math left for KaTeX or MathJax), or nil when the
    /// collection was loaded without HTML.
    public let html: String?

    public init(markdown: String, html: String?) {
        self.markdown = markdown
        self.html = html
    }
}

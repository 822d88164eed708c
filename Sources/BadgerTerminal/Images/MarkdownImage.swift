/// An image met while rendering Markdown, handed to the caller to decide how it is shown.
public struct MarkdownImage: Sendable, Equatable {
    /// The image reference as written (a path relative to the deck, or a URL).
    public let source: String
    /// Its alternative text, as plain text (not yet sanitized).
    public let alt: String
    /// The columns available where it stands.
    public let columns: Int

    public init(source: String, alt: String, columns: Int) {
        self.source = source
        self.alt = alt
        self.columns = columns
    }
}

/// What is shown for an image instead of `[image: alt]`.
public enum RenderedImage: Sendable, Equatable {
    /// Text flowing with the paragraph (sanitized and dimmed by the renderer).
    case text(String)
    /// Lines of their own, drawn by badger itself (half-block art, or a graphics sequence and
    /// the blank rows it covers), each `columns` wide on screen. Shown as they are.
    case block(lines: [String], columns: Int)
}

/// Decides how each image is shown; nil keeps `[image: alt]`.
public typealias ImageRendering = (MarkdownImage) -> RenderedImage?

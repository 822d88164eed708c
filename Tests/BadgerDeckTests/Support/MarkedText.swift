import Testing

@testable import BadgerDeck

/// Text with position markers, in the style of swift-format's `MarkedText`.
///
/// The markers `1️⃣` … `9️⃣` may be embedded anywhere in the text. They are removed, and each
/// one's position in the text *without* markers is recorded as a `SourceLocation`: the 1-based
/// line, and the 1-based UTF-8 byte column of the character that follows the marker — the
/// convention the linter uses for its diagnostics.
///
/// ```swift
/// let marked = MarkedText("---\ntopic: T\n---\n1️⃣Q: What?\n")
/// marked.textWithoutMarkers  // "---\ntopic: T\n---\nQ: What?\n"
/// marked.markers["1️⃣"]      // SourceLocation(line: 4, column: 1)
/// ```
struct MarkedText {
    /// The marker names, in order: `1️⃣` … `9️⃣`.
    static let markerNames: [String] = (1...9).map { "\($0)\u{FE0F}\u{20E3}" }

    /// Each marker's position in `textWithoutMarkers`.
    let markers: [String: BadgerDeck.SourceLocation]
    /// The text with every marker removed.
    let textWithoutMarkers: String

    init(_ marked: String) {
        var text = ""
        var markers: [String: BadgerDeck.SourceLocation] = [:]
        var line = 1
        var column = 1
        for character in marked {
            let asString = String(character)
            if Self.markerNames.contains(asString) {
                precondition(markers[asString] == nil, "marker \(asString) appears twice")
                markers[asString] = BadgerDeck.SourceLocation(line: line, column: column)
                continue
            }
            text.append(character)
            // "\r\n" is one Character; both end a line.
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += asString.utf8.count
            }
        }
        self.markers = markers
        self.textWithoutMarkers = text
    }

    /// The location of `marker`. If the text lacks it, records an issue and returns 0:0.
    subscript(_ marker: String) -> BadgerDeck.SourceLocation {
        guard let location = markers[marker] else {
            Issue.record("marker \(marker) is not in the text")
            return BadgerDeck.SourceLocation(line: 0, column: 0)
        }
        return location
    }
}

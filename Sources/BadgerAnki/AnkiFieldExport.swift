import BadgerDeck
import Foundation

// Stub until the converter branch lands.
public enum AnkiFieldExport {
    public static func html(fromMarkdown markdown: String, mediaName: (String) -> String?) -> String {
        HTMLRenderer.render(markdown: markdown)
    }
}

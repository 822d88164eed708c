import BadgerDeck
import Foundation

// Stub until the converter branch lands.
public enum AnkiFieldImport {
    public struct Result: Sendable, Equatable {
        public var markdown: String
        public var images: [String]
        public var sounds: [String]
    }

    public static func markdown(fromHTML html: String, mediaFolder: String) -> Result {
        var images: [String] = []
        var text = html
        if let range = text.range(of: #"<img src="([^"]+)">"#, options: .regularExpression) {
            let name = String(text[range].dropFirst(10).dropLast(2))
            images.append(name)
            text.replaceSubrange(range, with: "![](\(mediaFolder)/\(name))")
        }
        text = text.replacingOccurrences(of: "<br>", with: "\n").replacingOccurrences(of: "<b>", with: "**")
            .replacingOccurrences(of: "</b>", with: "**").replacingOccurrences(of: "\\(", with: "$")
            .replacingOccurrences(of: "\\)", with: "$").replacingOccurrences(of: "\\[", with: "$$")
            .replacingOccurrences(of: "\\]", with: "$$")
        return Result(markdown: text, images: images, sounds: [])
    }
}

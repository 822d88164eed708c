import Foundation

/// Anki's plain-text form of a field, for a note's sort field (`sfld`) and first-field checksum
/// (`csum`): Anki's `strip_html_preserving_media_filenames` and `field_checksum`.
enum AnkiFieldText {
    /// The field without HTML: an `<img>`, `<audio>`, `<video>` or `<object>` tag becomes
    /// ` filename `, comments, styles, scripts and other tags are removed, and entities are decoded.
    static func strippingHTMLPreservingMediaFilenames(_ html: String) -> String {
        let withFilenames = html.replacing(mediaTag) { match in
            " \(match.output.1 ?? match.output.2 ?? match.output.3 ?? "") "
        }
        return decodingEntities(withFilenames.replacing(htmlTag, with: ""))
    }

    /// The first 32 bits of the SHA-1 of the stripped field, as Anki's `csum` column stores them.
    static func checksum(ofFirstField html: String) -> Int64 {
        checksum(ofStripped: strippingHTMLPreservingMediaFilenames(html))
    }

    static func checksum(ofStripped text: String) -> Int64 {
        let digest = SHA1.digest(Array(text.utf8))
        return Int64(digest[0]) << 24 | Int64(digest[1]) << 16 | Int64(digest[2]) << 8 | Int64(digest[3])
    }

    /// Anki's `HTML_MEDIA_TAGS`: the tag, and its `src` or `data` in double, single or no quotes.
    nonisolated(unsafe) private static let mediaTag =
        #/<\b(?:img|audio|video|object)\b(?:[^>"']|"[^"]*?"|'[^']*?')*?\b(?:src|data)\b=(?:"([^"]+?)"[^>]*>|'([^']+?)'[^>]*>|([^ >]+?)(?: [^>]*>|>))/#
        .ignoresCase().dotMatchesNewlines()

    /// Anki's `HTML`: comments, style and script elements, and any other tag.
    nonisolated(unsafe) private static let htmlTag =
        #/<!--.*?-->|<style.*?>.*?</style>|<script.*?>.*?</script>|<.*?>/#.ignoresCase().dotMatchesNewlines()

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// Decodes `&name;`, `&#123;` and `&#x7B;`; like Anki (which keeps the text unchanged when
    /// it cannot decode it), a text with an `&` that starts no known entity is returned as it is.
    /// No-break spaces become spaces.
    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var decoded = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            decoded += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";"),
                let character = character(forEntity: rest[afterAmpersand..<semicolon])
            else { return text }
            decoded.append(character)
            rest = rest[rest.index(after: semicolon)...]
        }
        decoded += rest
        return decoded.replacingOccurrences(of: "\u{A0}", with: " ")
    }

    private static func character(forEntity name: Substring) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return namedEntities[String(name)]
    }
}

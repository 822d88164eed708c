/// The keys a deck's front matter may have.
public enum FrontMatterKeys {
    /// Every key, with the type it takes.
    public static let known: [String: String] = [
        "topic": "a string",
        "reversed": "a boolean (true or false)",
        "color": "a hex color string such as \"#059669\"",
    ]

    /// Whether `text` is `#RGB` or `#RRGGBB`.
    public static func isHexColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 4 || bytes.count == 7 else { return false }
        return bytes.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || (($0 | 0x20) >= 97 && ($0 | 0x20) <= 102) }
    }
}

/// A card's text as identity matching compares it: lowercased, and without the Markdown that
/// only styles it (`**bold**`, `*italic*`, `` `code` ``, a link's `[text](url)` read as its text),
/// so a card whose question was only made bold or given a link is the same card.
enum ComparableText {
    static func of(_ text: String) -> String {
        guard text.contains(where: { $0 == "*" || $0 == "`" || $0 == "[" }) else { return text.lowercased() }
        var result = ""
        var characters = Array(text)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            switch character {
            case "*", "`":
                continue
            case "[":
                // `[text](destination)`: the text only; anything else stays as written.
                if let close = characters.firstIndex(of: "]"), characters.index(after: close) < characters.endIndex,
                    characters[characters.index(after: close)] == "(",
                    let end = characters[characters.index(after: close)...].firstIndex(of: ")")
                {
                    result += String(characters[..<close]).filter { $0 != "*" && $0 != "`" }
                    characters = characters[characters.index(after: end)...]
                } else {
                    result.append(character)
                }
            default:
                result.append(character)
            }
        }
        return result.lowercased()
    }
}

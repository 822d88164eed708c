import ArgumentParser

/// The field delimiter of `import` and `export`'s CSV: `;` (the default), `,` or a tab.
struct CSVDelimiter: ExpressibleByArgument, Sendable {
    let character: Character

    static let semicolon = CSVDelimiter(character: ";")

    private init(character: Character) {
        self.character = character
    }

    /// `;`, `,`, or a tab written `tab`, `\t` or as the character itself.
    init?(argument: String) {
        switch argument.lowercased() {
        case ";", "semicolon": character = ";"
        case ",", "comma": character = ","
        case "tab", "\\t", "\t": character = "\t"
        default: return nil
        }
    }

    var defaultValueDescription: String { character == "\t" ? "tab" : String(character) }

    /// How a message names it: `;`, `,` or a tab.
    var name: String { character == "\t" ? "a tab" : "`\(character)`" }

    /// How to write it as an option value in a shell: `';'`, `','` or `tab`.
    static func optionValue(_ character: Character) -> String { character == "\t" ? "tab" : "'\(character)'" }
}

/// The labels that start a card's fields: `Q:`, `A:`, `E:`, `H:`, `R:` and `C:` (cloze text),
/// or their long forms.
public enum CardLabel: String, Sendable, CaseIterable, Codable {
    case question, answer, explanation, hint, reversed, cloze

    /// Whether the label starts a new card: `Q:` or `C:`.
    public var startsCard: Bool { self == .question || self == .cloze }

    /// The short spelling, e.g. `Q`.
    public var shortName: String {
        switch self {
        case .question: return "Q"
        case .answer: return "A"
        case .explanation: return "E"
        case .hint: return "H"
        case .reversed: return "R"
        case .cloze: return "C"
        }
    }

    /// The long spelling, e.g. `Question`.
    public var longName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// A label at the start of `bytes[start...]`: which one, and how many bytes it spans
    /// including the colon. Labels are case-insensitive.
    public static func match<Bytes: Collection>(_ bytes: Bytes, at start: Bytes.Index) -> (CardLabel, length: Int)?
    where Bytes.Element == UInt8 {
        // Pack up to 11 lowercase letters into an integer, 5 bits each, without allocating.
        var packed: UInt64 = 0
        var count = 0
        var index = start
        while index != bytes.endIndex, count <= 11 {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                guard count > 0, let label = byPackedWord[packed] else { return nil }
                return (label, count + 1)
            }
            let lower = byte | 0x20
            guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return nil }
            packed = packed << 5 | UInt64(lower - UInt8(ascii: "a") + 1)
            count += 1
            index = bytes.index(after: index)
        }
        return nil
    }

    private static func pack(_ word: String) -> UInt64 {
        word.utf8.reduce(0) { $0 << 5 | UInt64($1 - UInt8(ascii: "a") + 1) }
    }

    private static let byPackedWord: [UInt64: CardLabel] = {
        var table: [UInt64: CardLabel] = [:]
        for label in CardLabel.allCases {
            table[pack(label.rawValue)] = label
            table[pack(label.shortName.lowercased())] = label
        }
        return table
    }()
}

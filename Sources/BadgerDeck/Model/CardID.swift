/// A card's stable identity: 64 bits derived from its topic, question and direction.
///
/// The id is FNV-1a-64 of the topic (case-folded), the question's Markdown with runs of white
/// space collapsed, and the direction, separated by U+001F. Editing a card's answer,
/// explanation or hint, or re-wrapping its question, keeps its id.
public struct CardID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Parses 16 hexadecimal digits.
    public init?(_ text: String) {
        guard text.utf8.count == 16, text.utf8.allSatisfy(\.isHexDigit), let value = UInt64(text, radix: 16) else { return nil }
        rawValue = value
    }

    /// The id of the card asking `question` in `topic`, in `direction`.
    public init(topic: String, question: String, direction: CardDirection) {
        self.init(questionHash: CardID.questionHash(topic: topic, question: question), direction: direction)
    }

    /// The id from a `questionHash` already computed, adding the direction.
    init(questionHash: UInt64, direction: CardDirection) {
        var hash = questionHash
        CardID.mix(&hash, [0x1F])
        CardID.mix(&hash, direction.rawValue.utf8)
        rawValue = hash
    }

    /// FNV-1a-64 of the case-folded topic, U+001F, and the question with white space runs
    /// collapsed, computed without building the normalized string. Equal for two cards exactly
    /// when they ask the same question in the same topic (barring a 64-bit collision).
    static func questionHash(topic: String, question: String) -> UInt64 {
        questionHash(topic: topic, question: question, start: 0xcbf2_9ce4_8422_2325, prime: 0x0000_0100_0000_01b3)
    }

    /// The same walk over topic and question, mixing each byte by xor and multiplication from
    /// `start` with `prime`; other constants give an independent second hash.
    static func questionHash(topic: String, question: String, start: UInt64, prime: UInt64) -> UInt64 {
        var hash = start
        let mix = { (hash: inout UInt64, byte: UInt8) in hash = (hash ^ UInt64(byte)) &* prime }
        for byte in topic.lowercased().utf8 { mix(&hash, byte) }
        mix(&hash, 0x1F)
        var pendingSpace = false
        var started = false
        for byte in question.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = started
                continue
            }
            if pendingSpace {
                mix(&hash, 0x20)
                pendingSpace = false
            }
            started = true
            mix(&hash, byte)
        }
        return hash
    }

    @inline(__always)
    private static func mix(_ hash: inout UInt64, _ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
    }

    /// `question` with every run of white space turned into one space, trimmed.
    public static func normalized(_ question: String) -> String {
        let words = question.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        return words.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    }

    /// 16 lowercase hex digits, zero-padded, written directly.
    public var description: String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for index in 0..<16 {
                buffer[index] = digits.utf8Start[Int((rawValue >> UInt64(60 - 4 * index)) & 0xF)]
            }
            return 16
        }
    }

    public static func < (lhs: CardID, rhs: CardID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = CardID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a card id: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= 0x30 && self <= 0x39) || ((self | 0x20) >= 0x61 && (self | 0x20) <= 0x66)
    }
}

/// Which way a card is learned: as written, the reverse expansion of a reversed card, or one
/// deletion of a cloze field.
public enum CardDirection: String, Sendable, Codable {
    case forward, reverse, cloze
}

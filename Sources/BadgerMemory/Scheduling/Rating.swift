/// How well a card was remembered. Raw values are FSRS's (1–4); the product calls them
/// Fail, Difficult, Good and Easy and numbers them 0–3.
public enum Rating: Int, Sendable, Codable, CaseIterable, Comparable {
    case again = 1
    case hard = 2
    case good = 3
    case easy = 4

    /// The rating for the product's numbering: 0 Fail, 1 Difficult, 2 Good, 3 Easy.
    public init?(productValue: Int) {
        self.init(rawValue: productValue + 1)
    }

    /// 0 for Fail, 1 Difficult, 2 Good, 3 Easy.
    public var productValue: Int { rawValue - 1 }

    /// The product's name: Fail, Difficult, Good or Easy.
    public var productName: String {
        switch self {
        case .again: return "Fail"
        case .hard: return "Difficult"
        case .good: return "Good"
        case .easy: return "Easy"
        }
    }

    /// Whether the card was recalled (anything but Fail).
    public var isSuccess: Bool { self != .again }

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rawValue < rhs.rawValue }
}

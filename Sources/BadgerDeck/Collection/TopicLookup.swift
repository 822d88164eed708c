import Foundation

/// Finding the topic a user typed (`--topic french`, a menu answer): every command matches the
/// same way, in any case, with the nearest name suggested for a typo.
public enum TopicMatch: Sendable, Equatable {
    case found(String)
    /// No topic of that name; the nearest name, when one is close.
    case unknown(suggestion: String?)
}

extension DeckCollection {
    /// The name that stands for every topic, where a command accepts it (`study`, `export`).
    public static let allTopics = "all"

    /// The topic `typed` names: its exact name, else its name in another case (surrounding
    /// blanks ignored), else nothing, with the nearest name as a suggestion. With `allowingAll`,
    /// `all` (any case) names every topic and is returned as `allTopics`.
    public func topic(named typed: String, allowingAll: Bool = false) -> TopicMatch {
        let names = topics
        let wanted = typed.trimmingCharacters(in: .whitespaces)
        if allowingAll, wanted.lowercased() == Self.allTopics { return .found(Self.allTopics) }
        if let exact = names.first(where: { $0 == wanted })
            ?? names.first(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == wanted.lowercased() })
        {
            return .found(exact)
        }
        return .unknown(suggestion: DidYouMean.suggestion(for: wanted, among: Set(names + (allowingAll ? [Self.allTopics] : []))))
    }

    /// `no topic "frnch" in the collection; did you mean "French"? (topics: French, German)`,
    /// the message for a topic `topic(named:)` did not find; untrusted names sanitised.
    public func unknownTopicMessage(_ typed: String, suggestion: String?) -> String {
        var message = "no topic \"\(UntrustedText.sanitized(typed))\" in the collection"
        if let suggestion { message += "; did you mean \"\(UntrustedText.sanitized(suggestion))\"?" }
        let names = topics
        if !names.isEmpty {
            message +=
                " (topics: " + names.prefix(10).map { UntrustedText.sanitized($0) }.joined(separator: ", ")
                + (names.count > 10 ? ", …" : "") + ")"
        }
        return message
    }
}

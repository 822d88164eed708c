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

    /// The topic `typed` names: its exact name, else (with `allowingAll`) `all` in any case for
    /// every topic, returned as `allTopics`, else its name in another case (surrounding blanks
    /// ignored), else nothing, with the nearest name as a suggestion. A real topic named `All`
    /// is found by its exact name.
    public func topic(named typed: String, allowingAll: Bool = false) -> TopicMatch {
        let names = topics
        let wanted = typed.trimmingCharacters(in: .whitespaces)
        if let exact = names.first(where: { $0 == wanted }) { return .found(exact) }
        if allowingAll, wanted.lowercased() == Self.allTopics { return .found(Self.allTopics) }
        if let other = names.first(where: { Self.sameTopic($0, wanted) }) { return .found(other) }
        return .unknown(suggestion: DidYouMean.suggestion(for: wanted, among: Set(names + (allowingAll ? [Self.allTopics] : []))))
    }

    /// Whether two topic names are the same topic: case and surrounding blanks aside (card ids
    /// fold case, so `French` and `french` decks are one topic to every command).
    public static func sameTopic(_ lhs: String, _ rhs: String) -> Bool {
        lhs.trimmingCharacters(in: .whitespaces).lowercased() == rhs.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Every topic name of the collection that is the same topic as `name` (`French` and
    /// `french`): what a command given that topic works on.
    public func topics(sameAs name: String) -> Set<String> {
        Set(topics.filter { Self.sameTopic($0, name) })
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

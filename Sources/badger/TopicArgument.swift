import BadgerDeck

/// The topic a `--topic` value names in `collection` (any case; `all` where `allowingAll`); an
/// unknown one ends the command with status 2 and a message suggesting the nearest topic.
func resolvedTopic(_ typed: String, in collection: DeckCollection, allowingAll: Bool = false) throws -> String {
    switch collection.topic(named: typed, allowingAll: allowingAll) {
    case .found(let name): return name
    case .unknown(let suggestion):
        Terminal.standardError.write("badger: error: " + collection.unknownTopicMessage(typed, suggestion: suggestion) + "\n")
        throw ExitStatus.usageOrIO.code
    }
}

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

/// The topic names several `--topic` values name (each with the names that differ from it only
/// in case), or nil for every topic (none given, or `all`); an unknown one ends the command with
/// status 2 and a did-you-mean.
func wantedTopics(_ typed: [String], in collection: DeckCollection) throws -> Set<String>? {
    let names = try typed.map { try resolvedTopic($0, in: collection, allowingAll: true) }
    if names.isEmpty || names.contains(DeckCollection.allTopics) { return nil }
    return names.reduce(into: []) { $0.formUnion(collection.topics(sameAs: $1)) }
}

/// `; did you mean "French"?` for a topic that is about to get a new deck (`add`, `import`) when
/// the collection has a topic of a name close to it (a typo would start a topic of its own);
/// empty otherwise.
func newTopicHint(_ typed: String, in collection: DeckCollection) -> String {
    guard case .unknown(let suggestion?) = collection.topic(named: typed) else { return "" }
    return "; did you mean \"\(UntrustedText.sanitized(suggestion))\"? (`badger topics` lists them)"
}

import BadgerDeck
import Foundation

/// Says on standard error which decks no card could be read from (a merge conflict, invalid
/// UTF-8, front matter without a topic): `due`, `list` and `export` leave them out, and without
/// a word a deck mid-merge would look empty. `study` says so in its own notes; `lint` reports why.
func noteDecksLeftOut(_ collection: DeckCollection) {
    for deck in collection.realDecks where !deck.isReadForCards {
        let why =
            deck.conflictMarkers.map { "it holds an unresolved merge conflict (line \($0.lowerBound))" }
            ?? (deck.invalidUTF8 != nil ? "it is not valid UTF-8" : "its front matter names no topic")
        Terminal.standardError.write(
            "badger: note: \(UntrustedText.sanitized(deck.file.displayPath)) is left out until fixed: \(why) (`badger lint` says more)\n")
    }
}

import Foundation

/// Why an Anki package could not be written.
public enum AnkiPackageError: Error, Equatable, CustomStringConvertible {
    /// Two note types, decks, notes or cards share an id.
    case duplicateID(kind: String, id: Int64)
    /// Two decks have the same name.
    case duplicateDeckName(String)
    /// A deck name is empty or has an empty part between `::`.
    case invalidDeckName(String)
    /// Two notes have the same guid.
    case duplicateGUID(String)
    /// A note has no guid.
    case emptyGUID(noteID: Int64)
    /// A note refers to a note type the collection does not have.
    case unknownNoteType(noteID: Int64, noteTypeID: Int64)
    /// A note has a different number of fields than its note type.
    case fieldCountMismatch(noteID: Int64, expected: Int, actual: Int)
    /// A tag is empty or contains whitespace, which Anki uses to separate tags.
    case invalidTag(noteID: Int64, tag: String)
    /// A card refers to a note the collection does not have.
    case unknownNote(cardID: Int64, noteID: Int64)
    /// A card refers to a deck the collection does not have.
    case unknownDeck(cardID: Int64, deckID: Int64)
    /// A card's `data` column is not a JSON object.
    case invalidCardData(cardID: Int64, data: String)
    /// A review refers to a card the collection does not have.
    case unknownCard(reviewID: Int64, cardID: Int64)
    /// Two reviews share an id (Anki's revlog id is a unique timestamp).
    case duplicateReviewID(Int64)
    /// A media file's name is empty, contains a path separator, or is used twice.
    case invalidMediaName(String)
    /// Writing the collection database, the zip archive or the target file failed.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .duplicateID(let kind, let id): "two \(kind)s have the id \(id)"
        case .duplicateDeckName(let name): "two decks are named \"\(name)\""
        case .invalidDeckName(let name): "the deck name \"\(name)\" is empty or has an empty part between \"::\""
        case .duplicateGUID(let guid): "two notes have the guid \"\(guid)\""
        case .emptyGUID(let noteID): "note \(noteID) has no guid"
        case .unknownNoteType(let noteID, let noteTypeID): "note \(noteID) has the unknown note type \(noteTypeID)"
        case .fieldCountMismatch(let noteID, let expected, let actual):
            "note \(noteID) has \(actual) fields, but its note type has \(expected)"
        case .invalidTag(let noteID, let tag): "note \(noteID) has the tag \"\(tag)\", which is empty or contains whitespace"
        case .unknownNote(let cardID, let noteID): "card \(cardID) belongs to the unknown note \(noteID)"
        case .unknownDeck(let cardID, let deckID): "card \(cardID) is in the unknown deck \(deckID)"
        case .invalidCardData(let cardID, let data): "card \(cardID) has data that is not a JSON object: \(data)"
        case .unknownCard(let reviewID, let cardID): "review \(reviewID) is of the unknown card \(cardID)"
        case .duplicateReviewID(let id): "two reviews have the id \(id)"
        case .invalidMediaName(let name): "the media file name \"\(name)\" is empty, contains \"/\" or is used twice"
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

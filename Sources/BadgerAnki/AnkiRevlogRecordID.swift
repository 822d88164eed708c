import BadgerMemory
import Foundation

/// The record id of a review imported from an Anki review-log entry, and the entry's id back
/// from it. The id is derived from the note's GUID, the card's ordinal and the entry's id (so the
/// same entry imported twice is one review); its low ten bits hold the entry's milliseconds,
/// which badger's log times (whole seconds) drop, so that an export gives Anki the entry's own
/// id and Anki recognises the review instead of adding a copy.
public enum AnkiRevlogRecordID {
    /// The record id of entry `revlogID` of card `ordinal` of note `guid`.
    public static func make(guid: String, ordinal: Int, revlogID: Int64) -> String {
        let hash = AnkiImportPlan.recordHash(["revlog", guid, String(ordinal), String(revlogID)])
        return NameBook.hex(hash & ~UInt64(0x3FF) | UInt64(((revlogID % 1000) + 1000) % 1000))
    }

    /// The Anki entry id a review at `time` with `recordID` was imported from, or nil when the
    /// review did not come from that note's card (a review made in badger, say).
    public static func revlogID(of recordID: String, guid: String, ordinal: Int, time: Date) -> Int64? {
        guard recordID.utf8.count == 16, let value = UInt64(recordID, radix: 16) else { return nil }
        let milliseconds = Int64(value & 0x3FF)
        guard milliseconds < 1000, time.timeIntervalSince1970.isFinite, abs(time.timeIntervalSince1970) < 1e15 else { return nil }
        let candidate = Int64(time.timeIntervalSince1970.rounded(.down)) * 1000 + milliseconds
        return make(guid: guid, ordinal: ordinal, revlogID: candidate) == recordID ? candidate : nil
    }
}

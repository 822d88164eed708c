import BadgerMemory
import Foundation

/// Taking a rating back while studying: an `undone` line naming the review's record id is
/// appended to the log (under the log's lock, as every append), never a cut. A copy of the log
/// made in between (a sync tool, a push) still holds the review's line, and readers leave it out
/// wherever it turns up, because the record id is what is taken back.
enum ReviewLogUndo {
    /// Appends to `path` the line that takes back the review among `lines` (what recording the
    /// rating appended: the review, after the card's line when one was written).
    ///
    /// - Throws: `StorageError.writeFailed` when the log cannot be written, or when `lines`
    ///   holds no review with a record id (nothing is written then).
    static func takeBack(_ lines: [String], in path: String, recordID: String) throws {
        guard let line = lines.last, case .review(let review)? = try? ReviewRecord(line: Substring(line), number: 0),
            let undone = review.recordID
        else { throw StorageError.writeFailed(path: path, reason: "the rating to undo is not a review with a record id") }
        let record = ReviewRecord.undone(time: review.time, key: review.cardID, undone: undone, recordID: recordID)
        try AtomicFile.appendLines([record.line], to: path, header: ReviewLog.header)
    }
}

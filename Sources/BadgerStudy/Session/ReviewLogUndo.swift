import BadgerMemory
import Foundation

/// Taking the last rating back out of an append-only review log, for undo while studying.
enum ReviewLogUndo {
    /// Cuts the log at `path` before its last lines, `undone`: what recording the rating being
    /// undone appended (its review, and the card's line when it wrote one). Done under the log's
    /// lock, as appends are, so a line another process appended since is never lost.
    ///
    /// - Throws: `StorageError.writeFailed` when the file cannot be read or written, or when it
    ///   does not end with `undone` (then the file is left as it is).
    static func removeLastLines(_ undone: [String], from path: String) throws {
        try AtomicFile.removeLastLines(undone, from: path)
    }
}

import BadgerMemory
import Foundation

/// Taking the last rating back out of an append-only review log, for undo while studying.
enum ReviewLogUndo {
    /// Rewrites the log at `path` without its last lines, atomically (temporary file, fsync,
    /// rename), after checking that they are exactly `undone`: what recording the rating being
    /// undone appended (its review, and the card's line when it wrote one).
    ///
    /// - Throws: `StorageError.writeFailed` when the file cannot be read or written, or when it
    ///   does not end with `undone` (then the file is left as it is).
    static func removeLastLines(_ undone: [String], from path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StorageError.writeFailed(path: path, reason: "could not be read to undo the last rating")
        }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard !undone.isEmpty, lines.count >= undone.count, Array(lines.suffix(undone.count)) == undone else {
            throw StorageError.writeFailed(path: path, reason: "it does not end with the rating to undo; left unchanged")
        }
        lines.removeLast(undone.count)
        try AtomicFile.write(lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n", to: path)
    }
}

import BadgerMemory
import Foundation

/// Taking the last rating back out of an append-only review log, for undo while studying.
enum ReviewLogUndo {
    /// Rewrites the log at `path` without its last line, atomically (temporary file, fsync,
    /// rename), after checking that the last line is exactly `line`: the rating being undone.
    ///
    /// - Throws: `StorageError.writeFailed` when the file cannot be read or written, or when its
    ///   last line is not `line` (then the file is left as it is).
    static func removeLastLine(_ line: String, from path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StorageError.writeFailed(path: path, reason: "could not be read to undo the last rating")
        }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard lines.last == line else {
            throw StorageError.writeFailed(path: path, reason: "its last line is not the rating to undo; left unchanged")
        }
        lines.removeLast()
        try AtomicFile.write(lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n", to: path)
    }
}

import BadgerMemory
import Foundation

/// The `.gitattributes` a collection gets with its first review log, so git merges review logs
/// and state files with its built-in `union` driver in every clone, with no setup; and the
/// `.gitignore` lines that keep the lock file and temporary files out of commits.
///
/// Union merging is exact for review logs because every line carries a unique record id: no
/// two reviews are ever the same line, and a line both sides have is kept once. State files
/// are a cache of the logs; a union-merged one is rebuilt by the next command.
public enum GitAttributes {
    ///
    /// `badger.fits` (one line per fit) is a log too. `badger.yml` is united as well so that two
    /// clones that each re-fitted merge without a conflict: the fitted keys then appear twice and
    /// the reader takes the last of each (the next fit writes them once again); a setting the
    /// user changed differently on both sides is reported by the reader with both lines.
    public static let lines = [
        "*.reviews merge=union", "*.state merge=union", "anki.notes merge=union", "badger.fits merge=union", "badger.yml merge=union",
    ]

    /// Adds the lines to `root/.gitattributes` unless it already says how to merge those files,
    /// and `ignoredLines` to `root/.gitignore`. Failing to write them is not an error (a
    /// read-only folder, say): nothing depends on them but git.
    public static func ensure(root: String) {
        let directory = root.hasSuffix("/") ? root : root + "/"
        append(lines, to: directory + ".gitattributes") { existing, line in
            let pattern = line.prefix { $0 != " " }
            return existing.contains { $0.hasPrefix(pattern + " ") && $0.contains("merge=") }
        }
        // A line the user negated (`!.badger.lock`, `!/.badger.lock`, `!**/.badger.lock`) or
        // anchored is theirs to keep.
        append(ignoredLines, to: directory + ".gitignore") { existing, line in
            existing.contains { pattern in
                var rest = Substring(pattern)
                if rest.hasPrefix("!") { rest = rest.dropFirst() }
                if rest.hasPrefix("**/") { rest = rest.dropFirst(3) } else if rest.hasPrefix("/") { rest = rest.dropFirst() }
                return rest == line
            }
        }
    }

    /// Appends to `file` each of `wanted` that `has` does not find among its lines (trimmed), in
    /// the file's own line ending. A file that is there but cannot be read, or is not UTF-8, or a
    /// link out of the collection or to nothing, is left alone: rewritten, it would lose what it
    /// holds or where it led.
    private static func append(_ wanted: [String], to file: String, unless has: (_ existing: [String], _ line: String) -> Bool) {
        // A link is written through when it leads to a file in the collection, else left alone.
        let root = (file as NSString).deletingLastPathComponent
        guard let path = try? AtomicFile.target(ofCollectionFile: file, within: root) else { return }
        var text = ""
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path), let read = String(data: data, encoding: .utf8) else { return }
            text = read
        }
        let existing = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let missing = wanted.filter { !has(existing, $0) }
        // A file made read-only is left as it is.
        guard !missing.isEmpty, (try? AtomicFile.requireWritable(path)) != nil else { return }
        let ending = text.contains("\r\n") ? "\r\n" : "\n"
        if let last = text.last, !last.isNewline { text += ending }
        try? AtomicFile.write(text + missing.map { $0 + ending }.joined(), to: path)
    }

    /// What `.gitignore` keeps out of commits: the lock file, and the temporary files of atomic
    /// writes (`.NAME.tmp-<pid>`) that a killed command leaves until the next write clears them.
    public static let ignoredLines = [".badger.lock", ".*.tmp-*"]
}

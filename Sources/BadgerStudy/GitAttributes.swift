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

    /// Adds the lines to `root/.gitattributes` unless it already says how to merge those files.
    /// Failing to write it is not an error (a read-only folder, say): nothing depends on it but
    /// git merges.
    public static func ensure(root: String) {
        let path = (root.hasSuffix("/") ? root : root + "/") + ".gitattributes"
        var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var changed = false
        for line in lines {
            let pattern = String(line.prefix { $0 != " " })
            let configured = text.split(separator: "\n").contains { $0.hasPrefix(pattern + " ") && $0.contains("merge=") }
            guard !configured else { continue }
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            text += line + "\n"
            changed = true
        }
        if changed { try? AtomicFile.write(text, to: path) }
        let ignore = (root.hasSuffix("/") ? root : root + "/") + ".gitignore"
        let ignored = (try? String(contentsOfFile: ignore, encoding: .utf8)) ?? ""
        let present = Set(ignored.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = ignoredLines.filter { !present.contains($0) }
        if !missing.isEmpty {
            let separator = ignored.isEmpty || ignored.hasSuffix("\n") ? "" : "\n"
            try? AtomicFile.write(ignored + separator + missing.map { $0 + "\n" }.joined(), to: ignore)
        }
    }

    /// What `.gitignore` keeps out of commits: the lock file, and the temporary files of atomic
    /// writes (`.NAME.tmp-<pid>`) that a killed command leaves until the next write clears them.
    public static let ignoredLines = [".badger.lock", ".*.tmp-*"]
}

import Foundation

/// How a command names a path it prints: from the working folder (`.` for the folder itself),
/// or the whole path when it lies elsewhere. Not sanitized: callers print it through
/// `UntrustedText.sanitized`.
enum DisplayPath {
    static func of(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        if path == here { return "." }
        let prefix = here.hasSuffix("/") ? here : here + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

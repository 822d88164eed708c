import Foundation

/// How a command names a collection root among several: its path from the working folder
/// (`.` for the folder itself), or the whole path when it lies elsewhere.
enum CollectionLabel {
    static func of(_ root: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        if root == here { return "." }
        let prefix = here.hasSuffix("/") ? here : here + "/"
        return root.hasPrefix(prefix) ? String(root.dropFirst(prefix.count)) : root
    }
}

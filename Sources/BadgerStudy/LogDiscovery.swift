import BadgerDeck

/// Finds the review logs of a collection: every `*.reviews` file under its root, whatever deck
/// it sits beside (a deck renamed or moved leaves its log behind; a file-sync tool leaves
/// conflict copies such as `french (conflicted copy).reviews`), all of which still count.
///
/// Hidden folders are skipped, and so are folders that are collection roots of their own (their
/// own `badger.yml`, or the `.gitattributes` of their own first log). A symbolic link to a
/// folder is followed once: each real folder and file is read once, and a link that leads back
/// into a folder already read is reported, never followed forever.
public enum LogDiscovery {
    /// The absolute paths of the logs under `root`, sorted.
    public static func logs(under root: String, fileAccess: any FileAccess) -> [String] {
        walk(root, fileAccess: fileAccess).logs
    }

    /// What a walk found: the logs (absolute paths, sorted), the symbolic links that lead back
    /// to a folder already read, and names of logs that are no file (a folder, a link to
    /// nothing), both relative to the root.
    public struct Found: Sendable {
        public var logs: [String] = []
        public var cycles: [String] = []
        public var strays: [String] = []
    }

    /// The logs under `root`, the links back into it and the logs that are no file, in one walk.
    public static func walk(_ root: String, fileAccess: any FileAccess) -> Found {
        var logs: [String] = []
        var cycles: [String] = []
        var strays: [String] = []
        var seenFolders: Set<String> = []
        var seenFiles: Set<String> = []
        var pending = [(absolute: root, relative: "")]
        // Folders reached through a symbolic link wait until every folder reached without one is
        // read: a link to a folder of the collection is then the path reported, not the folder.
        var linked: [(absolute: String, relative: String)] = []
        var visited = 0
        let roots = CollectionLoader(fileAccess: fileAccess)
        while let (folder, relative) = pending.popLast() ?? (linked.isEmpty ? nil : linked.removeFirst()) {
            guard let real = fileAccess.resolvedPath(folder), !seenFolders.contains(real) else {
                if !relative.isEmpty { cycles.append(relative) }
                continue
            }
            // A folder that is a collection of its own keeps its logs (however it is reached).
            if !relative.isEmpty, roots.isRoot(folder) { continue }
            seenFolders.insert(real)
            visited += 1
            // A bound on a pathological tree: a collection is not a whole disk.
            guard visited <= 20_000, let names = try? fileAccess.entries(ofDirectory: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = (folder == "/" ? "" : folder) + "/" + name
                let child = relative.isEmpty ? name : relative + "/" + name
                let kind = fileAccess.kind(atPath: path)
                // A log that is no file (a folder, a link to nothing) is named, never passed over.
                if name.hasSuffix(".reviews"), kind != .file { strays.append(child) }
                switch kind {
                case .directory:
                    let throughLink = fileAccess.resolvedPath(path) != (real == "/" ? "" : real) + "/" + name
                    if throughLink { linked.append((path, child)) } else { pending.append((path, child)) }
                case .file where name.hasSuffix(".reviews"):
                    if let real = fileAccess.resolvedPath(path), seenFiles.insert(real).inserted { logs.append(path) }
                default: continue
                }
            }
        }
        return Found(logs: logs.sorted(), cycles: cycles.sorted(), strays: strays.sorted())
    }
}

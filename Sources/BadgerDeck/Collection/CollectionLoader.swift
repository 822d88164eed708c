import Foundation

/// Finds the deck files named by command-line paths.
///
/// A path is a deck file or a directory searched recursively for `*.md` (hidden entries are
/// skipped). With no path, `./Decks` is used when it exists, else the current directory. Each
/// file's collection root is the nearest ancestor holding `badger.yml`, else the nearest one
/// whose `.gitattributes` badger wrote (it marks where the review logs were first written),
/// else the directory given, else the file's own directory; but a folder below the one searched
/// that is a root of its own (its own `badger.yml`, or the `.gitattributes` of its own first log
/// with no `badger.yml` above) keeps its decks: two collections side by side stay two.
public struct CollectionLoader: Sendable {
    let fileAccess: any FileAccess

    public init(fileAccess: any FileAccess) { self.fileAccess = fileAccess }

    /// The deck files under `paths`, sorted, without duplicates, minus excluded ones.
    public func deckFiles(paths: [String]) throws -> [DeckFile] {
        let cwd = fileAccess.currentDirectory
        let named = paths.isEmpty ? [fileAccess.kind(atPath: cwd + "/Decks") == .directory ? "Decks" : "."] : paths
        var files: [DeckFile] = []
        var seen: Set<String> = []
        var configs: [String: CollectionConfig] = [:]
        // A collection reached again through another path that `realpath` keeps apart (a bind
        // mount of its folder): its decks are read at the path it was first reached by, so they
        // count once (and its lock is taken once).
        var rootOfIdentity: [DirectoryIdentity: String] = [:]
        func unified(_ root: String, _ file: String) -> (root: String, file: String) {
            guard root != "/", let identity = fileAccess.identity(ofDirectory: root) else { return (root, file) }
            guard let first = rootOfIdentity[identity] else {
                rootOfIdentity[identity] = root
                return (root, file)
            }
            guard first != root, first != "/", file.hasPrefix(root + "/") else { return (root, file) }
            return (first, first + file.dropFirst(root.count))
        }
        for path in named {
            var absolute = ImagePath.absolute(path, relativeTo: cwd)
            guard let kind = fileAccess.kind(atPath: absolute) else { throw CollectionError.notFound(path: path) }
            // A path that reaches a collection only through a symbolic link (`../link/d.md`, the
            // link to a folder of it): read where it really is, so that it is that collection's
            // (its settings, lock and logs), as when a command runs in the linked folder.
            func folder(_ path: String) -> String {
                guard kind == .file else { return path }
                let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
                return parent.isEmpty ? "/" : parent
            }
            if rootAbove(folder(absolute)) == nil, let real = fileAccess.resolvedPath(absolute), real != absolute,
                rootAbove(folder(real)) != nil
            {
                absolute = real
            }
            let display = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            switch kind {
            case .file:
                let directory = String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.startIndex)])
                let found = try findRoot(from: directory.isEmpty ? "/" : directory, fallback: directory, configs: &configs)
                let (root, absolute) = unified(found, absolute)
                let real = fileAccess.resolvedPath(absolute)
                if seen.insert(real ?? absolute).inserted {
                    files.append(
                        DeckFile(displayPath: display, absolutePath: absolute, collectionRoot: root, realPath: inside(real, root: root)))
                }
            case .directory:
                let searchedRoot = try findRoot(from: absolute, fallback: absolute, configs: &configs)
                var rootOfFolder: [String: String] = [:]
                for relative in try markdownFiles(in: absolute) {
                    let listed = absolute == "/" ? "/" + relative : absolute + "/" + relative
                    let folder = String(listed[..<listed.lastIndex(of: "/")!])
                    let found: String
                    if let known = rootOfFolder[folder] {
                        found = known
                    } else {
                        found = try nestedRoot(of: folder, below: absolute, configs: &configs) ?? searchedRoot
                        rootOfFolder[folder] = found
                    }
                    let (root, file) = unified(found, listed)
                    let real = fileAccess.resolvedPath(file)
                    let deck = DeckFile(
                        displayPath: display == "." ? relative : display + "/" + relative, absolutePath: file, collectionRoot: root,
                        realPath: inside(real, root: root))
                    // Excluded first: an excluded link must not hide the deck it leads to.
                    let config = configs[root] ?? CollectionConfig()
                    guard !isExcluded(deck.relativePath, by: config), seen.insert(real ?? file).inserted else { continue }
                    files.append(deck)
                }
            }
        }
        return files
    }

    /// The settings of the collection rooted at `root`: its `badger.yml`, or the defaults, with
    /// the macros of `macros.tex` beside it (those of `badger.yml` win) unless `readingMacros` is
    /// false.
    ///
    /// - Throws: `CollectionError.badConfig` for a config file or `macros.tex` with a mistake.
    public func configuration(forRoot root: String, readingMacros: Bool = true) throws -> CollectionConfig {
        let directory = root == "/" ? "" : root
        let path = CollectionConfig.path(inRoot: root)
        guard fileAccess.kind(atPath: path) == .file else { return CollectionConfig() }
        guard let bytes = try? fileAccess.contents(atPath: path) else { throw CollectionError.unreadable(path: path) }
        var config = try CollectionConfig(bytes: bytes, path: path)
        let macrosPath = directory + "/" + LaTeXMacros.fileName
        if readingMacros, fileAccess.kind(atPath: macrosPath) == .file {
            guard let tex = try? fileAccess.contents(atPath: macrosPath) else { throw CollectionError.unreadable(path: macrosPath) }
            config.macros = try LaTeXMacros(tex: String(decoding: tex, as: UTF8.self), path: macrosPath).overridden(by: config.macros)
        }
        return config
    }

    /// Whether its collection's `badger.yml` excludes `deck` (a directory search would skip it).
    public func isExcluded(_ deck: DeckFile) -> Bool {
        // badger.yml alone says what is excluded (a mistake in macros.tex does not undo it).
        guard let config = try? configuration(forRoot: deck.collectionRoot, readingMacros: false) else { return false }
        return isExcluded(deck.relativePath, by: config)
    }

    /// The collection root of the decks in `directory` (absolute): the nearest directory at or
    /// above it holding `badger.yml`, else the nearest whose `.gitattributes` merges review logs
    /// (a collection studied without `badger.yml`), else `directory` itself. The loader gives a
    /// searched folder's decks the root of that folder (so without either file, the folder
    /// named on the command line), and logs, state files, `anki.notes` and the lock live there.
    public func root(of directory: String) -> String {
        configRoot(from: directory) ?? studiedRoot(from: directory) ?? directory
    }

    /// Whether `directory` (absolute) is a collection root of its own: `root(of:)` of it is
    /// itself (it holds `badger.yml`, or the `.gitattributes` of its first log and no
    /// `badger.yml` is above it). A search of a folder above it leaves it to its own decks.
    public func isRoot(_ directory: String) -> Bool {
        rootAbove(directory) == directory
    }

    /// The root of the decks in `folder` when it is a collection of its own strictly below the
    /// searched folder `searched` (its own `badger.yml`, or the `.gitattributes` its own first
    /// log wrote): two collections side by side in one folder stay two, whichever folder a
    /// command is run from.
    private func nestedRoot(of folder: String, below searched: String, configs: inout [String: CollectionConfig]) throws -> String? {
        guard folder != searched, let own = rootAbove(folder),
            own.hasPrefix(searched == "/" ? "/" : searched + "/")
        else { return nil }
        return try findRoot(from: own, fallback: own, configs: &configs)
    }

    /// The nearest directory at or above `start` holding `badger.yml`.
    private func configRoot(from start: String) -> String? {
        var directory = start
        while true {
            if fileAccess.kind(atPath: CollectionConfig.path(inRoot: directory)) == .file { return directory }
            guard directory != "/", let slash = directory.lastIndex(of: "/") else { return nil }
            directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
        }
    }

    /// The nearest folder at or above `folder` that is a collection root (its `badger.yml`, or
    /// the `.gitattributes` of its first log), if any.
    private func rootAbove(_ folder: String) -> String? { configRoot(from: folder) ?? studiedRoot(from: folder) }

    /// `root(of: start)`, or `fallback` where that would be `start` itself, with the root's
    /// `badger.yml` read into `configs` (once).
    private func findRoot(from start: String, fallback: String, configs: inout [String: CollectionConfig]) throws -> String {
        guard let directory = configRoot(from: start) else { return studiedRoot(from: start) ?? fallback }
        let candidate = CollectionConfig.path(inRoot: directory)
        if configs[directory] == nil {
            guard let bytes = try? fileAccess.contents(atPath: candidate) else { throw CollectionError.unreadable(path: candidate) }
            configs[directory] = try CollectionConfig(bytes: bytes, path: candidate)
        }
        return directory
    }

    /// Without `badger.yml`: the nearest directory at or above `start` whose `.gitattributes`
    /// says how to merge review logs (`*.reviews merge=…`), which badger writes at a collection's
    /// root with its first review log; so a command run in a subfolder still reads the
    /// collection's logs, and a card moved down into the subfolder keeps its history.
    private func studiedRoot(from start: String) -> String? {
        var directory = start
        while true {
            let candidate = (directory == "/" ? "" : directory) + "/.gitattributes"
            if fileAccess.kind(atPath: candidate) == .file, let bytes = try? fileAccess.contents(atPath: candidate),
                String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).contains(where: {
                    $0.hasPrefix("*.reviews ") && $0.contains("merge=")
                })
            {
                return directory
            }
            guard directory != "/", let slash = directory.lastIndex(of: "/") else { return nil }
            directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
        }
    }

    /// Relative paths of the `*.md` files below `directory`, sorted, skipping hidden entries.
    private func markdownFiles(in directory: String) throws -> [String] {
        try files(in: directory) { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".md") }
    }

    /// Relative paths of the files below `directory` whose name is `wanted`, sorted, in folders
    /// that are not hidden. A symbolic link to a folder is followed once: every real folder and
    /// file is read once, so a link back up the tree (`ln -s . loop`) neither repeats files nor
    /// loops forever.
    private func files(in directory: String, wanted: (String) -> Bool) throws -> [String] {
        var found: [String] = []
        var pending = [""]
        var seenFolders: Set<String> = []
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            if let real = fileAccess.resolvedPath(absolute), !seenFolders.insert(real).inserted { continue }
            guard let entries = try? fileAccess.entries(ofDirectory: absolute) else {
                throw CollectionError.unreadable(path: absolute)
            }
            for name in entries {
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = directory + "/" + child
                switch fileAccess.kind(atPath: path) {
                case .directory where !name.hasPrefix("."): pending.append(child)
                case .file where wanted(name):
                    // A file reached twice (through a linked folder or a linked file) is kept
                    // once by `deckFiles`, after exclusion, so an excluded link hides nothing.
                    found.append(child)
                default: continue
                }
            }
        }
        return found.sorted()
    }

    /// The folders strictly below `root` (which has no `badger.yml`) that are collections of
    /// their own only by the `.gitattributes` of their first log: a `badger.yml` written at
    /// `root` would make them part of its collection.
    public func rootsJoined(byAConfigAt root: String) throws -> [String] {
        try files(in: root) { $0 == ".gitattributes" }.compactMap { relative in
            let folder = root + "/" + (relative as NSString).deletingLastPathComponent
            return folder != root + "/" && configRoot(from: folder) == nil && studiedRoot(from: folder) == folder ? folder : nil
        }
    }

    /// `real` when it lies inside the real path of `root` (a deck linked to another deck of the
    /// collection), else nil: a deck linked to a file outside keeps its history beside the link.
    private func inside(_ real: String?, root: String) -> String? {
        guard let real, let realRoot = fileAccess.resolvedPath(root) else { return nil }
        return real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") ? real : nil
    }

    private func isExcluded(_ relativePath: String, by config: CollectionConfig) -> Bool {
        config.exclude.contains { fnmatch($0, relativePath, 0) == 0 }
    }
}

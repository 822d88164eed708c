import BadgerDeck
import Dispatch

/// The decks the editor works on: open documents over the files on disk, every deck of their
/// collections checked by the library, and the diagnostics last published for each file.
///
/// A change re-checks only the changed deck; the collection-wide rules (duplicates across the
/// files of a topic) then run again over every card of its collection, so other decks' problems
/// appear and disappear as they should.
final class Workspace {
    /// One collection: every deck file under its root, each checked.
    private struct Collection {
        var files: [DeckFile]
        var checked: [String: CheckedDeck] = [:]
        /// Why part of it cannot be read (a nested collection's badger.yml, macros.tex), shown
        /// on its open decks.
        var problem: String?
    }

    let base: any FileAccess
    /// Open documents by absolute path.
    private(set) var documents: [String: TextDocument] = [:]
    private var collections: [String: Collection] = [:]
    /// The collection root of each deck seen; nil for an open file that is not a deck (excluded).
    private var rootOfFile: [String: String?] = [:]
    /// What was last published for each file.
    private var published: [String: [Diagnostic]] = [:]
    /// Why the collection of a file could not be read (its badger.yml has a mistake, say), by path.
    private var unreadableCollection: [String: String] = [:]
    /// Edited cards that could continue several review histories.
    let historyLinks = HistoryLinks()

    init(fileAccess: any FileAccess) { base = fileAccess }

    /// The file system with open documents over it.
    var fileAccess: FileOverlay { FileOverlay(base: base, files: documents.mapValues(\.bytes)) }

    /// Opens or replaces a document; returns the files whose diagnostics changed.
    func open(_ document: TextDocument, path: String) -> [String] {
        documents[path] = document
        return recheck(path)
    }

    /// Applies changes to an open document; returns the files whose diagnostics changed.
    func change(path: String, _ changes: [TextDocumentContentChangeEvent], version: Int?, encoding: PositionEncoding) -> [String] {
        guard documents[path] != nil else { return [] }
        documents[path]!.apply(changes, version: version, encoding: encoding)
        return recheck(path)
    }

    /// Closes a document: the file on disk counts again. Returns the files whose diagnostics changed.
    func close(path: String) -> [String] {
        guard documents.removeValue(forKey: path) != nil else { return [] }
        defer { unreadableCollection[path] = nil }
        return recheck(path)
    }

    /// Re-reads a file changed on disk; an open document's text still counts instead. A
    /// `badger.yml` or `macros.tex` created, changed or deleted reloads every collection it may
    /// change. Returns the files whose diagnostics changed.
    func refresh(path: String) -> [String] {
        if let config = [CollectionConfig.fileName, LaTeXMacros.fileName].first(where: { path.hasSuffix("/" + $0) }) {
            let directory = String(path.dropLast(config.count + 1))
            let inside: (String) -> Bool = { $0 == directory || $0.hasPrefix(directory + "/") }
            // Collections part of which could not be read (this file may be why) load again too,
            // as do open documents whose collection could not be read at all.
            let dropped = collections.filter { root, collection in
                inside(root) || collection.files.contains { inside($0.absolutePath) } || collection.problem != nil
            }
            let forgotten = Set(
                rootOfFile.keys.filter(inside) + dropped.values.flatMap { $0.files.map(\.absolutePath) }
                    + rootOfFile.compactMap { path, root in root.flatMap { dropped[$0] } == nil ? nil : path }
                    + unreadableCollection.keys.filter { documents[$0] != nil && rootOfFile[$0] == nil })
            guard !forgotten.isEmpty else { return [] }
            let shown = published.filter { forgotten.contains($0.key) && !$0.value.isEmpty }.map(\.key)
            for root in dropped.keys { collections[root] = nil }
            for file in forgotten { rootOfFile[file] = nil }
            // Load again through the open documents, then clear what no longer belongs anywhere.
            var changed = Set(documents.keys.filter(forgotten.contains).sorted().flatMap(recheck))
            for file in shown where !changed.contains(file) && rootOfFile[file] == nil {
                published[file] = []
                changed.insert(file)
            }
            return changed.sorted()
        }
        guard documents[path] == nil else { return [] }
        // Only decks of collections already loaded matter; others load when opened.
        guard rootOfFile[path] != nil || collections.keys.contains(where: { path.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            return []
        }
        return recheck(path)
    }

    /// The card with content id `id` in the collection of `path`.
    func card(_ id: String, near path: String) -> Card? {
        guard let root = rootOfFile[path] ?? nil, let collection = collections[root] else { return nil }
        return collection.files.lazy.compactMap { collection.checked[$0.absolutePath]?.cards.first { $0.id.description == id } }.first
    }

    /// The collection root of a deck seen.
    func root(ofDeck path: String) -> String? { rootOfFile[path] ?? nil }

    /// Whether history `key` is, as the logs and the open text are now, one that card
    /// `contentID` of deck `path` could continue (what a quick fix offers): a stale or forged
    /// command writes nothing.
    func offersLink(key: String, contentID: String, path: String) -> Bool {
        guard let root = rootOfFile[path] ?? nil, let collection = collections[root] else { return false }
        let cards = collection.files.flatMap { collection.checked[$0.absolutePath]?.cards ?? [] }
        _ = historyLinks.diagnostics(root: root, cards: cards, fileAccess: fileAccess)
        return historyLinks.offers(key: key, contentID: contentID, path: path)
    }

    /// Checks `path` again (after its review log changed) and returns the files whose
    /// diagnostics changed.
    func recheckAfterLogChange(_ path: String) -> [String] { recheck(path) }

    /// The diagnostics last published for `path`.
    func diagnostics(for path: String) -> [Diagnostic] { published[path] ?? [] }

    /// The checked deck at `path`, with its cards as written when the document is open.
    func checkedDeck(at path: String) -> CheckedDeck? {
        guard let root = rootOfFile[path] ?? nil else { return nil }
        return collections[root]?.checked[path]
    }

    /// Every topic of the collection `path` belongs to, sorted.
    func topics(near path: String) -> [String] {
        guard let root = rootOfFile[path] ?? nil, let collection = collections[root] else { return [] }
        return Array(Set(collection.checked.values.compactMap(\.deck.topic))).sorted()
    }

    /// The text of `path`: the open document, else the file on disk.
    func text(of path: String) -> TextDocument? {
        if let document = documents[path] { return document }
        guard let bytes = try? base.contents(atPath: path) else { return nil }
        return TextDocument(uri: DocumentURI.uri(path), version: nil, bytes: bytes)
    }

    // MARK: - Checking

    private func recheck(_ path: String) -> [String] {
        let access = fileAccess
        guard let root = root(of: path, fileAccess: access) else {
            // Not a deck: nothing to show; a deck whose collection cannot be read: why, at its top.
            published[path] =
                documents[path] == nil
                ? [] : unreadableCollection[path].map { [Self.collectionProblem($0, file: path)] } ?? []
            return [path]
        }
        var collection = collections[root]!
        if let file = collection.files.first(where: { $0.absolutePath == path }) {
            if let bytes = try? access.contents(atPath: path) {
                var options = DeckCollection.LoadOptions(keepingTrees: documents[path] != nil)
                options.macroNames = Self.macroNames(root: root, fileAccess: access)
                collection.checked[path] = CheckedDeck(bytes: bytes, file: file, fileAccess: access, options: options)
            } else {
                collection.checked[path] = nil
            }
        }
        collections[root] = collection
        return publishable(collection, root: root, changed: path)
    }

    /// The collection root of `path`, loading and checking its collection the first time.
    private func root(of path: String, fileAccess access: FileOverlay) -> String? {
        if let known = rootOfFile[path] { return known }
        let loader = CollectionLoader(fileAccess: access)
        unreadableCollection[path] = nil
        let file: DeckFile
        do {
            guard let found = try loader.deckFiles(paths: [path]).first else { return nil }
            file = found
        } catch let error as CollectionError {
            unreadableCollection[path] = "\(error)"
            return nil
        } catch {
            return nil
        }
        let root = file.collectionRoot
        if collections[root] == nil {
            let paths = collectionPaths(root: root, fileAccess: access)
            var problem: String?
            var files: [DeckFile] = []
            do {
                _ = try loader.configuration(forRoot: root)
                // No paths would mean the working directory to the loader.
                files = paths.isEmpty ? [] : try loader.deckFiles(paths: paths)
            } catch {
                problem = "\(error)"
            }
            collections[root] = Collection(files: files, checked: Self.check(files, fileAccess: access), problem: problem)
            for deck in files {
                rootOfFile[deck.absolutePath] = root
                unreadableCollection[deck.absolutePath] = nil
            }
        }
        if rootOfFile[path] == nil {
            // A file outside the listing: new, or not Markdown but opened by name as `badger lint
            // FILE` would take it, or excluded by badger.yml.
            guard !loader.isExcluded(file) else {
                rootOfFile[path] = .some(nil)
                return nil
            }
            if !collections[root]!.files.contains(where: { $0.absolutePath == path }) { collections[root]!.files.append(file) }
            rootOfFile[path] = root
        }
        return root
    }

    /// The error shown on an open deck whose collection cannot be read (`badger lint` stops on it).
    private static func collectionProblem(_ problem: String, file: String) -> Diagnostic {
        Diagnostic(
            severity: .error, ruleID: "CollectionReadable",
            message: problem + " (the deck is checked once the collection can be read)", file: file,
            range: SourceRange(line: 1, column: 1))
    }

    /// What to search for a collection's decks: its root with `badger.yml`, all of it as `badger
    /// lint` would; without one (a deck opened from any directory), only the Markdown files
    /// beside the deck, so opening a file in a large tree does not read the whole tree.
    private func collectionPaths(root: String, fileAccess access: any FileAccess) -> [String] {
        let prefix = root == "/" ? "" : root
        if access.kind(atPath: prefix + "/" + CollectionConfig.fileName) == .file { return [root] }
        let names = (try? access.entries(ofDirectory: root)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".md") }.map { prefix + "/" + $0 }
            .filter { access.kind(atPath: $0) == .file }
    }

    /// The command names the macros of the collection at `root` define; none when its config
    /// cannot be read (the command line reports that).
    private static func macroNames(root: String, fileAccess: any FileAccess) -> Set<String> {
        (try? CollectionLoader(fileAccess: fileAccess).configuration(forRoot: root))?.macros.commandNames ?? []
    }

    /// Checks decks from disk, several at a time.
    private static func check(_ files: [DeckFile], fileAccess: any FileAccess) -> [String: CheckedDeck] {
        let results = ParallelResults<CheckedDeck>(count: files.count)
        var loadOptions = DeckCollection.LoadOptions()
        loadOptions.macroNames = files.first.map { macroNames(root: $0.collectionRoot, fileAccess: fileAccess) } ?? []
        let options = loadOptions
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            guard let bytes = try? fileAccess.contents(atPath: files[index].absolutePath) else { return }
            results[index] = CheckedDeck(bytes: bytes, file: files[index], fileAccess: fileAccess, options: options)
        }
        var checked: [String: CheckedDeck] = [:]
        for (file, deck) in zip(files, results.values) { checked[file.absolutePath] = deck }
        return checked
    }

    /// Runs the collection-wide rules and returns the files whose diagnostics changed: open
    /// documents always show theirs; a closed file shows its own only while another file's
    /// change gives it a collection-wide problem (then all of them, until it has none).
    private func publishable(_ collection: Collection, root: String, changed: String) -> [String] {
        let cards = collection.files.flatMap { collection.checked[$0.absolutePath]?.cards ?? [] }
        var crossDeck: [String: [Diagnostic]] = [:]
        for diagnostic in CheckedDeck.collectionDiagnostics(cards) { crossDeck[diagnostic.file, default: []].append(diagnostic) }
        // Review histories: only an open deck shows them (they are about the edit being made).
        for (path, diagnostics) in historyLinks.diagnostics(root: root, cards: cards, fileAccess: fileAccess)
        where documents[path] != nil {
            crossDeck[path, default: []] += diagnostics
        }
        var changedFiles: [String] = []
        for file in collection.files {
            let path = file.absolutePath
            let shown = documents[path] != nil || crossDeck[path] != nil
            let problem = documents[path] == nil ? [] : collection.problem.map { [Self.collectionProblem($0, file: path)] } ?? []
            let diagnostics =
                shown
                ? Diagnostic.sortedForOutput((collection.checked[path]?.diagnostics ?? []) + (crossDeck[path] ?? []) + problem) : []
            guard path == changed || diagnostics != published[path] ?? [] else { continue }
            published[path] = diagnostics
            changedFiles.append(path)
        }
        return changedFiles
    }
}

import ArgumentParser
import BadgerDeck
import Foundation

/// The paths every collection command takes, and loading them.
struct CollectionOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Deck files, or directories searched recursively for *.md decks.",
            discussion: "Default: ./Decks if it exists, else the current directory.", valueName: "path"))
    var paths: [String] = []

    /// The paths as a message names them.
    var shownPaths: String {
        paths.isEmpty ? "the collection" : paths.map { UntrustedText.sanitized($0) }.joined(separator: ", ")
    }

    /// Finds, reads, parses and lints the collection; I/O problems end the command with status 2.
    func load(options: DeckCollection.LoadOptions = .init()) throws -> DeckCollection {
        try load { _ in options }
    }

    /// Like `load(options:)`, choosing the options once the deck files are known; `beforeParsing`
    /// runs with the files before they are parsed.
    func load(
        options: ([DeckFile]) -> DeckCollection.LoadOptions, beforeParsing: ([DeckFile]) throws -> Void = { _ in }
    ) throws -> DeckCollection {
        let fileAccess = LocalFileSystem()
        let progress = ProgressLine()
        defer { progress?.finish() }
        do {
            let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: paths)
            try beforeParsing(files)
            var options = options(files)
            if let progress { options.progress = { progress.update($0) } }
            return try DeckCollection.load(files, fileAccess: fileAccess, options: options)
        } catch let error as CollectionError {
            Terminal.standardError.write("badger: error: \(UntrustedText.sanitized(error.description))\n")
            throw ExitStatus.usageOrIO.code
        }
    }
}

/// When to color output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// Whether to color a stream: `always`, or `auto` on a terminal without `NO_COLOR` set.
    func enabled(isTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return isTerminal && !noColor
        }
    }
}

extension DeckCollection {
    /// `3 decks, 3 topics, 49 cards (32 text, 11 math, 6 image)`, and `, 4 cloze` when there
    /// are cloze cards.
    var summaryLine: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let kinds: [CardKind] = [.text, .math, .image] + (cardCounts[.cloze, default: 0] > 0 ? [.cloze] : [])
        let byKind = kinds.map { kind in "\(cardCounts[kind] ?? 0) \(kind.rawValue)" }
        return
            "\(count(realDecks.count, "deck")), \(count(topics.count, "topic")), \(count(cardCount, "card")) (\(byKind.joined(separator: ", ")))"
    }

    /// Reads source lines for excerpts, by the file's display path.
    var sourceLines: @Sendable (String, Int) -> String? {
        let paths = Dictionary(decks.map { ($0.file.displayPath, $0.file.absolutePath) }, uniquingKeysWith: { first, _ in first })
        let cache = SourceLineCache()
        return { file, line in
            guard let path = paths[file] else { return nil }
            return cache.line(line, ofFile: path)
        }
    }
}

/// Lines of files read once, for diagnostic excerpts.
final class SourceLineCache: @unchecked Sendable {
    private var files: [String: [Substring]] = [:]
    private let lock = NSLock()

    func line(_ number: Int, ofFile path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if files[path] == nil {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            var text = String(decoding: data, as: UTF8.self)
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            files[path] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = files[path], number >= 1, number <= lines.count else { return nil }
        var line = lines[number - 1]
        if line.hasSuffix("\r") { line = line.dropLast() }
        return String(line)
    }
}

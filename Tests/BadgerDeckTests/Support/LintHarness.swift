import Testing

@testable import BadgerDeck

// Runs the linter the way `badger lint` does — `DeckCollection.load` — over decks held in an
// `InMemoryFileSystem`, so rule tests need no files on disk.

/// The absolute path of `path`, which is absolute already or relative to `root`.
private func absolute(_ path: String, root: String) -> String {
    path.hasPrefix("/") ? path : (root == "/" ? "" : root) + "/" + path
}

/// A file system holding `decks` (name → bytes, relative to `root`), `extraFiles` (absolute, or
/// relative to `root`) and `symlinks` (link → target; the link absolute or relative to `root`).
func makeFileSystem(
    decks: [(name: String, bytes: [UInt8])], extraFiles: [String: [UInt8]], symlinks: [String: String], root: String
) -> InMemoryFileSystem {
    let fs = InMemoryFileSystem()
    for (path, bytes) in extraFiles { fs.write(absolute(path, root: root), bytes) }
    for (link, target) in symlinks { fs.link(absolute(link, root: root), to: target) }
    for deck in decks { fs.write(absolute(deck.name, root: root), deck.bytes) }
    return fs
}

/// Lints decks given as raw bytes, in the order given, as one collection rooted at `root`.
func lintBytes(
    _ decks: [(name: String, bytes: [UInt8])], extraFiles: [String: [UInt8]] = [:], symlinks: [String: String] = [:],
    root: String = "/c"
) throws -> [Diagnostic] {
    let fs = makeFileSystem(decks: decks, extraFiles: extraFiles, symlinks: symlinks, root: root)
    let files = decks.map { DeckFile(displayPath: $0.name, absolutePath: absolute($0.name, root: root), collectionRoot: root) }
    return try DeckCollection.load(files, fileAccess: fs).diagnostics
}

/// Lints one deck, stored at `root/named`, with `extraFiles` (such as images) beside it.
func lint(
    _ markdown: String, named: String = "deck.md", extraFiles: [String: [UInt8]] = [:], symlinks: [String: String] = [:],
    root: String = "/c"
) throws -> [Diagnostic] {
    try lintBytes([(named, Array(markdown.utf8))], extraFiles: extraFiles, symlinks: symlinks, root: root)
}

/// Lints several decks of one collection (name → Markdown), loaded in order of their names.
func lint(
    decks: [String: String], extraFiles: [String: [UInt8]] = [:], symlinks: [String: String] = [:], root: String = "/c"
) throws -> [Diagnostic] {
    try lintBytes(
        decks.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) }, extraFiles: extraFiles, symlinks: symlinks, root: root)
}

/// A deck with front matter naming `topic`, followed by `body`.
func deck(_ body: String, topic: String = "Test") -> String {
    "---\ntopic: \(topic)\n---\n" + body
}

/// The diagnostics, one a line, as `file:line:col: severity: [Rule] message`, for failure output.
func describe(_ diagnostics: [Diagnostic]) -> String {
    if diagnostics.isEmpty { return "  (no diagnostics)" }
    return diagnostics.map { diagnostic in
        var line =
            "  \(diagnostic.file):\(diagnostic.range.start): \(diagnostic.severity.rawValue): [\(diagnostic.ruleID)] \(diagnostic.message)"
        for note in diagnostic.notes {
            line += "\n    note: \(note.file ?? "-"):\(note.range.map { "\($0.start)" } ?? "-"): \(note.message)"
        }
        return line
    }.joined(separator: "\n")
}

/// The diagnostics of `rule` only.
func diagnostics(_ all: [Diagnostic], of rule: String) -> [Diagnostic] { all.filter { $0.ruleID == rule } }

/// The severity `RuleCatalog` declares for `rule`.
func declaredSeverity(_ rule: String) -> Severity? { RuleCatalog.all.first { $0.id == rule }?.severity }

/// A finding as tests state it: a rule reporting at a place in a file.
struct Finding: Hashable, CustomStringConvertible {
    var file: String
    var location: BadgerDeck.SourceLocation
    var rule: String
    var description: String { "\(file):\(location): [\(rule)]" }

    init(file: String, location: BadgerDeck.SourceLocation, rule: String) {
        self.file = file
        self.location = location
        self.rule = rule
    }

    init(_ diagnostic: Diagnostic) {
        self.init(file: diagnostic.file, location: diagnostic.range.start, rule: diagnostic.ruleID)
    }
}

/// Lints `marked` (Markdown with `1️⃣`… markers) and checks that exactly the expected findings
/// exist: one diagnostic of the given rule starting at each marker, and no others (counting
/// only diagnostics of `rule` when it is given). Prints every diagnostic on failure.
///
/// - Returns: the diagnostics considered (all of them, or only `rule`'s), for further checks.
@discardableResult
func assertFindings(
    _ marked: String, _ expected: [String: String], rule: String? = nil, named: String = "deck.md",
    extraFiles: [String: [UInt8]] = [:], symlinks: [String: String] = [:], root: String = "/c",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [Diagnostic] {
    try assertFindings(
        marked, expected.map { ($0.key, $0.value) }, rule: rule, named: named, extraFiles: extraFiles, symlinks: symlinks, root: root,
        sourceLocation: sourceLocation)
}

/// `assertFindings` with (marker, rule) pairs, for several findings at one marker.
@discardableResult
func assertFindings(
    _ marked: String, _ expected: [(marker: String, rule: String)], rule: String? = nil, named: String = "deck.md",
    extraFiles: [String: [UInt8]] = [:], symlinks: [String: String] = [:], root: String = "/c",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [Diagnostic] {
    let text = MarkedText(marked)
    let all = try lint(text.textWithoutMarkers, named: named, extraFiles: extraFiles, symlinks: symlinks, root: root)
    let considered = rule.map { diagnostics(all, of: $0) } ?? all
    let wanted = expected.map { Finding(file: named, location: text[$0.marker], rule: $0.rule) }
    checkFindings(considered, all: all, wanted: wanted, sourceLocation: sourceLocation)
    return considered
}

/// Lints several marked decks (name → marked Markdown) as one collection and checks that
/// exactly the expected findings (file, marker in that file, rule) exist.
@discardableResult
func assertFindings(
    decks marked: [String: String], _ expected: [(file: String, marker: String, rule: String)], rule: String? = nil,
    extraFiles: [String: [UInt8]] = [:], root: String = "/c", sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [Diagnostic] {
    let texts = marked.mapValues(MarkedText.init)
    let all = try lint(decks: texts.mapValues(\.textWithoutMarkers), extraFiles: extraFiles, root: root)
    let considered = rule.map { diagnostics(all, of: $0) } ?? all
    let wanted = expected.map { Finding(file: $0.file, location: texts[$0.file]![$0.marker], rule: $0.rule) }
    checkFindings(considered, all: all, wanted: wanted, sourceLocation: sourceLocation)
    return considered
}

/// Checks that `considered` are exactly the `wanted` findings, and prints `all` if not.
func checkFindings(
    _ considered: [Diagnostic], all: [Diagnostic], wanted: [Finding], sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let actual = considered.map(Finding.init)
    var missing: [Finding] = []
    var unexpected = actual
    for finding in wanted {
        if let index = unexpected.firstIndex(of: finding) { unexpected.remove(at: index) } else { missing.append(finding) }
    }
    guard !missing.isEmpty || !unexpected.isEmpty else { return }
    var message = "findings differ from expectation"
    if !missing.isEmpty { message += "\nmissing:\n" + missing.map { "  \($0)" }.joined(separator: "\n") }
    if !unexpected.isEmpty { message += "\nunexpected:\n" + unexpected.map { "  \($0)" }.joined(separator: "\n") }
    message += "\nall diagnostics:\n" + describe(all)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Lints `markdown` and checks that `rule` reports nothing.
@discardableResult
func assertNoFinding(
    of rule: String, in markdown: String, named: String = "deck.md", extraFiles: [String: [UInt8]] = [:],
    symlinks: [String: String] = [:], root: String = "/c", sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [Diagnostic] {
    let all = try lint(markdown, named: named, extraFiles: extraFiles, symlinks: symlinks, root: root)
    let found = diagnostics(all, of: rule)
    if !found.isEmpty {
        Issue.record(Comment(rawValue: "expected no \(rule) finding\nall diagnostics:\n" + describe(all)), sourceLocation: sourceLocation)
    }
    return all
}

/// A position in a deck file (the linter's, not Swift Testing's `SourceLocation`).
typealias Location = BadgerDeck.SourceLocation

/// The first bytes of a PNG file.
let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
/// A tiny "PNG": the magic bytes and a few zeros. The rules judge images only by magic and size.
let tinyPNG: [UInt8] = pngMagic + [UInt8](repeating: 0, count: 16)
/// A tiny GIF and JPEG, by their magic bytes.
let tinyGIF: [UInt8] = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 16)
let tinyJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 16)

/// Checks that every diagnostic has `severity` and that the catalog declares it for `rule`.
func expectSeverity(
    _ found: [Diagnostic], _ severity: Severity, rule: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(!found.isEmpty, "no \(rule) diagnostic to check the severity of", sourceLocation: sourceLocation)
    for diagnostic in found {
        #expect(
            diagnostic.severity == severity, "\(diagnostic.file):\(diagnostic.range.start) [\(diagnostic.ruleID)]",
            sourceLocation: sourceLocation)
    }
    #expect(declaredSeverity(rule) == severity, sourceLocation: sourceLocation)
}

import Foundation

/// The code under test, one fuzz target each. Every target must return normally for every
/// input; a crash, a sanitizer report or a timeout is a finding.
enum FuzzTarget: String, CaseIterable {
    /// A whole deck: parser, every rule, card expansion, HTML, diagnostics in every format.
    case deck
    /// The YAML front matter (the input is put between `---` fences).
    case frontMatter = "front-matter"
    /// Math: the LaTeX checks (through a card) and the Unicode math renderer.
    case math
    /// The terminal Markdown renderer, at several widths, with and without colour.
    case terminalMarkdown = "terminal-markdown"
    /// CSV import: the reader and the import plan against an existing deck.
    case csv
    /// The sidecar `.state` reader.
    case state
    /// The `.reviews` log reader and the state rebuild from it.
    case reviewLog = "review-log"
    /// Format 2 logs: the columnar reader against the record reader, both replays, and card
    /// identity (ledger and matcher).
    case identity
    /// Cloze text: the deletion scanner and every rendering, then as a deck.
    case cloze

    /// The target named by `BADGER_FUZZ_TARGET`.
    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["BADGER_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("badger-fuzz: set BADGER_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    func run(_ bytes: [UInt8]) {
        switch self {
        case .deck: FuzzDeck.run(bytes)
        case .frontMatter: FuzzDeck.run(Array("---\n".utf8) + bytes + Array("\n---\n\nQ: q\n\nA: a\n".utf8))
        case .math: FuzzMath.run(bytes)
        case .terminalMarkdown: FuzzTerminalMarkdown.run(bytes)
        case .csv: FuzzCSV.run(bytes)
        case .state: FuzzMemory.runState(bytes)
        case .reviewLog: FuzzMemory.runReviewLog(bytes)
        case .identity: FuzzIdentity.run(bytes)
        case .cloze: FuzzCloze.run(bytes)
        }
    }
}

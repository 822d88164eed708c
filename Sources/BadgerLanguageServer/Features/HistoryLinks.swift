import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

/// Edited cards that could continue several review histories, and histories no card continues
/// any more (`StateMatchesCards`): their diagnostics, and the code actions that settle an
/// ambiguity as `badger state link` does.
///
/// The histories come from the review logs under the collection root, read again only when one
/// of them changed size; the cards are the open text over the disk, so a diagnostic appears as
/// the author types the edit and goes away when it is settled.
final class HistoryLinks {
    /// An ambiguous card: where it is and the histories it could continue (key, last question).
    struct Ambiguity: Equatable {
        var line: Int
        var contentID: String
        var candidates: [(key: String, question: String)]

        static func == (lhs: Ambiguity, rhs: Ambiguity) -> Bool {
            lhs.line == rhs.line && lhs.contentID == rhs.contentID && lhs.candidates.map(\.key) == rhs.candidates.map(\.key)
        }
    }

    /// The command a code action runs: arguments key, card content id, deck path.
    static let command = "badger.stateLink"

    private var ledgers: [String: (sizes: [String: Int], ledger: CardLedger, logs: [(path: String, log: CompactLog)], names: NameBook)] =
        [:]
    /// The ambiguities last found, by deck path.
    private(set) var ambiguities: [String: [Ambiguity]] = [:]

    /// The ambiguities among `cards` (every card of the collection under `root`), as
    /// diagnostics by deck path.
    func diagnostics(root: String, cards: [Card], fileAccess: any FileAccess) -> [String: [Diagnostic]] {
        let paths = LogDiscovery.logs(under: root, fileAccess: fileAccess)
        for path in ambiguities.keys where cards.contains(where: { $0.file.absolutePath == path }) { ambiguities[path] = nil }
        guard !paths.isEmpty else { return [:] }
        let names = NameBook()
        let sizes = Dictionary(uniqueKeysWithValues: paths.map { ($0, fileAccess.size(atPath: $0) ?? -1) })
        let ledger: CardLedger
        let logs: [(path: String, log: CompactLog)]
        let known: NameBook
        if let cached = ledgers[root], cached.sizes == sizes {
            (ledger, logs, known) = (cached.ledger, cached.logs, cached.names)
        } else {
            logs = paths.compactMap { path in
                (try? fileAccess.contents(atPath: path)).flatMap { bytes in
                    bytes.withUnsafeBytes { try? CompactLog(bytes: $0, names: names) }
                }.map { (path, $0) }
            }
            ledger = CardLedger(logs: CompactLog.withoutUndone(logs.map(\.log)), names: names)
            known = names
            ledgers[root] = (sizes, ledger, logs, names)
        }
        let matcherCards = cards.map { card in
            IdentityMatcher.Card(
                contentID: card.id.description, direction: card.direction.rawValue,
                question: card.identityQuestion, answer: card.identityAnswer, deck: card.file.relativePath)
        }
        // Each log's deck, so that a tie is broken by the deck as every command breaks it.
        var deckOfLogPath: [String: String] = [:]
        for card in cards { deckOfLogPath[card.file.memoryFiles.logPath] = card.file.relativePath }
        let result = IdentityMatcher.match(cards: matcherCards, ledger: ledger, deckOfLog: logs.map { deckOfLogPath[$0.path] })
        var byPath: [String: [Diagnostic]] = [:]
        let cardOfID = Dictionary(cards.map { ($0.id.description, $0) }, uniquingKeysWith: { first, _ in first })
        for ambiguous in result.ambiguous {
            guard let card = cardOfID[ambiguous.contentID] else { continue }
            let candidates = ambiguous.keys.map { ($0, ledger.identities[$0]?.question ?? "") }
            ambiguities[card.file.absolutePath, default: []].append(
                Ambiguity(line: card.line, contentID: ambiguous.contentID, candidates: candidates))
            let listed = candidates.map { "\($0.0) (\"\(Self.short($0.1))\")" }.joined(separator: " or ")
            byPath[card.file.absolutePath, default: []].append(
                Diagnostic(
                    severity: StateMatchesCards.description.severity, ruleID: StateMatchesCards.description.id,
                    message: "this card may continue the history of \(listed); nothing is carried over until you choose "
                        + "(a quick fix, or `badger state link KEY \(ambiguous.contentID)`)",
                    file: card.file.displayPath, range: SourceRange(line: card.line, column: 1, length: 2)))
        }
        // A history with reviews that no card continues (its card deleted, or its question
        // rewritten beyond recognition), shown on the deck whose log last mentions it, as the
        // edit that orphans it is typed.
        let ambiguousKeys = Set(result.ambiguous.flatMap(\.keys))
        let deckPaths = Set(cards.map(\.file.absolutePath))
        for key in result.orphans where !ambiguousKeys.contains(key) {
            guard let identity = ledger.identities[key], !identity.retired, identity.reviewCount > 0 else { continue }
            let number = known.number(key)
            guard let log = logs.last(where: { $0.log.keys.contains(number) }) else { continue }
            let deckPath = String(log.path.dropLast(".reviews".count)) + ".md"
            guard deckPaths.contains(deckPath), let shown = cards.first(where: { $0.file.absolutePath == deckPath })?.file.displayPath
            else { continue }
            let reviews = "\(identity.reviewCount) review\(identity.reviewCount == 1 ? "" : "s")"
            byPath[deckPath, default: []].append(
                Diagnostic(
                    severity: StateMatchesCards.description.severity, ruleID: StateMatchesCards.description.id,
                    message: "the history of card \(key) (\"\(Self.short(identity.question ?? ""))\", \(reviews)) continues in no card "
                        + "(deleted, or its question rewritten); undo the edit to keep it, `badger state link \(key) ID` gives it "
                        + "to card ID, `badger state prune` retires it",
                    file: shown, range: SourceRange(line: 1, column: 1, length: 1)))
        }
        return byPath
    }

    /// Code actions for the ambiguous cards of `path` on the lines `lines`.
    func actions(path: String, lines: ClosedRange<Int>) -> [(title: String, arguments: [String], line: Int)] {
        (ambiguities[path] ?? []).filter { lines.contains($0.line) }.flatMap { ambiguity in
            ambiguity.candidates.map { candidate in
                (
                    "Continue the history of \(candidate.key) (\"\(Self.short(candidate.question))\")",
                    [candidate.key, ambiguity.contentID, path], ambiguity.line
                )
            }
        }
    }

    /// Whether the ambiguities last found offer history `key` to card `contentID` of `path`.
    func offers(key: String, contentID: String, path: String) -> Bool {
        (ambiguities[path] ?? []).contains { $0.contentID == contentID && $0.candidates.contains { $0.key == key } }
    }

    /// Settles an ambiguity: appends to the deck's log that history `key` continues in card
    /// `contentID` from `time` on, with `recordID`.
    func link(key: String, contentID: String, deckPath: String, card: Card, time: Date, recordID: String, root: String) throws {
        let sighting = ReviewRecord.CardSighting(
            time: ReviewRecord.CardSighting.time(writtenAt: time, lastSeen: ledgers[root]?.ledger.identities[key]?.seen), key: key,
            contentID: contentID, direction: card.direction.rawValue,
            question: card.identityQuestion, answer: card.identityAnswer, recordID: recordID)
        let log = MemoryFiles(deckPath: deckPath).logPath
        if access(log, F_OK) != 0 { GitAttributes.ensure(root: root) }
        try AtomicFile.appendLines([ReviewRecord.card(sighting).line], to: log, header: ReviewLog.header)
        ledgers[root] = nil
    }

    private static func short(_ text: String) -> String {
        let line = CardID.normalized(text)
        return line.count > 40 ? String(line.prefix(40)) + "…" : line
    }
}

/// What a rule is, for documentation and machine output (SARIF's rule table).
public struct RuleDescription: Sendable, Hashable {
    public var id: String
    public var severity: Severity
    /// One sentence: what the rule asserts.
    public var summary: String
}

/// A check of one deck. Its type name is its rule ID; its messages sit at the bottom of its file.
protocol DeckRule: Sendable {
    static var description: RuleDescription { get }
    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport)
}

/// A check across all decks of a collection, such as duplicate questions in one topic. It sees
/// the cards one at a time, in collection order, and keeps only what it needs of them.
protocol CollectionRule: Sendable {
    static var description: RuleDescription { get }
    init()
    mutating func check(_ card: Card, into diagnostics: inout [Diagnostic])
}

/// Collects one rule's diagnostics for one deck.
struct RuleReport {
    let file: DeckFile
    private(set) var diagnostics: [Diagnostic] = []

    init(file: DeckFile) { self.file = file }

    mutating func add(
        _ rule: RuleDescription, _ message: String, at range: SourceRange, severity: Severity? = nil,
        notes: [Diagnostic.Note] = [], fixes: [Diagnostic.Fix] = []
    ) {
        diagnostics.append(
            Diagnostic(
                severity: severity ?? rule.severity, ruleID: rule.id, message: message, file: file.displayPath, range: range,
                notes: notes, fixes: fixes))
    }

    mutating func add(
        _ rule: RuleDescription, _ message: String, at location: SourceLocation, length: Int = 1, notes: [Diagnostic.Note] = [],
        fixes: [Diagnostic.Fix] = []
    ) {
        add(rule, message, at: SourceRange(line: location.line, column: location.column, length: length), notes: notes, fixes: fixes)
    }
}

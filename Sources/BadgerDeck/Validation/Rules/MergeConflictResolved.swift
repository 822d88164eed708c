/// A deck holds no unresolved merge conflict (git's `<<<<<<<`, `=======`, `>>>>>>>` lines).
struct MergeConflictResolved: DeckRule {
    static let description = RuleDescription(
        id: "MergeConflictResolved", severity: .error,
        summary: "A deck holds no unresolved merge conflict (`<<<<<<<` … `=======` … `>>>>>>>` lines).")

    static func check(_ deck: ParsedDeck, in context: RuleContext, into report: inout RuleReport) {
        guard let lines = deck.conflictMarkers, deck.isDeck else { return }
        report.add(description, message(end: lines.upperBound), at: SourceLocation(line: lines.lowerBound, column: 1), length: 7)
    }

    static func message(end: Int) -> String {
        "unresolved merge conflict (from this `<<<<<<<` to the `>>>>>>>` at line \(end)): keep what you want of both sides "
            + "and delete the marker lines; until then no card of this file is read, and none of its review histories "
            + "is matched to other cards, recorded or retired"
    }
}

import Testing

@testable import BadgerDeck

/// A deck with git's conflict markers is one error, and no cards: neither side's cards look
/// deleted or new while the merge is under way.
@Suite struct MergeConflictResolvedTests {
    static let rule = "MergeConflictResolved"

    static let conflicted = """
        ---
        topic: Geography
        ---

        1️⃣<<<<<<< HEAD
        Q: What is the capitol of France?
        =======
        Q: What is the capital of Frence?
        >>>>>>> other
        A: Paris

        Q: What is the capital of Spain?
        A: Madrid
        """

    @Test func conflictMarkersAreOneErrorAndNoCards() throws {
        let found = try assertFindings(Self.conflicted, ["1️⃣": Self.rule])
        #expect(found.first?.message.hasPrefix("unresolved merge conflict (from this `<<<<<<<` to the `>>>>>>>` at line 9)") == true)
        let parsed = DeckParser.parse(
            Array(MarkedText(Self.conflicted).textWithoutMarkers.utf8),
            file: DeckFile(displayPath: "d.md", absolutePath: "/c/d.md", collectionRoot: "/c"))
        #expect(parsed.cards.isEmpty && parsed.topic == nil && parsed.isDeck)
    }

    @Test func severityIsError() throws {
        expectSeverity(diagnostics(try lint(MarkedText(Self.conflicted).textWithoutMarkers), of: Self.rule), .error, rule: Self.rule)
    }

    /// diff3's base section, CRLF lines and markers in the front matter are conflicts too.
    @Test(arguments: [
        "1️⃣<<<<<<< ours\n---\ntopic: A\n=======\n---\ntopic: B\n>>>>>>> theirs\n---\n\nQ: q\nA: a\n",
        "---\ntopic: T\n---\n\n1️⃣<<<<<<<\r\nQ: a\r\n||||||| base\r\nQ: b\r\n=======\r\nQ: c\r\n>>>>>>>\r\nA: x\r\n",
    ])
    func everyFormOfTheMarkersIsFound(_ text: String) throws {
        try assertFindings(text, ["1️⃣": Self.rule])
    }

    /// A fence CommonMark does not read as one (in a list item, or an HTML block) never hides
    /// a conflict after it: only markers inside a fenced block that closes after them are text.
    @Test(arguments: [
        "---\ntopic: T\n---\n\nQ: How?\nA:\n- run\n  ```\n  ls\n- or not\n\n1️⃣<<<<<<< HEAD\nQ: a\n=======\nQ: b\n>>>>>>> x\nA: c\n",
        "---\ntopic: T\n---\n\nQ: How?\nA: <!--\n```\n-->\n\n1️⃣<<<<<<< HEAD\nQ: a\n=======\nQ: b\n>>>>>>> x\nA: c\n",
        "---\ntopic: T\n---\n\nQ: How?\nA:\n```\n1️⃣<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> x\n",
    ])
    func aFenceThatMayNotBeOneHidesNoConflict(_ text: String) throws {
        try assertFindings(text, ["1️⃣": Self.rule], rule: Self.rule)
    }

    /// A file that is not a deck (no front matter, no card label) is skipped as before, markers or not.
    @Test func aConflictedFileThatIsNoDeckIsSkipped() throws {
        let all = try lint("# Notes\n\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> topic\n", named: "README.md")
        #expect(all.map(\.ruleID) == ["FileIsDeck"], "\(describe(all))")
    }

    /// Seven-character runs that are not a complete set of markers are Markdown as usual: a
    /// setext heading's `=======`, a quote of `>>>>>>>`, markers not at a line's start.
    @Test(arguments: [
        "Title\n=======\n\nQ: q\nA: a\n", "Q: q\nA: >>>>>>> quoted\n", "Q: q\nA: a <<<<<<< b\n=======\n>>>>>>> c\n",
        "Q: q\nA: a\n\n<<<<<<<< eight\n=======\n>>>>>>> seven\n", "Q: q\nA: a\n\n<<<<<<< one\n>>>>>>> no divider\n",
        // An example of a conflict in a card, in a fenced code block.
        "Q: What does git write on a conflict?\nA:\n```text\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> topic\n```\n",
        "Q: And with tildes?\nA:\n  ~~~~\n<<<<<<< HEAD\n=======\n>>>>>>> topic\n  ~~~~~\n\nQ: next\nA: x\n",
    ])
    func otherRunsAreNoConflict(_ body: String) throws {
        let all = try assertNoFinding(of: Self.rule, in: deck(body))
        #expect(!all.contains { $0.ruleID == "TopicPresent" })
    }
}

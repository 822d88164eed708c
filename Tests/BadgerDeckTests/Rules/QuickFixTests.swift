import Testing

@testable import BadgerDeck

/// The fixes rules attach to their diagnostics: applied to the deck, each removes its problem.
@Suite struct QuickFixTests {
    /// `text` with `edits` applied; columns are 1-based UTF-8 bytes, past a line's end meaning its end.
    static func apply(_ edits: [Diagnostic.TextEdit], to text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        func offset(_ location: BadgerDeck.SourceLocation) -> Int {
            let before = lines[..<(location.line - 1)].reduce(0) { $0 + $1.count + 1 }
            return before + min(location.column - 1, lines[location.line - 1].count)
        }
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(offset(edit.range.start)..<offset(edit.range.end), with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The one fix titled `title` for `rule` in `text`, applied, and the rule's findings after it.
    static func fixing(_ rule: String, titled title: String, in text: String) throws -> (text: String, remaining: [Diagnostic]) {
        let found = diagnostics(try lint(text), of: rule)
        let fix = try #require(found.first?.fixes.first { $0.title == title }, "no fix \"\(title)\" in \(found.map(\.fixes))")
        let fixed = apply(fix.edits, to: text)
        return (fixed, diagnostics(try lint(fixed), of: rule))
    }

    @Test func misspelledFrontMatterKeyIsRenamed() throws {
        let result = try Self.fixing(
            "FrontMatterKeyKnown", titled: "Change `revresed` to `reversed`", in: "---\ntopic: T\nrevresed: true\n---\nQ: a\nA: b\n")
        #expect(result.text == "---\ntopic: T\nreversed: true\n---\nQ: a\nA: b\n")
        #expect(result.remaining.isEmpty)
        // Without a close suggestion there is no fix.
        #expect(diagnostics(try lint("---\ntopic: T\nzzzzzz: 1\n---\nQ: a\nA: b\n"), of: "FrontMatterKeyKnown").first?.fixes == [])
    }

    @Test func aBlankLineGoesBetweenTheTableAndTheCard() throws {
        let result = try Self.fixing(
            "CardNotSwallowedByTable", titled: "Add a blank line after the table",
            in: deck("Q: a\nA: b\n\n| x |\n|---|\nQ: c\nA: d\n"))
        #expect(result.text.hasSuffix("|---|\n\nQ: c\nA: d\n"))
        #expect(result.remaining.isEmpty)
    }

    @Test(arguments: ["yes", "no"])
    func badReversedValueBecomesYesOrNo(_ value: String) throws {
        let result = try Self.fixing("ReversedValueValid", titled: "Change to `R: \(value)`", in: deck("Q: a\nA: b\nR:   maybe so\n"))
        #expect(result.text == deck("Q: a\nA: b\nR: \(value)\n"))
        #expect(result.remaining.isEmpty)
    }

    @Test func missingTopicIsNamedAfterTheFile() throws {
        let text = "---\ncolor: \"#123\"\n---\nQ: a\nA: b\n"
        let found = diagnostics(try lint(text, named: "french_verbs.md"), of: "TopicPresent")
        let fix = try #require(found.first?.fixes.first)
        #expect(fix.title == "Add `topic: French verbs`")
        let fixed = Self.apply(fix.edits, to: text)
        #expect(fixed == "---\ntopic: French verbs\ncolor: \"#123\"\n---\nQ: a\nA: b\n")
        #expect(diagnostics(try lint(fixed, named: "french_verbs.md"), of: "TopicPresent").isEmpty)
    }

    @Test func aTopicThatYAMLWouldMisreadIsQuoted() throws {
        let text = "---\ncolor: \"#123\"\n---\nQ: a\nA: b\n"
        let found = diagnostics(try lint(text, named: "1: \"go\" #1.md"), of: "TopicPresent")
        let fix = try #require(found.first?.fixes.first)
        #expect(fix.title == #"Add `topic: "1: \"go\" #1"`"#)
        #expect(diagnostics(try lint(Self.apply(fix.edits, to: text)), of: "TopicPresent").isEmpty)
        #expect(try lint(Self.apply(fix.edits, to: text)).allSatisfy { $0.ruleID != "FrontMatterValidYAML" })
    }

    @Test func aTopicThatYAMLReadsAsABooleanIsQuoted() throws {
        let found = diagnostics(try lint("Q: a\nA: b\n", named: "yes.md"), of: "TopicPresent")
        let fix = try #require(found.first?.fixes.first)
        #expect(try lint(Self.apply(fix.edits, to: "Q: a\nA: b\n"), named: "yes.md").isEmpty)
    }

    @Test func missingFrontMatterIsAdded() throws {
        let found = diagnostics(try lint("Q: a\nA: b\n", named: "notes.md"), of: "TopicPresent")
        let fix = try #require(found.first?.fixes.first)
        let fixed = Self.apply(fix.edits, to: "Q: a\nA: b\n")
        #expect(fixed == "---\ntopic: Notes\n---\n\nQ: a\nA: b\n")
        #expect(try lint(fixed, named: "notes.md").isEmpty)
    }
}

import Testing

@testable import BadgerDeck

@Suite struct NestingWithinLimitTests {
    static let rule = "NestingWithinLimit"

    @Test func quotesDeeperThanTheLimitAreReportedAtTheFirstTooDeepOne() throws {
        let depth = MarkdownTree.maximumDepth
        // The document is level 1 and the card's answer paragraph sits beside the quotes, so the
        // first quote too deep is number `depth`, at column 2 × (depth - 1) + 1.
        let quotes = String(repeating: "> ", count: depth + 10) + "deep"
        let found = diagnostics(try lint(deck("Q: How deep?\nA: Very.\n\n" + quotes + "\n")), of: Self.rule)
        #expect(found.count == 1)
        #expect(found.first?.range.start == BadgerDeck.SourceLocation(line: 7, column: 2 * (depth - 1) + 1))
        expectSeverity(found, .error, rule: Self.rule)
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        let quotes = String(repeating: "> ", count: MarkdownTree.maximumDepth - 2) + "deep"
        try assertNoFinding(of: Self.rule, in: deck("Q: How deep?\nA: Very.\n\n" + quotes + "\n"))
    }

    @Test func emphasisDeeperThanTheLimitIsReported() throws {
        let n = MarkdownTree.maximumDepth * 2
        let question = String(repeating: "*a ", count: n) + "x" + String(repeating: " b*", count: n)
        let found = diagnostics(try lint(deck("Q: " + question + "\nA: y\n")), of: Self.rule)
        #expect(found.count == 1)
    }

    @Test func contentBeyondTheLimitIsKeptAsPlainText() {
        let n = 100_000
        let markdown = String(repeating: "- ", count: n) + "bottom\n"
        let result = CommonMarkConverter.parse(markdown)
        #expect(result.flattened.count == 1)
        var deepest = 0
        var texts: [String] = []
        var stack: [(MarkdownNode, Int)] = [(result.document, 1)]
        while let (node, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            if case .text(let text) = node.kind { texts.append(text) }
            stack += node.children.map { ($0, depth + 1) }
        }
        #expect(deepest <= MarkdownTree.maximumDepth + 3)
        #expect(texts == ["bottom"])
    }
}

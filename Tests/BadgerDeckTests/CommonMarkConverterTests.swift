import BadgerTestSupport
import Dispatch
import Foundation
import Testing

@testable import BadgerDeck

@Suite struct CommonMarkConverterTests {
    static let everything = PackagePaths.url("Tests/BadgerDeckTests/Fixtures/Everything.md")

    /// cmark-gfm's table extension leaves the lines a table interrupts without a position and
    /// puts the header row at their start, with columns counted through them.
    @Test func aTableRightUnderParagraphLinesGetsTheirRealPositions() {
        let markdown = "Intro\n\n> Q: one\n> A: $x\n> | a | $b$ $c |\n> |---|---|\n> | 1 | 2 |\n"
        let result = CommonMarkConverter.parse(markdown, firstLine: 10)
        let quote = result.document.children[1]
        let (paragraph, table) = (quote.children[0], quote.children[1])
        #expect(paragraph.range == SourceRange(start: .init(line: 12, column: 3), end: .init(line: 13, column: 1)))
        let inlines = paragraph.children.filter { $0.kind != .softBreak }.map { "\($0.kind)@\($0.range.start)" }
        #expect(inlines == [#"text("Q: one")@12:3"#, #"text("A: $x")@13:3"#])
        #expect(table.range.start == SourceLocation(line: 14, column: 3))
        let header = table.children[0]
        #expect(header.range.start.line == 14)
        #expect(header.children.map(\.range.start) == [SourceLocation(line: 14, column: 4), SourceLocation(line: 14, column: 8)])
        var math: [String] = []
        header.forEach { node in if case .math(let tex, _) = node.kind { math.append("\(tex)@\(node.range.start)") } }
        #expect(math == ["b@14:9"])
        #expect(result.unclosedMath.map(\.location) == [SourceLocation(line: 13, column: 6), SourceLocation(line: 14, column: 13)])
    }

    @Test func everythingFixtureParsesToTheGoldenTree() throws {
        let text = try String(contentsOf: Self.everything, encoding: .utf8)
        let body = text.components(separatedBy: "\n").dropFirst(5).joined(separator: "\n")
        assertSnapshot(CommonMarkConverter.parse(body, firstLine: 6).document.dump(), named: "Everything.tree")
    }

    /// cmark-gfm switches its inline special characters on and off in a process-wide table at
    /// every parse, so parallel parses used to miss `$` math and `~` strikethrough at random.
    @Test func parsesOnManyThreadsAtOnceFindEveryMathSpanAndStrikethrough() {
        let markdown = (1...200).map { "Line $x_{\($0)}$ and ~~gone \($0)~~ and | a |\n\n| b | c |\n|---|---|\n| $y$ | ~~z~~ |\n" }.joined(
            separator: "\n")
        let counts = ParallelCounts(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            var math = 0
            var strike = 0
            CommonMarkConverter.parse(markdown).document.forEach { node in
                if case .math = node.kind { math += 1 }
                if case .strikethrough = node.kind { strike += 1 }
            }
            counts.set(index, math * 10_000 + strike)
        }
        #expect(counts.values.allSatisfy { $0 == 400 * 10_000 + 400 }, "\(Set(counts.values))")
    }

    @Test func mathPositionsPointAtTheOpeningDollar() {
        let document = CommonMarkConverter.parse("Say $x$ and\n$$y$$ too", firstLine: 10).document
        var positions: [BadgerDeck.SourceLocation] = []
        document.forEach { if case .math = $0.kind { positions.append($0.range.start) } }
        #expect(positions == [.init(line: 10, column: 5), .init(line: 11, column: 1)])
    }
}

private final class ParallelCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int]

    init(count: Int) { storage = Array(repeating: -1, count: count) }

    func set(_ index: Int, _ value: Int) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Int] { storage }
}

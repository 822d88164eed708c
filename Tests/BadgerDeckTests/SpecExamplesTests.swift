import BadgerDeck
import BadgerTestSupport
import Foundation
import Testing

/// Every example in Grammar/Spec.md yields what the spec says: a `deck` block followed by a
/// `yields` block listing cards (`card KIND "question" "answer" [reversed | cN]`) and diagnostics
/// (`severity line:column RuleID`).
@Suite struct SpecExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var line: Int
        var deck: String
        var yields: [String]
        var testDescription: String { "Spec.md example at line \(line)" }
    }

    static let examples: [Example] = {
        guard let text = try? String(contentsOf: PackagePaths.url("Grammar/Spec.md"), encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        func block(at start: Int, info: String) -> (body: [String], end: Int)? {
            guard start < lines.count, lines[start].trimmingCharacters(in: .whitespaces) == "```" + info else { return nil }
            var end = start + 1
            while end < lines.count, lines[end] != "```" { end += 1 }
            return (Array(lines[(start + 1)..<min(end, lines.count)]), end)
        }
        while index < lines.count {
            if let deck = block(at: index, info: "deck") {
                var next = deck.end + 1
                while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
                if let yields = block(at: next, info: "yields") {
                    examples.append(
                        Example(
                            line: index + 1, deck: deck.body.joined(separator: "\n") + "\n",
                            yields: yields.body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }))
                    index = yields.end + 1
                    continue
                }
            }
            index += 1
        }
        return examples
    }()

    @Test func theSpecHasExamples() {
        #expect(Self.examples.count >= 20)
    }

    @Test(arguments: examples)
    func exampleYieldsWhatTheSpecSays(_ example: Example) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("deck.md", example.deck)
        let deck = DeckFile(displayPath: "deck.md", absolutePath: file.path, collectionRoot: directory.url.path)
        let collection = try DeckCollection.load([deck], fileAccess: LocalFileSystem())
        var actual: [String] = []
        for card in collection.cards {
            actual.append(
                "card \(card.kind.rawValue) \(quoted(card.question?.markdown ?? "")) \(quoted(card.answer?.markdown ?? ""))"
                    + (card.direction == .reverse ? " reversed" : "") + (card.cloze.map { " c\($0.number)" } ?? ""))
        }
        for diagnostic in collection.diagnostics {
            actual.append(
                "\(diagnostic.severity.rawValue) \(diagnostic.range.start.line):\(diagnostic.range.start.column) \(diagnostic.ruleID)")
        }
        let expected = try example.yields.map(Self.normalized)
        #expect(
            actual == expected,
            "deck:\n\(example.deck)\ndiagnostics:\n\(collection.diagnostics.map { "\($0.range.start): [\($0.ruleID)] \($0.message)" }.joined(separator: "\n"))"
        )
    }

    /// A yields line with its JSON strings re-encoded the way this test writes them.
    static func normalized(_ line: String) throws -> String {
        guard line.hasPrefix("card ") else { return line.trimmingCharacters(in: .whitespaces) }
        var rest = Substring(line.dropFirst(5))
        let kind = rest.prefix { $0 != " " }
        rest = rest.dropFirst(kind.count).drop { $0 == " " }
        let question = try readJSONString(&rest)
        rest = rest.drop { $0 == " " }
        let answer = try readJSONString(&rest)
        let tail = rest.trimmingCharacters(in: .whitespaces)
        return "card \(kind) \(quoted(question)) \(quoted(answer))" + (tail == "reversed" ? " reversed" : tail.isEmpty ? "" : " " + tail)
    }

    static func readJSONString(_ text: inout Substring) throws -> String {
        guard text.first == "\"" else { throw SpecError.badLine(String(text)) }
        var index = text.index(after: text.startIndex)
        while index < text.endIndex, text[index] != "\"" {
            if text[index] == "\\" { index = text.index(after: index) }
            index = text.index(after: index)
        }
        let literal = text[text.startIndex...index]
        text = text[text.index(after: index)...]
        return try JSONDecoder().decode(String.self, from: Data(literal.utf8))
    }

    enum SpecError: Error { case badLine(String) }
}

/// A string as a JSON literal, for comparing card text in one line.
private func quoted(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

import BadgerTestSupport
import Foundation
import Testing

/// A large deck, and a collection of very many cards, are checked in bounded memory: a
/// large deck is read a part at a time, and `lint` lets go of each card once the duplicate
/// check has noted its question. (The same run on a 200 MB deck and on 1.1 million cards is in
/// the README's reliability table.)
@Suite(.serialized) struct LargeCollectionTests {
    /// About `kilobytes` of cards, each asking a question numbered from `firstSerial`: text,
    /// math, lists, code, tables and reversed cards, like a real deck.
    static func deck(kilobytes: Int, topic: String, firstSerial: Int = 0) -> (text: Data, cards: Int) {
        var text = "---\ntopic: \(topic)\n---\n\n# Generated\n\n"
        var serial = firstSerial
        var cards = 0
        while text.utf8.count < kilobytes * 1_000 {
            serial += 1
            switch serial % 6 {
            case 0:
                text += "Q: What is the capital of country number \(serial)?\nA: City \(serial)\nE: A *plain* card with `code`.\n\n"
            case 1:
                text +=
                    "Q: Solve $x^2 = \(serial)$ for $x > 0$ (#\(serial)).\nA: $x = \\sqrt{\(serial)}$\nE: Because\n\n$$\n\\frac{a}{b} = \\sum_{i=1}^{n} i\n$$\n\n"
            case 2:
                text += "Q: List the steps of process \(serial).\nA: Three steps\nE:\n- first\n- second\n  - nested\n- third\n\n"
            case 3:
                text += "Q: Word \(serial) in French\nA: Mot \(serial)\nR: yes\n\n"
            case 4:
                text += "Q: What does program \(serial) print?\nA: Hello\nE:\n```swift\nprint(\"Hello\")\n```\n\n"
            default:
                text += "Q: Read table \(serial)\nA: 42\nE:\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
            }
            cards += serial % 6 == 3 ? 2 : 1
            if serial % 500 == 0 { text += "## Part \(serial / 500)\n\n" }
        }
        return (Data(text.utf8), cards)
    }

    /// Sanitized builds hold far more memory and run far slower: they check the same paths on
    /// smaller input, without the memory bounds.
    static let scale = Sanitizer.isActive ? 1 : 20

    @Test func aLargeDeckIsLintedInAFewTimesItsSize() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (text, cards) = Self.deck(kilobytes: 1_200 * Self.scale, topic: "Huge")
        let file = try directory.write("Decks/huge.md", text)
        let run = try BadgerProcess.runMeasuringMemory(["lint", file.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("1 deck, 1 topic, \(cards) cards"), "\(run.standardError)")
        // Read whole, the deck's syntax trees and cards took 20 times its size (480 MB here);
        // read in parts, it is the file, its line index and the question index.
        if !Sanitizer.isActive {
            #expect(
                run.peakBytes < 4 * text.count + 96_000_000, "peak \(run.peakBytes / 1_000_000) MB for \(text.count / 1_000_000) MB")
        }
    }

    @Test func manyCardsAreLintedWithoutKeepingThem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var total = 0
        for index in 0..<16 {
            let (text, cards) = Self.deck(kilobytes: 100 * Self.scale, topic: "Topic \(index % 5)", firstSerial: index * 1_000_000)
            try directory.write("Decks/deck-\(index).md", text)
            total += cards
        }
        // One duplicate across files, found in file order however the decks finish.
        try directory.write("Decks/deck-99.md", "---\ntopic: Topic 0\n---\n\nQ: Word 3 in French\nA: again\n")
        let run = try BadgerProcess.runMeasuringMemory(["lint", directory.url.appendingPathComponent("Decks").path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("17 decks, 5 topics, \(total + 1) cards"), "\(run.standardError)")
        #expect(run.standardError.contains("1 error and 0 warnings"), "\(run.standardError)")
        // Kept, the cards took about 600 bytes each with these short texts (over 250 MB here);
        // the duplicate check keeps about 100.
        if !Sanitizer.isActive {
            #expect(run.peakBytes < 200_000_000, "peak \(run.peakBytes / 1_000_000) MB for \(total) cards")
        }
    }
}

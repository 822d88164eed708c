import BadgerTestSupport
import Foundation
import Testing

/// A large deck, and a collection of very many cards, are checked in bounded memory: a
/// large deck is read a part at a time, and `lint` lets go of each card once the duplicate
/// check has noted its question. (The same run on a 200 MB deck and on 1.1 million cards is in
/// the README's reliability table.)
@Suite(.serialized, .enabled(if: LongTests.enabled, "a long test: make test-long runs it")) struct LargeCollectionTests {
    /// About `kilobytes` of cards, each asking a question numbered from `firstSerial`: text,
    /// math, lists, code, tables and reversed cards, like a real deck.
    static func deck(kilobytes: Int, topic: String, firstSerial: Int = 0) -> (text: Data, cards: Int) {
        let templates = [
            "Q: What is the capital of country number #?\nA: City #\nE: A *plain* card with `code`.\n\n",
            "Q: Solve $x^2 = #$ for $x > 0$ (##).\nA: $x = \\sqrt{#}$\nE: Because\n\n$$\n\\frac{a}{b} = \\sum_{i=1}^{n} i\n$$\n\n",
            "Q: List the steps of process #.\nA: Three steps\nE:\n- first\n- second\n  - nested\n- third\n\n",
            "Q: Word # in French\nA: Mot #\nR: yes\n\n",
            "Q: What does program # print?\nA: Hello\nE:\n```swift\nprint(\"Hello\")\n```\n\n",
            "Q: Read table #\nA: 42\nE:\n| a | b |\n|---|---|\n| 1 | 2 |\n\n",
        ].map { Array($0.utf8) }
        var bytes = Array("---\ntopic: \(topic)\n---\n\n# Generated\n\n".utf8)
        bytes.reserveCapacity(kilobytes * 1_000 + 200)
        var serial = firstSerial
        var cards = 0
        while bytes.count < kilobytes * 1_000 {
            serial += 1
            let number = Array(String(serial).utf8)
            for byte in templates[serial % 6] {
                if byte == UInt8(ascii: "#") { bytes += number } else { bytes.append(byte) }
            }
            cards += serial % 6 == 3 ? 2 : 1
            if serial % 500 == 0 { bytes += Array("## Part \(serial / 500)\n\n".utf8) }
        }
        return (Data(bytes), cards)
    }

    /// Sanitized builds hold far more memory and run far slower: they check the same paths on
    /// smaller input, without the memory bounds.
    static let scale = Sanitizer.isActive ? 1 : 20

    @Test func aLargeDeckIsLintedInAFewTimesItsSize() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (text, cards) = Self.deck(kilobytes: 600 * Self.scale, topic: "Huge")
        let file = try directory.write("Decks/huge.md", text)
        let run = try await BadgerProcess.runMeasuringMemory(["lint", file.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("1 deck, 1 topic, \(cards) cards"), "\(run.standardError)")
        // Read whole, the deck's syntax trees and cards took 20 times its size (240 MB here);
        // read in parts, it is the file, its line index and the question index.
        if !Sanitizer.isActive {
            #expect(
                run.peakBytes < 4 * text.count + 96_000_000, "peak \(run.peakBytes / 1_000_000) MB for \(text.count / 1_000_000) MB")
        }
    }

    @Test func manyCardsAreLintedWithoutKeepingThem() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var total = 0
        for index in 0..<16 {
            let (text, cards) = Self.deck(kilobytes: 40 * Self.scale, topic: "Topic \(index % 5)", firstSerial: index * 1_000_000)
            try directory.write("Decks/deck-\(index).md", text)
            total += cards
        }
        // One duplicate across files, found in file order however the decks finish.
        try directory.write("Decks/deck-99.md", "---\ntopic: Topic 0\n---\n\nQ: Word 3 in French\nA: again\n")
        let decks = directory.url.appendingPathComponent("Decks").path
        let run = try await BadgerProcess.runMeasuringMemory(["lint", decks])
        #expect(run.status == 1)
        #expect(run.standardError.contains("17 decks, 5 topics, \(total + 1) cards"), "\(run.standardError)")
        #expect(run.standardError.contains("1 error and 0 warnings"), "\(run.standardError)")

        // Once there is a review log, lint keeps the cards (to check the state against them),
        // as it used to always: about 500 bytes a card more with these short texts.
        try directory.write(
            "Decks/deck-0.reviews", "# badger review log 1\ttime\treview\tcard\trating(1 Fail..4 Easy)\telapsed_s\tanswer_ms\n")
        let keeping = try await BadgerProcess.runMeasuringMemory(["lint", decks])
        #expect(keeping.standardError.contains("\(total + 1) cards"), "\(keeping.standardError)")
        if !Sanitizer.isActive {
            #expect(
                keeping.peakBytes - run.peakBytes > total * 250,
                "\(run.peakBytes / 1_000_000) MB without the cards, \(keeping.peakBytes / 1_000_000) MB with them, for \(total) cards")
        }
    }

    @Test func aLargeCollectionCompilesInLessMemoryThanItsJSON() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for index in 0..<24 {
            let (text, _) = Self.deck(kilobytes: 40 * Self.scale, topic: "Topic \(index % 5)", firstSerial: index * 1_000_000)
            try directory.write("Decks/deck-\(index).md", text)
        }
        let output = directory.url.appendingPathComponent("collection.json").path
        let run = try await BadgerProcess.runMeasuringMemory(["compile", directory.url.appendingPathComponent("Decks").path, "-o", output])
        #expect(run.status == 0, "\(run.standardError)")
        let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0
        #expect(size > 1_000_000 * Self.scale)
        // The JSON is written as the decks load; neither the cards nor the text are kept whole.
        if !Sanitizer.isActive {
            #expect(run.peakBytes < size, "peak \(run.peakBytes / 1_000_000) MB for \(size / 1_000_000) MB of JSON")
        }
    }
}

import Foundation
import Testing

@testable import BadgerMemory

/// The edit distance identity matching runs for every plausible pair of cards: its fast path for
/// plain ASCII gives what the character-by-character computation gives.
@Suite struct EditDistanceTests {
    /// The plain Levenshtein distance in `Character`s, no limit.
    static func reference(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    @Test func equalsTheCharacterDistanceWithinTheLimitAndSaysBeyondOtherwise() {
        var random = SeededGenerator(seed: 7)
        let alphabets: [[String]] = [
            ["a", "b", "c", " ", "?"], ["a", "é", "e\u{301}", "\r\n", "b"], ["日", "本", "a", "👍🏽", " "],
        ]
        for round in 0..<3000 {
            let alphabet = alphabets[round % alphabets.count]
            func word() -> String {
                (0..<Int.random(in: 0...16, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            }
            let (a, b) = (word(), word())
            let limit = Int.random(in: 0...9, using: &random)
            let exact = Self.reference(a, b)
            let found = EditDistance.between(a, b, limit: limit)
            if exact <= limit {
                #expect(found == exact, "\(a.debugDescription) / \(b.debugDescription), limit \(limit)")
            } else {
                #expect(found > limit, "\(a.debugDescription) / \(b.debugDescription), limit \(limit)")
            }
        }
    }

    /// Identity matching skips the pairs whose character counts alone show them too far apart:
    /// that bound must never exceed the distance, nor the distance of texts made comparable
    /// through precomputed bytes differ from the plain one.
    @Test func theCountBoundNeverExceedsTheDistance() {
        var random = SeededGenerator(seed: 11)
        let alphabets: [[String]] = [
            ["a", "b", "c", " ", "?", "*"], ["a", "é", "e\u{301}", "\r\n", "B"], ["日", "本", "a", "👍🏽", " ", "A"],
            [";", "\u{037E}", "k", "\u{212A}", "K", "x"],
        ]
        for round in 0..<3000 {
            let alphabet = alphabets[round % alphabets.count]
            func word() -> String {
                (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            }
            let (a, b) = (IdentityMatcher.Text(word()), IdentityMatcher.Text(word()))
            let exact = Self.reference(a.comparable, b.comparable)
            #expect(a.distanceAtLeast(b) <= exact, "\(a.raw.debugDescription) / \(b.raw.debugDescription)")
            #expect(a.distance(to: b, limit: 64) == min(exact, 65) || (exact > 64 && a.distance(to: b, limit: 64) > 64))
        }
    }

    /// The bit-parallel distance of ASCII texts (the shorter up to 64 characters) equals the
    /// reference, and longer texts still get the band's answer.
    @Test func theBitParallelDistanceEqualsTheReference() {
        var random = SeededGenerator(seed: 13)
        let alphabet = Array("ab c?")
        for _ in 0..<2000 {
            func word() -> [UInt8] {
                (0..<Int.random(in: 0...90, using: &random)).map { _ in UInt8(alphabet.randomElement(using: &random)!.asciiValue!) }
            }
            let (a, b) = (word(), word())
            let exact = Self.reference(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
            let limit = Int.random(in: 0...100, using: &random)
            let found = EditDistance.distance(a, b, limit: limit)
            #expect(exact <= limit ? found == exact : found > limit, "\(a.count)/\(b.count) limit \(limit): \(found) vs \(exact)")
        }
    }
}

import Testing

@testable import BadgerDeck

@Suite struct DidYouMeanTests {
    private static let frontMatterKeys = ["topic", "reversed", "color"]

    @Test(arguments: [
        ("topc", "topic"),
        ("colour", "color"),
        ("reversd", "reversed"),
        ("TOPC", "topic"),
        ("revresed", "reversed"),
        ("colr", "color"),
    ])
    func typosGetTheClosestKey(word: String, expected: String) {
        #expect(DidYouMean.suggestion(for: word, among: Self.frontMatterKeys) == expected)
    }

    @Test(arguments: ["banana", "x", "", "description", "topicality"])
    func unrelatedWordsGetNoSuggestion(word: String) {
        #expect(DidYouMean.suggestion(for: word, among: Self.frontMatterKeys) == nil)
    }

    @Test func suggestsLaTeXCommands() {
        #expect(DidYouMean.suggestion(for: "fracc", among: LaTeXCommands.known) == "frac")
        #expect(DidYouMean.suggestion(for: "mathbbb", among: LaTeXCommands.known) == "mathbb")
    }

    @Test func tiesGoToTheAlphabeticallyFirstCandidate() {
        #expect(DidYouMean.suggestion(for: "cat", among: ["cut", "bat", "cot"]) == "bat")
    }

    @Test func closerCandidateWins() {
        #expect(DidYouMean.suggestion(for: "reversedd", among: ["reverse", "reversed"]) == "reversed")
    }

    @Test(arguments: [
        ("", "", 0),
        ("", "abc", 3),
        ("abc", "", 3),
        ("abc", "abc", 0),
        ("abc", "abd", 1),
        ("abc", "ab", 1),
        ("ab", "abc", 1),
        ("kitten", "sitting", 3),
        ("flaw", "lawn", 2),
        ("ab", "ba", 1),
        ("topc", "topic", 1),
        ("colour", "color", 1),
        ("café", "cafe", 1),
        ("日本", "日本語", 1),
    ])
    func editDistanceCountsCharacterEdits(lhs: String, rhs: String, distance: Int) {
        #expect(DidYouMean.editDistance(lhs, rhs) == distance)
        #expect(DidYouMean.editDistance(rhs, lhs) == distance)
    }
}

@Suite struct DidYouMeanTranspositionTests {
    @Test func swappedNeighboursCountAsOneEdit() {
        #expect(DidYouMean.suggestion(for: "alpah", among: ["alpha", "beta"]) == "alpha")
        #expect(DidYouMean.suggestion(for: "tpoic", among: FrontMatterKeys.known.keys) == "topic")
    }
}

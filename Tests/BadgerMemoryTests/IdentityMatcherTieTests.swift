import Testing

@testable import BadgerMemory

/// When the matcher takes a candidate over the next best: by the margin, or on an exact tie
/// by the card's own deck alone. A near tie, or a tie both (or neither) sides win by deck, is
/// reported, never settled.
@Suite struct IdentityMatcherTieTests {
    static func pair(_ score: Double, ownDeck: Bool) -> IdentityMatcher.Pair {
        IdentityMatcher.Pair(card: 0, identity: 0, score: score, sameDeck: ownDeck)
    }

    @Test func anExactTieIsSettledOnlyByTheOwnDeck() {
        #expect(Self.pair(4, ownDeck: true).isClearlyBetter(than: Self.pair(4, ownDeck: false)))
        #expect(!Self.pair(4, ownDeck: true).isClearlyBetter(than: Self.pair(4, ownDeck: true)))
        #expect(!Self.pair(4, ownDeck: false).isClearlyBetter(than: Self.pair(4, ownDeck: false)))
        #expect(!Self.pair(4, ownDeck: false).isClearlyBetter(than: Self.pair(4, ownDeck: true)))
    }

    @Test func aNearTieIsNeverSettledByTheDeck() {
        #expect(!Self.pair(4.1, ownDeck: true).isClearlyBetter(than: Self.pair(4, ownDeck: false)))
        #expect(Self.pair(4.31, ownDeck: false).isClearlyBetter(than: Self.pair(4, ownDeck: true)))
    }

    @Test func theOwnDeckRanksFirstAmongEqualScores() {
        let candidates = [Self.pair(4, ownDeck: false), Self.pair(4, ownDeck: true), Self.pair(3, ownDeck: true)]
        let ranked = candidates.sorted { $0.isBetter(than: $1, identity: true) }
        #expect(ranked.map(\.sameDeck) == [true, false, true])
    }
}

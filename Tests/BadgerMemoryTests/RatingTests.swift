import BadgerMemory
import Testing

@Suite struct RatingTests {
    @Test func productNumbersMapToFSRSRatings() {
        #expect(Rating(productValue: 0) == .again)
        #expect(Rating(productValue: 3) == .easy)
        #expect(Rating(productValue: 4) == nil)
        #expect(Rating.allCases.map(\.productName) == ["Fail", "Difficult", "Good", "Easy"])
    }

    @Test func fuzzIsDeterministicPerCardAndReview() {
        #expect(Fuzz(cardID: "a", reviewIndex: 1) == Fuzz(cardID: "a", reviewIndex: 1))
        #expect(Fuzz(cardID: "a", reviewIndex: 1) != Fuzz(cardID: "a", reviewIndex: 2))
        #expect(Fuzz(cardID: "a", reviewIndex: 1) != Fuzz(cardID: "b", reviewIndex: 1))
        let value = Fuzz(cardID: "a", reviewIndex: 1).unitValue
        #expect(value >= 0 && value < 1)
    }
}

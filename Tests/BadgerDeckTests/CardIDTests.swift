import Foundation
import Testing

@testable import BadgerDeck

@Suite struct CardIDTests {
    private static let topic = "Geography"
    private static let question = "What is the capital of France?"

    private static func id(
        topic: String = CardIDTests.topic, question: String = CardIDTests.question, direction: CardDirection = .forward
    ) -> CardID {
        CardID(topic: topic, question: question, direction: direction)
    }

    @Test(arguments: [
        ("Geography", "What is the capital of France?", CardDirection.forward),
        ("Geography", "What is the capital of France?", .reverse),
        ("Math", "$x^2$", .forward),
        ("", "", .forward),
        ("日本", "東京は？", .reverse),
    ])
    func descriptionIsSixteenLowercaseHexDigits(topic: String, question: String, direction: CardDirection) {
        let text = CardID(topic: topic, question: question, direction: direction).description
        #expect(text.utf8.count == 16)
        #expect(text.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func smallValuesArePaddedWithZeros() {
        #expect(CardID(rawValue: 0).description == "0000000000000000")
        #expect(CardID(rawValue: 0xAB).description == "00000000000000ab")
        #expect(CardID(rawValue: .max).description == "ffffffffffffffff")
    }

    @Test func pinnedValueCatchesAChangeOfTheHashingScheme() {
        #expect(Self.id().description == "3dae9556940ae9c6")
        #expect(Self.id(direction: .reverse).description == "5e68a8742a04bdb1")
    }

    @Test(arguments: [
        CardID(rawValue: 0), CardID(rawValue: 1), CardID(rawValue: .max), CardIDTests.id(), CardIDTests.id(direction: .reverse),
    ])
    func roundTripsThroughItsDescription(id: CardID) {
        #expect(CardID(id.description) == id)
    }

    @Test(arguments: ["", "abc", "3dae9556940ae9c", "3dae9556940ae9c6a", "3dae9556940ae9cg", "3dae9556 40ae9c6", "0x3dae9556940ae9"])
    func malformedTextIsNotAnID(text: String) {
        #expect(CardID(text) == nil)
    }

    /// FORMAT.md: an id is 16 lowercase hex digits, so a sign is not part of one.
    @Test(arguments: ["+dae9556940ae9c6", "-000000000000000"])
    func signedTextIsNotAnID(text: String) {
        #expect(CardID(text) == nil)
    }

    @Test func codableUsesTheHexString() throws {
        let id = Self.id()
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["3dae9556940ae9c6"]"#)
        #expect(try JSONDecoder().decode([CardID].self, from: data) == [id])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CardID].self, from: Data(#"["not an id"]"#.utf8))
        }
    }

    @Test(arguments: [
        "What is the capital of France?",
        "What is the  capital of France?",
        "What is the\ncapital of France?",
        "What is\n  the capital\r\nof\tFrance?",
        "  What is the capital of France?  \n",
    ])
    func reflowingTheQuestionKeepsTheID(question: String) {
        #expect(Self.id(question: question) == Self.id())
        #expect(Self.id(question: question, direction: .reverse) == Self.id(direction: .reverse))
    }

    @Test func directionChangesTheID() {
        #expect(Self.id(direction: .forward) != Self.id(direction: .reverse))
    }

    @Test func topicChangesTheID() {
        #expect(Self.id(topic: "History") != Self.id())
    }

    @Test func questionChangesTheID() {
        #expect(Self.id(question: "What is the capital of Spain?") != Self.id())
        #expect(Self.id(question: "What is the capitalof France?") != Self.id())
    }

    @Test func topicAndQuestionAreSeparated() {
        // Without a separator "ab" + "c" and "a" + "bc" would hash alike.
        #expect(CardID(topic: "ab", question: "c", direction: .forward) != CardID(topic: "a", question: "bc", direction: .forward))
    }

    @Test(arguments: ["geography", "GEOGRAPHY", "GeOgRaPhY"])
    func topicIsCaseInsensitive(topic: String) {
        #expect(Self.id(topic: topic) == Self.id())
    }

    @Test func questionIsCaseSensitive() {
        #expect(Self.id(question: "what is the capital of france?") != Self.id())
    }

    @Test func questionHashIgnoresWhiteSpaceRunsAndTopicCase() {
        let plain = CardID.questionHash(topic: "Geography", question: "What is the capital of France?")
        #expect(CardID.questionHash(topic: "GEOGRAPHY", question: " What  is the\ncapital of\tFrance? ") == plain)
        #expect(CardID.questionHash(topic: "Geography", question: "What is the capital of Spain?") != plain)
        #expect(CardID.questionHash(topic: "History", question: "What is the capital of France?") != plain)
    }

    @Test func questionHashMatchesTheNormalizedQuestion() {
        let question = "\tWhat   is\n\nthe capital\n of France?\n"
        #expect(
            CardID.questionHash(topic: "t", question: question) == CardID.questionHash(topic: "t", question: CardID.normalized(question)))
        #expect(CardID.normalized(question) == "What is the capital of France?")
    }

    /// `questionHash` treats CR as white space; `normalized` must collapse a CRLF line break the same way.
    @Test func normalizedCollapsesCRLF() {
        let question = "What is the capital\r\nof France?"
        #expect(CardID.normalized(question) == "What is the capital of France?")
        #expect(
            CardID.questionHash(topic: "t", question: question) == CardID.questionHash(topic: "t", question: CardID.normalized(question)))
    }

    @Test func questionHashIsTheSameForBothDirectionsOfACard() {
        // A reversed card's forward text gives one question hash; only the direction tells the two ids apart.
        let hash = CardID.questionHash(topic: Self.topic, question: Self.question)
        #expect(hash == CardID.questionHash(topic: Self.topic, question: Self.question))
        #expect(hash != Self.id().rawValue)
        #expect(hash != Self.id(direction: .reverse).rawValue)
        // FNV-1a of the question prefix, continued with U+001F and the direction, gives the id.
        var forward = hash
        for byte in [UInt8(0x1F)] + Array("forward".utf8) {
            forward ^= UInt64(byte)
            forward &*= 0x0000_0100_0000_01b3
        }
        #expect(forward == Self.id().rawValue)
    }

    @Test func idsAreOrderedByValue() {
        #expect(CardID(rawValue: 1) < CardID(rawValue: 2))
        #expect([CardID(rawValue: 3), CardID(rawValue: 1)].sorted() == [CardID(rawValue: 1), CardID(rawValue: 3)])
    }
}

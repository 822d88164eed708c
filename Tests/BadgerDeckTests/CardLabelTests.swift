import Testing

@testable import BadgerDeck

private func match(_ text: String, at start: Int = 0) -> (CardLabel, length: Int)? {
    let bytes = Array(text.utf8)
    return CardLabel.match(bytes, at: start)
}

@Suite struct CardLabelTests {
    @Test(arguments: [
        ("Q:", CardLabel.question, 2),
        ("q:", .question, 2),
        ("Q: What?", .question, 2),
        ("Question: What?", .question, 9),
        ("QUESTION:", .question, 9),
        ("qUeStIoN:x", .question, 9),
        ("A: yes", .answer, 2),
        ("a:", .answer, 2),
        ("Answer: yes", .answer, 7),
        ("E: because", .explanation, 2),
        ("Explanation: because", .explanation, 12),
        ("EXPLANATION:", .explanation, 12),
        ("H: think", .hint, 2),
        ("Hint: think", .hint, 5),
        ("R: yes", .reversed, 2),
        ("Reversed: no", .reversed, 9),
    ])
    func labelsAreRecognisedWithTheirLength(text: String, label: CardLabel, length: Int) {
        let found = match(text)
        #expect(found?.0 == label)
        #expect(found?.length == length)
    }

    @Test(arguments: [
        "Qu:", "Q", "Q :", ": x", "Quest:", "QQ:", "", "Answers:", "Hints:", "1:", "Q-:", "Explanations:", " Q:", "Questionnaire:",
    ])
    func nonLabelsAreNotRecognised(text: String) {
        #expect(match(text) == nil)
    }

    @Test func matchStartsAtTheGivenIndex() {
        let found = match("  A: yes", at: 2)
        #expect(found?.0 == .answer)
        #expect(found?.length == 2)
        #expect(match("xA: yes", at: 0) == nil)
    }

    @Test func matchWorksOnSlices() {
        let bytes = Array("Intro\nHint: h".utf8)
        let slice = bytes[6...]
        let found = CardLabel.match(slice, at: slice.startIndex)
        #expect(found?.0 == .hint)
        #expect(found?.length == 5)
    }

    @Test(arguments: CardLabel.allCases)
    func shortAndLongNamesMatchThemselves(label: CardLabel) {
        #expect(match(label.shortName + ":")?.0 == label)
        #expect(match(label.longName + ":")?.0 == label)
        #expect(match(label.longName + ":")?.length == label.longName.utf8.count + 1)
    }

    @Test func namesAreSpelledAsInTheFormat() {
        #expect(CardLabel.allCases.map(\.shortName) == ["Q", "A", "E", "H", "R", "C"])
        #expect(CardLabel.allCases.map(\.longName) == ["Question", "Answer", "Explanation", "Hint", "Reversed", "Cloze"])
    }
}

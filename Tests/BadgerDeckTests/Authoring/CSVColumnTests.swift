import Testing

@testable import BadgerDeck

/// Other delimiters, the `hint` and `topic` columns a header names, and why a row is a
/// duplicate when a reverse card is involved.
@Suite struct CSVColumnTests {
    @Test func aCommaSeparatedFileIsRecognizedAndReadsWithTheCommaDelimiter() {
        let text = "question,answer\ndog,chien\n\"a, b\",\"c; d\"\n"
        let semicolon = CSVCardReader().read(text)
        #expect(semicolon.rows.isEmpty)
        #expect(semicolon.likelyDelimiter == ",")
        let comma = CSVCardReader(delimiter: ",").read(text)
        #expect(comma.errors.isEmpty)
        #expect(comma.headerLine == 1)
        #expect(comma.rows.map(\.draft) == [CardDraft(question: "dog", answer: "chien"), CardDraft(question: "a, b", answer: "c; d")])
        #expect(comma.likelyDelimiter == nil)
    }

    @Test func aTabSeparatedFileIsRecognizedAndReadsWithTheTabDelimiter() {
        let text = "dog\tchien\ncat\tchat\n"
        #expect(CSVCardReader().read(text).likelyDelimiter == "\t")
        #expect(CSVCardReader(delimiter: "\t").read(text).rows.map(\.draft.answer) == ["chien", "chat"])
    }

    @Test func aSemicolonFileWithCommasOrOneBadRowIsNotTakenForAnotherDelimiter() {
        #expect(CSVCardReader().read("dog,cat;chien,chat\nno answer, here\n").likelyDelimiter == nil)
        #expect(CSVCardReader().read("C: The {{c1::heart}}, an organ\n").rows.count == 1)
        #expect(CSVCardReader().read("one cell\nanother\n").likelyDelimiter == nil)
    }

    @Test func aHeaderNamesHintAndTopicColumnsInAnyOrder() {
        let result = CSVCardReader().read("Topic;Question;Answer;Hint\nFrench;dog;chien;a pet\n;cat;chat;\n")
        #expect(result.errors.isEmpty)
        #expect(result.hasTopicColumn)
        #expect(result.rows.map(\.topic) == ["French", nil])
        #expect(
            result.rows.map(\.draft) == [
                CardDraft(question: "dog", answer: "chien", hint: "a pet"), CardDraft(question: "cat", answer: "chat"),
            ])
    }

    @Test func aHeaderWithAnUnknownColumnSaysWhichAndSuggests() {
        let result = CSVCardReader().read("question;answer;hnt\nq;a;h\n")
        #expect(result.errors.map(\.line) == [1])
        #expect(result.errors[0].message.hasPrefix("the header names an unknown column \"hnt\" (did you mean \"hint\"?)"))
        #expect(result.rows.isEmpty)
        #expect(CSVCardReader().read("question;answer;topic;topic\n").errors.first?.message.contains("twice") == true)
    }

    @Test(arguments: [
        ("questoin;answer\nq2;a2\n", "questoin", "question"), ("question;answr\nq2;a2\n", "answr", "answer"),
        ("Anwser;Question;explanation\na;q;e\n", "Anwser", "answer"),
    ])
    func aHeaderWithATypoInQuestionOrAnswerIsAHeaderNotACard(text: String, typo: String, meant: String) {
        let result = CSVCardReader().read(text)
        #expect(result.errors.map(\.line) == [1])
        #expect(
            result.errors.first?.message.hasPrefix("the header names an unknown column \"\(typo)\" (did you mean \"\(meant)\"?)") == true)
        #expect(!result.rows.contains { $0.draft.question == typo || $0.draft.question == typo.lowercased() })
    }

    @Test func rowsThatOnlyResembleColumnNamesAreCards() {
        let result = CSVCardReader().read("question time;answer me\nwhat is a hint;a clue\n")
        #expect(result.errors.isEmpty)
        #expect(result.rows.map(\.draft.question) == ["question time", "what is a hint"])
    }

    @Test func withoutAHeaderAHintColumnIsTooManyFields() {
        #expect(CSVCardReader().read("q;a;e;no;h\n").errors.first?.message.hasPrefix("too many fields (5)") == true)
    }

    @Test func theWriterKeepsFourColumnsWithoutHintsOrTopics() {
        let records = [CSVCardWriter.Record(question: "q", answer: "a", explanation: "e", reversed: true, topic: "T")]
        #expect(CSVCardWriter.csv(for: records, includingTopic: false) == "question;answer;explanation;reversed\nq;a;e;yes\n")
    }

    @Test func theWriterAddsHintAndTopicColumnsThatReadBack() {
        let records = [
            CSVCardWriter.Record(question: "a, b", answer: "c; d", hint: "h", topic: "One"),
            CSVCardWriter.Record(question: "C: {{c1::x}} y", answer: "", reversed: false, topic: "Two"),
        ]
        let csv = CSVCardWriter.csv(for: records, delimiter: ",", includingTopic: true)
        #expect(csv == "question,answer,explanation,reversed,hint,topic\n\"a, b\",c; d,,no,h,One\nC: {{c1::x}} y,,,no,,Two\n")
        let back = CSVCardReader(delimiter: ",").read(csv)
        #expect(back.errors.isEmpty)
        #expect(back.rows.map(\.topic) == ["One", "Two"])
        #expect(
            back.rows.map(\.draft) == [
                CardDraft(question: "a, b", answer: "c; d", hint: "h", reversed: false),
                CardDraft(question: "{{c1::x}} y", answer: "", cloze: true),
            ])
    }

    @Test func aDuplicateCausedByAReverseSaysWhichReverse() {
        let rows = CSVCardReader().read("chien;dog;;yes\nhund;chien\ncat;chat;;yes\nchat;cat;;yes\nsame;same;;yes\nplain;x\ny;z\n").rows
        let deck = DeckParser.parse(
            Array("---\ntopic: T\n---\n\nQ: dog\nA: chien\n\nQ: plain\nA: y\nR: yes\n".utf8),
            file: DeckFile(displayPath: "t.md", absolutePath: "/t.md", collectionRoot: "/"))
        let plan = CardImportPlan(rows: rows, topic: "T", existing: CardExpander.cards(of: deck), reversedByDefault: false)
        #expect(plan.added.map(\.line) == [2, 3])
        #expect(plan.duplicates.map(\.line) == [1, 4, 5, 6, 7])
        #expect(
            plan.duplicates.map(\.reason) == [
                .reverse(answer: "dog", askedBy: .topic), .question(askedBy: .rowReverse(line: 3)), .reverseOfItself,
                .question(askedBy: .topic), .question(askedBy: .topicReverse),
            ])
    }
}

import Testing

@testable import BadgerDeck

@Suite("CSV reader and writer") struct CSVCardReaderTests {
    let reader = CSVCardReader()

    @Test func quotedFieldsHoldSemicolonsQuotesAndLineBreaks() {
        let result = reader.read("\"a; b\";\"say \"\"hi\"\"\";\"line\none\";yes\nnext;row\n")
        #expect(result.errors.isEmpty)
        #expect(
            result.rows.map(\.draft) == [
                CardDraft(question: "a; b", answer: "say \"hi\"", explanation: "line\none", reversed: true),
                CardDraft(question: "next", answer: "row"),
            ])
        #expect(result.rows.map(\.line) == [1, 3])
    }

    @Test func bomCRLFBlankLinesAndHeaderAreHandled() {
        let result = reader.read("\u{FEFF}Question; ANSWER; explanation; reversed\r\n\r\nq1; a1\r\n  \r\n\"q\r\n2\";a2;;\r\n")
        #expect(result.headerLine == 1)
        #expect(result.errors.isEmpty)
        #expect(result.rows.map(\.line) == [3, 5])
        #expect(result.rows.map(\.draft.question) == ["q1", "q\n2"])
    }

    @Test func aFirstRowThatIsNotAHeaderIsACard() {
        #expect(reader.read("What is a question?;answer\n").rows.count == 1)
        #expect(reader.read("question;answer\nquestion;answer\n").rows.count == 1)
    }

    @Test(arguments: [
        ("yes", true), ("YES", true), ("True", true), ("1", true), ("no", false), ("No", false), ("FALSE", false), ("0", false),
    ])
    func reversedValuesInAnyCase(value: String, expected: Bool) {
        #expect(reader.read("q;a;;\(value)\n").rows.first?.draft.reversed == expected)
    }

    @Test func badRowsAreReportedWithTheirLines() {
        let text = "q1;a1\n\"multi\nline\";a2\nmissing answer\nq;a;e;maybe\nq;a;e;yes;extra\n;no question\nq;a;e;no;;;\n"
        let result = reader.read(text)
        #expect(result.errors.map(\.line) == [4, 5, 6, 7])
        #expect(result.errors[0].message == "the answer is missing")
        #expect(result.errors[1].message.hasPrefix("reversed must be yes, no, true, false, 1 or 0"))
        #expect(result.errors[2].message.hasPrefix("too many fields (5)"))
        #expect(result.errors[3].message == "the question is empty")
        #expect(result.rows.map(\.line) == [1, 2, 8])
    }

    @Test func brokenQuotingStopsWithTheRowsLine() {
        let result = reader.read("q1;a1\n\"a\nb\";x\nsay \"hi\";a\nq4;a4\n")
        #expect(!result.isComplete)
        #expect(result.errors.map(\.line) == [4])
        #expect(result.rows.map(\.line) == [1, 2])
        let unclosed = reader.read("q1;a1\nq2;\"never closed\nq3;a3\n")
        #expect(unclosed.errors.map(\.line) == [2])
    }

    @Test func writerQuotesWhatNeedsQuotesAndReadsBack() {
        let cards: [CSVCardWriter.Row] = [
            ("a; b", "say \"hi\"", "line\none", true), ("plain", "$x^2$", nil, false), ("# h", "| a |", "\\b", false),
        ]
        let csv = CSVCardWriter.csv(for: cards)
        #expect(
            csv
                == "question;answer;explanation;reversed\n\"a; b\";\"say \"\"hi\"\"\";\"line\none\";yes\nplain;$x^2$;;no\n# h;| a |;\\b;no\n"
        )
        let back = reader.read(csv)
        #expect(back.headerLine == 1)
        #expect(
            back.rows.map { [$0.draft.question, $0.draft.answer, $0.draft.explanation ?? ""] }
                == cards.map { [$0.question, $0.answer, $0.explanation ?? ""] })
    }
}

@Suite struct CSVClozeRowTests {
    let reader = CSVCardReader()

    @Test func aCRowWithAnEmptyAnswerIsAClozeCard() {
        let result = reader.read("C: The {{c1::heart}} pumps {{c2::blood}};;An organ;no\nC: as a question;with an answer\n")
        #expect(result.errors.isEmpty)
        #expect(
            result.rows.map(\.draft) == [
                CardDraft(question: "The {{c1::heart}} pumps {{c2::blood}}", answer: "", explanation: "An organ", cloze: true),
                CardDraft(question: "C: as a question", answer: "with an answer"),
            ])
        #expect(DeckWriter.markdown(for: result.rows[0].draft) == "C: The {{c1::heart}} pumps {{c2::blood}}\nE: An organ")
    }

    @Test func badClozeRowsSayWhatIsWrong() {
        let result = reader.read("C: no deletion;;\nC: {{c1::x}} y;an answer\nC: {{c1::x}} y;;;yes\n")
        #expect(result.rows.isEmpty)
        #expect(result.errors.map(\.line) == [1, 2, 3])
        #expect(result.errors[0].message.contains("no valid deletion"))
        #expect(result.errors[1].message.contains("leaves the answer empty"))
        #expect(result.errors[2].message.contains("cannot be reversed"))
    }

    @Test func aClozeRowAlreadyInTheTopicIsADuplicate() throws {
        let rows = reader.read("C: {{c1::Paris}} is in France;;\n").rows
        let plan = CardImportPlan(
            rows: rows
                + rows.map {
                    var row = $0
                    row.line = 2
                    return row
                }, topic: "T", existing: [], reversedByDefault: false)
        #expect(plan.added.count == 1)
        #expect(plan.duplicates.map(\.line) == [2])
    }
}

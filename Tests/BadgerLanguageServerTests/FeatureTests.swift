import BadgerDeck
import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerLanguageServer

/// Each feature through the server's JSON messages, on a small collection on disk.
@Suite struct FeatureTests {
    static let deck = """
        ---
        colr: "#059669"
        topic: Geography
        ---

        # Capitals

        Q: What is the capital of France?
        A: Paris, $\\frac{1}{2}$ of the way
        R: maybe

        Q: Which table?
        A: This one:

        | a | b |
        |---|---|
        Q: swallowed
        A: yes

        # Maps

        Q: ![Map of Spain](images/spain.png)
        A: Spain

        Q: What is the capital  of France?
        A: Paris again

        """

    static let other = """
        ---
        topic: Geography
        ---

        Q: What is the capital of Italy?
        A: Rome

        """

    func session(encodings: [String]? = nil) throws -> ServerSession {
        let session = try ServerSession(
            files: [
                "badger.yml": "exclude: []\n", "geo.md": Self.deck, "italy.md": Self.other, "images/spain.png": "", "images/notes.txt": "",
            ],
            encodings: encodings)
        try session.directory.write("images/spain.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        return session
    }

    @Test func diagnosticsOnOpenHaveEveryRuleWithRelatedInformation() throws {
        let session = try session()
        session.open("geo.md")
        assertSnapshot(session.golden(session.published()), named: "diagnostics-open.json")
    }

    @Test func diagnosticsFollowEditsAndReachClosedDecks() throws {
        let session = try session()
        session.open("geo.md")
        #expect(
            session.codes("geo.md") == [
                "1:FrontMatterKeyKnown", "9:ReversedValueValid", "16:CardNotSwallowedByTable", "17:CardNotSwallowedByTable",
                "24:CardUnique",
            ])
        #expect(session.diagnostics("italy.md") == nil)
        // Ask Italy's question in geo.md, which sorts first: the closed italy.md now repeats it.
        session.change("geo.md", from: [7, 26], to: [7, 32], text: "Italy", version: 2)
        #expect(session.codes("italy.md") == ["4:CardUnique"])
        let related = session.diagnostics("italy.md")?.first?["relatedInformation"] as? [[String: Any]]
        #expect((related?.first?["location"] as? [String: Any])?["uri"] as? String == session.uri("geo.md"))
        #expect(!session.codes("geo.md").contains("24:CardUnique"))
        // Undoing the edit clears it again.
        session.change("geo.md", from: [7, 26], to: [7, 31], text: "France", version: 3)
        #expect(session.codes("italy.md").isEmpty)
        #expect(session.codes("geo.md").contains("24:CardUnique"))
    }

    @Test func aClosedDeckGetsAndLosesADuplicateFromAnOpenOne() throws {
        let session = try ServerSession(
            files: ["badger.yml": "", "a.md": "---\ntopic: T\n---\n\nQ: one\nA: 1\n", "b.md": "---\ntopic: T\n---\n\nQ: two\nA: 2\n"])
        session.open("a.md")
        #expect(session.diagnostics("b.md") == nil)
        session.change("a.md", from: [4, 3], to: [4, 6], text: "two", version: 2)
        // a.md sorts first, so the closed b.md now asks a duplicate and is republished.
        #expect(session.codes("b.md") == ["4:CardUnique"])
        session.change("a.md", from: [4, 3], to: [4, 6], text: "one", version: 3)
        #expect(session.codes("b.md").isEmpty)
    }

    @Test func decksChangedOnDiskAreCheckedAgainWhenTheClientSaysSo() throws {
        let card = "---\ntopic: T\n---\n\nQ: same\nA: 1\n"
        let session = try ServerSession(
            files: [
                "badger.yml": "", "a.md": "---\ntopic: T\nzzz: 1\n---\n\nQ: same\nA: 1\n", "b.md": "---\ntopic: T\n---\n\nQ: other\nA: 2\n",
            ],
            watchingFiles: true)
        let registration = try #require(session.sent.first { $0["method"] as? String == "client/registerCapability" })
        #expect(ServerSession.json(registration["params"] ?? "").contains("workspace/didChangeWatchedFiles"))
        session.open("a.md")
        #expect(session.codes("a.md") == ["2:FrontMatterKeyKnown"])
        #expect(session.diagnostics("b.md") == nil)
        // b.md changes outside the editor (say, git pull) to repeat a.md's question.
        try session.directory.write("b.md", card)
        session.fileChanged("b.md")
        #expect(session.codes("b.md") == ["4:CardUnique"])
        // A new deck of the collection is read as well.
        try session.directory.write("c.md", card)
        session.fileChanged("c.md", type: 1)
        #expect(session.codes("c.md") == ["4:CardUnique"])
        // Deleting them clears their diagnostics.
        try FileManager.default.removeItem(atPath: session.path("b.md"))
        try FileManager.default.removeItem(atPath: session.path("c.md"))
        session.notify(
            "workspace/didChangeWatchedFiles",
            ["changes": [["uri": session.uri("b.md"), "type": 3], ["uri": session.uri("c.md"), "type": 3]]])
        #expect(session.codes("b.md").isEmpty)
        #expect(session.codes("c.md").isEmpty)
        // A badger.yml that now excludes a.md: the open deck is no longer a deck.
        try session.directory.write("badger.yml", "exclude: [\"a.md\"]\n")
        session.fileChanged("badger.yml")
        session.change("a.md", from: [5, 3], to: [5, 7], text: "SAME", version: 2)
        #expect(session.codes("a.md").isEmpty)
    }

    /// A deck whose collection cannot be read (a mistake in badger.yml, a Latin-1 comment) shows
    /// why at its top instead of going blank; mended on disk, it is checked again.
    @Test func aBadgerYmlWithAMistakeIsShownOnTheOpenDeckUntilMended() throws {
        let session = try ServerSession(
            files: ["badger.yml": "fuzz: maybe\n", "a.md": "---\ntopic: T\nzzz: 1\n---\n\nQ: one\nA: 1\n"], watchingFiles: true)
        session.open("a.md")
        #expect(session.codes("a.md") == ["0:CollectionReadable"])  // (LSP lines count from 0)
        let message = try #require(session.diagnostics("a.md")?.first?["message"] as? String)
        #expect(message.contains("badger.yml: line 1") && message.contains("fuzz"), "\(message)")
        try session.directory.write("badger.yml", Data("# caf".utf8) + Data([0xE9]) + Data("\n".utf8))
        session.fileChanged("badger.yml")
        let latin1 = try #require(session.diagnostics("a.md")?.first?["message"] as? String)
        #expect(latin1.contains("badger.yml: line 1, column 6: not UTF-8 text"), "\(latin1)")
        try session.directory.write("badger.yml", "fuzz: true\n")
        session.fileChanged("badger.yml")
        #expect(session.codes("a.md") == ["2:FrontMatterKeyKnown"])
    }

    /// A nested collection's badger.yml with a mistake makes the outer collection's listing fail:
    /// its open deck says why (its other decks are not read meanwhile), and is whole again once
    /// the file is mended.
    @Test func aNestedCollectionThatCannotBeReadIsShownOnTheOuterOpenDeck() throws {
        let card = "---\ntopic: T\n---\n\nQ: same\nA: 1\n"
        let session = try ServerSession(
            files: ["badger.yml": "", "a.md": card, "b.md": card, "sub/badger.yml": "fuzz: maybe\n", "sub/c.md": card], watchingFiles: true)
        session.open("a.md")
        #expect(session.codes("a.md") == ["0:CollectionReadable"])
        let message = try #require(session.diagnostics("a.md")?.first?["message"] as? String)
        #expect(message.contains("sub/badger.yml: line 1"), "\(message)")
        try session.directory.write("sub/badger.yml", "fuzz: true\n")
        session.fileChanged("sub/badger.yml")
        #expect(session.codes("a.md").isEmpty)
        // b.md is read again: it repeats a.md's question.
        #expect(session.codes("b.md") == ["4:CardUnique"])
    }

    /// Two open decks of a collection broken and mended: neither keeps a stale record of it (a
    /// later, unrelated badger.yml event listed one deck twice, a duplicate of itself).
    @Test func aMendedCollectionIsWholeForEveryOpenDeck() throws {
        let session = try ServerSession(
            files: [
                "p/badger.yml": "", "p/pb.md": "---\ntopic: B\n---\n\nQ: three?\nA: 3\n",
                "p/child/a.md": "---\ntopic: A\n---\n\nQ: one?\nA: 1\n",
            ], watchingFiles: true)
        session.open("p/pb.md")
        session.open("p/child/a.md")
        try session.directory.write("p/badger.yml", "fuzz: maybe\n")
        session.fileChanged("p/badger.yml")
        #expect(session.codes("p/pb.md") == ["0:CollectionReadable"] && session.codes("p/child/a.md") == ["0:CollectionReadable"])
        try session.directory.write("p/badger.yml", "")
        session.fileChanged("p/badger.yml")
        #expect(session.codes("p/pb.md").isEmpty && session.codes("p/child/a.md").isEmpty)
        session.fileChanged("elsewhere/badger.yml", type: 1)
        session.change("p/pb.md", from: [4, 3], to: [4, 9], text: "four?", version: 2)
        #expect(session.codes("p/pb.md").isEmpty)
    }

    /// A mistake in macros.tex does not undo badger.yml's `exclude`: an excluded file opened is
    /// still not a deck.
    @Test func aBrokenMacrosFileKeepsExcludedFilesExcluded() throws {
        let session = try ServerSession(
            files: ["badger.yml": "exclude: [README.md]\n", "README.md": "# Notes\n\nJust text.\n"], watchingFiles: true)
        session.open("README.md")
        #expect(session.codes("README.md").isEmpty)
        try session.directory.write("macros.tex", "bogus\n")
        session.fileChanged("macros.tex", type: 1)
        #expect(!session.codes("README.md").contains { $0.hasSuffix("FileIsDeck") }, "\(session.codes("README.md"))")
    }

    @Test func closingADocumentClearsItsDiagnosticsAndRestoresTheDisk() throws {
        let session = try ServerSession(
            files: ["badger.yml": "", "a.md": "---\ntopic: T\n---\n\nQ: one\nA: 1\n", "b.md": "---\ntopic: T\n---\n\nQ: two\nA: 2\n"])
        session.open("b.md")
        // Unsaved text in a.md repeats b.md's question, which b.md (later) now gets.
        session.open("a.md", text: "---\ntopic: T\nzzz: 1\n---\n\nQ: two\nA: 1\n")
        #expect(session.codes("a.md") == ["2:FrontMatterKeyKnown"])
        #expect(session.codes("b.md") == ["4:CardUnique"])
        // Closing without saving: a.md's own diagnostics go, and the disk's a.md no longer clashes.
        session.notify("textDocument/didClose", ["textDocument": ["uri": session.uri("a.md")]])
        #expect(session.codes("a.md").isEmpty)
        #expect(session.codes("b.md").isEmpty)
    }

    @Test func aNewBadgerYmlAboveWidensTheCollection() throws {
        let card = "---\ntopic: T\n---\n\nQ: same\nA: 1\n"
        let session = try ServerSession(files: ["sub/a.md": card, "other/c.md": card], watchingFiles: true)
        session.open("sub/a.md")
        #expect(session.codes("sub/a.md").isEmpty)
        try session.directory.write("badger.yml", "")
        session.fileChanged("badger.yml", type: 1)
        // other/c.md sorts first in the collection now rooted above both.
        #expect(session.codes("sub/a.md") == ["4:CardUnique"])
    }

    @Test func withoutBadgerYmlOnlyTheDecksBesideTheFileAreTheCollection() throws {
        let card = "---\ntopic: T\n---\n\nQ: same\nA: 1\n"
        let session = try ServerSession(files: ["a.md": card, "b.md": card, "sub/c.md": card])
        session.open("b.md")
        // a.md beside it asks first; sub/c.md, below, is not read.
        #expect(session.codes("b.md") == ["4:CardUnique"])
        #expect(session.diagnostics("sub/c.md") == nil)
    }

    @Test func positionsCountUTF8BytesWhenNegotiated() throws {
        let text = "---\ntopic: T\n---\n\n# 😀 é\n\nQ: ok\nA: 1 😀 $\\frac{1}{2$\n"
        let utf16 = try ServerSession(files: ["badger.yml": "", "d.md": text])
        utf16.open("d.md")
        let utf8 = try ServerSession(files: ["badger.yml": "", "d.md": text], encodings: ["utf-8"])
        utf8.open("d.md")
        func start(_ session: ServerSession) -> Int? {
            let range = session.diagnostics("d.md")?.first?["range"] as? [String: Any]
            return (range?["start"] as? [String: Any])?["character"] as? Int
        }
        // The math starts after "A: 1 😀 ": 8 UTF-16 units, 10 bytes.
        #expect(utf16.codes("d.md") == ["7:MathBracesBalanced"])
        #expect(start(utf16) == 8)
        #expect(start(utf8) == 10)
        let outline = utf8.request("textDocument/documentSymbol", ["textDocument": ["uri": utf8.uri("d.md")]])
        let section = (outline["result"] as? [[String: Any]])?.first
        let end = ((section?["selectionRange"] as? [String: Any])?["end"] as? [String: Any])?["character"] as? Int
        #expect(end == 9)
    }

    @Test func hoverShowsTheRenderedCardAndItsSchedule() throws {
        let session = try session()
        session.open("geo.md")
        let hover = session.request("textDocument/hover", session.at("geo.md", 8, 4))
        let value = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(value.contains("½") || value.contains("1/2") || value.contains("1\n"))
        assertSnapshot(session.golden(hover["result"] ?? NSNull()), named: "hover-not-studied.json")
        // Outside a card there is nothing to show.
        #expect(session.request("textDocument/hover", session.at("geo.md", 5, 2))["result"] is NSNull)
    }

    @Test func hoverReadsTheScheduleFromTheStateFile() throws {
        let session = try session()
        session.open("italy.md")
        let card = try #require(session.request("textDocument/hover", session.at("italy.md", 4, 0))["result"] as? [String: Any])
        let text = (card["contents"] as? [String: Any])?["value"] as? String ?? ""
        let id = try #require(text.firstMatch(of: /`([0-9a-f]{16})`/)?.1)
        let memory = MemoryState(
            state: .review, step: nil, stability: 12.5, difficulty: 4.25, due: Date(timeIntervalSince1970: 1_796_115_600),
            lastReview: Date(timeIntervalSince1970: 1_795_078_800), lapses: 1, repetitions: 3)
        let state = SidecarState(entries: [String(id): .init(cardID: String(id), memory: memory, question: "What is the capital of Italy?")]
        )
        try session.directory.write("italy.state", state.text)
        let hover = session.request("textDocument/hover", session.at("italy.md", 5, 1))
        assertSnapshot(session.golden(hover["result"] ?? NSNull()), named: "hover-studied.json")
    }

    @Test func hoverOnAReversedCardShowsBothDirections() throws {
        let session = try ServerSession(files: ["badger.yml": "", "fr.md": "---\ntopic: French\n---\n\nQ: the cat\nA: le chat\nR: yes\n"])
        session.open("fr.md")
        let hover = session.request("textDocument/hover", session.at("fr.md", 6, 0))
        let text = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(text.matches(of: /`[0-9a-f]{16}`/).count == 2)
        #expect(text.contains("(reverse): not studied yet"))
    }

    @Test func hoverOnAClozeCardShowsWhatEachNumberAsks() throws {
        let session = try ServerSession(files: [
            "badger.yml": "", "geo.md": "---\ntopic: Geo\n---\n\nC: {{c1::Canberra}} is the capital of {{c2::Australia::country}}.\n",
        ])
        session.open("geo.md")
        let hover = session.request("textDocument/hover", session.at("geo.md", 4, 3))
        let text = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(text.contains("**cloze card**"))
        #expect(text.contains("c1 asks (hides \"Canberra\")"))
        #expect(text.contains("[…] is the capital of Australia."))
        #expect(text.contains("Canberra is the capital of [country]."))
        #expect(text.matches(of: /`[0-9a-f]{16}` \(c[12]\): not studied yet/).count == 2)
    }

    @Test func completionOffersTheNextClozeNumberInACField() throws {
        let session = try ServerSession(files: [
            "badger.yml": "", "geo.md": "---\ntopic: Geo\n---\n\nC: {{c1::Canberra}} is the capital of\nQ: x\nA: y\n",
        ])
        session.open("geo.md")
        session.change("geo.md", from: [4, 35], to: [4, 35], text: " {{c", version: 2)
        #expect(session.completionLabels("geo.md", 4, 39) == ["{{c2::…}}", "{{c1::…}}"])
        let items = session.request("textDocument/completion", session.at("geo.md", 4, 39))
        let edit = (((items["result"] as? [String: Any])?["items"] as? [[String: Any]])?.first?["textEdit"] as? [String: Any])
        #expect(edit?["newText"] as? String == "{{c2::")
        // Outside a cloze field, `{{` is text.
        session.change("geo.md", from: [5, 4], to: [5, 4], text: " {{", version: 3)
        #expect(session.completionLabels("geo.md", 5, 7).isEmpty)
    }

    @Test func completionOffersLabelsKeysTopicsImagesAndLaTeX() throws {
        let session = try session()
        session.open("geo.md")
        session.change("geo.md", from: [10, 0], to: [10, 0], text: "Ex\n", version: 2)
        let labels = session.request("textDocument/completion", session.at("geo.md", 10, 2))
        assertSnapshot(session.golden(labels["result"] ?? NSNull()), named: "completion-labels.json")
        let keys = session.request("textDocument/completion", session.at("geo.md", 1, 2))
        assertSnapshot(session.golden(keys["result"] ?? NSNull()), named: "completion-keys.json")
        session.change("geo.md", from: [2, 7], to: [2, 16], text: "G", version: 3)
        let topics = session.request("textDocument/completion", session.at("geo.md", 2, 8))
        assertSnapshot(session.golden(topics["result"] ?? NSNull()), named: "completion-topics.json")
        let images = session.request("textDocument/completion", session.at("geo.md", 22, 26))
        assertSnapshot(session.golden(images["result"] ?? NSNull()), named: "completion-images.json")
        #expect(session.completionLabels("geo.md", 22, 19) == ["images/"])
        // `R: maybe`, after `R: `.
        #expect(session.completionLabels("geo.md", 9, 3) == ["yes", "no"])
        // `\fr` inside `$\frac{1}{2}$`.
        let latex = session.request("textDocument/completion", session.at("geo.md", 8, 14))
        assertSnapshot(session.golden(latex["result"] ?? NSNull()), named: "completion-latex.json")
    }

    @Test func completionOffersLaTeXWhileTheMathIsStillOpen() throws {
        let session = try session()
        session.open("italy.md")
        session.change("italy.md", from: [5, 7], to: [5, 7], text: " $\\sq", version: 2)
        let labels = session.completionLabels("italy.md", 5, 12)
        #expect(labels.contains("\\sqrt"))
        #expect(labels.allSatisfy { $0.hasPrefix("\\sq") })
        // Outside math a backslash is text.
        session.change("italy.md", from: [5, 7], to: [5, 12], text: " \\sq", version: 3)
        let none = session.request("textDocument/completion", session.at("italy.md", 5, 11))
        #expect(((none["result"] as? [String: Any])?["items"] as? [Any])?.isEmpty == true)
    }

    @Test func outlineListsSectionsWithTheirCards() throws {
        let session = try session()
        session.open("geo.md")
        let symbols = session.request("textDocument/documentSymbol", ["textDocument": ["uri": session.uri("geo.md")]])
        assertSnapshot(session.golden(symbols["result"] ?? NSNull()), named: "document-symbols.json")
    }

    @Test func definitionOnAnImageOpensTheFile() throws {
        let session = try session()
        session.open("geo.md")
        let location = session.request("textDocument/definition", session.at("geo.md", 21, 22))
        #expect((location["result"] as? [String: Any])?["uri"] as? String == session.uri("images/spain.png"))
        #expect(session.request("textDocument/definition", session.at("geo.md", 7, 5))["result"] is NSNull)
    }

    @Test func quickFixesRepairKeyTableReversedAndTopic() throws {
        let session = try session()
        session.open("geo.md")
        let whole = ["start": ServerSession.position(0, 0), "end": ServerSession.position(30, 0)]
        let actions = session.request(
            "textDocument/codeAction", ["textDocument": ["uri": session.uri("geo.md")], "range": whole, "context": ["diagnostics": []]])
        assertSnapshot(session.golden(actions["result"] ?? NSNull()), named: "code-actions.json")
        // Applying each preferred fix clears its diagnostic.
        for action in (actions["result"] as? [[String: Any]] ?? []).reversed() where action["isPreferred"] as? Bool == true {
            let edits = ((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[session.uri("geo.md")] as? [[String: Any]] ?? []
            for edit in edits {
                let range = edit["range"] as! [String: Any]
                let start = range["start"] as! [String: Int]
                let end = range["end"] as! [String: Int]
                session.change(
                    "geo.md", from: [start["line"]!, start["character"]!], to: [end["line"]!, end["character"]!],
                    text: edit["newText"] as! String, version: 5)
            }
        }
        // Two blank lines were added above the duplicate.
        #expect(session.codes("geo.md") == ["26:CardUnique"])
    }

    @Test func quickFixAddsAMissingTopic() throws {
        let session = try ServerSession(files: ["badger.yml": "", "french-verbs.md": "---\ncolor: \"#059669\"\n---\n\nQ: être\nA: to be\n"])
        session.open("french-verbs.md")
        #expect(session.codes("french-verbs.md") == ["0:TopicPresent"])
        let range = ["start": ServerSession.position(0, 0), "end": ServerSession.position(0, 0)]
        let actions = session.request(
            "textDocument/codeAction",
            ["textDocument": ["uri": session.uri("french-verbs.md")], "range": range, "context": ["diagnostics": []]])
        let action = try #require((actions["result"] as? [[String: Any]])?.first)
        #expect(action["title"] as? String == "Add `topic: French verbs`")
        session.change("french-verbs.md", from: [1, 0], to: [1, 0], text: "topic: French verbs\n", version: 2)
        #expect(session.codes("french-verbs.md").isEmpty)
    }
}

/// An edit that could continue two review histories shows as the author types it, with one quick
/// fix per history; running one links the card as `badger state link` does.
@Suite struct HistoryLinkTests {
    @Test func deletingAReviewedCardShowsItsHistoryAsOrphanedWhileTyping() throws {
        let deck = "---\ntopic: M\n---\n\nQ: What is 2+3?\nA: 5\n\nQ: What is the capital of Peru?\nA: Lima\n"
        let three = CardID(topic: "M", question: "What is 2+3?", direction: .forward).description
        let log =
            "# badger review log 2\n"
            + "2026-01-01T08:00:00Z\tcard\t\(three)\t\(three)\tforward\tWhat is 2+3?\t5\t00000000000000a1\n"
            + "2026-01-01T08:00:00Z\treviewed\t\(three)\t3\t-\t-\t00000000000000a2\n"
        let session = try ServerSession(files: ["badger.yml": "", "m.md": deck, "m.reviews": log])
        session.open("m.md")
        #expect(session.codes("m.md").isEmpty)
        session.change("m.md", from: [4, 0], to: [7, 0], text: "", version: 2)
        #expect(session.codes("m.md") == ["0:StateMatchesCards"])
        session.change("m.md", from: [4, 0], to: [4, 0], text: "Q: What is 2+3?\nA: 5\n\n", version: 3)
        #expect(session.codes("m.md").isEmpty)
    }

    /// A card two decks share, both topics renamed: each continues the history beside its own
    /// deck in the editor too, as in every command (the editor reported both as ambiguous).
    @Test func aCardTwoDecksShareContinuesItsOwnDecksHistoryAsTyped() throws {
        func log(_ topic: String, _ id: String) -> String {
            "# badger review log 2\n"
                + "2026-01-01T08:00:00Z\tcard\t\(id)\t\(id)\tforward\tHow do you say no?\tno\t00000000000000\(topic)1\n"
                + "2026-01-01T08:00:00Z\treviewed\t\(id)\t3\t-\t-\t00000000000000\(topic)2\n"
        }
        let french = CardID(topic: "French", question: "How do you say no?", direction: .forward).description
        let spanish = CardID(topic: "Spanish", question: "How do you say no?", direction: .forward).description
        let session = try ServerSession(files: [
            "badger.yml": "", "a.md": "---\ntopic: French\n---\n\nQ: How do you say no?\nA: no\n", "a.reviews": log("a", french),
            "b.md": "---\ntopic: Lang::Spanish\n---\n\nQ: How do you say no?\nA: no\n", "b.reviews": log("b", spanish),
        ])
        session.open("a.md")
        #expect(session.codes("a.md").isEmpty)
        session.change("a.md", from: [1, 7], to: [1, 13], text: "Lang::French", version: 2)
        #expect(session.codes("a.md").isEmpty)
    }

    @Test func anAmbiguousEditOffersOneQuickFixPerHistoryAndTheFixLinksIt() throws {
        let deck = "---\ntopic: M\n---\n\nQ: What is 2+3?\nA: 5\n\nQ: What is 2+4?\nA: 6\n"
        let three = CardID(topic: "M", question: "What is 2+3?", direction: .forward).description
        let four = CardID(topic: "M", question: "What is 2+4?", direction: .forward).description
        let log =
            "# badger review log 2\n"
            + "2026-01-01T08:00:00Z\tcard\t\(three)\t\(three)\tforward\tWhat is 2+3?\t5\t00000000000000a1\n"
            + "2026-01-01T08:00:00Z\treviewed\t\(three)\t4\t-\t-\t00000000000000a2\n"
            + "2026-01-01T08:00:00Z\tcard\t\(four)\t\(four)\tforward\tWhat is 2+4?\t6\t00000000000000a3\n"
            + "2026-01-01T08:00:00Z\treviewed\t\(four)\t1\t-\t-\t00000000000000a4\n"
        let session = try ServerSession(files: ["badger.yml": "", "m.md": deck, "m.reviews": log])
        session.open("m.md")
        #expect(session.codes("m.md").isEmpty)
        // 2+4 deleted and 2+3 turned into 2+5 with a new answer, as one edit.
        session.change("m.md", from: [4, 0], to: [9, 0], text: "Q: What is 2+5?\nA: 7\n", version: 2)
        #expect(session.codes("m.md") == ["4:StateMatchesCards"])
        let range = ["start": ServerSession.position(4, 0), "end": ServerSession.position(4, 0)]
        let response = session.request(
            "textDocument/codeAction", ["textDocument": ["uri": session.uri("m.md")], "range": range, "context": ["diagnostics": []]])
        let actions = try #require(response["result"] as? [[String: Any]])
        #expect(actions.count == 2)
        let titles = actions.compactMap { $0["title"] as? String }
        #expect(titles.contains { $0.contains(three) && $0.contains("What is 2+3?") })
        #expect(titles.contains { $0.contains(four) && $0.contains("What is 2+4?") })
        let command = try #require(actions.first { ($0["title"] as? String)?.contains(three) == true }?["command"] as? [String: Any])
        #expect(command["command"] as? String == "badger.stateLink")
        // The client saves the edit, then runs the command.
        try session.directory.write("m.md", "---\ntopic: M\n---\n\nQ: What is 2+5?\nA: 7\n")
        let run = session.request("workspace/executeCommand", command)
        #expect(run["error"] == nil, "\(run)")
        // Settled; 2+4's history now continues in no card, which the deck's first line says.
        #expect(session.codes("m.md") == ["0:StateMatchesCards"])
        let five = CardID(topic: "M", question: "What is 2+5?", direction: .forward).description
        #expect(try session.directory.read("m.reviews").contains("\tcard\t\(three)\t\(five)\tforward\tWhat is 2+5?\t7\t"))
        // Run again, or forged: the other history for the card that has one now, a key no log
        // knows. Refused, nothing written (as `badger state link` refuses them).
        let settled = try session.directory.read("m.reviews")
        for key in [three, four, "ffffffffffffffff"] {
            let forged = session.request(
                "workspace/executeCommand",
                ["command": "badger.stateLink", "arguments": [key, five, session.directory.url.appendingPathComponent("m.md").path]])
            #expect(forged["error"] != nil, "\(key): \(forged)")
            #expect(try session.directory.read("m.reviews") == settled)
        }
    }
}

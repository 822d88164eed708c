import BadgerTestSupport
import Foundation
import Testing

/// The card management commands run as a user runs them: `list`, `topics`, `new-topic`, `add`
/// (from options and through `$EDITOR`), `edit` and `show`, on small collections written for
/// each test. Editors are small shell scripts that record the arguments they were given.
@Suite struct CardManagementCommandTests {
    static let french = """
        ---
        topic: French
        ---

        # Greetings

        Q: Hello
        A: Bonjour
        E: Used all day long; *bonsoir* in the evening.

        Q: the cat
        A: le chat
        R: yes

        Q: A question long enough that it cannot fit on one line of a narrow terminal,
        written over two lines of the deck
        A: oui

        """

    static let algebra = """
        ---
        topic: Algebra
        ---

        Q: What is $x$ if $2x = 4$?
        A: $x = 2$

        """

    // MARK: list

    @Test func listPrintsOneLinePerCardCutToTheWidth() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french, "Decks/algebra.md": Self.algebra])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let hello = try #require(ids["Hello"])
        try await sandbox.expectSuccess(["review", "--card", hello, "--rating", "2", "--at", "2026-03-01T08:00:00Z"])

        let narrow = try await sandbox.badger(["list"], environment: ["COLUMNS": "70"])
        #expect(narrow.status == 0)
        #expect(narrow.standardError.isEmpty)
        let lines = narrow.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        for line in lines { #expect(line.count <= 70, "too wide: \(line)") }
        let long = try #require(lines.first { $0.contains("A question long enough") })
        #expect(long.contains("…"))
        #expect(!long.contains("\n"))
        let helloLine = try #require(lines.first { $0.hasPrefix(hello) })
        #expect(helloLine.contains("French"))
        #expect(helloLine.contains("text"))
        #expect(helloLine.hasSuffix("2026-03-01"))
        #expect(lines.filter { $0.hasSuffix("new") }.count == 4)
        #expect(lines.contains { $0.contains("math") && $0.contains("What is $x$ if $2x = 4$?") })
        assertSnapshot(narrow.standardOutput, named: "Management.list.text")

        // Not a terminal and no COLUMNS: 100 columns; the question is not cut.
        let wide = try await sandbox.badger(["list"], environment: ["COLUMNS": ""])
        let wideLines = wide.standardOutput.split(separator: "\n")
        #expect(wideLines.allSatisfy { $0.count <= 100 })
        #expect(wideLines.contains { $0.count == 100 })
    }

    @Test func listFormatJSONHasEveryCardWithItsState() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french])
        defer { sandbox.remove() }
        let hello = try await #require(try sandbox.ids()["Hello"])
        try await sandbox.expectSuccess(["review", "--card", hello, "--rating", "0", "--at", "2026-03-01T08:00:00Z"])
        let result = try await sandbox.badger(["list", "--format", "json"])
        #expect(result.status == 0)
        let document = try ManagementSandbox.json(result.standardOutput)
        #expect(document["schemaVersion"] as? Int == 1)
        let cards = try #require(document["cards"] as? [[String: Any]])
        #expect(cards.count == 4)
        for card in cards {
            for key in ["id", "topic", "kind", "question", "due", "state"] { #expect(card.keys.contains(key), "missing \(key)") }
        }
        let reviewed = try #require(cards.first { $0["id"] as? String == hello })
        #expect(reviewed["due"] as? String == "2026-03-01T08:01:00Z")
        #expect(reviewed["state"] as? String == "learning")
        #expect(reviewed["topic"] as? String == "French")
        #expect(reviewed["kind"] as? String == "text")
        #expect(reviewed["question"] as? String == "Hello")
        let fresh = try #require(cards.first { $0["question"] as? String == "the cat" })
        #expect(fresh["due"] is NSNull)
        #expect(fresh["state"] as? String == "new")
        // The full question, line break included.
        #expect(cards.contains { ($0["question"] as? String)?.contains("narrow terminal,\nwritten over") == true })
        // The reverse of the reversed card.
        #expect(cards.contains { $0["question"] as? String == "le chat" && $0["reversedFrom"] is String })
    }

    @Test func listFiltersByTopicAndDue() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french, "Decks/algebra.md": Self.algebra])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        let hello = try #require(ids["Hello"])
        let cat = try #require(ids["the cat"])
        // Hello was due long ago; the cat is due in days.
        try await sandbox.expectSuccess(["review", "--card", hello, "--rating", "0", "--at", "2020-01-01T08:00:00Z"])
        try await sandbox.expectSuccess(["review", "--card", cat, "--rating", "3"])

        let algebra = try await sandbox.badger(["list", "--topic", "algebra"])
        #expect(algebra.status == 0)
        let algebraLines = algebra.standardOutput.split(separator: "\n")
        #expect(algebraLines.count == 1)
        #expect(algebraLines.allSatisfy { $0.contains("Algebra") })

        let due = try await sandbox.badger(["list", "--due"])
        #expect(due.status == 0)
        #expect(due.standardOutput.split(separator: "\n").map { String($0.prefix(16)) } == [hello])

        let dueFrench = try await sandbox.badger(["list", "--due", "--topic", "French", "--format", "json"])
        let cards = try #require(try ManagementSandbox.json(dueFrench.standardOutput)["cards"] as? [[String: Any]])
        #expect(cards.map { $0["id"] as? String } == [hello])

        let unknown = try await sandbox.badger(["list", "--topic", "Klingon"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("no topic \"Klingon\""))
        #expect(unknown.standardError.contains("Algebra, French"))
    }

    // MARK: topics

    @Test func topicsCountsDecksCardsNewAndDue() async throws {
        let sandbox = try ManagementSandbox(decks: [
            "Decks/french.md": Self.french, "Decks/french-more.md": ManagementSandbox.deck("French", ["the dog", "the bird"]),
            "Decks/algebra.md": Self.algebra,
        ])
        defer { sandbox.remove() }
        let ids = try await sandbox.ids()
        try await sandbox.expectSuccess(["review", "--card", try #require(ids["Hello"]), "--rating", "0", "--at", "2020-01-01T08:00:00Z"])
        try await sandbox.expectSuccess(["review", "--card", try #require(ids["the dog"]), "--rating", "3"])
        let result = try await sandbox.badger(["topics"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                topic    decks  cards    new  due now
                Algebra      1      1      1        0
                French       2      6      4        1
                2 topics, 7 cards: 5 new, 1 due now

                """)
        let json = try await ManagementSandbox.json(try sandbox.badger(["topics", "--format", "json"]).standardOutput)
        let topics = try #require(json["topics"] as? [[String: Any]])
        #expect(topics.map { $0["topic"] as? String } == ["Algebra", "French"])
        #expect(topics.map { $0["cards"] as? Int } == [1, 6])
        #expect(topics.map { $0["decks"] as? Int } == [1, 2])
    }

    // MARK: new-topic

    @Test func newTopicCreatesADeckThatLintsAndRefusesADuplicate() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french])
        defer { sandbox.remove() }
        let created = try await sandbox.badger(["new-topic", "Linear Algebra"])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("Decks/linear-algebra.md"))
        #expect(try sandbox.text("Decks/linear-algebra.md") == "---\ntopic: Linear Algebra\n---\n")
        let lint = try await sandbox.badger(["lint"])
        #expect(lint.status == 0)
        #expect(lint.standardError.contains("2 topics"))
        #expect(lint.standardError.contains("0 errors"))
        #expect(try await sandbox.badger(["topics"]).standardOutput.contains("Linear Algebra      1      0"))

        // The same topic again, in any case, or a topic whose file exists: refused, nothing changed.
        for name in ["Linear Algebra", "linear algebra", "French"] {
            let again = try await sandbox.badger(["new-topic", name])
            #expect(again.status == 1, "\(name)")
            #expect(again.standardError.contains("already has a deck"), "\(again.standardError)")
        }
        try sandbox.write("Decks/notes/chemistry.md", "just notes\n")
        let clash = try await sandbox.badger(["new-topic", "Chemistry", "Decks/notes"])
        #expect(clash.status == 1)
        #expect(clash.standardError.contains("already exists"))
        #expect(try sandbox.text("Decks/notes/chemistry.md") == "just notes\n")
        #expect(try sandbox.text("Decks/linear-algebra.md") == "---\ntopic: Linear Algebra\n---\n")

        // Without Decks/, the deck goes into the current directory.
        let bare = try ManagementSandbox(decks: [:])
        defer { bare.remove() }
        #expect(try await bare.badger(["new-topic", "Physics"]).status == 0)
        #expect(bare.exists("physics.md"))
    }

    // MARK: add

    @Test func addWithOptionsAppendsExactlyOneCard() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french, "Decks/algebra.md": Self.algebra])
        defer { sandbox.remove() }
        let before = try sandbox.text("Decks/french.md")
        let countBefore = try await sandbox.ids().count
        let result = try await sandbox.badger([
            "add", "--topic", "French", "--question", "the dog", "--answer", "le chien", "--explanation", "A *masculine* noun.",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let after = try sandbox.text("Decks/french.md")
        #expect(after.hasPrefix(before))
        #expect(after.dropFirst(before.count) == "\nQ: the dog\nA: le chien\nE: A \\*masculine\\* noun.\n")
        let ids = try await sandbox.ids()
        #expect(ids.count == countBefore + 1)
        #expect(result.standardOutput == "\(try #require(ids["the dog"]))\n")
        let lint = try await sandbox.badger(["lint"])
        #expect(lint.status == 0)
        #expect(lint.standardError.contains("0 errors and 0 warnings"))

        // A reversed card prints both ids; a topic without a deck gets one.
        let reversed = try await sandbox.badger(["add", "--topic", "Geography", "--question", "France", "--answer", "Paris", "--reversed"])
        #expect(reversed.status == 0, "\(reversed.standardError)")
        #expect(reversed.standardOutput.split(separator: "\n").count == 2)
        #expect(try sandbox.text("Decks/geography.md") == "---\ntopic: Geography\n---\n\nQ: France\nA: Paris\nR: yes\n")
        #expect(!reversed.standardError.contains("did you mean"))
        #expect(try await sandbox.badger(["lint"]).status == 0)

        // A new topic one typo away from an existing one is started, with a did-you-mean;
        // so is one imported from CSV.
        let typo = try await sandbox.badger(["add", "--topic", "Frnech", "--question", "the cat", "--answer", "le chat"])
        #expect(typo.status == 0)
        #expect(typo.standardError.contains("gets a new deck"), "\(typo.standardError)")
        #expect(typo.standardError.contains("did you mean \"French\"?"), "\(typo.standardError)")
        _ = try sandbox.write("words.csv", "the bird; l'oiseau\n")
        let imported = try await sandbox.badger(["import", "words.csv", "--topic", "Frenhc"])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardError.contains("did you mean \"French\"?"), "\(imported.standardError)")
    }

    @Test func addRefusesADuplicateOrAnswerlessCardAndWritesNothing() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french])
        defer { sandbox.remove() }
        let before = try sandbox.text("Decks/french.md")
        let duplicate = try await sandbox.badger(["add", "--topic", "french", "--question", "Hello", "--answer", "Salut"])
        #expect(duplicate.status == 1)
        #expect(duplicate.standardError.contains("[CardUnique]"))
        #expect(duplicate.standardError.contains("unchanged"))
        let answerless = try await sandbox.badger(["add", "--topic", "French", "--question", "the mouse"])
        #expect(answerless.status == 1)
        #expect(answerless.standardError.contains("[AnswerPresent]"))
        #expect(try sandbox.text("Decks/french.md") == before)
    }

    /// A card appended after an unclosed code block would be part of the block: refused, the
    /// deck left as it was (it said "added 0 cards" and changed the deck).
    @Test func addRefusesACardThatWouldNotReadAsOne() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french + "\n```\ncode, never closed\n"])
        defer { sandbox.remove() }
        let before = try sandbox.text("Decks/french.md")
        let result = try await sandbox.badger(["add", "--topic", "French", "--question", "the mouse", "--answer", "la souris"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("not added") && result.standardError.contains("unclosed"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(try sandbox.text("Decks/french.md") == before)
    }

    /// A deck whose lines end in a lone CR (old Mac style) gets the new card, and only it is
    /// reported as added.
    @Test func addToADeckWithLoneCRLineEndingsNamesOnlyTheNewCard() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french.replacingOccurrences(of: "\n", with: "\r")])
        defer { sandbox.remove() }
        let result = try await sandbox.badger(["add", "--topic", "French", "--question", "the mouse", "--answer", "la souris"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").count == 1, "\(result.standardOutput)")
        #expect(result.standardError.contains("added 1 card"), "\(result.standardError)")
    }

    @Test func addThroughTheEditorPassesTheFileAsAnArgumentNeverThroughAShell() async throws {
        let deckName = "my $(touch pwned); deck `touch pwned2`.md"
        let sandbox = try ManagementSandbox(decks: ["Decks/\(deckName)": ManagementSandbox.deck("Vocabulary", ["one"])])
        defer { sandbox.remove() }
        let editor = try sandbox.script(
            "bin/record-editor",
            """
            for argument in "$@"; do printf '%s\\n' "$argument" >> "$RECORD"; done
            for argument in "$@"; do file="$argument"; done
            cp "$file" "$RECORD.template"
            printf 'Q: What is *two*?\\n\\nA: $2$, the number\\nafter one.\\n' > "$file"
            """)
        let before = try sandbox.text("Decks/\(deckName)")
        let result = try await sandbox.badger(
            ["add", "--topic", "Vocabulary"],
            environment: ["EDITOR": editor.path + " --wait", "RECORD": sandbox.path("argv.txt"), "TMPDIR": sandbox.path("tmp")])
        #expect(result.status == 0, "\(result.standardError)")

        // The editor got its own argument, then the file, each as one argument.
        let argv = try sandbox.lines("argv.txt")
        try #require(argv.count == 2, "\(argv)")
        #expect(argv[0] == "--wait")
        #expect(argv[1].hasPrefix(sandbox.path("tmp") + "/"))
        #expect(argv[1].hasSuffix("/my $(touch pwned); deck `touch pwned2`.card.md"))
        // Nothing in the name ran.
        #expect(try sandbox.allFiles().allSatisfy { !$0.hasSuffix("pwned") && !$0.hasSuffix("pwned2") })
        #expect(!FileManager.default.fileExists(atPath: "pwned"))
        // The template showed the labels; the temporary file is gone once the card is added.
        let template = try sandbox.text("argv.txt.template")
        #expect(template.contains("\nQ: \nA: \nE: \n"))
        #expect(template.contains("Vocabulary"))
        #expect(!FileManager.default.fileExists(atPath: argv[1]))

        // The card was appended as written, Markdown and math kept.
        let after = try sandbox.text("Decks/\(deckName)")
        #expect(after == before + "\nQ: What is *two*?\n\nA: $2$, the number\nafter one.\n")
        let ids = try await sandbox.ids()
        #expect(result.standardOutput == "\(try #require(ids["What is *two*?"]))\n")
        #expect(try await sandbox.badger(["lint"]).status == 0)
    }

    @Test func addThroughTheEditorRefusesACardWithoutAnswer() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french])
        defer { sandbox.remove() }
        let editor = try sandbox.script(
            "bin/no-answer", #"for argument in "$@"; do file="$argument"; done; printf 'Q: What is missing?\nE: The answer.\n' > "$file""#)
        let before = try sandbox.text("Decks/french.md")
        let result = try await sandbox.badger(
            ["add", "--topic", "French"], environment: ["EDITOR": editor.path, "TMPDIR": sandbox.path("tmp")])
        #expect(result.status == 1)
        #expect(result.standardError.contains("[AnswerPresent]"))
        #expect(result.standardError.contains("french.card.md:1:1: error"))
        #expect(result.standardError.contains("kept in"))
        #expect(result.standardOutput.isEmpty)
        #expect(try sandbox.text("Decks/french.md") == before)

        // An editor that leaves the template as it is cancels; one that fails too.
        let untouched = try sandbox.script("bin/untouched", "exit 0")
        let cancelled = try await sandbox.badger(
            ["add", "--topic", "French"], environment: ["EDITOR": untouched.path, "TMPDIR": sandbox.path("tmp")])
        #expect(cancelled.status == 1)
        #expect(cancelled.standardError.contains("empty"))
        let failing = try sandbox.script("bin/failing", "exit 3")
        let failed = try await sandbox.badger(
            ["add", "--topic", "French"], environment: ["EDITOR": failing.path, "TMPDIR": sandbox.path("tmp")])
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("status 3"))
        let missing = try await sandbox.badger(["add", "--topic", "French"], environment: ["EDITOR": "no-such-editor-anywhere"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("no-such-editor-anywhere"))
        #expect(try sandbox.text("Decks/french.md") == before)
    }

    @Test func addCopiesASmallImageAndRefusesOtherFiles() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/anatomy.md": ManagementSandbox.deck("Anatomy", ["What is a bone?"])])
        defer { sandbox.remove() }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 64))
        try sandbox.write("pictures/My Heart (front).png", png)
        let before = try sandbox.text("Decks/anatomy.md")

        // A text file named .png, and a PNG over 1 MiB: refused, nothing copied or written.
        try sandbox.write("pictures/fake.png", Data("not an image\n".utf8))
        let fake = try await sandbox.badger([
            "add", "--topic", "Anatomy", "--question", "What?", "--answer", "x", "--image", "pictures/fake.png",
        ])
        #expect(fake.status == 1)
        #expect(fake.standardError.contains("not a PNG, JPEG or GIF"))
        try sandbox.write("pictures/huge.png", png + Data(count: 1 << 20))
        let huge = try await sandbox.badger([
            "add", "--topic", "Anatomy", "--question", "What?", "--answer", "x", "--image", "pictures/huge.png",
        ])
        #expect(huge.status == 1)
        #expect(huge.standardError.contains("1 MiB"))
        let missing = try await sandbox.badger(["add", "--topic", "Anatomy", "--answer", "x", "--image", "pictures/none.png"])
        #expect(missing.status == 2)
        #expect(!sandbox.exists("Decks/images"))
        #expect(try sandbox.text("Decks/anatomy.md") == before)

        // A real PNG: copied under a safe name beside the deck and shown in the question.
        let added = try await sandbox.badger([
            "add", "--topic", "Anatomy", "--answer", "The heart", "--image", "pictures/My Heart (front).png",
        ])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(try sandbox.data("Decks/images/My-Heart-front.png") == png)
        #expect(try sandbox.text("Decks/anatomy.md") == before + "\nQ: ![](images/My-Heart-front.png)\nA: The heart\n")
        let lint = try await sandbox.badger(["lint"])
        #expect(lint.status == 0)
        #expect(lint.standardError.contains("1 image"))
        #expect(lint.standardError.contains("0 errors and 0 warnings"))

        // Through the editor: the template's question shows the image; labels left empty go.
        let editor = try sandbox.script(
            "bin/answer", #"for argument in "$@"; do file="$argument"; done; sed -i 's/^A: $/A: The other heart/' "$file""#)
        let beforeEditor = try sandbox.text("Decks/anatomy.md")
        try sandbox.write("pictures/other.gif", Data("GIF89a-a-tiny-gif".utf8))
        let edited = try await sandbox.badger(
            ["add", "--topic", "Anatomy", "--image", "pictures/other.gif"],
            environment: ["EDITOR": editor.path, "TMPDIR": sandbox.path("tmp")])
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(try sandbox.text("Decks/anatomy.md") == beforeEditor + "\nQ: ![](images/other.gif)\nA: The other heart\n")
        #expect(sandbox.exists("Decks/images/other.gif"))
        #expect(try await sandbox.badger(["lint"]).status == 0)
    }

    // MARK: edit

    @Test func editPassesPlusLineToViAndOnlyThePathToOtherEditors() async throws {
        let deckName = "odd; name $(touch pwned).md"
        let sandbox = try ManagementSandbox(decks: ["Decks/\(deckName)": Self.french])
        defer { sandbox.remove() }
        let recorder = """
            for argument in "$@"; do printf '%s\\n' "$argument" >> "$RECORD"; done
            """
        try sandbox.script("bin/vi", recorder)
        try sandbox.script("bin/myeditor", recorder)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let cat = try await #require(try sandbox.ids()["the cat"])
        let deckPath = sandbox.path("Decks/\(deckName)")

        let vi = try await sandbox.badger(
            ["edit", cat], environment: ["EDITOR": "vi", "PATH": sandbox.path("bin") + ":" + path, "RECORD": sandbox.path("vi.txt")])
        #expect(vi.status == 0, "\(vi.standardError)")
        #expect(try sandbox.lines("vi.txt") == ["+11", deckPath])
        #expect(vi.standardOutput.contains("4 cards: 0 errors and 0 warnings"))

        let other = try await sandbox.badger(
            ["edit", String(cat.prefix(6))],
            environment: ["EDITOR": "myeditor", "PATH": sandbox.path("bin") + ":" + path, "RECORD": sandbox.path("other.txt")])
        #expect(other.status == 0, "\(other.standardError)")
        #expect(try sandbox.lines("other.txt") == [deckPath])
        #expect(try sandbox.allFiles().allSatisfy { !$0.hasSuffix("pwned") })

        // An editor that breaks the card: the deck's problems, and status 1.
        let breaker = try sandbox.script(
            "bin/breaker", #"for argument in "$@"; do file="$argument"; done; printf '\nQ: Hello\nA: again\n' >> "$file""#)
        let broken = try await sandbox.badger(["edit", cat], environment: ["EDITOR": breaker.path])
        #expect(broken.status == 1, "\(broken.standardError)")
        #expect(broken.standardOutput.contains("[CardUnique]"))
        #expect(broken.standardOutput.contains("1 error"))

        let unknown = try await sandbox.badger(["edit", "ffffffffffffffff"], environment: ["EDITOR": breaker.path])
        #expect(unknown.status == 2)
    }

    // MARK: show

    @Test func showPrintsTheCardAndEveryReviewWithIntervalAndStability() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french])
        defer { sandbox.remove() }
        let hello = try await #require(try sandbox.ids()["Hello"])
        for (rating, time) in [
            ("2", "2026-03-01T08:00:00Z"), ("2", "2026-03-01T08:10:00Z"), ("0", "2026-03-04T09:00:00Z"), ("3", "2026-03-04T09:10:00Z"),
        ] {
            try await sandbox.expectSuccess(["review", "--card", hello, "--rating", rating, "--at", time])
        }
        let result = try await sandbox.badger(["show", String(hello.prefix(5))], environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.hasPrefix("\(hello)  French · text · Decks/french.md:7\n"))
        #expect(output.contains("Question:\n  Hello\n"))
        #expect(output.contains("Answer:\n  Bonjour\n"))
        #expect(output.contains("Explanation:\n  Used all day long; bonsoir in the evening.\n"))
        #expect(output.contains("History: 4 reviews"))
        let history = output.split(separator: "\n").filter { $0.hasPrefix("  2026-") }
        try #require(history.count == 4)
        #expect(history[0].hasPrefix("  2026-03-01 08:00  Good       interval 10m "))
        #expect(history[1].hasPrefix("  2026-03-01 08:10  Good       interval 2d "))
        #expect(history[2].hasPrefix("  2026-03-04 09:00  Fail       interval 10m "))
        #expect(history[3].hasPrefix("  2026-03-04 09:10  Easy "))
        #expect(history.allSatisfy { $0.contains("stability ") && $0.hasSuffix("d") })
        // The last review's stability is the state file's.
        let state = try #require(try sandbox.lines("Decks/french.state").first { $0.hasPrefix(hello) }?.components(separatedBy: "\t"))
        let stability = String(format: "%.2fd", try #require(Double(state[3])))
        #expect(history[3].hasSuffix("stability \(stability)"))
        #expect(output.contains("Now: Review, due "))
        #expect(output.contains("1 lapse"))
        assertSnapshot(output, named: "Management.show.text")

        // A card never reviewed, and its reverse.
        let cat = try await sandbox.badger(["show", try #require(try sandbox.ids()["le chat"])])
        #expect(cat.status == 0)
        #expect(cat.standardOutput.contains("reverse of "))
        #expect(cat.standardOutput.contains("History: never reviewed\nNow: new\n"))
    }

    @Test func showRefusesAnUnknownOrShortID() async throws {
        let sandbox = try ManagementSandbox(decks: ["Decks/french.md": Self.french])
        defer { sandbox.remove() }
        let unknown = try await sandbox.badger(["show", "0123456789abcdef"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("no card with id 0123456789abcdef"))
        #expect(unknown.standardError.contains("badger list"))
        let short = try await sandbox.badger(["show", "abc"])
        #expect(short.status == 2)
        #expect(short.standardError.contains("at least 4"))
        let garbage = try await sandbox.badger(["show", "not-an-id"])
        #expect(garbage.status == 2)
        #expect(garbage.standardOutput.isEmpty)
    }

    // MARK: review

    @Test func reviewTakesAUniqueIDPrefixAndRefusesAnAmbiguousOne() async throws {
        // Enough cards that two share their first four digits (ids are hashes, so always the same two).
        let questions = (1...1_000).map { "question \($0)" }
        let sandbox = try ManagementSandbox(decks: ["Decks/many.md": ManagementSandbox.deck("Many", questions)])
        defer { sandbox.remove() }
        let ids = Array(try await sandbox.ids().values)
        let byPrefix = Dictionary(grouping: ids) { String($0.prefix(4)) }
        let shared = try #require(byPrefix.first { $0.value.count > 1 })
        let ambiguous = try await sandbox.badger(["review", "--card", shared.key, "--rating", "2"])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.standardError.hasPrefix("badger: error: \(shared.key) matches \(shared.value.count) cards; give more digits:\n"))
        for id in shared.value { #expect(ambiguous.standardError.contains(id)) }
        #expect(!sandbox.exists("Decks/many.reviews"))

        let unique = try #require(ids.first { id in ids.filter { $0.hasPrefix(id.prefix(6)) }.count == 1 })
        let reviewed = try await sandbox.badger(["review", "--card", String(unique.prefix(6)).uppercased(), "--rating", "2"])
        #expect(reviewed.status == 0, "\(reviewed.standardError)")
        #expect(reviewed.standardOutput.hasPrefix("\(unique): "))
        #expect(try sandbox.text("Decks/many.reviews").contains("reviewed  \(unique)".replacingOccurrences(of: "  ", with: "\t")))
    }
}

/// A collection in a temporary directory, and running badger in it.
private struct ManagementSandbox: Sendable {
    let directory: TemporaryDirectory
    var url: URL { directory.url }

    init(decks: [String: String], config: String? = "fuzz: true\n") throws {
        directory = try TemporaryDirectory()
        if let config { try directory.write("badger.yml", config) }
        for (path, text) in decks { try directory.write(path, text) }
        try FileManager.default.createDirectory(at: url.appendingPathComponent("tmp"), withIntermediateDirectories: true)
    }

    func remove() { directory.remove() }

    /// The absolute path of `relative`.
    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    @discardableResult
    func badger(_ arguments: [String], environment: [String: String] = [:]) async throws -> BadgerProcess.Result {
        var environment = environment
        if environment["TZ"] == nil { environment["TZ"] = "UTC" }
        if environment["COLUMNS"] == nil { environment["COLUMNS"] = "100" }
        return try await BadgerProcess.run(arguments, in: url, environment: environment)
    }

    func expectSuccess(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let result = try await badger(arguments)
        #expect(result.status == 0, "badger \(arguments.joined(separator: " ")): \(result.standardError)", sourceLocation: sourceLocation)
    }

    /// Each card's id, by question, from `badger compile`.
    func ids() async throws -> [String: String] {
        let result = try await badger(["compile"])
        try #require(result.status == 0, "compile failed: \(result.standardError)")
        let cards = try #require(try Self.json(result.standardOutput)["cards"] as? [[String: Any]])
        var ids: [String: String] = [:]
        for card in cards {
            let question = try #require((card["question"] as? [String: Any])?["markdown"] as? String)
            ids[question] = try #require(card["id"] as? String)
        }
        return ids
    }

    /// An executable `/bin/sh` script at `relative`.
    @discardableResult
    func script(_ relative: String, _ body: String) throws -> URL {
        try directory.writeExecutable(relative, "#!/bin/sh\n" + body + "\n")
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> URL { try directory.write(relative, text) }

    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> URL { try directory.write(relative, data) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    func data(_ relative: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(relative)) }

    func text(_ relative: String) throws -> String { String(decoding: try data(relative), as: UTF8.self) }

    /// The file's lines, without the empty string after the last line ending.
    func lines(_ relative: String) throws -> [String] {
        var lines = try text(relative).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Every file and directory below the sandbox, relative.
    func allFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: url.path)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A deck with front matter and one card per question (answers are numbered).
    static func deck(_ topic: String, _ questions: [String]) -> String {
        "---\ntopic: \(topic)\n---\n" + questions.enumerated().map { "\nQ: \($0.element)\nA: answer \($0.offset + 1)\n" }.joined()
    }
}

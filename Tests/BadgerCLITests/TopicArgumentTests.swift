import BadgerTestSupport
import Foundation
import Testing

/// `--topic` names a topic the same way in every command: in any case, with the nearest topic
/// suggested for a typo; `export` takes several, or `all`.
@Suite struct TopicArgumentTests {
    static func collection() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("badger.yml", "")
        try directory.write("french.md", "---\ntopic: French\n---\n\nQ: le chat?\nA: the cat\n")
        try directory.write("algebra.md", "---\ntopic: Algebra\n---\n\nQ: 2+2?\nA: 4\n")
        try directory.write("anatomy.md", "---\ntopic: Anatomy\n---\n\nQ: bones?\nA: 206\n")
        return directory
    }

    @Test func everyCommandFindsATopicInAnyCase() async throws {
        let directory = try Self.collection()
        defer { directory.remove() }
        for arguments in [
            ["stats", "--topic", "french"], ["list", "--topic", "FRENCH"], ["export", "-", "--topic", "french"],
            ["study", "--plain", "--topic", "french", "--count", "10"],
        ] {
            let result = try await BadgerProcess.run(arguments, in: directory.url, input: "q\n")
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        let stats = try await BadgerProcess.run(["stats", "--topic", "french", "--format", "json"], in: directory.url)
        #expect(stats.standardOutput.contains("\"French\""))
        #expect(!stats.standardOutput.contains("\"Algebra\""))
    }

    @Test func aMistypedTopicGetsADidYouMeanInEveryCommand() async throws {
        let directory = try Self.collection()
        defer { directory.remove() }
        let expected = "badger: error: no topic \"frnch\" in the collection; did you mean \"French\"? (topics: Algebra, Anatomy, French)\n"
        for arguments in [
            ["stats", "--topic", "frnch"], ["list", "--topic", "frnch"], ["export", "-", "--topic", "frnch"],
            ["export", "x.apkg", "--topic", "frnch"], ["study", "--plain", "--topic", "frnch"],
        ] {
            let result = try await BadgerProcess.run(arguments, in: directory.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError == expected, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("x.apkg").path))
    }

    @Test func exportTakesSeveralTopicsOrAll() async throws {
        let directory = try Self.collection()
        defer { directory.remove() }
        let two = try await BadgerProcess.run(["export", "-", "--topic", "French", "--topic", "algebra"], in: directory.url)
        #expect(two.status == 0, "\(two.standardError)")
        let rows = two.standardOutput.split(separator: "\n")
        #expect(rows.first == "question;answer;explanation;reversed;topic")
        #expect(Set(rows.dropFirst()) == ["le chat?;the cat;;no;French", "2+2?;4;;no;Algebra"])
        let all = try await BadgerProcess.run(["export", "-", "--topic", "all"], in: directory.url)
        let everything = try await BadgerProcess.run(["export", "-"], in: directory.url)
        #expect(all.status == 0 && all.standardOutput == everything.standardOutput)
        #expect(all.standardOutput.split(separator: "\n").count == 4)
    }
}

/// Topics that differ only in case are one topic; a topic really named `All` is found by name.
@Suite struct TopicCaseTests {
    @Test func decksWhoseTopicsDifferOnlyInCaseAreExportedAndCountedTogether() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "")
        try directory.write("a.md", "---\ntopic: French\n---\n\nQ: le chat?\nA: the cat\n")
        try directory.write("b.md", "---\ntopic: french\n---\n\nQ: le chien?\nA: the dog\n")
        try directory.write("c.md", "---\ntopic: All\n---\n\nQ: everything?\nA: yes\n")
        let export = try await BadgerProcess.run(["export", "-", "--topic", "FRENCH"], in: directory.url)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardOutput.contains("le chat?") && export.standardOutput.contains("le chien?"), "\(export.standardOutput)")
        #expect(!export.standardOutput.contains("everything?"))
        let stats = try await BadgerProcess.run(["stats", "--topic", "french", "--format", "json"], in: directory.url)
        // Both decks' topics are reported, two cards in all.
        #expect(stats.standardOutput.contains("\"topic\" : \"French\"") && stats.standardOutput.contains("\"topic\" : \"french\""))
        #expect(
            stats.standardOutput.contains("\"new\" : 2,\n      \"review\" : 0,\n      \"total\" : 2"), "\(stats.standardOutput.suffix(900))"
        )
        let all = try await BadgerProcess.run(["export", "-", "--topic", "All"], in: directory.url)
        #expect(all.standardOutput.split(separator: "\n").dropFirst().map(String.init) == ["everything?;yes;;no"])
    }
}

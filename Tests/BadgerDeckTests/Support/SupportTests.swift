import Testing

@testable import BadgerDeck

/// Checks of the test helpers themselves, so a rule test failure means the rule.
@Suite struct MarkedTextTests {
    @Test func markersAreRemovedAndTheirPositionsRecorded() {
        let marked = MarkedText("---\ntopic: T\n---\n1️⃣Q: Größe 2️⃣$x\r\nA: 3️⃣y")
        #expect(marked.textWithoutMarkers == "---\ntopic: T\n---\nQ: Größe $x\r\nA: y")
        #expect(marked["1️⃣"] == Location(line: 4, column: 1))
        #expect(marked["2️⃣"] == Location(line: 4, column: 12))
        #expect(marked["3️⃣"] == Location(line: 5, column: 4))
        #expect(marked.markers.count == 3)
    }

    @Test func textWithoutMarkersIsUnchanged() {
        let marked = MarkedText("plain 1 text")
        #expect(marked.textWithoutMarkers == "plain 1 text")
        #expect(marked.markers.isEmpty)
    }
}

@Suite struct InMemoryFileSystemTests {
    let fs = InMemoryFileSystem(
        files: ["/c/deck.md": Array("x".utf8), "/c/img/a.png": [1, 2, 3], "/out/b.png": [4]],
        symlinks: ["/c/link.png": "img/a.png", "/c/out": "/out", "/c/loop": "/c/loop", "/c/dangling": "nowhere.png"])

    @Test func directoriesAreImpliedByFiles() throws {
        #expect(fs.kind(atPath: "/c") == .directory)
        #expect(fs.kind(atPath: "/c/img") == .directory)
        #expect(fs.kind(atPath: "/c/img/a.png") == .file)
        #expect(fs.kind(atPath: "/c/nope") == nil)
        #expect(try fs.entries(ofDirectory: "/c") == ["dangling", "deck.md", "img", "link.png", "loop", "out"])
    }

    @Test func resolvedPathFollowsLinksDotsAndDotDots() {
        #expect(fs.resolvedPath("/c/./img/../link.png") == "/c/img/a.png")
        #expect(fs.resolvedPath("/c/out/b.png") == "/out/b.png")
        #expect(fs.resolvedPath("/c/out/../c/deck.md") == "/c/deck.md")
        #expect(fs.resolvedPath("/c/loop") == nil)
        #expect(fs.resolvedPath("/c/dangling") == nil)
        #expect(fs.resolvedPath("/c/deck.md/x") == nil)
        #expect(fs.resolvedPath("deck.md") == nil)
        fs.currentDirectory = "/c"
        #expect(fs.resolvedPath("deck.md") == "/c/deck.md")
    }

    @Test func contentsAndSizesFollowLinks() throws {
        #expect(try fs.contents(atPath: "/c/link.png") == [1, 2, 3])
        #expect(fs.size(atPath: "/c/out/b.png") == 1)
        #expect(fs.prefix(atPath: "/c/img/a.png", count: 2) == [1, 2])
        #expect(throws: InMemoryFileSystemError.self) { try fs.contents(atPath: "/c/img") }
    }
}

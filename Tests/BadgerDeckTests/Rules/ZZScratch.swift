import Testing
@testable import BadgerDeck

@Suite struct ZZScratch {
    @Test func explore() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]
        let cases: [(String, String)] = [
            ("headingprose", deck("Q: first\nA: one\n\nSome prose\nQ: What?\nA: yes\n---\n")),
            ("dirimage", deck("Q: ![x](sub)\nA: y\n")),
            ("subdeck", deck("Q: ![x](pic.png) ![y](../pic.png)\nA: y\n")),
            ("inlineHTML", deck("Q: one\nA: yes\n<!-- badger-ignore -->\nQ: two\n\nQ: three\n")),
        ]
        for (name, text) in cases {
            print("### \(name)\n\(text)---->\n\(describe(try lint(text, named: name == "subdeck" ? "sub/deck.md" : "deck.md", extraFiles: ["sub/x.md": [], "pic.png": png])))\n")
        }
        print(describe(try lint(deck("Q: ![a](link/../secret.png) ![b](dangling.png) ![c](../cx/a.png)\nA: y\n"), extraFiles: ["/outside/dir/x": [], "/outside/secret.png": png, "/cx/a.png": png], symlinks: ["link": "/outside/dir", "dangling.png": "/nowhere/x.png"])))
        // root is a symlink
        let fs = InMemoryFileSystem(files: ["/real/c/deck.md": Array(deck("Q: ![a](a.png)\nA: y\n").utf8), "/real/c/a.png": png], symlinks: ["/c": "/real/c"])
        print(describe(try DeckCollection.load([DeckFile(displayPath: "deck.md", absolutePath: "/c/deck.md", collectionRoot: "/c")], fileAccess: fs).diagnostics))
    }
}

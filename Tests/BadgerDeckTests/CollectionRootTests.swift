import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerDeck

/// One answer to "which collection is this deck in", for the loader and every command that
/// writes beside a collection (new decks, Anki's `anki.notes`, deck rewrites through links).
@Suite struct CollectionRootTests {
    @Test func theRootIsBadgerYmlThenAStudiedGitattributesThenTheFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = directory.url.path
        try directory.write("configured/badger.yml", "")
        try directory.write("configured/sub/deep/a.md", "---\ntopic: A\n---\n\nQ: a?\nA: a\n")
        try directory.write("studied/.gitattributes", "*.reviews merge=union\n*.state merge=union\n")
        try directory.write("studied/sub/b.md", "---\ntopic: B\n---\n\nQ: b?\nA: b\n")
        try directory.write("other/.gitattributes", "*.png binary\n")
        try directory.write("other/sub/c.md", "---\ntopic: C\n---\n\nQ: c?\nA: c\n")
        let loader = CollectionLoader(fileAccess: LocalFileSystem())
        let cases = [
            ("configured/sub/deep", "configured"), ("studied/sub", "studied"), ("other/sub", "other/sub"),
        ]
        for (folder, root) in cases {
            #expect(loader.root(of: base + "/" + folder) == base + "/" + root, "\(folder)")
            // The loader gives its decks the same root.
            let decks = try loader.deckFiles(paths: [base + "/" + folder])
            #expect(decks.map(\.collectionRoot) == [base + "/" + root], "\(folder)")
        }
    }
}

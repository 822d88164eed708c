import BadgerDeck
import BadgerTestSupport
import Foundation
import Testing

/// `ImageLocation.readablePath`: only regular files inside the collection, as the linter judges.
@Suite struct ImageLocationTests {
    @Test func onlyFilesInsideTheCollectionAreReadable() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        let fileSystem = LocalFileSystem()
        let resolvedRoot = try #require(fileSystem.resolvedPath(root.url.path))
        try root.write("decks/images/heart.png", "png")
        try root.write("decks/deck.md", "")
        let secret = try outside.write("secret.png", "secret")
        try FileManager.default.createSymbolicLink(
            atPath: root.url.appendingPathComponent("decks/images/link.png").path, withDestinationPath: secret.path)
        let deck = DeckFile(
            displayPath: "decks/deck.md", absolutePath: resolvedRoot + "/decks/deck.md", collectionRoot: resolvedRoot)
        func readable(_ source: String) -> String? {
            ImageLocation(source: source, deck: deck, fileAccess: fileSystem).readablePath(fileAccess: fileSystem)
        }
        #expect(readable("images/heart.png") == resolvedRoot + "/decks/images/heart.png")
        #expect(readable("images/../images/heart.png") == resolvedRoot + "/decks/images/heart.png")
        #expect(readable("images/link.png") == nil)
        #expect(ImageLocation(source: "images/link.png", deck: deck, fileAccess: fileSystem).isInsideCollection == false)
        #expect(readable("../../" + (secret.path.split(separator: "/").joined(separator: "/"))) == nil)
        #expect(readable(secret.path) == nil)
        #expect(readable("images/missing.png") == nil)
        #expect(readable("images") == nil)
        #expect(readable("https://example.com/heart.png") == nil)
        #expect(ImageLocation(source: "https://example.com/heart.png", deck: deck, fileAccess: fileSystem).isRemote)
    }
}

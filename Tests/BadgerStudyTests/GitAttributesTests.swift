import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

/// The `.gitattributes` and `.gitignore` lines a collection gets: added to what the files hold,
/// in their own line endings, never over a file badger cannot read back whole.
@Suite struct GitAttributesTests {
    @Test func linesAreAddedOnceInTheFilesOwnLineEndings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A collection from before `.*.tmp-*` was ignored, written on Windows, no final line break.
        try directory.write(".gitignore", "notes/\r\n.badger.lock")
        try directory.write(".gitattributes", "*.reviews merge=union\r\n")
        GitAttributes.ensure(root: directory.url.path)
        #expect(try directory.read(".gitignore") == "notes/\r\n.badger.lock\r\n.*.tmp-*\r\n")
        let attributes = try directory.read(".gitattributes")
        #expect(
            attributes.hasPrefix("*.reviews merge=union\r\n*.state merge=union\r\n")
                && !attributes.contains("*.reviews merge=union\r\n*.reviews"))
        // Again: nothing to add, nothing written.
        GitAttributes.ensure(root: directory.url.path)
        #expect(try directory.read(".gitignore") == "notes/\r\n.badger.lock\r\n.*.tmp-*\r\n")
        #expect(try directory.read(".gitattributes") == attributes)
    }

    /// A line the user negated stays theirs; a file that is not UTF-8 is left as it is.
    @Test func aNegatedLineAndAFileNotInUTF8AreLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let latin1 = Data("*.md diff=caf".utf8) + Data([0xE9]) + Data("\n".utf8)
        try directory.write(".gitattributes", latin1)
        for negated in ["!.badger.lock", "!/.badger.lock", "!**/.badger.lock"] {
            try directory.write(".gitignore", negated + "\n")
            GitAttributes.ensure(root: directory.url.path)
            #expect(try directory.read(".gitignore") == negated + "\n.*.tmp-*\n")
        }
        #expect(try Data(contentsOf: directory.url.appendingPathComponent(".gitattributes")) == latin1)
    }

    /// A `.gitignore` linked to a file of the collection is written through (the link stays);
    /// one linked out of it is left as it is.
    @Test func aLinkedGitignoreIsWrittenThroughOnlyInsideTheCollection() throws {
        let directory = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        defer {
            directory.remove()
            outside.remove()
        }
        let manager = FileManager.default
        let link = directory.url.appendingPathComponent(".gitignore").path
        try directory.write("shared/ignore", "notes/\n")
        try manager.createSymbolicLink(atPath: link, withDestinationPath: "shared/ignore")
        GitAttributes.ensure(root: directory.url.path)
        #expect(try manager.destinationOfSymbolicLink(atPath: link) == "shared/ignore")
        #expect(try directory.read("shared/ignore") == "notes/\n.badger.lock\n.*.tmp-*\n")
        try manager.removeItem(atPath: link)
        try outside.write("ignore", "notes/\n")
        try manager.createSymbolicLink(atPath: link, withDestinationPath: outside.url.appendingPathComponent("ignore").path)
        GitAttributes.ensure(root: directory.url.path)
        #expect(try outside.read("ignore") == "notes/\n")
        #expect(try manager.destinationOfSymbolicLink(atPath: link) == outside.url.appendingPathComponent("ignore").path)
    }
}

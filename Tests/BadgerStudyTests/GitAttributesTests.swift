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
        try directory.write(".gitignore", "!.badger.lock\n")
        let latin1 = Data("*.md diff=caf".utf8) + Data([0xE9]) + Data("\n".utf8)
        try directory.write(".gitattributes", latin1)
        GitAttributes.ensure(root: directory.url.path)
        #expect(try directory.read(".gitignore") == "!.badger.lock\n.*.tmp-*\n")
        #expect(try Data(contentsOf: directory.url.appendingPathComponent(".gitattributes")) == latin1)
    }
}

import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

/// `AtomicFile.undoAppend` takes back exactly the line `appendLine` added.
@Suite struct AppendUndoTests {
    @Test func undoRestoresTheFileByteForByte() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("x.reviews").path
        try AtomicFile.appendLine("first", to: path, header: "# header")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let appended = try AtomicFile.appendLine("second", to: path, header: "# header")
        #expect(appended.previousSize == off_t(before.count))
        try AtomicFile.undoAppend(appended)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func undoOfTheFirstLineRemovesTheFileItCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("x.reviews").path
        let appended = try AtomicFile.appendLine("first", to: path, header: "# header")
        #expect(appended.previousSize == nil)
        try AtomicFile.undoAppend(appended)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func undoAfterRepairingACutOffLineKeepsTheRepair() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write("x.reviews", "# header\nwhole\ncut o")
        let appended = try AtomicFile.appendLine("next", to: url.path, header: "# header")
        try AtomicFile.undoAppend(appended)
        #expect(try String(contentsOf: url, encoding: .utf8) == "# header\nwhole\n")
    }
}

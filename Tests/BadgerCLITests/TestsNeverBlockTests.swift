import BadgerTestSupport
import Foundation
import Testing

/// Swift Testing runs tests on a small pool of threads (two here); a test that blocks one of them
/// waiting for a process or sleeping stalls every other test. Waits in tests are `await`ed
/// (`ExternalProcess.run`, `Task.sleep`); blocking reads happen on threads of their own.
@Suite struct TestsNeverBlockTests {
    /// Calls that block the calling thread until something else happens.
    static let blockingCalls = [".waitUntilExit()", "usleep(", "Thread.sleep(", "sleep(UInt32"]

    @Test func noTestSourceBlocksAThreadOfTheRunnersPool() throws {
        let tests = PackagePaths.url("Tests")
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        var found: [String] = []
        var scanned = 0
        for case let file as URL in files where file.pathExtension == "swift" && file.lastPathComponent != "TestsNeverBlockTests.swift" {
            scanned += 1
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.blockingCalls.contains(where: { line.contains($0) }) {
                found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(scanned > 50, "the scan found too few test sources under \(tests.path)")
        #expect(found == [], "blocking waits in tests:\n\(found.joined(separator: "\n"))")
    }
}

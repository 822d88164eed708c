import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

/// A writer killed while replacing a file (a state file, say) leaves its temporary file behind;
/// the next write of anything in that folder removes it.
@Suite struct StaleTemporaryTests {
    /// The pid of a process that has ended.
    func endedProcessID() async throws -> Int32 {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        _ = try await ExternalProcess.run(process)
        return process.processIdentifier
    }

    @Test func aWriteRemovesTheTemporariesKilledWritersLeftForOtherFilesOfItsFolder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let dead = try await endedProcessID()
        try directory.write(".french.state.tmp-\(dead)", "half a state")
        try directory.write(".german.md.tmp-\(dead)", "half a deck")
        // A writer still running (this process's parent) keeps its file.
        try directory.write(".spanish.state.tmp-\(getppid())", "being written")
        try directory.write("notes.tmp-\(dead)", "not a temporary of badger's")
        try AtomicFile.write("# badger state 1\n", to: directory.url.appendingPathComponent("italian.state").path)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
        #expect(names == ["italian.state", ".spanish.state.tmp-\(getppid())", "notes.tmp-\(dead)"])
    }
}

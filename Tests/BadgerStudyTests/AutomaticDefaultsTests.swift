import BadgerDeck
import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerStudy

/// `AutomaticDefaults`: planned when a command that records reviews starts, written just before
/// the first review; a badger.yml changed in between keeps every change.
@Suite struct AutomaticDefaultsTests {
    static func plan(_ directory: TemporaryDirectory) throws -> AutomaticDefaults? {
        let root = directory.url.path
        let loader = CollectionLoader(fileAccess: LocalFileSystem())
        return try AutomaticDefaults.planned(
            root: root, config: try loader.configuration(forRoot: root), loader: loader, fileAccess: LocalFileSystem())
    }

    @Test func aFileEditedAfterThePlanKeepsTheEdit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "fuzz: true\n")
        let planned = try #require(try Self.plan(directory))
        #expect(planned.config.adaptiveRetention)
        // Edited while a session was open (or by a `git pull`).
        try directory.write("badger.yml", "fuzz: true\nday_start_hour: 6\nlearning_steps: [5m]\n")
        try planned.write()
        let written = try directory.read("badger.yml")
        #expect(written.hasPrefix("fuzz: true\nday_start_hour: 6\nlearning_steps: [5m]\n# Chosen at each fit"), "\(written)")
        #expect(written.hasSuffix("desired_retention: auto\nrelearning_steps: auto\n"), "\(written)")
        #expect(written.components(separatedBy: "learning_steps").count == 3)
    }

    @Test func aFileThatSetThemMeanwhileIsLeftAsItIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let planned = try #require(try Self.plan(directory))
        let mine = "desired_retention: 0.9\nlearning_steps: [1m, 10m]\nrelearning_steps: [10m]\n"
        try directory.write("badger.yml", mine)
        try planned.write()
        #expect(try directory.read("badger.yml") == mine)
    }

    /// A file that is there but cannot be read is never replaced by one holding only them.
    @Test func aFileThatCannotBeReadIsNotReplaced() throws {
        guard getuid() != 0 else { return }  // root reads every file
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "fuzz: true\n")
        let planned = try #require(try Self.plan(directory))
        let path = directory.url.appendingPathComponent("badger.yml").path
        try directory.write("badger.yml", "fuzz: true\nday_start_hour: 6\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        #expect(throws: AutomaticDefaults.Refusal.self) { try planned.write() }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(try directory.read("badger.yml") == "fuzz: true\nday_start_hour: 6\n")
    }

    /// The loader refuses such a file (`CollectionConfig(bytes:path:)`); one saved in Latin-1
    /// after the collection was read is refused here, not rewritten.
    @Test func aFileNotInUTF8IsRefusedNotRewritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var latin1 = Data("# r".utf8)
        latin1.append(0xE9)
        latin1.append(contentsOf: Array("glages\nfuzz: false\n".utf8))
        _ = try directory.write("badger.yml", latin1)
        #expect(throws: CollectionError.self) { try Self.plan(directory) }
        let root = directory.url.path
        #expect(throws: AutomaticDefaults.Refusal.self) {
            try AutomaticDefaults.planned(
                root: root, config: CollectionConfig(), loader: CollectionLoader(fileAccess: LocalFileSystem()),
                fileAccess: LocalFileSystem())
        }
        #expect(try Data(contentsOf: directory.url.appendingPathComponent("badger.yml")) == latin1)
    }

    /// badger.yml made a link out of the collection while a session was open: left alone.
    @Test func aLinkOutMadeAfterThePlanIsNotWritten() throws {
        let directory = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        defer {
            directory.remove()
            outside.remove()
        }
        try directory.write("badger.yml", "fuzz: true\n")
        let planned = try #require(try Self.plan(directory))
        let shared = try outside.write("shared.yml", "fuzz: false\n")
        let link = directory.url.appendingPathComponent("badger.yml")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: shared)
        #expect(throws: AutomaticDefaults.Refusal.self) { try planned.write() }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == shared.path)
        #expect(try outside.read("shared.yml") == "fuzz: false\n")
    }

    @Test func parametersOfYourOwnGetNone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let parameters = FSRS6.defaultParameters.map { String($0) }.joined(separator: ", ")
        try directory.write("badger.yml", "fsrs_parameters: [\(parameters)]\n")
        #expect(try Self.plan(directory) == nil)
    }
}

import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("badger-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `relative` inside the directory, creating folders as needed.
    @discardableResult
    public func write(_ relative: String, _ contents: String) throws -> URL {
        try write(relative, Data(contents.utf8))
    }

    @discardableResult
    public func write(_ relative: String, _ contents: Data) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file
    }

    /// The text of `relative` inside the directory.
    public func read(_ relative: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

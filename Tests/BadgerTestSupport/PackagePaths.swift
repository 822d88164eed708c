import Foundation

/// Paths inside the package, found from this file's location.
public enum PackagePaths {
    /// The package root (the directory holding Package.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file or directory relative to the package root.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}

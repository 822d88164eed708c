import Foundation

/// Converts between `file:` URIs, as editors name documents, and absolute paths.
enum DocumentURI {
    /// The absolute path of a `file:` URI, or nil for another scheme.
    static func path(_ uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        return path.isEmpty ? nil : path
    }

    /// The `file:` URI of an absolute path.
    static func uri(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}

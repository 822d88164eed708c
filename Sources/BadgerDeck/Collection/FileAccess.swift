/// What the library may ask of the file system. The executable passes `LocalFileSystem`; tests
/// may pass their own.
public protocol FileAccess: Sendable {
    /// The whole file.
    func contents(atPath path: String) throws -> [UInt8]
    /// Up to `count` bytes from the start of the file, or nil if it cannot be read.
    func prefix(atPath path: String, count: Int) -> [UInt8]?
    /// The file's size in bytes, or nil if it does not exist.
    func size(atPath path: String) -> Int?
    /// Whether the path is a directory, a regular file, or missing.
    func kind(atPath path: String) -> FileKind?
    /// The path with symbolic links, `.` and `..` resolved, or nil if it does not exist.
    func resolvedPath(_ path: String) -> String?
    /// The names in a directory, sorted.
    func entries(ofDirectory path: String) throws -> [String]
    /// The absolute path of the working directory.
    var currentDirectory: String { get }
    /// The file in consecutive parts of at most `size` bytes, each passed to `body` in order, so
    /// a large file need not be held whole.
    func read(atPath path: String, inPartsOf size: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws
    /// What makes a directory the same whatever path reaches it (its device and inode: a bind
    /// mount is another path to it that `resolvedPath` keeps apart), or nil if unknown.
    func identity(ofDirectory path: String) -> DirectoryIdentity?
}

/// A directory's device and inode.
public struct DirectoryIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

extension FileAccess {
    /// Unknown: paths `resolvedPath` keeps apart are different directories.
    public func identity(ofDirectory path: String) -> DirectoryIdentity? { nil }

    /// Reads the whole file and passes it as one part.
    public func read(atPath path: String, inPartsOf size: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let bytes = try contents(atPath: path)
        try bytes.withUnsafeBytes { try body($0) }
    }
}

/// The kinds of file system entry the library cares about.
public enum FileKind: Sendable {
    case file, directory
}

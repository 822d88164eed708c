import Yams

/// The collection config file, `badger.yml`, at the collection root. Its presence marks the root.
public struct CollectionConfig: Sendable, Equatable {
    /// The file name that marks a collection root.
    public static let fileName = "badger.yml"

    /// Glob patterns, relative to the root, of Markdown files that are not decks.
    public var exclude: [String] = []

    public init(exclude: [String] = []) { self.exclude = exclude }

    /// Reads a config file's text.
    ///
    /// - Throws: `CollectionError.badConfig` with the problem and its line, when the file is
    ///   not YAML, not a mapping, or `exclude` is not a list of strings.
    public init(yaml: String, path: String) throws {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            throw CollectionError.badConfig(path: path, problem: "not valid YAML: \(error)")
        }
        guard let node else { return }
        guard case .mapping(let mapping) = node else {
            throw CollectionError.badConfig(path: path, problem: "must be a mapping of keys to values")
        }
        for (key, value) in mapping {
            switch key.string {
            case "exclude":
                guard case .sequence(let items) = value, let patterns = Optional(items.compactMap(\.string)), patterns.count == items.count
                else {
                    throw CollectionError.badConfig(
                        path: path, problem: "line \((value.mark?.line).map(String.init) ?? "?"): `exclude` must be a list of glob patterns"
                    )
                }
                exclude = patterns
            default:
                // Later releases add scheduling settings; unknown keys are left for them.
                continue
            }
        }
    }
}

/// Problems finding or reading a collection. These end a command with exit status 2.
public enum CollectionError: Error, CustomStringConvertible, Equatable {
    case notFound(path: String)
    case unreadable(path: String)
    case badConfig(path: String, problem: String)

    public var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file or directory"
        case .unreadable(let path): return "\(path): cannot be read"
        case .badConfig(let path, let problem): return "\(path): \(problem)"
        }
    }
}

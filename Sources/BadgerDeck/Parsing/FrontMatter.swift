/// The YAML block at the top of a deck, as read: each key with its value and position, plus
/// what went wrong reading it. Rules decide what is an error.
public struct FrontMatter: Sendable {
    /// A YAML value's shape, which is all the rules need to check types.
    public enum Value: Sendable, Equatable {
        case string(String)
        case bool(Bool)
        case number(String)
        case null
        case sequence
        case mapping
    }

    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: Value
        public var valueLocation: SourceLocation
    }

    /// The lines the block spans, including both `---` fences.
    public var lines: ClosedRange<Int>
    /// Whether a closing `---` (or `...`) line was found.
    public var isClosed: Bool
    /// The YAML parser's complaint, if the block is not valid YAML.
    public var syntaxError: (message: String, location: SourceLocation)?
    /// Where the YAML document is something other than a mapping (a list, a bare word …).
    public var notAMapping: SourceLocation?
    /// Every anchor (`&name`) or alias (`*name`) in the block.
    public var anchorsAndAliases: [SourceLocation]
    public var entries: [Entry]

    /// The entry for `key`, if present.
    public func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }
}

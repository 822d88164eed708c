/// A position in a deck file.
///
/// Lines are 1-based. Columns are 1-based and count UTF-8 bytes from the start of the line
/// (after a byte-order mark on line 1), as compilers and cmark-gfm do.
public struct SourceLocation: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in UTF-8 bytes from the start of the line.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open stretch of a deck file, from `start` up to (not including) `end`.
public struct SourceRange: Hashable, Sendable, Codable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }

    /// A range covering `length` bytes of one line.
    public init(line: Int, column: Int, length: Int = 1) {
        self.init(
            start: SourceLocation(line: line, column: column),
            end: SourceLocation(line: line, column: column + max(length, 0)))
    }

    public var description: String { "\(start)-\(end)" }
}

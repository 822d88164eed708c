import Foundation

/// The long runs: `make test-long` (which CI runs after `make test`) sets `BADGER_LONG_TESTS=1`
/// for the tests that take most of a run's CPU (the large-collection memory bounds, hostile
/// decks 100,000 levels deep, 200-kill loops). `make test` runs the rest, and those at a
/// smaller size where they have one, so that `swift test` stays quick.
public enum LongTests {
    public static let enabled = ProcessInfo.processInfo.environment["BADGER_LONG_TESTS"] == "1"
}

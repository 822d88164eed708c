import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport
import Foundation
import Testing

/// Loading a collection's scheduling state as a library call: what it finds comes back as notices
/// for the front end to show (the library never prints), and the collection-wide settings of a
/// collection with several roots are those of the first root by path.
@Suite struct StudiedCollectionTests {
    @Test func thePrimaryConfigurationIsTheFirstRootsByPath() throws {
        var first = CollectionConfig()
        first.dayStartHour = 2
        var second = CollectionConfig()
        second.dayStartHour = 6
        for _ in 0..<20 {
            // Built afresh each time, so the dictionaries differ in layout.
            var configs: [String: CollectionConfig] = [:]
            for (root, config) in [("/z/b", second), ("/z/a", first), ("/z/c", second)].shuffled() { configs[root] = config }
            #expect(StudiedCollection.primaryConfig(of: configs).dayStartHour == 2)
        }
        #expect(StudiedCollection.primaryConfig(of: [:]).dayStartHour == CollectionConfig().dayStartHour)
    }

    /// A collection of one card in `directory`, and its id.
    static func oneCard(in directory: TemporaryDirectory) throws -> (DeckCollection, String) {
        try directory.write("t.md", "---\ntopic: T\n---\n\nQ: What is 2+2?\nA: 4\n")
        let fileAccess = LocalFileSystem()
        let collection = try DeckCollection.load(
            try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [directory.url.path]), fileAccess: fileAccess)
        return (collection, try #require(collection.cards.first?.id.description))
    }

    @Test func aCutOffLogLineComesBackAsAWarningNotPrinted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "")
        let (collection, id) = try Self.oneCard(in: directory)
        let fileAccess = LocalFileSystem()
        try directory.write(
            "t.reviews",
            "# badger review log 2\n2026-11-20T10:00:00Z\tcard\t\(id)\t\(id)\tforward\tWhat is 2+2?\t4\t4f520baec197f444\n"
                + "2026-11-20T10:00:00Z\treviewed\t\(id)\t3\t-\t-\t7e6769d34fc44e8f\n2026-11-21T10:00:00Z\treviewed\t\(id)\t3\t-\t-\t7e6769d34fc44e8"
        )
        // 2026-11-30, after the reviews.
        let studied = try StudiedCollection.load(collection, fileAccess: fileAccess, now: Date(timeIntervalSince1970: 1_796_000_000))
        let warnings = studied.notices.filter { $0.kind == .warning }.map(\.text)
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasSuffix(
                "t.reviews:4: the last line was cut off (a crash while writing?) and is ignored; it will be dropped on the next review")
                == true, "\(warnings)")
        #expect(studied.locks.isEmpty)
        #expect(studied.memories.count == 1)
    }

    /// Reviews dated more than a day after now (a clock set wrong on the machine that wrote
    /// them) are read as written and named, once per log: `badger review --at` refuses such a
    /// time, a log line written elsewhere was taken silently into the schedule and the fit.
    @Test func reviewsDatedAfterNowAreNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (collection, id) = try Self.oneCard(in: directory)
        let fileAccess = LocalFileSystem()
        try directory.write(
            "t.reviews",
            "# badger review log 1\n2026-11-20T10:00:00Z\treview\t\(id)\t3\t-\t-\n2030-01-01T00:00:00Z\treview\t\(id)\t3\t-\t-\n"
                + "2029-06-01T00:00:00Z\treview\t\(id)\t1\t-\t-\n")
        func warnings(at now: Date) throws -> [String] {
            try StudiedCollection.load(collection, fileAccess: fileAccess, now: now).notices.filter { $0.kind == .warning }.map(\.text)
        }
        let found = try warnings(at: Date(timeIntervalSince1970: 1_796_000_000))  // 2026-11-30
        #expect(found.count == 1, "\(found)")
        #expect(
            found.first?.contains(
                "/t.reviews: 2 reviews are dated more than a day from now (the latest 2030-01-01T00:00:00Z): was a clock set wrong where they were written?"
            ) == true, "\(found)")
        #expect(try warnings(at: Date(timeIntervalSince1970: 1_893_456_000)).isEmpty)  // 2030-01-01
    }
}

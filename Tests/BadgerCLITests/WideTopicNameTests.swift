import BadgerDeck
import BadgerTestSupport
import Foundation
import Testing

/// Tables line up by columns on screen, not characters: a topic named 日本 takes four columns.
@Suite struct WideTopicNameTests {
    /// The screen column where `needle` starts in `line`.
    static func column(of needle: String, in line: Substring) -> Int? {
        guard let range = line.range(of: needle) else { return nil }
        return DisplayWidth.of(line[..<range.lowerBound])
    }

    @Test func dueStatsAndListAlignWideTopicNames() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("badger.yml", "")
        try directory.write("j.md", "---\ntopic: 日本語\n---\n\nQ: a?\nA: b\n")
        try directory.write("l.md", "---\ntopic: Latin\n---\n\nQ: c?\nA: d\n")
        let ids = try await BadgerProcess.run(["list", "--format", "json"], in: directory.url).standardOutput
            .components(separatedBy: "\"id\" : \"").dropFirst().map { String($0.prefix(16)) }
        for id in ids {
            let review = try await BadgerProcess.run(["review", "--card", id, "--rating", "2"], in: directory.url)
            try #require(review.status == 0, "\(review.standardError)")
        }

        let due = try await BadgerProcess.run(["due"], in: directory.url).standardOutput.split(separator: "\n")
        let dueRows = due.filter { $0.hasPrefix("日本語") || $0.hasPrefix("Latin") }
        #expect(dueRows.count == 2)
        // Every row ends at the same column, its numbers right-aligned under the headings.
        #expect(Set(dueRows.map { DisplayWidth.of($0) }).count == 1, "\(due)")
        #expect(DisplayWidth.of(dueRows[0]) == DisplayWidth.of(due[0]), "\(due)")

        let stats = try await BadgerProcess.run(["stats", "--color", "never"], in: directory.url).standardOutput
            .split(separator: "\n")
        let sparkRows = stats.filter { $0.hasPrefix("  日本語") || $0.hasPrefix("  Latin") }
        #expect(sparkRows.count == 2, "\(stats)")
        let columns = sparkRows.map { row in row.firstIndex { StatsReportSparkline.blocks.contains($0) }.map { DisplayWidth.of(row[..<$0]) }
        }
        #expect(columns[0] != nil && columns[0] == columns[1], "\(sparkRows)")

        let list = try await BadgerProcess.run(["list"], in: directory.url).standardOutput.split(separator: "\n")
        #expect(list.count == 2)
        #expect(Self.column(of: "text", in: list[0]) == Self.column(of: "text", in: list[1]), "\(list)")
    }
}

/// The sparkline's block characters, as `badger stats` draws them.
enum StatsReportSparkline {
    static let blocks: Set<Character> = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
}

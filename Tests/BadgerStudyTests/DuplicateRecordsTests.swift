import BadgerMemory
import Foundation
import Testing

@testable import BadgerStudy

/// Records copied between logs (a merge, a sync tool's copy, a cherry-pick) count once, found
/// however many records the logs hold: a copy among 200,000 records, a record copied within
/// one log, and logs without any copy left as they are.
@Suite struct DuplicateRecordsTests {
    static func log(_ ids: [UInt64], names: NameBook, rename: Bool = false) throws -> CollectionMemory.Log {
        var text = ReviewLog.header + "\n"
        // A line without a record id (`state link --join`'s rename), in a log of lines with one.
        if rename { text += "2026-01-01T07:00:00Z\trename\t\(NameBook.hex(1))\t\(NameBook.hex(2))\n" }
        for (index, id) in ids.enumerated() {
            text += "2026-01-01T08:00:00Z\treviewed\t\(NameBook.hex(UInt64(index % 97 + 1)))\t3\t-\t-\t\(NameBook.hex(id))\n"
        }
        let log = try Array(text.utf8).withUnsafeBytes { try CompactLog(bytes: $0, names: names) }
        return CollectionMemory.Log(path: "/x.reviews", displayPath: "x.reviews", log: log, inScope: true)
    }

    @Test(arguments: [2, 50, 200_000])
    func aCopiedRecordCountsOnce(records: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let names = NameBook()
        let ids = (0..<records).map { _ in UInt64.random(in: 1...UInt64.max, using: &generator) }
        // No copy: nothing removed.
        var logs = [
            try Self.log(Array(ids.prefix(records / 2)), names: names), try Self.log(Array(ids.dropFirst(records / 2)), names: names),
        ]
        CollectionMemory.removeDuplicates(&logs)
        #expect(logs.map(\.log.count) == [records / 2, records - records / 2])
        // One record of the first log copied into the second, one copied within the second.
        let copied = ids[records / 4]
        let within = ids[records - 1]
        logs = [
            try Self.log(Array(ids.prefix(records / 2)), names: names),
            try Self.log(Array(ids.dropFirst(records / 2)) + [copied, within], names: names),
        ]
        CollectionMemory.removeDuplicates(&logs)
        #expect(logs.map(\.log.count) == [records / 2, records - records / 2])
        // The same with a rename line in both logs (merged): it counts once too.
        logs = [
            try Self.log(Array(ids.prefix(records / 2)), names: names, rename: true),
            try Self.log(Array(ids.dropFirst(records / 2)) + [copied, within], names: names, rename: true),
        ]
        CollectionMemory.removeDuplicates(&logs)
        #expect(logs.map(\.log.count) == [records / 2 + 1, records - records / 2])
    }
}

import Foundation

/// An append-only review log beside a deck: the truth from which all state is rebuilt.
///
/// A header line starting with `#` names the format; every other line is a `ReviewRecord`.
/// Format 1 and format 2 lines may stand in one file (a log written before the redesign keeps
/// its lines, and new ones are appended in format 2).
/// Lines are only ever appended, each with one write and an fsync, so a crash can at worst cut
/// the last line short; reading repairs that (with a warning) and reports any other bad line
/// with its number.
public struct ReviewLog: Sendable, Equatable {
    public static let header =
        "# badger review log 2\ttime\treviewed|card|retired\tkey\t(reviewed: rating 1 Fail..4 Easy, elapsed_s, answer_ms | card: content id, direction, question, answer)\trecord id"

    public var records: [ReviewRecord]
    /// Set when the last line was cut off (no line ending and unreadable) and was dropped.
    public var repairedTruncatedLine: Int?

    public init(records: [ReviewRecord] = [], repairedTruncatedLine: Int? = nil) {
        self.records = records
        self.repairedTruncatedLine = repairedTruncatedLine
    }

    /// Reads a log's text.
    ///
    /// - Throws: `ReviewLogError.garbled` for the first line that is not a record (other than
    ///   a cut-off last line).
    public init(text: String) throws {
        var text = text
        self = try text.withUTF8 { try ReviewLog(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Reads a log's UTF-8 bytes.
    public init(bytes: UnsafeRawBufferPointer) throws {
        records = []
        records.reserveCapacity(bytes.count / 48)
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let terminated = end < bytes.count
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<lineEnd])
            if !line.isEmpty, line[0] != UInt8(ascii: "#"), !Self.isConflictMarker(line) {
                do {
                    records.append(try ReviewRecord(bytes: line, number: number))
                } catch {
                    // Only a last line without a line ending can be a write cut short.
                    guard !terminated else { throw error }
                    repairedTruncatedLine = number
                }
            }
            start = end + 1
        }
    }

    /// Whether a line is a git conflict marker (`<<<<<<< `, `=======`, `>>>>>>> `, `||||||| `):
    /// readers skip them, so a conflicted log reads as both sides' records.
    public static func isConflictMarker(_ line: UnsafeRawBufferPointer) -> Bool {
        guard line.count >= 7, let first = line.first, [0x3C, 0x3D, 0x3E, 0x7C].contains(first) else { return false }
        for index in 1..<7 where line[index] != first { return false }
        return line.count == 7 || line[7] == 0x20 || (first == 0x3D && line.allSatisfy { $0 == 0x3D })
    }

    /// The whole log as text, with the header.
    public var text: String {
        ([ReviewLog.header] + records.map(\.line)).joined(separator: "\n") + "\n"
    }

    /// The union of two logs' records, in time order, each record once: what merging two
    /// clones that both studied gives. Format 2 records are the same record when their record
    /// ids are; format 1 lines when their text and their number of earlier copies in their own
    /// log are (three identical lines in one log stay three reviews).
    public static func union(_ logs: [ReviewLog]) -> ReviewLog {
        var seen: Set<String> = []
        var merged: [(ReviewRecord, String)] = []
        for log in logs {
            var copies: [String: Int] = [:]
            for record in log.records {
                let line = record.line
                let identity: String
                if let id = record.recordID {
                    identity = id
                } else {
                    let copy = copies[line, default: 0]
                    copies[line] = copy + 1
                    identity = "\(line)\u{1F}\(copy)"
                }
                if seen.insert(identity).inserted { merged.append((record, line)) }
            }
        }
        merged.sort { ($0.0.time, $0.1) < ($1.0.time, $1.1) }
        return ReviewLog(records: merged.map(\.0))
    }
}

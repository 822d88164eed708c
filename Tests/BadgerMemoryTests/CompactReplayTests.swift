import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

/// Replaying compact logs gives every card the state the record-based replay gives: several
/// logs, reviews out of time order and in the same second, hex and hand-written ids.
@Suite struct CompactReplayTests {
    @Test(arguments: 0..<30 as Range<UInt64>) func compactReplayEqualsTheRecordReplay(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let ids = (0..<12).map { $0 < 8 ? NameBook.hex(UInt64($0 + 1) &* 0x9E37_79B9_7F4A_7C15) : "card-\($0)" }
        var logs: [[ReviewRecord]] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            var time = Date(timeIntervalSince1970: 1_760_000_000 + Double(Int.random(in: 0..<86_400, using: &random)))
            var records: [ReviewRecord] = []
            for _ in 0..<Int.random(in: 0...200, using: &random) {
                records.append(
                    .review(
                        .init(
                            time: time, cardID: ids.randomElement(using: &random)!,
                            rating: Rating(rawValue: Int.random(in: 1...4, using: &random))!,
                            elapsedSeconds: nil, answerMilliseconds: nil, recordID: NameBook.hex(random.next() | 1))))
                time.addTimeInterval(Double([0, 40, 3_600, 86_400, 90_000 * 3, -7_200][Int.random(in: 0..<6, using: &random)]))
            }
            logs.append(records)
        }
        let names = NameBook()
        let compact = logs.map { records in
            var log = CompactLog()
            for record in records { log.append(record, names: names) }
            return log
        }
        for fuzzing in [true, false] {
            let rebuilder = StateRebuilder(scheduler: try FSRS6(), fuzzing: fuzzing)
            let expected = rebuilder.states(fromLogs: logs)
            let states = rebuilder.states(fromCompact: compact, key: { $0 }, names: names)
            #expect(Dictionary(uniqueKeysWithValues: states.map { (names.name($0.key), $0.value) }) == expected)
        }
    }
}

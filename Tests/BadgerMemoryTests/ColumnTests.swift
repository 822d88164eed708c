import BadgerMemory
import BadgerTestSupport
import Testing

/// `TimeColumn`, `KeyColumn` and `SmallNumberColumn` read back exactly what was appended, as an
/// array would: times far apart (the column then keeps them as they are), keys repeated or not,
/// numbers absent, small, at 65,535 and beyond.
@Suite struct ColumnTests {
    @Test(arguments: 0..<20 as Range<UInt64>) func timesComeBackExactly(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let far: [Int64] = [Int64.min, Int64.max, 0, -1, Int64(Int32.max) + 1_760_000_000, 1_760_000_000 - Int64(Int32.max) - 1]
        var column = TimeColumn()
        var expected: [Int64] = []
        for step in 0..<Int.random(in: 0...500, using: &random) {
            let time: Int64 =
                seed % 4 == 0 && step == 250
                ? far.randomElement(using: &random)! : 1_760_000_000 + Int64.random(in: -90_000_000...90_000_000, using: &random)
            column.append(time)
            expected.append(time)
            #expect(column[step] == time)
        }
        #expect(Array(column) == expected)
        #expect(column.count == expected.count)
    }

    @Test(arguments: 0..<20 as Range<UInt64>) func keysComeBackExactly(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pool = (0..<Int.random(in: 1...60, using: &random)).map { _ in random.next() }
        var column = KeyColumn()
        var expected: [UInt64] = []
        for _ in 0..<Int.random(in: 0...500, using: &random) {
            let key = Bool.random(using: &random) ? pool.randomElement(using: &random)! : random.next()
            column.append(key)
            expected.append(key)
        }
        #expect(Array(column) == expected)
        #expect(expected.allSatisfy { column.contains($0) })
    }

    @Test(arguments: 0..<20 as Range<UInt64>) func smallNumbersComeBackExactly(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let odd: [UInt32] = [65_535, 65_534, 65_536, CompactLog.absent - 1, 0]
        var column = SmallNumberColumn()
        var expected: [UInt32] = []
        for step in 0..<Int.random(in: 0...500, using: &random) {
            let value: UInt32 =
                seed % 3 == 0 && step == 200
                ? odd[Int(seed / 3) % odd.count]
                : Bool.random(using: &random) ? CompactLog.absent : UInt32.random(in: 0..<65_535, using: &random)
            column.append(value)
            expected.append(value)
            #expect(column[step] == value)
        }
        #expect(Array(column) == expected)
    }
}

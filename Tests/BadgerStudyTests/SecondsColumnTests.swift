import BadgerMemory
import Testing

@testable import BadgerStudy

/// `SecondsColumn` reads back exactly the times appended, as an array of `Double` would: whole
/// seconds near each other, and (from then on kept as they are) fractions, -0, NaN, infinities,
/// times beyond 2^53 and times 68 years apart.
@Suite struct SecondsColumnTests {
    @Test(arguments: 0..<24 as Range<UInt64>) func timesComeBackExactly(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let odd: [Double] = [0.5, -0.0, .infinity, -.infinity, 9_007_199_254_740_994, 1_760_000_000 + 2_200_000_000, 1e300, -1.25]
        var column = SecondsColumn()
        var expected: [Double] = []
        for step in 0..<Int.random(in: 0...400, using: &random) {
            let time =
                seed % 3 == 0 && step == 100
                ? odd[Int(seed / 3) % odd.count] : Double(1_760_000_000 + Int.random(in: -90_000_000...90_000_000, using: &random))
            column.append(time)
            expected.append(time)
        }
        #expect(column.count == expected.count)
        for (index, time) in expected.enumerated() {
            #expect(column[index] == time && column[index].sign == time.sign)
        }
        var nan = SecondsColumn()
        nan.append(5)
        nan.append(.nan)
        #expect(nan[0] == 5 && nan[1].isNaN)
    }
}

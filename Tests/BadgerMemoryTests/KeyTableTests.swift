import BadgerTestSupport
import Testing

@testable import BadgerMemory

/// `KeyTable` finds exactly the keys it was made of, each at one place, whatever the keys:
/// random ids, small numbers, keys sharing their top bits, repeats, none.
@Suite struct KeyTableTests {
    static func keys(_ random: inout SeededGenerator, count: Int, kind: Int) -> [UInt64] {
        (0..<count).map { index in
            switch kind {
            case 0: UInt64.random(in: 0...UInt64.max, using: &random)
            case 1: UInt64.random(in: 0..<UInt64(max(1, count / 2)), using: &random)  // small, with repeats
            case 2: 0xABCD_0000_0000_0000 | UInt64(index)  // one prefix
            default: [0, 1, UInt64.max, UInt64.max - 1, 1 << 63].randomElement(using: &random)!
            }
        }
    }

    @Test(arguments: 0..<24 as Range<UInt64>) func findsExactlyItsKeys(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let count = [0, 1, 2, 3, 17, 1000, 5000][Int(seed) % 7]
        let keys = Self.keys(&random, count: count, kind: Int(seed / 7) % 4)
        let (table, places) = KeyTable.make(keys)
        let distinct = Set(keys)
        #expect(table.count == distinct.count)
        let plain = KeyTable(keys)
        #expect(plain.count == distinct.count)
        #expect(Set(table.keys) == distinct)
        var keyOfPlace: [Int32: UInt64] = [:]
        for (index, key) in keys.enumerated() {
            let place = places[index]
            #expect(table.place(of: key) == Int(place))
            #expect(plain.place(of: key) != nil)
            #expect(table.key(at: Int(place)) == key)
            // One place a key, one key a place.
            #expect(keyOfPlace.updateValue(key, forKey: place).map { $0 == key } ?? true)
        }
        for _ in 0..<200 {
            let other = UInt64.random(in: 0...UInt64.max, using: &random)
            #expect((table.place(of: other) != nil) == distinct.contains(other))
            #expect((plain.place(of: other) != nil) == distinct.contains(other))
        }
    }

    @Test func anEmptyTableHasNoKey() {
        for table in [KeyTable(), KeyTable([]), KeyTable.make([]).table] {
            for key in [0, 1, UInt64.max, 1 << 63] { #expect(table.place(of: key) == nil) }
        }
    }

    @Test func mixIsABijection() {
        var random = SeededGenerator(seed: 7)
        for value in [0, 1, UInt64.max] + (0..<1000).map({ _ in UInt64.random(in: 0...UInt64.max, using: &random) }) {
            #expect(KeyTable.unmix(KeyTable.mix(value)) == value)
        }
    }
}

import BadgerTestSupport
import Testing

@testable import BadgerMemory

/// `CardKeys` reads like a dictionary whatever was set, cleared or settled, and in which order.
@Suite struct CardKeysTests {
    @Test(arguments: 0..<12 as Range<UInt64>) func readsLikeADictionaryThroughSettling(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var keys = CardKeys(names: NameBook())
        var model: [UInt64: UInt64] = [:]
        for step in 0..<600 {
            let content = UInt64.random(in: 0..<200, using: &random)
            let key: UInt64? = Bool.random(using: &random) || step < 100 ? UInt64.random(in: 0...UInt64.max, using: &random) : nil
            keys[number: content] = key
            model[content] = key
            if step % 150 == 149 { keys.settle() }
            #expect(keys[number: content] == key)
        }
        #expect(keys.count == model.count)
        #expect(Dictionary(keys.numbers.map { ($0.key, $0.value) }, uniquingKeysWith: { _, _ in 0 }) == model)
        #expect(Array(keys.numbers).count == model.count)
        #expect(keys.keyNumbers == Set(model.values))
        for content in 0..<UInt64(220) { #expect(keys[number: content] == model[content]) }
    }
}

import Testing

@testable import BadgerMemory

/// The eight-digits-at-a-time reading of a record's 16-digit key agrees with reading it digit
/// by digit: every lowercase hex id is read, anything else (upper case, a neighbour of a digit
/// or letter in ASCII, any byte) is refused.
@Suite struct HexKeyTests {
    static func plain(_ bytes: [UInt8]) -> UInt64? {
        guard bytes.count == 16, bytes.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return UInt64(String(decoding: bytes, as: UTF8.self), radix: 16)
    }

    @Test func agreesWithDigitByDigitReading() {
        var generator = SystemRandomNumberGenerator()
        let near: [UInt8] =
            Array("0123456789abcdef".utf8) + [0x2F, 0x3A, 0x40, 0x41, 0x46, 0x47, 0x60, 0x67, 0x00, 0xFF, 0xB0, 0xE1, 0x70, 0x20]
        for round in 0..<200_000 {
            var bytes = (0..<16).map { _ in Array("0123456789abcdef".utf8).randomElement(using: &generator)! }
            // Most keys valid; some with one or a few bytes from the neighbours and beyond.
            if round % 3 != 0 {
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    bytes[Int.random(in: 0..<16, using: &generator)] =
                        round % 5 == 0 ? UInt8.random(in: 0...255, using: &generator) : near.randomElement(using: &generator)!
                }
            }
            let read = bytes.withUnsafeBytes { ReviewRecord.hexKey($0) }
            #expect(read == Self.plain(bytes), "\(bytes)")
        }
        let max = Array("ffffffffffffffff".utf8)
        #expect(max.withUnsafeBytes { ReviewRecord.hexKey($0) } == UInt64.max)
        let some = Array("0123456789abcdef".utf8)
        #expect(some.withUnsafeBytes { ReviewRecord.hexKey($0) } == 0x0123_4567_89ab_cdef)
    }
}

import Foundation

/// A 24-bit color, such as a topic's color from a deck's front matter.
public struct RGBColor: Sendable, Equatable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Parses `#RRGGBB` or `#RGB` (the `#` is optional, hex digits in either case); nil otherwise.
    public init?(hex: String) {
        var digits = Substring(hex.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else { return nil }
        let values = digits.compactMap { UInt8(String($0), radix: 16) }
        switch values.count {
        case 3: self.init(r: values[0] * 17, g: values[1] * 17, b: values[2] * 17)
        case 6: self.init(r: values[0] * 16 + values[1], g: values[2] * 16 + values[3], b: values[4] * 16 + values[5])
        default: return nil
        }
    }
}

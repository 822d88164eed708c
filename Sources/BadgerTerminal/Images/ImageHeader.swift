import BadgerDeck

/// What an image file's first bytes say: its format and its size in pixels, read before
/// decoding anything.
public enum ImageHeader {
    /// The format by its magic bytes (not its name), or nil.
    public static func format(of bytes: [UInt8]) -> ImageFormat? {
        ImageFormat(magic: Array(bytes.prefix(8)))
    }

    /// The width and height the file declares, or nil if the bytes do not say (yet).
    public static func dimensions(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        func bigEndian(_ offset: Int, _ count: Int) -> Int? {
            guard offset + count <= bytes.count else { return nil }
            return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        switch format(of: bytes) {
        case .png:
            // The IHDR chunk comes first: width and height as 4-byte big-endian numbers.
            guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8), let width = bigEndian(16, 4),
                let height = bigEndian(20, 4)
            else { return nil }
            return (width, height)
        case .gif:
            guard bytes.count >= 10 else { return nil }
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        case .jpeg:
            // Walk the marker segments to the first start-of-frame (SOF0…SOF15 but DHT, JPG, DAC).
            var offset = 2
            while offset + 9 < bytes.count {
                guard bytes[offset] == 0xFF else { return nil }
                let marker = bytes[offset + 1]
                if marker == 0xFF {
                    offset += 1
                    continue
                }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard let height = bigEndian(offset + 5, 2), let width = bigEndian(offset + 7, 2) else { return nil }
                    return (width, height)
                }
                guard let length = bigEndian(offset + 2, 2), length >= 2 else { return nil }
                offset += 2 + length
            }
            return nil
        case nil:
            return nil
        }
    }
}

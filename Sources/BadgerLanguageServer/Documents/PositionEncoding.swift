/// How the `character` of a position counts: UTF-16 code units (the protocol's default) or
/// UTF-8 bytes (when the client offers it in `general.positionEncodings`).
public enum PositionEncoding: String, Sendable, Codable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"

    /// The encoding to use given the client's offer, best first: UTF-8 when offered, since the
    /// library counts columns in bytes, else UTF-16, which every client supports.
    public static func negotiated(from offered: [String]?) -> PositionEncoding {
        (offered ?? []).contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// How many units of this encoding the UTF-8 `bytes` take.
    func units(in bytes: ArraySlice<UInt8>) -> Int {
        switch self {
        case .utf8: return bytes.count
        case .utf16:
            var count = 0
            // Each scalar counts at its lead byte; a 4-byte scalar is a surrogate pair.
            for byte in bytes where byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
            return count
        }
    }

    /// How many bytes from the start of `bytes` cover `units` units of this encoding, never
    /// splitting a scalar and at most the whole of `bytes`.
    func byteCount(covering units: Int, in bytes: ArraySlice<UInt8>) -> Int {
        switch self {
        case .utf8:
            var count = min(max(units, 0), bytes.count)
            // A column inside a scalar moves back to its start.
            while count > 0, count < bytes.count, bytes[bytes.startIndex + count] & 0xC0 == 0x80 { count -= 1 }
            return count
        case .utf16:
            var remaining = units
            var index = bytes.startIndex
            while index < bytes.endIndex, remaining > 0 {
                let byte = bytes[index]
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let width = length == 4 ? 2 : 1
                // A column between the two halves of a surrogate pair stays before the scalar.
                guard remaining >= width else { break }
                remaining -= width
                index = min(index + length, bytes.endIndex)
            }
            return index - bytes.startIndex
        }
    }
}

import Foundation

/// Reads the few protobuf messages found in Anki packages (the media map, the package metadata,
/// note type configurations): field numbers with their varint or length-delimited values.
/// Unknown fields are skipped; any malformed input throws.
struct ProtobufReader {
    enum Value {
        case varint(UInt64)
        case bytes(Data)
    }

    struct Malformed: Error {}

    private let data: [UInt8]
    private var position = 0

    init(_ data: Data) { self.data = [UInt8](data) }

    /// The next field, or nil at the end.
    mutating func next() throws -> (number: Int, value: Value)? {
        guard position < data.count else { return nil }
        let key = try varint()
        let number = Int(key >> 3)
        guard number > 0 else { throw Malformed() }
        switch key & 7 {
        case 0: return (number, .varint(try varint()))
        case 1: return (number, .bytes(try take(8)))
        case 2:
            let length = try varint()
            guard length <= UInt64(data.count - position) else { throw Malformed() }
            return (number, .bytes(try take(Int(length))))
        case 5: return (number, .bytes(try take(4)))
        default: throw Malformed()
        }
    }

    /// All fields of a message, in order.
    static func fields(of data: Data) throws -> [(number: Int, value: Value)] {
        var reader = ProtobufReader(data)
        var fields: [(number: Int, value: Value)] = []
        while let field = try reader.next() { fields.append(field) }
        return fields
    }

    private mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < data.count, shift < 64 else { throw Malformed() }
            let byte = data[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    private mutating func take(_ count: Int) throws -> Data {
        guard count <= data.count - position else { throw Malformed() }
        defer { position += count }
        return Data(data[position..<position + count])
    }
}

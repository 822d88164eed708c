import CZstd
import Foundation

/// zstd decompression (Anki's current packages compress the collection and each media file).
enum Zstd {
    /// The frame's bytes decompressed, refusing more than `limit` bytes of output.
    ///
    /// - Throws: `AnkiReadError.damaged` for data that is not zstd, or is cut short;
    ///   `AnkiReadError.tooLarge` past `limit`.
    static func decompress(_ data: Data, limit: Int, name: String) throws -> Data {
        guard let context = ZSTD_createDCtx() else { throw AnkiReadError.damaged(name, "zstd could not start") }
        defer { ZSTD_freeDCtx(context) }
        var output = Data()
        let chunk = ZSTD_DStreamOutSize()
        var buffer = [UInt8](repeating: 0, count: chunk)
        var finished = false
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            var lastResult = 1
            while true {
                let produced: Int = try buffer.withUnsafeMutableBytes { out in
                    var outBuffer = ZSTD_outBuffer(dst: out.baseAddress, size: out.count, pos: 0)
                    let result = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
                    if ZSTD_isError(result) != 0 {
                        throw AnkiReadError.damaged(name, "not valid zstd data (\(String(cString: ZSTD_getErrorName(result))))")
                    }
                    lastResult = result
                    return outBuffer.pos
                }
                guard output.count + produced <= limit else { throw AnkiReadError.tooLarge(name, limit: limit) }
                output.append(contentsOf: buffer[0..<produced])
                if lastResult == 0 && inBuffer.pos == inBuffer.size {
                    finished = true
                    break
                }
                // No progress possible: input used up while the frame is incomplete.
                if inBuffer.pos == inBuffer.size && produced < chunk { break }
            }
        }
        guard finished else { throw AnkiReadError.damaged(name, "zstd data is cut short") }
        return output
    }

    /// Whether `data` starts with zstd's frame magic number.
    static func isCompressed(_ data: Data) -> Bool {
        data.count >= 4 && data.prefix(4).elementsEqual([0x28, 0xB5, 0x2F, 0xFD])
    }
}

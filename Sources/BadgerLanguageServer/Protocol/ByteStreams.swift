/// Where the server reads its bytes from (standard input in `badger lsp`, a buffer in tests).
public protocol ByteInput {
    /// Up to `maxCount` bytes, waiting for at least one; empty at the end of the input.
    mutating func read(maxCount: Int) -> [UInt8]
}

/// Where the server writes its bytes to (standard output in `badger lsp`).
public protocol ByteOutput {
    /// Writes all of `bytes`, in order.
    func write(_ bytes: [UInt8])
}

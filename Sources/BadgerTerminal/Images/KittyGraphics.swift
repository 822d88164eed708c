import Foundation

/// Images for terminals that speak the kitty graphics protocol (kitty, Ghostty, WezTerm):
/// the image data in base64, sent in chunks of at most 4096 bytes.
public enum KittyGraphics {
    /// What the terminal is sent.
    public enum Payload: Sendable {
        /// A PNG file's bytes, which the terminal decodes (`f=100`).
        case png([UInt8])
        /// Decoded pixels, 3 bytes each (`f=24`), for JPEG and GIF images.
        case pixels(PixelImage)
    }

    /// Deletes every image placed on the screen (and its data), without a reply.
    public static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// The largest chunk of base64 in one escape sequence, as the protocol requires.
    public static let chunkSize = 4096

    /// The escape sequences that draw `payload` at the cursor over `columns`×`rows` cells,
    /// leaving the cursor where it was (`C=1`) and asking the terminal not to reply (`q=2`).
    /// Every chunk but the last says more follows (`m=1`); the last says `m=0`.
    public static func escape(_ payload: Payload, columns: Int, rows: Int) -> String {
        let format: String
        let data: [UInt8]
        switch payload {
        case .png(let bytes):
            format = "f=100"
            data = bytes
        case .pixels(let image):
            format = "f=24,s=\(image.width),v=\(image.height)"
            data = image.rgb
        }
        let encoded = Data(data).base64EncodedString()
        var chunks: [Substring] = []
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: chunkSize, limitedBy: encoded.endIndex) ?? encoded.endIndex
            chunks.append(encoded[start..<end])
            start = end
        }
        if chunks.isEmpty { chunks = [""] }
        var result = ""
        for (index, chunk) in chunks.enumerated() {
            let more = index < chunks.count - 1 ? 1 : 0
            let keys = index == 0 ? "a=T,\(format),t=d,c=\(columns),r=\(rows),C=1,q=2,m=\(more)" : "m=\(more)"
            result += "\u{1B}_G" + keys + ";" + chunk + "\u{1B}\\"
        }
        return result
    }
}

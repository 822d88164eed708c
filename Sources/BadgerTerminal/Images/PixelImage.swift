/// A decoded image: `width`×`height` pixels, 3 bytes (red, green, blue) each, row by row.
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes.
    public let rgb: [UInt8]

    /// Nil unless `rgb` holds exactly `width * height * 3` bytes of a non-empty image.
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, rgb.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The color at column `x`, row `y`.
    public func color(x: Int, y: Int) -> RGBColor {
        let offset = (y * width + x) * 3
        return RGBColor(r: rgb[offset], g: rgb[offset + 1], b: rgb[offset + 2])
    }

    /// The image resampled to `newWidth`×`newHeight`: each new pixel is the average of the
    /// source pixels it covers (box filter), so shrinking keeps thin lines visible as blends.
    public func resized(width newWidth: Int, height newHeight: Int) -> PixelImage {
        let newWidth = max(1, newWidth)
        let newHeight = max(1, newHeight)
        if newWidth == width, newHeight == height { return self }
        var output = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        for y in 0..<newHeight {
            let top = y * height / newHeight
            let bottom = max(top + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let left = x * width / newWidth
                let right = max(left + 1, (x + 1) * width / newWidth)
                var sums = (0, 0, 0)
                for sourceY in top..<bottom {
                    for sourceX in left..<right {
                        let offset = (sourceY * width + sourceX) * 3
                        sums.0 += Int(rgb[offset])
                        sums.1 += Int(rgb[offset + 1])
                        sums.2 += Int(rgb[offset + 2])
                    }
                }
                let count = (bottom - top) * (right - left)
                let offset = (y * newWidth + x) * 3
                output[offset] = UInt8((sums.0 + count / 2) / count)
                output[offset + 1] = UInt8((sums.1 + count / 2) / count)
                output[offset + 2] = UInt8((sums.2 + count / 2) / count)
            }
        }
        return PixelImage(width: newWidth, height: newHeight, rgb: output)!
    }
}

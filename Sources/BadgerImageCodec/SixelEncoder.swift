import BadgerTerminal
import CSixel

/// Encodes pixels as DEC sixel graphics with libsixel (up to 256 colors, chosen for the image).
public enum SixelEncoder {
    /// The sixel sequence (`ESC P … q … ESC \`) drawing `image` at the cursor, or nil if
    /// libsixel fails.
    public static func encode(_ image: PixelImage) -> String? {
        var dither: OpaquePointer?
        guard badger_sixel_succeeded(sixel_dither_new(&dither, 256, nil)) != 0, let dither else { return nil }
        defer { sixel_dither_unref(dither) }
        var pixels = image.rgb
        let initialized = pixels.withUnsafeMutableBufferPointer { buffer in
            sixel_dither_initialize(
                dither, buffer.baseAddress, Int32(image.width), Int32(image.height), badger_sixel_pixelformat_rgb888(),
                SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO)
        }
        guard badger_sixel_succeeded(initialized) != 0 else { return nil }
        let sink = SixelSink()
        var output: OpaquePointer?
        let created = sixel_output_new(
            &output,
            { data, size, context in
                guard let data, let context, size > 0 else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: data, count: Int(size))
                Unmanaged<SixelSink>.fromOpaque(context).takeUnretainedValue().bytes += bytes
                return size
            }, Unmanaged.passUnretained(sink).toOpaque(), nil)
        guard badger_sixel_succeeded(created) != 0, let output else { return nil }
        defer { sixel_output_unref(output) }
        let encoded = withExtendedLifetime(sink) {
            pixels.withUnsafeMutableBufferPointer { buffer in
                sixel_encode(buffer.baseAddress, Int32(image.width), Int32(image.height), 3, dither, output)
            }
        }
        guard badger_sixel_succeeded(encoded) != 0 else { return nil }
        return String(decoding: sink.bytes, as: UTF8.self)
    }
}

private final class SixelSink {
    var bytes: [UInt8] = []
}

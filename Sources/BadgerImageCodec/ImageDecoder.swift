import BadgerTerminal
import CSixel
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes PNG, JPEG and GIF images into pixels with libsixel's loader (the first frame of
/// an animation).
public enum ImageDecoder {
    /// Why an image could not be decoded.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Its bytes do not start like a PNG, JPEG or GIF file.
        case unknownFormat
        /// It starts like one but its data is damaged or unsupported.
        case undecodable
        /// Larger than `maximumPixels`.
        case tooLarge(width: Int, height: Int)

        public var description: String {
            switch self {
            case .unknownFormat: return "not a PNG, JPEG or GIF image (judged by its content)"
            case .undecodable: return "damaged or unsupported image data"
            case .tooLarge(let width, let height): return "too large to show (\(width)×\(height) pixels)"
            }
        }
    }

    /// The most pixels decoded (about 8 megapixels), so a small file cannot expand into gigabytes.
    public static let maximumPixels = 8_000_000

    /// One load at a time: libsixel's loader hands stb_image the allocator of the load in a
    /// global (`stbi_allocator` in its loader.c), so two loads at once freed each other's (an
    /// assertion in `sixel_allocator_malloc` aborted the process).
    private static let loading = Mutex(())

    /// The pixels of the image file open as `descriptor` (read from its start; not closed).
    ///
    /// The caller opens the file, so it decides which files may be read (badger opens only files
    /// inside the collection); libsixel reads the descriptor through `/dev/fd`.
    public static func decode(fileDescriptor descriptor: Int32, header: [UInt8]) throws(Failure) -> PixelImage {
        guard ImageHeader.format(of: header) != nil else { throw .unknownFormat }
        if let size = ImageHeader.dimensions(of: header), size.width * size.height > maximumPixels {
            throw .tooLarge(width: size.width, height: size.height)
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .undecodable }
        var allocator: OpaquePointer?
        guard badger_sixel_succeeded(sixel_allocator_new(&allocator, nil, nil, nil, nil)) != 0, let allocator else {
            throw .undecodable
        }
        defer { sixel_allocator_unref(allocator) }
        let box = DecodedFrame()
        let status = withExtendedLifetime(box) { () -> SIXELSTATUS in
            loading.withLock { _ in
                sixel_helper_load_image_file(
                    "/dev/fd/\(descriptor)", 1, 0, 256, nil, SIXEL_LOOP_DISABLE,
                    { frame, context in
                        guard let frame, let context else { return SIXEL_FALSE }
                        Unmanaged<DecodedFrame>.fromOpaque(context).takeUnretainedValue().take(frame)
                        return SIXEL_OK
                    }, 0, nil, Unmanaged.passUnretained(box).toOpaque(), allocator)
            }
        }
        guard badger_sixel_succeeded(status) != 0, let image = box.image else { throw .undecodable }
        if image.width * image.height > maximumPixels { throw .tooLarge(width: image.width, height: image.height) }
        return image
    }
}

/// Collects the frame libsixel's loader hands over, as RGB pixels.
private final class DecodedFrame {
    var image: PixelImage?

    func take(_ frame: OpaquePointer) {
        guard image == nil, let pixels = sixel_frame_get_pixels(frame) else { return }
        let width = Int(sixel_frame_get_width(frame))
        let height = Int(sixel_frame_get_height(frame))
        guard width > 0, height > 0, width * height <= ImageDecoder.maximumPixels else { return }
        let format = sixel_frame_get_pixelformat(frame)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        if format == badger_sixel_pixelformat_pal8() {
            guard let palette = sixel_frame_get_palette(frame) else { return }
            let colors = Int(sixel_frame_get_ncolors(frame))
            for index in 0..<(width * height) {
                let entry = Int(pixels[index])
                guard entry < max(colors, 1) else { continue }
                rgb[index * 3] = palette[entry * 3]
                rgb[index * 3 + 1] = palette[entry * 3 + 1]
                rgb[index * 3 + 2] = palette[entry * 3 + 2]
            }
        } else if format == badger_sixel_pixelformat_rgb888() {
            rgb.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: pixels, count: width * height * 3) }
        } else {
            var normalized = Int32(0)
            let status = rgb.withUnsafeMutableBufferPointer { buffer in
                sixel_helper_normalize_pixelformat(buffer.baseAddress, &normalized, pixels, format, Int32(width), Int32(height))
            }
            guard badger_sixel_succeeded(status) != 0, normalized == badger_sixel_pixelformat_rgb888() else { return }
        }
        image = PixelImage(width: width, height: height, rgb: rgb)
    }
}

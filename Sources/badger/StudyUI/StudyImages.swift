import ArgumentParser
import BadgerDeck
import BadgerImageCodec
import BadgerTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--images`: how study shows images.
enum ImagesChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, kitty, iterm, sixel, blocks, none

    /// The protocol asked for, or nil for `auto`.
    var fixed: ImageProtocol? { ImageProtocol(rawValue: rawValue) }
}

/// The images of the cards being studied: located and read only inside the collection, decoded
/// once (the first time a card shows them, so cards without images never wait), and drawn with
/// the chosen protocol at the size the screen leaves.
final class StudyImages {
    /// An image file, read and decoded, or why it cannot be shown.
    enum Loaded {
        case image(path: String, bytes: [UInt8], format: ImageFormat, pixels: PixelImage)
        case problem(String, path: String?)
    }

    /// An image on the current screen, for `o`.
    struct Shown {
        var source: String
        var path: String?
    }

    /// How the terminal draws, as far as images care (the protocol aside).
    struct Display {
        var palette: HalfBlockArt.Palette
        /// Pixels per cell for graphics protocols.
        var cellWidth: Double
        var cellHeight: Double
        var usesColor: Bool
    }

    private let fileAccess = LocalFileSystem()
    private let choose: () -> ImageProtocol
    private var chosen: ImageProtocol?

    /// The protocol, chosen the first time an image is drawn (auto may ask the terminal).
    var imageProtocol: ImageProtocol {
        if let chosen { return chosen }
        let imageProtocol = choose()
        chosen = imageProtocol
        return imageProtocol
    }

    /// What to send before clearing the screen so that no image stays behind: kitty keeps its
    /// images over a cleared screen unless told to delete them.
    var clearSequence: String { chosen == .kitty ? KittyGraphics.deleteAll : "" }
    private var loaded: [String: Loaded] = [:]
    private var drawn: [String: RenderedImage] = [:]
    /// The images the last `rendering` was asked for, in order.
    private(set) var shown: [Shown] = []

    /// The largest image file read, as `ImageSizeReasonable` allows.
    static let maximumBytes = ImageImport.maximumBytes
    /// Decoded images are kept at most this many pixels wide and high (more than any terminal
    /// shows), so a session of large photos stays small in memory.
    static let maximumSide = 2048

    /// Images drawn with the protocol `choose` picks when the first image is shown.
    init(choose: @escaping () -> ImageProtocol) {
        self.choose = choose
    }

    /// Forgets the images of the previous screen.
    func startScreen() { shown = [] }

    /// How the images of a field of `deck` are shown: as `display` draws, at most `maxRows` rows
    /// each. `measuring` draws every image as a one-row stand-in, to find how many rows the
    /// text leaves.
    func rendering(deck: DeckFile, display: Display, maxRows: Int, measuring: Bool = false) -> ImageRendering {
        { [self] image in
            let key = deck.absolutePath + "\n" + image.source
            if measuring {
                shown.append(Shown(source: image.source, path: nil))
                return .block(lines: [""], columns: 1)
            }
            guard imageProtocol != .none else {
                shown.append(Shown(source: image.source, path: location(image.source, deck: deck)))
                return nil
            }
            let file = load(image.source, deck: deck, key: key)
            let label = image.alt.isEmpty ? image.source : image.alt
            switch file {
            case .problem(let problem, let path):
                shown.append(Shown(source: image.source, path: path))
                return .text("[image: \(label): \(problem)]")
            case .image(let path, let bytes, let format, let pixels):
                shown.append(Shown(source: image.source, path: path))
                let drawKey =
                    key + "\n\(imageProtocol) \(image.columns)x\(maxRows) \(display.cellWidth)x\(display.cellHeight) \(display.usesColor)"
                if let cached = drawn[drawKey] { return cached }
                let result = draw(bytes: bytes, format: format, pixels: pixels, display: display, columns: image.columns, rows: maxRows)
                drawn[drawKey] = result
                return result
            }
        }
    }

    /// The path `source` names in `deck` when it is a file inside the collection.
    func location(_ source: String, deck: DeckFile) -> String? {
        ImageLocation(source: source, deck: deck, fileAccess: fileAccess).readablePath(fileAccess: fileAccess)
    }

    /// `source` read and decoded, remembered for the session.
    func load(_ source: String, deck: DeckFile, key: String) -> Loaded {
        if let known = loaded[key] { return known }
        let result = read(source, deck: deck)
        loaded[key] = result
        return result
    }

    private func read(_ source: String, deck: DeckFile) -> Loaded {
        let location = ImageLocation(source: source, deck: deck, fileAccess: fileAccess)
        if location.isRemote { return .problem("not a local file", path: nil) }
        if !location.isInsideCollection { return .problem("outside the collection", path: nil) }
        guard let path = location.readablePath(fileAccess: fileAccess) else { return .problem("missing", path: nil) }
        // The resolved path, opened without following a link swapped in since.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return .problem("cannot be read", path: nil) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .problem("not a file", path: nil) }
        guard Int(info.st_size) <= Self.maximumBytes else { return .problem("larger than 1 MiB", path: path) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count == bytes.count else { return .problem("cannot be read", path: path) }
        guard let format = ImageHeader.format(of: bytes) else {
            return .problem(ImageDecoder.Failure.unknownFormat.description, path: path)
        }
        do {
            var pixels = try ImageDecoder.decode(fileDescriptor: descriptor, header: bytes)
            let scale = min(1, Double(Self.maximumSide) / Double(max(pixels.width, pixels.height)))
            if scale < 1 {
                pixels = pixels.resized(
                    width: Int((Double(pixels.width) * scale).rounded()), height: Int((Double(pixels.height) * scale).rounded()))
            }
            return .image(path: path, bytes: bytes, format: format, pixels: pixels)
        } catch {
            return .problem(error.description, path: path)
        }
    }

    /// The image drawn in at most `columns`×`rows` cells, or `[image: alt]` (nil) when there is
    /// no room or, for half-block art, no color.
    private func draw(
        bytes: [UInt8], format: ImageFormat, pixels: PixelImage, display: Display, columns: Int, rows: Int
    ) -> RenderedImage? {
        let blocks = imageProtocol == .blocks
        guard
            let size = ImageFit.cells(
                pixelWidth: pixels.width, pixelHeight: pixels.height, cellWidth: blocks ? 1 : display.cellWidth,
                cellHeight: blocks ? 2 : display.cellHeight, maxColumns: columns, maxRows: rows)
        else { return nil }
        // Graphics sequences are drawn from the first row with the cursor saved and restored;
        // the rows below are left blank for them.
        func graphics(_ sequence: String) -> RenderedImage {
            .block(lines: ["\u{1B}7" + sequence + "\u{1B}8"] + Array(repeating: "", count: size.rows - 1), columns: size.columns)
        }
        let pixelWidth = max(1, Int(Double(size.columns) * display.cellWidth))
        let pixelHeight = max(1, Int(Double(size.rows) * display.cellHeight))
        switch imageProtocol {
        case .blocks:
            guard display.usesColor else { return nil }
            let (width, height) = ImageFit.halfBlockPixels(columns: size.columns, rows: size.rows)
            let art = HalfBlockArt.lines(pixels.resized(width: width, height: height), palette: display.palette)
            return .block(lines: art, columns: size.columns)
        case .kitty:
            let payload: KittyGraphics.Payload =
                format == .png
                ? .png(bytes) : .pixels(pixels.resized(width: min(pixels.width, pixelWidth), height: min(pixels.height, pixelHeight)))
            return graphics(KittyGraphics.escape(payload, columns: size.columns, rows: size.rows))
        case .iterm:
            return graphics(ITermInlineImage.escape(bytes, columns: size.columns, rows: size.rows))
        case .sixel:
            // Sixels are painted in bands of 6 pixel rows: round down so the last band stays in place.
            let scale = min(Double(pixelWidth) / Double(pixels.width), Double(pixelHeight) / Double(pixels.height))
            let height = max(6, Int(Double(pixels.height) * scale) / 6 * 6)
            let width = max(1, min(pixelWidth, Int((Double(pixels.width) * Double(height) / Double(pixels.height)).rounded())))
            guard let sixel = SixelEncoder.encode(pixels.resized(width: width, height: height)) else { return nil }
            return graphics(sixel)
        case .none:
            return nil
        }
    }
}

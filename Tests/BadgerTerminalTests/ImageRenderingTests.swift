import BadgerImageCodec
import BadgerTerminal
import BadgerTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Images for the terminal: decoding the committed PNG fixtures, half-block art, the kitty,
/// iTerm2 and sixel sequences, sizing, and which protocol a terminal gets.
@Suite struct ImageRenderingTests {
    static func fixture(_ name: String) -> String {
        PackagePaths.url("Tests/BadgerTerminalTests/Fixtures/Images/\(name)").path
    }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name)))) }

    static func decode(_ name: String) throws -> PixelImage {
        let descriptor = open(fixture(name), O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return try ImageDecoder.decode(fileDescriptor: descriptor, header: try bytes(name))
    }

    /// Escape sequences made visible, one line per terminal line.
    static func visible(_ lines: [String]) -> String {
        lines.map { $0.replacingOccurrences(of: "\u{1B}", with: "⎋") }.joined(separator: "\n") + "\n"
    }

    // MARK: Decoding

    @Test func theFixturesDecodeToTheirPixels() throws {
        let quadrants = try Self.decode("quadrants-4x4.png")
        #expect(quadrants.width == 4 && quadrants.height == 4)
        #expect(quadrants.color(x: 0, y: 0) == RGBColor(r: 255, g: 0, b: 0))
        #expect(quadrants.color(x: 3, y: 0) == RGBColor(r: 0, g: 255, b: 0))
        #expect(quadrants.color(x: 0, y: 3) == RGBColor(r: 0, g: 0, b: 255))
        #expect(quadrants.color(x: 3, y: 3) == RGBColor(r: 255, g: 255, b: 255))
        let gradient = try Self.decode("gradient-32x16.png")
        #expect(gradient.width == 32 && gradient.height == 16)
        #expect(gradient.color(x: 31, y: 14) == RGBColor(r: 248, g: 0, b: 224))
        #expect(gradient.color(x: 4, y: 2) == RGBColor(r: 32, g: 255, b: 32))
        #expect(ImageHeader.dimensions(of: try Self.bytes("gradient-32x16.png"))! == (32, 16))
    }

    /// Images decoded on several threads at once (a test run does; libsixel's loader keeps the
    /// allocator of a load in a global, and two loads at once aborted the process in
    /// `sixel_allocator_malloc`): each gives its own pixels.
    @Test func imagesDecodedAtOnceOnSeveralThreadsEachGiveTheirPixels() async throws {
        let names = ["quadrants-4x4.png", "gradient-32x16.png"]
        let sizes = try await withThrowingTaskGroup(of: (String, Int, Int).self) { group in
            for round in 0..<400 {
                let name = names[round % 2]
                group.addTask {
                    let image = try Self.decode(name)
                    return (name, image.width, image.height)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sizes.count == 400)
        #expect(sizes.allSatisfy { $0.0 == names[0] ? ($0.1, $0.2) == (4, 4) : ($0.1, $0.2) == (32, 16) })
    }

    @Test func jpegAndGIFDecodeToo() throws {
        for name in ["hand.jpg", "brain.gif"] {
            let path = PackagePaths.url("Decks/images/\(name)").path
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let descriptor = open(path, O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let image = try ImageDecoder.decode(fileDescriptor: descriptor, header: bytes)
            #expect(image.width == 128 && image.height == 128, "\(name)")
            #expect(ImageHeader.dimensions(of: bytes)! == (128, 128), "\(name)")
            // Not one flat color: the picture came through.
            #expect(Set(stride(from: 0, to: image.rgb.count, by: 3).map { image.rgb[$0] }).count > 4, "\(name)")
        }
    }

    @Test func anImageLyingAboutItsTypeIsAFailureNotACrash() throws {
        #expect(throws: ImageDecoder.Failure.undecodable) { try Self.decode("liar.png") }
        // Bytes of no known format are refused before libsixel sees them.
        let text = Self.fixture("make_fixtures.py")
        let descriptor = open(text, O_RDONLY)
        defer { close(descriptor) }
        #expect(throws: ImageDecoder.Failure.unknownFormat) {
            try ImageDecoder.decode(fileDescriptor: descriptor, header: Array("#!/usr/bin/env python3".utf8))
        }
        // A header declaring a huge image is refused before decoding.
        var huge = try Self.bytes("quadrants-4x4.png")
        huge.replaceSubrange(16..<24, with: [0, 0, 0x40, 0, 0, 0, 0x40, 0])
        #expect(throws: ImageDecoder.Failure.tooLarge(width: 16384, height: 16384)) {
            let descriptor = open(Self.fixture("quadrants-4x4.png"), O_RDONLY)
            defer { close(descriptor) }
            return try ImageDecoder.decode(fileDescriptor: descriptor, header: huge)
        }
    }

    // MARK: Half-block art

    @Test func halfBlockArtOfTheFixtures() throws {
        let quadrants = try Self.decode("quadrants-4x4.png")
        assertSnapshot(Self.visible(HalfBlockArt.lines(quadrants, palette: .trueColor)), named: "Image.quadrants.truecolor")
        assertSnapshot(Self.visible(HalfBlockArt.lines(quadrants, palette: .indexed256)), named: "Image.quadrants.256")
        let gradient = try Self.decode("gradient-32x16.png")
        assertSnapshot(Self.visible(HalfBlockArt.lines(gradient, palette: .trueColor)), named: "Image.gradient.truecolor")
        // Shrunk to 16×4 cells (16×8 pixels).
        let small = gradient.resized(width: 16, height: 8)
        assertSnapshot(Self.visible(HalfBlockArt.lines(small, palette: .indexed256)), named: "Image.gradient.16x4.256")
    }

    @Test func halfBlockLinesAreAsWideAsTheImageAndResetTheirColors() throws {
        let gradient = try Self.decode("gradient-32x16.png")
        let lines = HalfBlockArt.lines(gradient, palette: .trueColor)
        #expect(lines.count == 8)
        for line in lines {
            #expect(line.filter { $0 == "▀" }.count == 32)
            #expect(line.hasSuffix("\u{1B}[0m"))
        }
        // An odd last pixel row is drawn over the default background.
        let odd = PixelImage(width: 1, height: 3, rgb: [255, 0, 0, 0, 255, 0, 0, 0, 255])!
        #expect(
            HalfBlockArt.lines(odd, palette: .trueColor)
                == ["⎋[38;2;255;0;0;48;2;0;255;0m▀⎋[0m", "⎋[38;2;0;0;255;49m▀⎋[0m"].map {
                    $0.replacingOccurrences(of: "⎋", with: "\u{1B}")
                })
        #expect(HalfBlockArt.index256(RGBColor(r: 255, g: 0, b: 0)) == 196)
        #expect(HalfBlockArt.index256(RGBColor(r: 128, g: 128, b: 128)) == 244)
    }

    // MARK: Protocols

    @Test func kittyChunksBase64In4096BytePieces() {
        let bytes = (0..<7000).map { UInt8(truncatingIfNeeded: $0 &* 31) }  // 9336 base64 characters
        let escape = KittyGraphics.escape(.png(bytes), columns: 20, rows: 10)
        let chunks = escape.components(separatedBy: "\u{1B}\\").dropLast()
        #expect(chunks.count == 3)
        #expect(chunks[0].hasPrefix("\u{1B}_Ga=T,f=100,t=d,c=20,r=10,C=1,q=2,m=1;"))
        #expect(chunks[1].hasPrefix("\u{1B}_Gm=1;"))
        #expect(chunks[2].hasPrefix("\u{1B}_Gm=0;"))
        let payloads = chunks.map { String($0.split(separator: ";", maxSplits: 1)[1]) }
        #expect(payloads.map(\.count) == [4096, 4096, 1144])
        #expect(Data(base64Encoded: payloads.joined()) == Data(bytes))
        // A small image is one sequence that says no more follows; pixels name their size.
        let small = KittyGraphics.escape(.pixels(PixelImage(width: 1, height: 1, rgb: [1, 2, 3])!), columns: 1, rows: 1)
        #expect(small == "\u{1B}_Ga=T,f=24,s=1,v=1,t=d,c=1,r=1,C=1,q=2,m=0;AQID\u{1B}\\")
    }

    @Test func iTermGetsTheFileBytesInOneSequence() throws {
        let bytes = try Self.bytes("quadrants-4x4.png")
        let escape = ITermInlineImage.escape(bytes, columns: 8, rows: 4)
        #expect(escape.hasPrefix("\u{1B}]1337;File=inline=1;size=81;width=8;height=4;preserveAspectRatio=1;"))
        #expect(escape.hasSuffix("\u{07}"))
        let payload = try #require(escape.split(separator: ":").last).dropLast()
        #expect(Data(base64Encoded: String(payload)) == Data(bytes))
    }

    @Test func sixelStartsWithItsHeaderAndRasterSize() throws {
        let sixel = try #require(SixelEncoder.encode(try Self.decode("quadrants-4x4.png")))
        // DCS P1;P2;P3 q, then the raster attributes "Pan;Pad;Ph;Pv (1:1 pixels, 4×4).
        #expect(sixel.hasPrefix("\u{1B}P"))
        let header = try #require(sixel.range(of: "q\"1;1;4;4"))
        #expect(sixel.distance(from: sixel.startIndex, to: header.lowerBound) <= 8)
        #expect(sixel.hasSuffix("\u{1B}\\"))
        // Colors are defined as #n;2;R;G;B in percent, then painted band by band.
        #expect(sixel.contains("#0;2;"))
        #expect(sixel.contains("#1;2;"))
    }

    @Test func theProtocolIsChosenFromTheEnvironment() {
        func detect(_ environment: [String: String], _ attributes: [Int]? = nil) -> ImageProtocol {
            ImageProtocol.detect(environment: environment, deviceAttributes: attributes)
        }
        #expect(detect(["TERM": "xterm-kitty"]) == .kitty)
        #expect(detect(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .kitty)
        #expect(detect(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm)
        #expect(detect(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]) == .iterm)
        #expect(detect(["TERM": "xterm-256color"], [62, 4, 22]) == .sixel)
        #expect(detect(["TERM": "xterm-256color"], [62, 22]) == .blocks)
        #expect(detect(["TERM": "foot"]) == .sixel)
        #expect(detect(["TERM": "mlterm"], [1, 2]) == .blocks)  // it answered, without sixel
        #expect(detect(["TERM": "xterm-256color"]) == .blocks)
        #expect(detect(["TERM": "dumb"]) == .none)
        // Inside tmux the outer terminal's variables are inherited and do not count.
        #expect(detect(["TERM": "tmux-256color", "TMUX": "/tmp/x", "KITTY_WINDOW_ID": "1"]) == .blocks)
        #expect(detect(["TERM": "screen", "TERM_PROGRAM": "iTerm.app"], [62, 4]) == .sixel)
        #expect(ImageProtocol.needsDeviceAttributes(environment: ["TERM": "xterm-256color"]))
        #expect(!ImageProtocol.needsDeviceAttributes(environment: ["TERM": "xterm-kitty"]))
        // Device attributes answers.
        #expect(ImageProtocol.deviceAttributes(in: Array("\u{1B}[?62;4;6;22c".utf8)) == [62, 4, 6, 22])
        #expect(ImageProtocol.deviceAttributes(in: Array("x\u{1B}[?1;2c".utf8)) == [1, 2])
        #expect(ImageProtocol.deviceAttributes(in: Array("\u{1B}[?62;4".utf8)) == nil)
        #expect(ImageProtocol.deviceAttributes(in: Array("\u{1B}[?6x;4c".utf8)) == nil)
    }

    // MARK: Sizing

    @Test func imagesFitTheRoomAt40x12And80x24() {
        // Half-block art: 1×2 pixels per cell, never enlarged.
        #expect(ImageFit.cells(pixelWidth: 32, pixelHeight: 16, cellWidth: 1, cellHeight: 2, maxColumns: 80, maxRows: 20)! == (32, 8))
        #expect(ImageFit.cells(pixelWidth: 4, pixelHeight: 4, cellWidth: 1, cellHeight: 2, maxColumns: 80, maxRows: 20)! == (4, 2))
        // A photo on 80×24 (room 80×16) and 40×12 (room 40×5) keeps its 4:3 shape.
        #expect(ImageFit.cells(pixelWidth: 640, pixelHeight: 480, cellWidth: 1, cellHeight: 2, maxColumns: 80, maxRows: 16)! == (43, 16))
        #expect(ImageFit.cells(pixelWidth: 640, pixelHeight: 480, cellWidth: 1, cellHeight: 2, maxColumns: 40, maxRows: 5)! == (13, 5))
        // A wide banner is limited by the width.
        #expect(ImageFit.cells(pixelWidth: 1000, pixelHeight: 100, cellWidth: 1, cellHeight: 2, maxColumns: 40, maxRows: 5)! == (40, 2))
        // Graphics protocols at 10×20 pixel cells.
        #expect(ImageFit.cells(pixelWidth: 640, pixelHeight: 480, cellWidth: 10, cellHeight: 20, maxColumns: 80, maxRows: 16)! == (43, 16))
        #expect(ImageFit.cells(pixelWidth: 320, pixelHeight: 240, cellWidth: 10, cellHeight: 20, maxColumns: 80, maxRows: 16)! == (32, 12))
        #expect(ImageFit.cells(pixelWidth: 640, pixelHeight: 480, cellWidth: 10, cellHeight: 20, maxColumns: 40, maxRows: 5)! == (13, 5))
        // Too little room: none.
        #expect(ImageFit.cells(pixelWidth: 640, pixelHeight: 480, cellWidth: 1, cellHeight: 2, maxColumns: 40, maxRows: 1) == nil)
        #expect(ImageFit.cells(pixelWidth: 640, pixelHeight: 480, cellWidth: 1, cellHeight: 2, maxColumns: 3, maxRows: 10) == nil)
    }
}

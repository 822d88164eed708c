/// Images drawn with text: each cell is `▀`, its upper half in the foreground color and its
/// lower half in the background color, so one cell shows two pixels stacked.
public enum HalfBlockArt {
    /// How many colors the terminal can show.
    public enum Palette: Sendable {
        /// 24-bit color (`ESC[38;2;R;G;Bm`).
        case trueColor
        /// The xterm 256-color palette (`ESC[38;5;Nm`): its 6×6×6 cube and gray ramp.
        case indexed256
    }

    /// The lines for `image`, one per two pixel rows, `image.width` cells wide. Every line ends
    /// by resetting its colors. A last odd pixel row is drawn on the terminal's own background.
    public static func lines(_ image: PixelImage, palette: Palette) -> [String] {
        var lines: [String] = []
        var y = 0
        while y < image.height {
            var line = ""
            var foreground: String?
            var background: String?
            for x in 0..<image.width {
                let top = code(image.color(x: x, y: y), palette: palette, layer: 38)
                let bottom = y + 1 < image.height ? code(image.color(x: x, y: y + 1), palette: palette, layer: 48) : "49"
                var changes: [String] = []
                if top != foreground { changes.append(top) }
                if bottom != background { changes.append(bottom) }
                if !changes.isEmpty { line += "\u{1B}[" + changes.joined(separator: ";") + "m" }
                foreground = top
                background = bottom
                line += "▀"
            }
            lines.append(line + "\u{1B}[0m")
            y += 2
        }
        return lines
    }

    /// The SGR parameters for `color` as foreground (`layer` 38) or background (48).
    static func code(_ color: RGBColor, palette: Palette, layer: Int) -> String {
        switch palette {
        case .trueColor: return "\(layer);2;\(color.r);\(color.g);\(color.b)"
        case .indexed256: return "\(layer);5;\(index256(color))"
        }
    }

    /// The nearest xterm 256-color index: the closer of the 6×6×6 cube and the 24-step gray ramp.
    public static func index256(_ color: RGBColor) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
        }
        let (r, g, b) = (nearestLevel(color.r), nearestLevel(color.g), nearestLevel(color.b))
        let cube = (levels[r], levels[g], levels[b])
        let average = (Int(color.r) + Int(color.g) + Int(color.b)) / 3
        let grayStep = min(23, max(0, (average - 8 + 5) / 10))
        let gray = 8 + grayStep * 10
        func distance(_ red: Int, _ green: Int, _ blue: Int) -> Int {
            let dr = red - Int(color.r)
            let dg = green - Int(color.g)
            let db = blue - Int(color.b)
            return dr * dr + dg * dg + db * db
        }
        if distance(gray, gray, gray) < distance(cube.0, cube.1, cube.2) { return 232 + grayStep }
        return 16 + 36 * r + 6 * g + b
    }
}

extension HalfBlockArt.Palette {
    /// 24-bit color when the environment says the terminal has it (`COLORTERM=truecolor` or
    /// `24bit`, or a terminal known for it), else the 256-color palette.
    public static func detect(environment: [String: String]) -> HalfBlockArt.Palette {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"] ?? ""
        if term.hasSuffix("-direct") || term == "xterm-kitty" || term == "xterm-ghostty" { return .trueColor }
        if ["iTerm.app", "WezTerm", "vscode"].contains(environment["TERM_PROGRAM"] ?? "") { return .trueColor }
        return .indexed256
    }
}

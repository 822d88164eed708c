/// How a terminal is asked to show images.
public enum ImageProtocol: String, Sendable, CaseIterable {
    /// The kitty graphics protocol.
    case kitty
    /// iTerm2's inline images (`OSC 1337 ; File=`).
    case iterm
    /// DEC sixel graphics.
    case sixel
    /// Half-block color art made of text, for any terminal with color.
    case blocks
    /// No images: `[image: alt]`.
    case none

    /// The protocol to use when none is asked for, from the environment and, when the terminal
    /// answered one, its primary device attributes (`ESC[c`).
    ///
    /// In order: inside tmux or screen, only the terminal's own answer counts (the variables of
    /// the terminal outside are inherited and wrong); kitty (`KITTY_WINDOW_ID`,
    /// `TERM=xterm-kitty`, Ghostty); iTerm2 and WezTerm (`TERM_PROGRAM`, `LC_TERMINAL`); sixel
    /// when the device attributes include 4, or, without an answer, when `TERM` names a terminal
    /// known for sixel (mlterm, foot, contour, yaft); otherwise half-block art, or none on a
    /// `dumb` terminal.
    public static func detect(environment: [String: String], deviceAttributes: [Int]?) -> ImageProtocol {
        let term = environment["TERM"] ?? ""
        if term == "dumb" || term.isEmpty && environment["TERM_PROGRAM"] == nil { return .none }
        let reportsSixel = deviceAttributes?.contains(4) ?? false
        let multiplexed = environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
        if !multiplexed {
            if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
                || environment["TERM_PROGRAM"] == "ghostty"
            {
                return .kitty
            }
            if ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") || environment["LC_TERMINAL"] == "iTerm2" {
                return .iterm
            }
        }
        if reportsSixel { return .sixel }
        if deviceAttributes == nil, !multiplexed, ["mlterm", "foot", "contour", "yaft"].contains(where: { term.hasPrefix($0) }) {
            return .sixel
        }
        return .blocks
    }

    /// Whether `detect` could use the terminal's device attributes: nothing in the environment
    /// settles the question already.
    public static func needsDeviceAttributes(environment: [String: String]) -> Bool {
        let settled = detect(environment: environment, deviceAttributes: [])
        return settled == .blocks
    }

    /// The parameters of a primary device attributes answer, `ESC [ ? 62 ; 4 ; 22 c` → [62, 4, 22];
    /// nil when `bytes` holds no such answer.
    public static func deviceAttributes(in bytes: [UInt8]) -> [Int]? {
        guard let start = bytes.indices.first(where: { bytes[$0] == 0x1B && bytes.dropFirst($0 + 1).starts(with: Array("[?".utf8)) }),
            let end = bytes[(start + 3)...].firstIndex(of: UInt8(ascii: "c"))
        else { return nil }
        let body = String(decoding: bytes[(start + 3)..<end], as: UTF8.self)
        let numbers = body.split(separator: ";").map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
        return numbers.compactMap { $0 }
    }
}

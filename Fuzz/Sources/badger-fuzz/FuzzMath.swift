import BadgerDeck
import BadgerTerminal

/// The LaTeX checks, through a card whose question is the input as inline and display math, and
/// the Unicode renderer on the input at several widths.
enum FuzzMath {
    static func run(_ bytes: [UInt8]) {
        let tex = String(decoding: bytes, as: UTF8.self)
        for width in [1, 12, 40, 80] {
            _ = MathRenderer.render(tex, display: false, width: width)
            _ = MathRenderer.render(tex, display: true, width: width)
        }
        _ = MathRenderer.render(tex, display: true, width: 80, raw: true)
        FuzzDeck.run(Array("---\ntopic: Math\n---\n\nQ: $".utf8) + bytes + Array("$\n\nA: $$".utf8) + bytes + Array("$$\n".utf8))
    }
}

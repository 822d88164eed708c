import BadgerDeck

/// A rectangle of text for 2D layout: every row is exactly `width` columns wide, and `baseline` is
/// the row that lines up with neighbours in a horizontal concatenation.
struct MathBox: Equatable {
    var rows: [String]
    var width: Int
    var baseline: Int
    var height: Int { rows.count }

    init(_ text: String) {
        rows = [text]
        width = MathWidth.of(text)
        baseline = 0
    }

    /// Rows of possibly different widths, padded on the right.
    init(rows: [String], baseline: Int) {
        let widths = rows.map(MathWidth.of)
        let width = widths.max() ?? 0
        self.rows = zip(rows, widths).map { $0 + String(repeating: " ", count: width - $1) }
        self.width = width
        self.baseline = baseline
    }

    static func blank(width: Int, height: Int = 1, baseline: Int = 0) -> MathBox {
        MathBox(rows: Array(repeating: String(repeating: " ", count: width), count: height), baseline: baseline)
    }

    enum Alignment { case left, center, right }

    /// The box padded with spaces to `target` columns.
    func padded(to target: Int, _ alignment: Alignment) -> MathBox {
        guard target > width else { return self }
        let extra = target - width
        let left: Int
        switch alignment {
        case .left: left = 0
        case .center: left = extra / 2
        case .right: left = extra
        }
        let l = String(repeating: " ", count: left)
        let r = String(repeating: " ", count: extra - left)
        var box = self
        box.rows = rows.map { l + $0 + r }
        box.width = target
        return box
    }
}

/// Display width of text in a terminal: combining marks and format characters take no column,
/// The columns math text takes: `DisplayWidth`, the measure every terminal layout shares.
enum MathWidth {
    static func of(_ text: String) -> Int { DisplayWidth.of(text) }
}

/// Lays a `MathNode` out in 2D: stacked fractions, limits above and below large operators,
/// raised/lowered scripts, roots with a vinculum, matrices and aligned rows. Any box wider than
/// `maxWidth` or taller than `maxHeight` aborts the layout, which bounds the work.
struct MathLayout {
    struct TooLarge: Error {}

    var maxWidth: Int
    var maxHeight: Int = 200

    private func checked(_ box: MathBox) throws -> MathBox {
        guard box.width <= maxWidth, box.height <= maxHeight else { throw TooLarge() }
        return box
    }

    func layout(_ node: MathNode) throws -> MathBox {
        switch node {
        case .symbol(let s), .largeOperator(let s):
            return try checked(MathBox(s))
        case .space(let n):
            return try checked(MathBox(String(repeating: " ", count: n)))
        case .row(let items):
            return try hcat(items.map(layout))
        case .scripts(let base, let sup, let sub):
            return try scripts(base: base, sup: sup, sub: sub)
        case .fraction(let numerator, let denominator, let textStyle):
            if textStyle, let text = MathLinear.render(node) { return try checked(MathBox(text)) }
            return try fraction(layout(numerator), layout(denominator))
        case .binomial(let n, let k):
            let stack = try vstack([layout(n), layout(k)], baseline: nil)
            return try delimited("(", stack, ")")
        case .root(let radicand, let index):
            return try root(layout(radicand), index: index)
        case .delimited(let open, let body, let close):
            return try delimited(open, layout(body), close)
        case .accent(let body, let mark):
            let box = try layout(body)
            if mark == "\u{0305}" {
                // \overline: a rule of underscores on the row above.
                let rule = MathBox(String(repeating: "_", count: box.width))
                return try vstack([rule, box], baseline: box.baseline + 1)
            }
            guard box.height == 1 else { throw MathParseError.unsupported("accent over a tall box") }
            return try checked(MathBox(MathLinear.applying(mark, to: box.rows[0])))
        case .grid(let rows, let kind):
            return try grid(rows, kind)
        }
    }

    /// Boxes side by side, baselines aligned.
    func hcat(_ boxes: [MathBox]) throws -> MathBox {
        if boxes.count == 1 { return try checked(boxes[0]) }
        let above = boxes.map(\.baseline).max() ?? 0
        let below = boxes.map { $0.height - $0.baseline - 1 }.max() ?? 0
        let width = boxes.reduce(0) { $0 + $1.width }
        guard width <= maxWidth, above + below + 1 <= maxHeight else { throw TooLarge() }
        var rows: [String] = []
        for row in 0..<(above + below + 1) {
            var line = ""
            for box in boxes {
                let r = row - (above - box.baseline)
                line += (0..<box.height).contains(r) ? box.rows[r] : String(repeating: " ", count: box.width)
            }
            rows.append(line)
        }
        var result = MathBox(rows: rows, baseline: above)
        result.width = width
        return result
    }

    /// Boxes stacked and centered; `baseline` counts rows from the top (default: the middle).
    func vstack(_ boxes: [MathBox], baseline: Int?) throws -> MathBox {
        let width = boxes.map(\.width).max() ?? 0
        let rows = boxes.flatMap { $0.padded(to: width, .center).rows }
        return try checked(MathBox(rows: rows, baseline: baseline ?? (rows.count - 1) / 2))
    }

    private func fraction(_ numerator: MathBox, _ denominator: MathBox) throws -> MathBox {
        let width = max(numerator.width, denominator.width)
        let rule = MathBox(String(repeating: "─", count: width))
        return try vstack([numerator, rule, denominator], baseline: numerator.height)
    }

    /// In 2D a script is written on one line when it can be (`e^(−x²/2)` rather than a stacked
    /// fraction up there).
    private func scriptBox(_ node: MathNode) throws -> MathBox {
        if let text = MathLinear.render(node) { return try checked(MathBox(text)) }
        return try layout(node)
    }

    private func scripts(base: MathNode, sup: MathNode?, sub: MathNode?) throws -> MathBox {
        if case .largeOperator = base {
            // Limits above and below, centered on the operator.
            let op = try layout(base)
            var parts: [MathBox] = []
            var baseline = op.baseline
            if let sup {
                let upper = try scriptBox(sup)
                parts.append(upper)
                baseline += upper.height
            }
            parts.append(op)
            if let sub { parts.append(try scriptBox(sub)) }
            return try vstack(parts, baseline: baseline)
        }
        let baseBox = try layout(base)
        // Unicode script characters when every script has them.
        let subText = sub.flatMap(MathLinear.render).flatMap { MathSymbols.script($0, superscript: false) }
        let supText = sup.flatMap(MathLinear.render).flatMap { MathSymbols.script($0, superscript: true) }
        if (sub == nil || subText != nil), (sup == nil || supText != nil) {
            return try hcat([baseBox, MathBox((subText ?? "") + (supText ?? ""))])
        }
        // Raised and lowered boxes: the superscript ends on the row above the baseline, the
        // subscript starts on the row below.
        let upper = try sup.map(scriptBox)
        let lower = try sub.map(scriptBox)
        let width = max(upper?.width ?? 0, lower?.width ?? 0)
        var rows: [String] = upper?.padded(to: width, .left).rows ?? []
        let baseline = rows.count
        rows.append(String(repeating: " ", count: width))
        rows += lower?.padded(to: width, .left).rows ?? []
        return try hcat([baseBox, MathBox(rows: rows, baseline: baseline)])
    }

    private func root(_ radicand: MathBox, index: MathNode?) throws -> MathBox {
        guard let sign = MathLinear.rootSign(index) else { throw MathParseError.unsupported("root index") }
        let signWidth = MathWidth.of(sign)
        var rows = [String(repeating: " ", count: signWidth) + String(repeating: "_", count: radicand.width)]
        for (i, row) in radicand.rows.enumerated() {
            let prefix = i == radicand.height - 1 ? sign : String(repeating: " ", count: signWidth - 1) + "│"
            rows.append(prefix + row)
        }
        return try checked(MathBox(rows: rows, baseline: radicand.baseline + 1))
    }

    func delimited(_ open: String, _ body: MathBox, _ close: String) throws -> MathBox {
        try hcat([
            Self.delimiter(open, height: body.height, baseline: body.baseline, left: true), body,
            Self.delimiter(close, height: body.height, baseline: body.baseline, left: false),
        ])
    }

    /// A delimiter as tall as the content: `⎛⎜⎝`, `⎡⎢⎣`, `⎧⎨⎩`, `│`.
    static func delimiter(_ d: String, height: Int, baseline: Int, left: Bool) -> MathBox {
        if d.isEmpty { return MathBox(rows: Array(repeating: "", count: height), baseline: baseline) }
        if height <= 1 { return MathBox(d) }
        let pieces: (top: String, middle: String, bottom: String)?
        switch d {
        case "(": pieces = ("⎛", "⎜", "⎝")
        case ")": pieces = ("⎞", "⎟", "⎠")
        case "[": pieces = ("⎡", "⎢", "⎣")
        case "]": pieces = ("⎤", "⎥", "⎦")
        case "⌈": pieces = ("⎡", "⎢", "⎢")
        case "⌉": pieces = ("⎤", "⎥", "⎥")
        case "⌊": pieces = ("⎢", "⎢", "⎣")
        case "⌋": pieces = ("⎥", "⎥", "⎦")
        case "|": pieces = ("│", "│", "│")
        case "‖": pieces = ("‖", "‖", "‖")
        case "{", "}": pieces = nil
        default:
            var rows = Array(repeating: " ", count: height)
            rows[(height - 1) / 2] = d
            return MathBox(rows: rows, baseline: baseline)
        }
        var rows: [String]
        if let pieces {
            rows = [pieces.top] + Array(repeating: pieces.middle, count: height - 2) + [pieces.bottom]
        } else {
            let open = d == "{"
            rows = [open ? "⎧" : "⎫"] + Array(repeating: "⎪", count: height - 2) + [open ? "⎩" : "⎭"]
            if height >= 3 { rows[(height - 1) / 2] = open ? "⎨" : "⎬" }
        }
        return MathBox(rows: rows, baseline: baseline)
    }

    // MARK: grids

    private func grid(_ rows: [[MathNode]], _ kind: MathGridKind) throws -> MathBox {
        let cells = try rows.map { try $0.map(layout) }
        let columns = cells.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in cells {
            for (j, cell) in row.enumerated() { widths[j] = max(widths[j], cell.width) }
        }
        var rowBoxes: [MathBox] = []
        for row in cells {
            var parts: [MathBox] = []
            for j in 0..<columns {
                if j > 0 {
                    let gap = Self.gap(kind, after: j - 1)
                    if gap > 0 { parts.append(MathBox(String(repeating: " ", count: gap))) }
                }
                let cell = j < row.count ? row[j] : MathBox.blank(width: 0)
                parts.append(cell.padded(to: widths[j], Self.alignment(kind, column: j)))
            }
            rowBoxes.append(try hcat(parts))
        }
        // A blank row between rows when one of them is taller than a line, so they don't touch.
        var lines: [String] = []
        for (i, box) in rowBoxes.enumerated() {
            if i > 0, box.height > 1 || rowBoxes[i - 1].height > 1 { lines.append("") }
            lines += box.rows
        }
        let body = try checked(MathBox(rows: lines, baseline: (lines.count - 1) / 2))
        switch kind {
        case .matrix(let left, let right):
            return try delimited(left, body, right)
        case .cases:
            return try hcat([
                Self.delimiter("{", height: body.height, baseline: body.baseline, left: true), MathBox(" "), body,
            ])
        case .aligned, .gathered:
            return body
        }
    }

    private static func gap(_ kind: MathGridKind, after column: Int) -> Int {
        switch kind {
        case .aligned: column % 2 == 0 ? 0 : 3
        case .matrix, .cases, .gathered: 2
        }
    }

    private static func alignment(_ kind: MathGridKind, column: Int) -> MathBox.Alignment {
        switch kind {
        case .aligned: column % 2 == 0 ? .right : .left
        case .cases: .left
        case .matrix, .gathered: .center
        }
    }
}

/// The box tree a math expression is parsed into.
indirect enum MathNode: Sendable {
    /// Ordinary text, already in Unicode (`x`, `α`, `≤`, `sin`).
    case symbol(String)
    /// White space from the source or a spacing command (so many columns).
    case space(Int)
    case row([MathNode])
    case scripts(base: MathNode, sup: MathNode?, sub: MathNode?)
    /// A large operator (∑, ∫, lim): its scripts become limits above and below in 2D.
    case largeOperator(String)
    case fraction(MathNode, MathNode, textStyle: Bool)
    case binomial(MathNode, MathNode)
    case root(MathNode, index: MathNode?)
    case delimited(String, MathNode, String)
    case accent(MathNode, mark: Unicode.Scalar)
    case grid([[MathNode]], MathGridKind)
}

enum MathGridKind: Sendable, Equatable {
    case matrix(left: String, right: String)
    /// `aligned`/`align`: columns alternate right- and left-aligned.
    case aligned
    case cases
    /// `gathered`: one centered column.
    case gathered
}

/// Why an expression is shown as raw TeX instead.
enum MathParseError: Error, Equatable {
    case unsupported(String)
    case malformed(String)
    case tooDeep
}

/// A recursive-descent parser from tokens to `MathNode`, with a nesting limit so that hostile input
/// (10,000 open braces) fails fast instead of overflowing the stack.
struct MathParser {
    static let maxDepth = 40

    private var tokens: [MathToken]
    private var index = 0
    private var depth = 0

    init(_ source: String) { tokens = MathTokenizer.tokenize(source) }

    static func parse(_ source: String) throws -> MathNode {
        var parser = MathParser(source)
        let rows = try parser.parseGrid(environment: nil, kind: .aligned)
        if rows.count == 1, rows[0].count == 1 { return rows[0][0] }
        // Top-level `\\` without `&` is a gathered (centered) column.
        if rows.allSatisfy({ $0.count == 1 }) {
            return .grid(
                rows.map {
                    $0.map { cell in
                        guard case .row(let items) = cell else { return cell }
                        return .row(trim(items, leading: true, trailing: true))
                    }
                }, .gathered)
        }
        return .grid(rows, .aligned)
    }

    private enum Stop: Equatable { case end, close, ampersand, newline, right, environmentEnd(String) }

    private var peek: MathToken? { index < tokens.count ? tokens[index] : nil }

    private mutating func nested<T>(_ body: (inout MathParser) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw MathParseError.tooDeep }
        return try body(&self)
    }

    // MARK: rows and grids

    /// Rows of cells up to `\end{environment}` (or the end of input at top level).
    private mutating func parseGrid(environment: String?, kind: MathGridKind) throws -> [[MathNode]] {
        var rows: [[MathNode]] = []
        var cells: [MathNode] = []
        while true {
            let (items, stop) = try parseItems()
            let column = cells.count
            let trimLeading = kind != .aligned || column % 2 == 0
            let trimTrailing = kind != .aligned || column % 2 == 1
            cells.append(.row(Self.trim(items, leading: trimLeading, trailing: trimTrailing)))
            switch stop {
            case .ampersand:
                continue
            case .newline:
                rows.append(cells)
                cells = []
                skipOptionalArgument()
            case .end where environment == nil:
                rows.append(cells)
                return Self.dropEmptyLastRow(rows)
            case .environmentEnd(let name) where name == environment:
                rows.append(cells)
                return Self.dropEmptyLastRow(rows)
            default:
                throw MathParseError.malformed("unbalanced group or environment")
            }
        }
    }

    private static func dropEmptyLastRow(_ rows: [[MathNode]]) -> [[MathNode]] {
        guard rows.count > 1, let last = rows.last, last.count == 1, case .row(let items) = last[0], items.isEmpty
        else { return rows }
        return Array(rows.dropLast())
    }

    private static func trim(_ items: [MathNode], leading: Bool, trailing: Bool) -> [MathNode] {
        var items = items
        // Source white space is `.space`; spacing commands (`\,`, `\quad`) are symbols and stay.
        if trailing, case .space? = items.last { items.removeLast() }
        if leading, case .space? = items.first { items.removeFirst() }
        return items
    }

    /// Items up to a stopping token, with `^`/`_` attached to the item before them.
    private mutating func parseItems() throws -> ([MathNode], Stop) {
        var items: [MathNode] = []
        while let token = peek {
            switch token {
            case .close:
                index += 1
                return (items, .close)
            case .ampersand:
                index += 1
                return (items, .ampersand)
            case .command("\\"), .command("cr"):
                index += 1
                return (items, .newline)
            case .command("right"):
                index += 1
                return (items, .right)
            case .command("end"):
                index += 1
                return (items, .environmentEnd(try readName()))
            case .sup, .sub:
                index += 1
                let script = try nested { try $0.parseArgument() }
                if case .space? = items.last { items.removeLast() }
                let base = items.popLast() ?? .symbol("")
                items.append(try Self.attach(script, superscript: token == .sup, to: base))
            case .space:
                index += 1
                if case .space? = items.last { continue }
                if case .symbol(let s)? = items.last, s.hasSuffix(" ") { continue }
                if spaceEndsControlWord() { continue }
                items.append(.space(1))
            case .command(let name) where ["text", "textrm", "textit", "textbf", "mbox"].contains(name):
                let atom = try parseAtom()
                if case .symbol(let s) = atom, s.hasPrefix(" "), case .space? = items.last { items.removeLast() }
                items.append(atom)
            default:
                items.append(try parseAtom())
            }
        }
        return (items, .end)
    }

    /// Like TeX, a space after a control word for an ordinary symbol is dropped before a letter,
    /// digit or another such symbol: `\partial f` → `∂f`, `\alpha x` → `αx` (but `\alpha + x`
    /// keeps its spaces). `index` is just past the space.
    private func spaceEndsControlWord() -> Bool {
        guard index >= 2, case .command(let before) = tokens[index - 2], Self.isOrdinarySymbol(before),
            index < tokens.count
        else { return false }
        switch tokens[index] {
        case .char(let c): return c.isLetter || c.isNumber
        case .command(let after): return Self.isOrdinarySymbol(after)
        default: return false
        }
    }

    private static func isOrdinarySymbol(_ command: String) -> Bool {
        guard let symbol = MathSymbols.symbols[command], symbol.count == 1, let c = symbol.first else { return false }
        return c.isLetter || "∂∇∞∀∃∄¬∅∠′".contains(c)
    }

    private static func attach(_ script: MathNode, superscript: Bool, to base: MathNode) throws -> MathNode {
        if case .scripts(let inner, let sup, let sub) = base {
            if superscript, sup == nil { return .scripts(base: inner, sup: script, sub: sub) }
            if !superscript, sub == nil { return .scripts(base: inner, sup: sup, sub: script) }
            throw MathParseError.malformed("double script")
        }
        return superscript ? .scripts(base: base, sup: script, sub: nil) : .scripts(base: base, sup: nil, sub: script)
    }

    // MARK: atoms and arguments

    private mutating func parseAtom() throws -> MathNode {
        guard let token = peek else { throw MathParseError.malformed("missing atom") }
        index += 1
        switch token {
        case .char(let c): return .symbol(Self.mathCharacter(c))
        case .space: return .space(1)
        case .open: return try parseGroupBody()
        case .command(let name): return try parseCommand(name)
        default: throw MathParseError.malformed("unexpected token")
        }
    }

    private static func mathCharacter(_ c: Character) -> String {
        switch c {
        case "-": "−"
        case "*": "∗"
        case "'": "′"
        default: String(c)
        }
    }

    /// The contents of a `{…}` group whose `{` has been read.
    private mutating func parseGroupBody() throws -> MathNode {
        try nested { parser in
            let (items, stop) = try parser.parseItems()
            guard stop == .close else { throw MathParseError.malformed("unbalanced braces") }
            return .row(Self.trim(items, leading: true, trailing: true))
        }
    }

    /// One argument: a group, a character, or a command.
    private mutating func parseArgument() throws -> MathNode {
        skipSpaces()
        guard let token = peek else { throw MathParseError.malformed("missing argument") }
        switch token {
        case .open, .char, .command:
            return try parseAtom()
        default:
            throw MathParseError.malformed("missing argument")
        }
    }

    private mutating func skipSpaces() {
        while peek == .space { index += 1 }
    }

    /// `[…]` after `\sqrt` or `\\`, as a row; nil when absent.
    private mutating func parseOptionalArgument() throws -> MathNode? {
        skipSpaces()
        guard peek == .char("[") else { return nil }
        index += 1
        var items: [MathNode] = []
        while let token = peek, token != .char("]") {
            guard token != .close, token != .ampersand else { throw MathParseError.malformed("bad option") }
            if token == .sup || token == .sub { throw MathParseError.malformed("bad option") }
            items.append(try parseAtom())
        }
        guard peek == .char("]") else { throw MathParseError.malformed("unclosed [") }
        index += 1
        return .row(Self.trim(items, leading: true, trailing: true))
    }

    private mutating func skipOptionalArgument() {
        let saved = index
        skipSpaces()
        guard peek == .char("[") else {
            index = saved
            return
        }
        while let token = peek, token != .char("]") { index += 1 }
        if peek != nil { index += 1 }
    }

    /// `{name}` as plain text (environment names, `\text` bodies are read elsewhere).
    private mutating func readName() throws -> String {
        skipSpaces()
        guard peek == .open else { throw MathParseError.malformed("missing name") }
        index += 1
        var name = ""
        while let token = peek, token != .close {
            guard case .char(let c) = token, name.count < 40 else { throw MathParseError.malformed("bad name") }
            name.append(c)
            index += 1
        }
        guard peek == .close else { throw MathParseError.malformed("unclosed name") }
        index += 1
        return name
    }

    /// The text of `\text{…}`: characters and escapes, nested braces ignored.
    private mutating func readText() throws -> String {
        skipSpaces()
        guard let first = peek else { throw MathParseError.malformed("missing text") }
        if case .char(let c) = first {
            index += 1
            return String(c)
        }
        guard first == .open else { throw MathParseError.malformed("missing text") }
        index += 1
        var text = ""
        var level = 1
        while let token = peek {
            index += 1
            switch token {
            case .open: level += 1
            case .close:
                level -= 1
                if level == 0 { return text }
            case .char(let c):
                guard c != "$" else { throw MathParseError.unsupported("math inside \\text") }
                text.append(c)
            case .space: text.append(" ")
            case .sup: text.append("^")
            case .sub: text.append("_")
            case .ampersand: throw MathParseError.malformed("& in text")
            case .command(let name):
                guard name.count == 1, let symbol = MathSymbols.symbols[name] else {
                    throw MathParseError.unsupported("\\\(name) in \\text")
                }
                text += symbol
            }
        }
        throw MathParseError.malformed("unclosed \\text")
    }

    /// A delimiter after `\left`/`\right` (`.` is none).
    private mutating func readDelimiter() throws -> String {
        skipSpaces()
        guard let token = peek else { throw MathParseError.malformed("missing delimiter") }
        index += 1
        switch token {
        case .char("."): return ""
        case .char("<"): return "⟨"
        case .char(">"): return "⟩"
        case .char(let c) where "()[]|/".contains(c): return String(c)
        case .command(let name):
            if let d = MathSymbols.delimiterCommands[name] { return d }
            throw MathParseError.unsupported("delimiter \\\(name)")
        default:
            throw MathParseError.malformed("bad delimiter")
        }
    }

    // MARK: commands

    private mutating func parseCommand(_ name: String) throws -> MathNode {
        if MathSymbols.ignored.contains(name) { return .row([]) }
        if let symbol = MathSymbols.symbols[name] {
            return symbol.isEmpty ? .row([]) : .symbol(symbol)
        }
        if MathSymbols.functions.contains(name) { return .symbol(name == "bmod" ? "mod" : name) }
        if let op = MathSymbols.largeOperators[name] { return .largeOperator(op) }
        if let mark = MathSymbols.accents[name] {
            return try nested { .accent(try $0.parseArgument(), mark: mark) }
        }
        return try nested { parser in try parser.parseStructure(name) }
    }

    private mutating func parseStructure(_ name: String) throws -> MathNode {
        switch name {
        case "frac", "dfrac", "cfrac", "tfrac":
            let numerator = try parseArgument()
            let denominator = try parseArgument()
            return .fraction(numerator, denominator, textStyle: name == "tfrac")
        case "binom", "dbinom", "tbinom":
            return .binomial(try parseArgument(), try parseArgument())
        case "sqrt":
            let index = try parseOptionalArgument()
            return .root(try parseArgument(), index: index)
        case "mathbb", "Bbb":
            return Self.mapSymbols(try parseArgument()) { String($0.map(MathSymbols.doubleStruck)) }
        case "mathbf", "mathit", "mathrm", "mathsf", "mathtt", "mathcal", "mathscr", "mathfrak", "boldsymbol",
            "bm", "mathnormal", "operatorname":
            return try parseArgument()
        case "text", "textrm", "textit", "textbf", "textsf", "texttt", "textnormal", "mbox", "mathrm*":
            return .symbol(try readText())
        case "left":
            let open = try readDelimiter()
            let (items, stop) = try parseItems()
            guard stop == .right else { throw MathParseError.malformed("\\left without \\right") }
            let close = try readDelimiter()
            return .delimited(open, .row(Self.trim(items, leading: true, trailing: true)), close)
        case "boxed":
            // A box (a hidden cloze deletion, `\boxed{?}`) shows as brackets around its content.
            return .row([.symbol("["), try parseArgument(), .symbol("]")])
        case "middle":
            return .symbol(try readDelimiter())
        case "not":
            let next = try parseArgument()
            if case .symbol("=") = next { return .symbol("≠") }
            if case .symbol("∈") = next { return .symbol("∉") }
            return Self.mapSymbols(next) { $0 + "\u{0338}" }
        case "pmod":
            return .row([.space(1), .symbol("(mod "), try parseArgument(), .symbol(")")])
        case "label", "tag":
            _ = try readText()
            return .row([])
        case "begin":
            return try parseEnvironment(try readName())
        default:
            throw MathParseError.unsupported("\\\(name)")
        }
    }

    private mutating func parseEnvironment(_ name: String) throws -> MathNode {
        let kind: MathGridKind
        switch name {
        case "matrix", "smallmatrix": kind = .matrix(left: "", right: "")
        case "pmatrix": kind = .matrix(left: "(", right: ")")
        case "bmatrix": kind = .matrix(left: "[", right: "]")
        case "Bmatrix": kind = .matrix(left: "{", right: "}")
        case "vmatrix": kind = .matrix(left: "|", right: "|")
        case "Vmatrix": kind = .matrix(left: "‖", right: "‖")
        case "array":
            _ = try readName()
            kind = .matrix(left: "", right: "")
        case "cases": kind = .cases
        case "aligned", "align", "align*", "split", "alignat", "alignat*", "eqnarray", "eqnarray*":
            if name.hasPrefix("alignat") { _ = try readName() }
            kind = .aligned
        case "gathered", "gather", "gather*", "equation", "equation*", "multline", "multline*":
            kind = .gathered
        default:
            throw MathParseError.unsupported("environment \(name)")
        }
        let rows = try parseGrid(environment: name, kind: kind)
        if kind == .gathered, rows.count == 1, rows[0].count == 1 { return rows[0][0] }
        return .grid(rows, kind)
    }

    /// Applies `transform` to every symbol in `node` (for letter styles such as `\mathbb`).
    static func mapSymbols(_ node: MathNode, _ transform: (String) -> String) -> MathNode {
        switch node {
        case .symbol(let s): return .symbol(transform(s))
        case .row(let items): return .row(items.map { mapSymbols($0, transform) })
        case .scripts(let base, let sup, let sub): return .scripts(base: mapSymbols(base, transform), sup: sup, sub: sub)
        default: return node
        }
    }
}

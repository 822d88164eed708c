/// One-line rendering: `x² + 1`, `(a+b)/(c+d)`, `√(b² − 4ac)`, `∑ₖ₌₁ⁿ k`. Returns nil for what has
/// no one-line form (matrices, aligned rows, cases).
enum MathLinear {
    static func render(_ node: MathNode) -> String? {
        switch node {
        case .symbol(let s): return s
        case .space(let n): return String(repeating: " ", count: n)
        case .largeOperator(let s): return s
        case .row(let items):
            var out = ""
            for item in items {
                guard let s = render(item) else { return nil }
                out += s
            }
            return out
        case .scripts(let base, let sup, let sub):
            guard var out = render(base) else { return nil }
            if let sub {
                guard let s = script(sub, superscript: false) else { return nil }
                out += s
            }
            if let sup {
                guard let s = script(sup, superscript: true) else { return nil }
                out += s
            }
            return out
        case .fraction(let numerator, let denominator, _):
            guard let n = render(numerator), let d = render(denominator) else { return nil }
            return wrapped(n) + "/" + wrapped(d)
        case .binomial(let n, let k):
            guard let n = render(n), let k = render(k) else { return nil }
            return "(\(n) choose \(k))"
        case .root(let radicand, let index):
            guard let r = render(radicand) else { return nil }
            guard let prefix = rootSign(index) else { return nil }
            return prefix + wrapped(r)
        case .delimited(let open, let body, let close):
            guard let b = render(body) else { return nil }
            return open + b + close
        case .accent(let body, let mark):
            guard let b = render(body) else { return nil }
            return applying(mark, to: b)
        case .grid:
            return nil
        }
    }

    /// `²`, `ₖ₌₁`, or `^y` / `^(a+b)` when some character has no script form.
    static func script(_ node: MathNode, superscript: Bool) -> String? {
        guard let text = render(node) else { return nil }
        if let mapped = MathSymbols.script(text, superscript: superscript) { return mapped }
        let marker = superscript ? "^" : "_"
        return text.count == 1 ? marker + text : marker + "(" + text + ")"
    }

    /// `√`, `∛`, `∜`, `ⁿ√`, or nil when the index itself can't be written on one line.
    static func rootSign(_ index: MathNode?) -> String? {
        guard let index else { return "√" }
        guard let i = render(index) else { return nil }
        switch i {
        case "": return "√"
        case "3": return "∛"
        case "4": return "∜"
        default:
            if let mapped = MathSymbols.script(i, superscript: true) { return mapped + "√" }
            return "(" + i + ")√"
        }
    }

    /// `text` as is when it is one simple term (letters, digits, a bracketed group), else in
    /// parentheses.
    static func wrapped(_ text: String) -> String {
        isSimple(text) ? text : "(" + text + ")"
    }

    static func isSimple(_ text: String) -> Bool {
        if text.isEmpty { return true }
        if text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "′" }) { return true }
        // One bracketed group: "(a+b)", "[x]", "|x|".
        guard let first = text.first, let last = text.last, text.count >= 2 else { return false }
        let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}", "⟨": "⟩", "|": "|"]
        guard pairs[first] == last else { return false }
        var level = 0
        for (offset, c) in text.enumerated() {
            if c == first, first != last || offset == 0 { level += 1 } else if c == last { level -= 1 }
            if level == 0, offset < text.count - 1 { return false }
        }
        return true
    }

    /// Puts a combining `mark` after every visible character of `text`.
    static func applying(_ mark: Unicode.Scalar, to text: String) -> String {
        var out = ""
        for c in text {
            out.append(c)
            if c != " " { out.unicodeScalars.append(mark) }
        }
        return out
    }
}

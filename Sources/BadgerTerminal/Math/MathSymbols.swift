/// Symbol tables: control sequences that stand for one Unicode symbol, script characters, and
/// letter styles.
enum MathSymbols {
    /// Commands that render as a fixed string (Greek, operators, relations, arrows, misc).
    static let symbols: [String: String] = [
        // Greek, lower case (with var-forms)
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
        "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "varkappa": "ϰ",
        "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ",
        "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ",
        "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
        // Greek, upper case
        "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ",
        "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
        // binary operators
        "cdot": "⋅", "times": "×", "div": "÷", "pm": "±", "mp": "∓", "ast": "∗", "star": "⋆",
        "circ": "∘", "bullet": "•", "oplus": "⊕", "ominus": "⊖", "otimes": "⊗", "odot": "⊙",
        "cup": "∪", "cap": "∩", "setminus": "∖", "wedge": "∧", "vee": "∨", "land": "∧", "lor": "∨",
        "dagger": "†", "ddagger": "‡", "amalg": "⨿",
        // relations
        "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "approx": "≈",
        "equiv": "≡", "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫",
        "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃",
        "supseteq": "⊇", "subsetneq": "⊊", "mid": "∣", "parallel": "∥", "perp": "⊥", "prec": "≺",
        "succ": "≻", "preceq": "⪯", "succeq": "⪰", "models": "⊨", "vdash": "⊢", "dashv": "⊣",
        "doteq": "≐", "asymp": "≍", "leqslant": "⩽", "geqslant": "⩾", "lesssim": "≲", "gtrsim": "≳",
        // arrows
        "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "leftrightarrow": "↔",
        "Rightarrow": "⇒", "Leftarrow": "⇐", "Leftrightarrow": "⇔", "iff": "⇔", "implies": "⟹",
        "impliedby": "⟸", "mapsto": "↦", "longrightarrow": "⟶", "longleftarrow": "⟵",
        "Longrightarrow": "⟹", "Longleftarrow": "⟸", "longleftrightarrow": "⟷", "Longleftrightarrow": "⟺",
        "longmapsto": "⟼", "uparrow": "↑", "downarrow": "↓", "Uparrow": "⇑", "Downarrow": "⇓",
        "updownarrow": "↕", "hookrightarrow": "↪", "hookleftarrow": "↩", "nearrow": "↗", "searrow": "↘",
        "rightleftharpoons": "⇌", "leadsto": "⇝",
        // logic, sets and misc
        "forall": "∀", "exists": "∃", "nexists": "∄", "neg": "¬", "lnot": "¬", "emptyset": "∅",
        "varnothing": "∅", "infty": "∞", "partial": "∂", "nabla": "∇", "ell": "ℓ", "hbar": "ℏ",
        "hslash": "ℏ", "aleph": "ℵ", "beth": "ℶ", "Re": "ℜ", "Im": "ℑ", "wp": "℘", "angle": "∠",
        "measuredangle": "∡", "triangle": "△", "square": "□", "Box": "□", "checkmark": "✓",
        "therefore": "∴", "because": "∵", "top": "⊤", "bot": "⊥", "prime": "′", "degree": "°",
        "ldots": "…", "dots": "…", "dotsc": "…", "dotsb": "⋯", "cdots": "⋯", "vdots": "⋮", "ddots": "⋱",
        "colon": ":", "surd": "√", "sharp": "♯", "flat": "♭", "natural": "♮", "clubsuit": "♣",
        "diamondsuit": "♢", "heartsuit": "♡", "spadesuit": "♠", "diamond": "⋄", "lozenge": "◊",
        "imath": "ı", "jmath": "ȷ", "complement": "∁", "bigstar": "★",
        // delimiters usable outside \left…\right
        "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉",
        "vert": "|", "lvert": "|", "rvert": "|", "Vert": "‖", "lVert": "‖", "rVert": "‖",
        "lbrace": "{", "rbrace": "}", "lbrack": "[", "rbrack": "]", "backslash": "∖",
        // single-character escapes
        "{": "{", "}": "}", "|": "‖", "%": "%", "$": "$", "&": "&", "#": "#", "_": "_",
        // spacing
        ",": " ", ":": " ", ";": " ", ">": " ", " ": " ", "quad": "  ", "qquad": "    ",
        "thinspace": " ", "medspace": " ", "thickspace": " ", "enspace": " ", "!": "", "negthinspace": "",
    ]

    /// Named functions, set upright as plain text.
    static let functions: Set<String> = [
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
        "coth", "log", "ln", "lg", "exp", "deg", "dim", "hom", "ker", "arg", "gcd", "Pr", "det", "mod",
        "bmod",
    ]

    /// Large operators: limits go above and below in 2D, and become scripts inline.
    static let largeOperators: [String: String] = [
        "sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮",
        "bigcup": "⋃", "bigcap": "⋂", "bigoplus": "⨁", "bigotimes": "⨂", "bigvee": "⋁", "bigwedge": "⋀",
        "bigsqcup": "⨆", "lim": "lim", "limsup": "lim sup", "liminf": "lim inf", "max": "max",
        "min": "min", "sup": "sup", "inf": "inf", "argmax": "arg max", "argmin": "arg min",
    ]

    /// Accents, as the combining mark put after each character.
    static let accents: [String: Unicode.Scalar] = [
        "hat": "\u{0302}", "widehat": "\u{0302}", "bar": "\u{0304}", "vec": "\u{20D7}", "dot": "\u{0307}",
        "ddot": "\u{0308}", "tilde": "\u{0303}", "widetilde": "\u{0303}", "check": "\u{030C}",
        "breve": "\u{0306}", "acute": "\u{0301}", "grave": "\u{0300}", "overline": "\u{0305}",
        "underline": "\u{0332}", "overrightarrow": "\u{20D7}",
    ]

    /// Commands that only change size or spacing and are ignored.
    static let ignored: Set<String> = [
        "displaystyle", "textstyle", "scriptstyle", "scriptscriptstyle", "limits", "nolimits", "nonumber",
        "notag", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr", "Biggl",
        "Biggr", "bigm", "Bigm", "left.", "strut", "mathstrut",
    ]

    static let superscripts: [Character: Character] = [
        "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
        "+": "⁺", "−": "⁻", "-": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "n": "ⁿ", "i": "ⁱ", "′": "′",
    ]

    static let subscripts: [Character: Character] = [
        "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
        "+": "₊", "−": "₋", "-": "₋", "=": "₌", "(": "₍", ")": "₎", "a": "ₐ", "e": "ₑ", "o": "ₒ", "x": "ₓ",
        "h": "ₕ", "k": "ₖ", "l": "ₗ", "m": "ₘ", "n": "ₙ", "p": "ₚ", "s": "ₛ", "t": "ₜ", "i": "ᵢ", "j": "ⱼ",
        "r": "ᵣ", "u": "ᵤ", "v": "ᵥ",
    ]

    /// `text` in Unicode script characters, or nil when some character has none.
    static func script(_ text: String, superscript: Bool) -> String? {
        let table = superscript ? superscripts : subscripts
        var out = ""
        for c in text where c != " " {
            guard let mapped = table[c] else { return nil }
            out.append(mapped)
        }
        return out.isEmpty ? nil : out
    }

    /// A letter or digit in the Mathematical Double-Struck style (`\mathbb`).
    static func doubleStruck(_ c: Character) -> Character {
        let special: [Character: Character] = [
            "C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ",
        ]
        if let s = special[c] { return s }
        guard c.unicodeScalars.count == 1, let v = c.unicodeScalars.first?.value else { return c }
        let base: UInt32
        switch v {
        case 0x41...0x5A: base = 0x1D538 + (v - 0x41)
        case 0x61...0x7A: base = 0x1D552 + (v - 0x61)
        case 0x30...0x39: base = 0x1D7D8 + (v - 0x30)
        default: return c
        }
        return Unicode.Scalar(base).map(Character.init) ?? c
    }

    /// Delimiters after `\left`/`\right` given as commands.
    static let delimiterCommands: [String: String] = [
        "{": "{", "}": "}", "|": "‖", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋",
        "lceil": "⌈", "rceil": "⌉", "vert": "|", "lvert": "|", "rvert": "|", "Vert": "‖", "lVert": "‖",
        "rVert": "‖", "lbrace": "{", "rbrace": "}", "lbrack": "[", "rbrack": "]", "uparrow": "↑",
        "downarrow": "↓", "backslash": "∖",
    ]
}

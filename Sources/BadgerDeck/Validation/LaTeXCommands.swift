/// LaTeX commands that KaTeX and MathJax both understand, without the backslash.
///
/// Used by the `LaTeXCommandKnown` rule: a command outside this list gets a warning with a
/// did-you-mean suggestion. The list errs on the side of accepting a command that only one of
/// the two renderers supports out of the box (for example `\bm`, `\oiint` or `darray`), because a
/// false warning is more annoying than a missed one.
public enum LaTeXCommands {
    /// Every known command name, e.g. "frac", "alpha", "mathbb".
    public static let known: Set<String> = [
        // Greek letters, lowercase (with var- forms)
        "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta",
        "vartheta", "iota", "kappa", "varkappa", "lambda", "mu", "nu", "xi", "omicron", "pi",
        "varpi", "rho", "varrho", "sigma", "varsigma", "tau", "upsilon", "phi", "varphi", "chi",
        "psi", "omega", "digamma",
        // Greek letters, uppercase (with var- forms)
        "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa",
        "Lambda", "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "Sigma", "Tau", "Upsilon", "Phi",
        "Chi", "Psi", "Omega", "varGamma", "varDelta", "varTheta", "varLambda", "varXi", "varPi",
        "varSigma", "varUpsilon", "varPhi", "varPsi", "varOmega",
        // Hebrew letters and other letter-like symbols
        "aleph", "beth", "gimel", "daleth", "ell", "hbar", "hslash", "imath", "jmath", "eth", "wp",
        "Re", "Im", "mho", "Finv", "Game", "Bbbk", "partial", "nabla", "complement",
        // Binary operators
        "pm", "mp", "times", "div", "cdot", "cdotp", "ast", "star", "circ", "bullet", "centerdot",
        "oplus", "ominus", "otimes", "oslash", "odot", "bigcirc", "dagger", "ddagger", "dag",
        "ddag", "amalg", "cap", "cup", "Cap", "Cup", "doublecap", "doublecup", "uplus", "sqcap",
        "sqcup", "vee", "wedge", "lor", "land", "setminus", "smallsetminus", "wr", "diamond",
        "bigtriangleup", "bigtriangledown", "triangleleft", "triangleright", "lhd", "rhd", "unlhd",
        "unrhd", "dotplus", "divideontimes", "ltimes", "rtimes", "leftthreetimes",
        "rightthreetimes", "curlywedge", "curlyvee", "barwedge", "doublebarwedge", "veebar",
        "boxplus", "boxminus", "boxtimes", "boxdot", "circleddash", "circledast", "circledcirc",
        "intercal", "gtrdot", "lessdot",
        // Relations
        "leq", "le", "geq", "ge", "neq", "ne", "lt", "gt", "equiv", "approx", "approxeq", "sim",
        "simeq", "cong", "propto", "varpropto", "prec", "succ", "preceq", "succeq", "ll", "gg",
        "lll", "ggg", "llless", "gggtr", "subset", "supset", "subseteq", "supseteq", "subsetneq",
        "supsetneq", "subseteqq", "supseteqq", "subsetneqq", "supsetneqq", "varsubsetneq",
        "varsupsetneq", "varsubsetneqq", "varsupsetneqq", "Subset", "Supset", "nsubseteq",
        "nsupseteq", "nsubseteqq", "nsupseteqq", "sqsubset", "sqsupset", "sqsubseteq",
        "sqsupseteq", "in", "notin", "ni", "owns", "backepsilon", "vdash", "dashv", "models",
        "vDash", "Vdash", "Vvdash", "nvdash", "nvDash", "nVdash", "nVDash", "perp", "mid", "nmid",
        "parallel", "nparallel", "shortmid", "nshortmid", "shortparallel", "nshortparallel",
        "smile", "frown", "smallsmile", "smallfrown", "asymp", "bowtie", "Join", "doteq",
        "doteqdot", "Doteq", "fallingdotseq", "risingdotseq", "eqcirc", "circeq", "triangleq",
        "bumpeq", "Bumpeq", "thicksim", "thickapprox", "backsim", "backsimeq", "eqsim", "lesssim",
        "gtrsim", "lessapprox", "gtrapprox", "lessgtr", "gtrless", "lesseqgtr", "gtreqless",
        "lesseqqgtr", "gtreqqless", "leqq", "geqq", "leqslant", "geqslant", "eqslantless",
        "eqslantgtr", "lneq", "gneq", "lneqq", "gneqq", "lvertneqq", "gvertneqq", "lnsim", "gnsim",
        "lnapprox", "gnapprox", "nless", "ngtr", "nleq", "ngeq", "nleqslant", "ngeqslant", "nleqq",
        "ngeqq", "nprec", "nsucc", "npreceq", "nsucceq", "precsim", "succsim", "precapprox",
        "succapprox", "preccurlyeq", "succcurlyeq", "curlyeqprec", "curlyeqsucc", "precneqq",
        "succneqq", "precnsim", "succnsim", "precnapprox", "succnapprox", "nsim", "ncong",
        "vartriangle", "vartriangleleft", "vartriangleright", "trianglelefteq", "trianglerighteq",
        "ntriangleleft", "ntriangleright", "ntrianglelefteq", "ntrianglerighteq",
        "blacktriangleleft", "blacktriangleright", "therefore", "because", "between", "pitchfork",
        "coloneqq", "Coloneqq", "coloneq", "eqqcolon",
        // Arrows (including long and harpoon forms)
        "leftarrow", "rightarrow", "Leftarrow", "Rightarrow", "leftrightarrow", "Leftrightarrow",
        "longleftarrow", "longrightarrow", "Longleftarrow", "Longrightarrow", "longleftrightarrow",
        "Longleftrightarrow", "uparrow", "downarrow", "updownarrow", "Uparrow", "Downarrow",
        "Updownarrow", "nearrow", "searrow", "swarrow", "nwarrow", "mapsto", "longmapsto",
        "hookleftarrow", "hookrightarrow", "leftharpoonup", "leftharpoondown", "rightharpoonup",
        "rightharpoondown", "rightleftharpoons", "leftrightharpoons", "upharpoonleft",
        "upharpoonright", "downharpoonleft", "downharpoonright", "restriction", "to", "gets",
        "implies", "impliedby", "iff", "leadsto", "leftleftarrows", "rightrightarrows",
        "leftrightarrows", "rightleftarrows", "upuparrows", "downdownarrows", "Lleftarrow",
        "Rrightarrow", "twoheadleftarrow", "twoheadrightarrow", "leftarrowtail", "rightarrowtail",
        "looparrowleft", "looparrowright", "curvearrowleft", "curvearrowright", "circlearrowleft",
        "circlearrowright", "Lsh", "Rsh", "multimap", "rightsquigarrow", "leftrightsquigarrow",
        "nleftarrow", "nrightarrow", "nLeftarrow", "nRightarrow", "nleftrightarrow",
        "nLeftrightarrow", "dashleftarrow", "dashrightarrow", "xleftarrow", "xrightarrow",
        "xLeftarrow", "xRightarrow", "xleftrightarrow", "xLeftrightarrow", "xhookleftarrow",
        "xhookrightarrow", "xmapsto", "xleftharpoonup", "xrightharpoonup", "xleftharpoondown",
        "xrightharpoondown", "xrightleftharpoons", "xleftrightharpoons",
        // Big operators
        "sum", "prod", "coprod", "int", "iint", "iiint", "oint", "oiint", "oiiint", "intop",
        "smallint", "bigcup", "bigcap", "bigsqcup", "bigvee", "bigwedge", "bigodot", "bigoplus",
        "bigotimes", "biguplus",
        // Accents, over- and underlines, braces
        "hat", "widehat", "check", "widecheck", "tilde", "widetilde", "utilde", "bar", "overline",
        "underline", "vec", "overrightarrow", "overleftarrow", "overleftrightarrow",
        "underrightarrow", "underleftarrow", "underleftrightarrow", "dot", "ddot", "dddot",
        "ddddot", "breve", "acute", "grave", "mathring", "overbrace", "underbrace", "overgroup",
        "undergroup",
        // Fractions, binomials and roots
        "frac", "dfrac", "tfrac", "cfrac", "genfrac", "over", "atop", "above", "choose", "brace",
        "brack", "binom", "dbinom", "tbinom", "sqrt", "surd",
        // Delimiters and their sizes
        "left", "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "bigm", "Bigl",
        "Bigr", "Bigm", "biggl", "biggr", "biggm", "Biggl", "Biggr", "Biggm", "langle", "rangle",
        "lfloor", "rfloor", "lceil", "rceil", "vert", "Vert", "lvert", "rvert", "lVert", "rVert",
        "lbrace", "rbrace", "lbrack", "rbrack", "lgroup", "rgroup", "lmoustache", "rmoustache",
        "ulcorner", "urcorner", "llcorner", "lrcorner", "backslash",
        // Fonts and text
        "mathbb", "mathbf", "mathit", "mathrm", "mathsf", "mathtt", "mathcal", "mathfrak",
        "mathscr", "mathnormal", "boldsymbol", "bm", "pmb", "text", "textbf", "textit", "textrm",
        "textsf", "texttt", "textnormal", "textup", "textmd", "emph", "mbox", "hbox",
        "operatorname", "rm", "bf", "it", "sf", "tt", "cal", "frak", "Bbb", "bold", "tiny",
        "scriptsize", "footnotesize", "small", "normalsize", "large", "Large", "LARGE", "huge",
        "Huge",
        // Function names
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh",
        "tanh", "coth", "log", "ln", "lg", "exp", "lim", "limsup", "liminf", "varlimsup",
        "varliminf", "max", "min", "sup", "inf", "det", "gcd", "deg", "dim", "ker", "arg", "Pr",
        "hom", "injlim", "projlim", "varinjlim", "varprojlim",
        // Modular arithmetic
        "mod", "bmod", "pmod", "pod",
        // Spacing
        "quad", "qquad", "thinspace", "medspace", "thickspace", "enspace", "enskip",
        "negthinspace", "negmedspace", "negthickspace", "hspace", "hskip", "mskip", "mkern",
        "kern", "space", "nobreakspace", "nobreak", "allowbreak",
        // Dots
        "ldots", "cdots", "vdots", "ddots", "dots", "dotsb", "dotsc", "dotsi", "dotsm", "dotso",
        "iddots", "ldotp",
        // Miscellaneous symbols
        "infty", "forall", "exists", "nexists", "emptyset", "varnothing", "neg", "lnot", "not",
        "angle", "measuredangle", "sphericalangle", "triangle", "triangledown", "blacktriangle",
        "blacktriangledown", "square", "blacksquare", "Box", "Diamond", "lozenge", "blacklozenge",
        "bigstar", "prime", "backprime", "top", "bot", "S", "P", "checkmark", "colon", "clubsuit",
        "diamondsuit", "heartsuit", "spadesuit", "flat", "natural", "sharp", "degree", "circledR",
        "circledS", "maltese", "diagup", "diagdown", "pounds", "yen", "copyright",
        // Cancelling, boxes and colour
        "cancel", "bcancel", "xcancel", "cancelto", "boxed", "fbox", "color", "textcolor",
        "colorbox", "fcolorbox",
        // Styles, limits and stacking
        "displaystyle", "textstyle", "scriptstyle", "scriptscriptstyle", "limits", "nolimits",
        "overset", "underset", "stackrel", "substack",
        // Equation numbering
        "tag", "label", "nonumber", "notag",
        // Phantoms, struts and overlaps
        "phantom", "hphantom", "vphantom", "smash", "mathstrut", "strut", "llap", "rlap", "clap",
        "mathllap", "mathrlap", "mathclap", "raisebox", "rule",
        // Math classes
        "mathop", "mathrel", "mathbin", "mathord", "mathopen", "mathclose", "mathpunct",
        "mathinner",
        // Structure: line breaks, rules, environments and macros
        "cr", "newline", "hline", "hdashline", "begin", "end", "newcommand", "renewcommand", "def",
        "ce",
        // One-character commands: spacing (\, \; \: \! \> and backslash-space)
        // and escaped special characters. `\\` is handled by the linter itself.
        ",", ";", ":", "!", ">", " ", "{", "}", "|", "#", "$", "%", "&", "_",
    ]

    /// Environments accepted by `\begin{…}`.
    static let environments: Set<String> = [
        "matrix", "matrix*", "pmatrix", "pmatrix*", "bmatrix", "bmatrix*", "Bmatrix", "Bmatrix*",
        "vmatrix", "vmatrix*", "Vmatrix", "Vmatrix*", "smallmatrix", "cases", "dcases", "rcases",
        "aligned", "alignedat", "align", "align*", "alignat", "alignat*", "gathered", "gather",
        "gather*", "equation", "equation*", "split", "multline", "multline*", "array", "subarray",
        "darray", "CD",
    ]
}
